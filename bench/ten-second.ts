/**
 * npm run bench:ten-second [-- --games 10 --cols 90 --rows 20]
 *
 * Ten 10 s games played as a trader plays them, seen from outside: the
 * built CLI in a tmux pane of a half-height split, against a sim in another
 * process, through a logging proxy. In each game two positions are placed
 * with the keys (p Enter Enter, then P Enter Enter) while the screen is
 * polled every 50 ms. From the proxy and the screen:
 *
 *   - projection: from a POST's answer to the screen showing that
 *     position's PROJ.NET (the issue's bound: 2 s);
 *   - the price's gaps while a game accepts positions, placing included
 *     (bound: 2 s), and over the whole run;
 *   - each game on screen from its start (no "ends in 0:00" wait), its
 *     positions (the count read for it), and the EARLY mark from and until
 *     when (the rule's window: its first 2 s);
 *   - the budget: the shortest gap between two requests and the most
 *     requests in any second.
 */
import { ApiClient } from "../src/api/client.js";
import { nextGameGid, readableNext } from "../src/domain/game.js";
import { apiKey, cli, sleep, startSimProcess, tmuxPane } from "./dashboard-pane.js";
import { callsTo, endpointOf, requestLabel, startLoggingProxy } from "./logging-proxy.js";
import { flag, maxInWindow, minGap, percentile } from "./stats.js";

const games = flag("games", 10);
const cols = flag("cols", 90);
const rows = flag("rows", 20);
/** The early-precision window of a 10 s game (domain/rules.ts: a fifth of the interval). */
const EARLY_MS = 2_000;

interface Game {
  gid: string;
  /** performance.now() of its start and lock (the sim's clock is this machine's). */
  start: number;
  closes: number;
  strikes: string[];
  rejected: number;
  /** The game after it, as its listing announced it (the same clock). */
  next: { gid: string; start: number } | null;
}

const shortGid = (s: string) => /GAME BTC_USDT 10s #…(\d+)/.exec(s)?.[1];

async function main() {
  const sim = await startSimProcess();
  const proxy = await startLoggingProxy(sim.url);
  // The schedule is read from the sim directly: these requests are not the dashboard's.
  const client = new ApiClient({ url: sim.url, apiKey });
  const pane = tmuxPane("ten", cols, rows, { METAFIDE_API_URL: proxy.url, METAFIDE_API_KEY: apiKey, METAFIDE_USER_ADDRESS: sim.wallet });
  const epoch = Date.now() - performance.now();
  pane.keys(`${cli} --interval 10 --no-bell`, "Enter");

  // The screen, every 50 ms, in the background: the player below reads the latest.
  const seen: { at: number; screen: string }[] = [];
  let watching = true;
  const watcher = (async () => {
    while (watching) {
      const s = pane.screen();
      if (seen.at(-1)?.screen !== s) seen.push({ at: performance.now(), screen: s });
      await sleep(50);
    }
  })();
  const latest = () => seen.at(-1)?.screen ?? "";
  const until = async (pred: (s: string) => boolean, ms: number, what: string) => {
    const deadline = performance.now() + ms;
    while (!pred(latest())) {
      if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}; screen:\n${latest()}`);
      await sleep(20);
    }
  };

  const played: Game[] = [];
  while (played.length < games) {
    await until(
      (s) => {
        const gid = shortGid(s);
        const closes = /closes in 0:(\d\d)/.exec(s);
        return (
          gid !== undefined &&
          !played.some((g) => g.gid.endsWith(gid)) &&
          s.includes("ACCEPTING") &&
          s.includes("0 held 10 left") &&
          /^live [\d,]+\.\d\d/m.test(s) &&
          closes !== null &&
          Number(closes[1]) >= 6
        );
      },
      40_000,
      "a fresh game with 6 s to its lock",
    );
    const listing = await client.getSpot({ asset: "BTC_USDT", interval: 10 });
    const live = listing.liveGame!;
    const nextGid = nextGameGid(listing);
    const nextStart = readableNext(listing)?.starts_at;
    const game: Game = {
      gid: live.gid,
      start: live.start_at - epoch,
      closes: live.closes_at - epoch,
      strikes: [],
      rejected: 0,
      next: nextGid === undefined || nextStart === undefined ? null : { gid: nextGid, start: nextStart - epoch },
    };
    for (const key of ["p", "P"]) {
      pane.keys(key);
      // P goes straight to the preview.
      if (key === "p") {
        await until((s) => s.includes("ready: Enter to preview"), 3_000, "the form");
        pane.keys("Enter");
      }
      await until((s) => s.includes("Enter to submit"), 3_000, "the preview");
      pane.keys("Enter");
      await until(
        (s) => {
          const m = placedStrike(s);
          return (m !== undefined && !game.strikes.includes(m)) || s.includes("POST /spot");
        },
        5_000,
        "the placement's outcome",
      );
      const m = placedStrike(latest());
      if (m !== undefined && !game.strikes.includes(m)) game.strikes.push(m);
      else {
        game.rejected++;
        pane.keys("Escape");
      }
    }
    played.push(game);
  }
  await sleep(3_000);
  watching = false;
  await watcher;
  pane.keys("q");
  await sleep(500);
  pane.kill();
  await client.close();
  await proxy.close();
  await sim.stop();
  report(played, seen, proxy.log);
  process.exit(0);
}

/** "61040" → "61,040.00", as the positions table writes a whole strike. */
const asPrice = (whole: string) => `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.00`;

/** The strike of the placement toast on screen, as sent ("placed ✓ @67,100 …" is 67100). */
function placedStrike(screen: string): string | undefined {
  return /placed ✓ @([\d,]+) /.exec(screen)?.[1]?.replaceAll(",", "");
}

function report(played: readonly Game[], seen: readonly { at: number; screen: string }[], log: Parameters<typeof callsTo>[0]) {
  const posts = log.filter((e) => e.method === "POST" && e.status === 200);
  const strikes = played.flatMap((g) => g.strikes);
  // Each placement's POST (in order) to the first screen where its row has a projected net.
  const projection = strikes.map((strike, i) => {
    const post = posts[i];
    if (post === undefined) return Infinity;
    const row = new RegExp(`${asPrice(strike).replace(/[.,]/g, "\\$&")}\\s+[\\d.]+\\s+[+-]?[\\d,.]+\\s+[\\d.]+\\s+[+-][\\d.]+`);
    const shown = seen.find((s) => s.at >= post.end && row.test(s.screen));
    return shown === undefined ? Infinity : shown.at - post.end;
  });
  // The requests from each POST to the /status that brought its projection: why one took two slots, or more.
  const sorted = [...log].sort((a, b) => a.start - b.start);
  const slotsAfter = new Map<string, number>();
  for (const post of posts) {
    const after = sorted.filter((e) => e.start > post.start);
    const status = after.findIndex((e) => e.method === "GET" && endpointOf(e) === "status");
    const run = (status === -1 ? after.slice(0, 4) : after.slice(0, status + 1)).map(requestLabel).join(", ");
    slotsAfter.set(run, (slotsAfter.get(run) ?? 0) + 1);
  }
  const starts = log.map((e) => e.start).sort((a, b) => a - b);
  const prices = callsTo(log, "live-price").map((e) => e.start);
  const gaps = prices.slice(1).map((t, i) => ({ from: prices[i]!, gap: t - prices[i]! }));
  const accepting = gaps.filter(({ from, gap }) => played.some((g) => from >= g.start && from + gap <= g.closes));
  const onScreen = played.map((g) => {
    const first = seen.find((s) => s.at >= g.start - 1_000 && g.gid.endsWith(shortGid(s.screen) ?? "-"));
    return first === undefined ? Infinity : first.at - g.start;
  });
  // The game after each one played, the previous game's settlement pending: when its count was first read.
  const held = played.map(({ next }) => {
    if (next === null) return Infinity;
    const shown = seen.find((s) => {
      const m = /POSITIONS #…(\d+)\s+\d+ held/.exec(s.screen);
      return s.at >= next.start - 1_000 && m !== null && next.gid.endsWith(m[1]!);
    });
    return shown === undefined ? Infinity : shown.at - next.start;
  });
  const early = played.map((g) => {
    const marked = seen.filter((s) => g.gid.endsWith(shortGid(s.screen) ?? "-") && s.screen.includes("EARLY"));
    // Until the first screen after the last one marked: the mark's end is known to the poll.
    const after = marked.length === 0 ? undefined : seen.find((s) => s.at > marked.at(-1)!.at);
    return marked.length === 0 ? null : { from: marked[0]!.at - g.start, until: (after?.at ?? marked.at(-1)!.at) - g.start };
  });

  const ms = (x: number) => (Number.isFinite(x) ? `${Math.round(x)}` : "never");
  console.log(`bench:ten-second — ${played.length} 10 s games in a ${cols}x${rows} tmux pane, two positions placed in each with the keys`);
  console.log(`  placed ${strikes.length}, refused ${played.reduce((n, g) => n + g.rejected, 0)}; POST answered 200: ${posts.length}`);
  console.log(
    `  projection on screen after the POST's answer (ms): median ${ms(percentile(projection, 50))}, max ${ms(Math.max(...projection))}; over 2 s: ${projection.filter((p) => p > 2_000).length}`,
  );
  console.log(
    `  after a POST, until its projection's /status: ${[...slotsAfter]
      .sort((x, y) => y[1] - x[1])
      .map(([run, n]) => `${run} ×${n}`)
      .join(" · ")}`,
  );
  console.log(
    `  price gap while accepting (ms): median ${ms(
      percentile(
        accepting.map((g) => g.gap),
        50,
      ),
    )}, max ${ms(Math.max(...accepting.map((g) => g.gap)))}; whole run max ${ms(Math.max(...gaps.map((g) => g.gap)))}`,
  );
  console.log(`  each game on screen after its start (ms): ${onScreen.map(ms).join(" ")}`);
  console.log(`  the next game's positions after its start, the played one settling (ms): ${held.map(ms).join(" ")}`);
  console.log(
    `  EARLY shown from/until (ms after the start; the window is 0–${EARLY_MS}): ${early.map((e) => (e === null ? "never" : `${ms(e.from)}–${ms(e.until)}`)).join(" ")}`,
  );
  console.log(
    `  budget: ${starts.length} requests, shortest gap ${ms(minGap(starts))} ms, most in any second ${maxInWindow(starts, 1_000)}`,
  );
}

void main();
