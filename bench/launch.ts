/**
 * npm run bench:launch [-- --launches 5 --seconds 60 --cols 200 --rows 50]
 *
 * The first seconds, seen from outside: the built CLI typed into a tmux pane
 * against a sim in another process, through a logging proxy, while three
 * positions are held in the live BTC_USDT 10 s game and one in the ETH_USDT
 * 1 h game (the book's). Each launch comes at another moment of the 10 s
 * game, its lobby too. The screen is polled (every 25 ms for 5 s, then every 250 ms) and
 * each pane's text read by its title: when it first showed its data, and
 * every other thing it said before. The proxy gives the order of the first
 * requests and the price's gaps over the first minute, while the book's
 * launch pass runs.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Decimal } from "decimal.js";
import { ApiClient } from "../src/api/client.js";
import { apiKey, cli, sleep, startSimProcess, tmuxPane } from "./dashboard-pane.js";
import { callsTo, type Exchange, endpointOf, requestLabel, startLoggingProxy } from "./logging-proxy.js";
import { firstData, watchScreen } from "./screen-watch.js";
import { flag, percentile } from "./stats.js";

const launches = flag("launches", 5);
const seconds = flag("seconds", 60);
const cols = flag("cols", 200);
const rows = flag("rows", 50);

/** Each pane: its title on screen, and what its text holds once it shows data. */
const PANES: Record<string, { title: RegExp; data: RegExp }> = {
  game: { title: /GAME BTC_USDT|GAME #/, data: /closes in|ends in|NO LIVE GAME/ },
  balance: { title: /BALANCE /, data: /USDC\s+[\d,]+\.\d\d/ },
  price: { title: /PRICE BTC_USDT/, data: /[▲▼■] [\d,]+\.\d\d/ },
  positions: { title: /POSITIONS/, data: /\d+ held/ },
  book: { title: /BOOK\b/, data: /BOOK \d+ games?/ },
};

async function placeIn(client: ApiClient, wallet: string, asset: string, interval: 10 | 3600, strikes: number[], f: string) {
  const listing = await client.getSpot({ asset, interval });
  const price = (await client.getLivePrice({ asset })).value.toDecimalPlaces(0);
  const gid = listing.liveGame?.gid;
  if (!gid || listing.can_place_position !== true) return false;
  for (const d of strikes) {
    const sp = price.plus(d).toFixed();
    await client.placePosition({ gid, c: "USDC", a: asset, sp, f, pw: wallet, n: "testnet", it: interval });
  }
  return true;
}

/** Waits for a BTC_USDT 10 s game to have just started, and places three positions in it. */
async function holdTenSecondGame(client: ApiClient, wallet: string): Promise<void> {
  for (;;) {
    const l = await client.getSpot({ asset: "BTC_USDT", interval: 10 });
    const start = l.liveGame?.start_at;
    const now = l.timestamp ?? Date.now();
    if (start !== undefined && now - start < 800 && l.can_place_position === true) break;
    await sleep(start === undefined ? 500 : Math.max(50, start + 15_000 - now));
  }
  if (!(await placeIn(client, wallet, "BTC_USDT", 10, [-20, 5, 30], new Decimal("0.5").toFixed())))
    throw new Error("could not place in the 10 s game");
}

interface Launch {
  first: Record<string, { at: number | undefined; before: string[] }>;
  order: string[];
  priceMeanGap: number;
  priceMaxGap: number;
  phaseS: number;
  /** The first minute's requests, per endpoint and market: what the price's slots went to. */
  spent: string;
}

/** "live-price BTC_USDT 35 · spot BTC_USDT/10 5 · …": each endpoint's requests in the first `untilMs`, per market. */
function slotsSpent(log: readonly Exchange[], t0: number, untilMs: number): string {
  const counts = new Map<string, number>();
  for (const e of log) {
    if (e.start - t0 > untilMs) continue;
    const endpoint = endpointOf(e);
    const q = new URLSearchParams(e.call.split("?")[1] ?? "");
    const market =
      endpoint === "results"
        ? q.has("gid")
          ? "a game's"
          : `page@${q.get("offset") ?? 0}`
        : [q.get("asset"), q.get("interval")].filter((v) => v !== null).join("/");
    const key = `${requestLabel(e)}${market === "" ? "" : ` ${market}`}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([k, n]) => `${k} ${n}`).join(" · ");
}

function priceGaps(log: readonly Exchange[], t0: number, untilMs: number): number[] {
  const starts = callsTo(log, "live-price", "BTC_USDT")
    .map((e) => e.start - t0)
    .filter((t) => t <= untilMs);
  return starts.slice(1).map((t, i) => t - starts[i]!);
}

async function main() {
  const sim = await startSimProcess();
  const proxy = await startLoggingProxy(sim.url);
  const client = new ApiClient({ url: sim.url, apiKey });
  if (!(await placeIn(client, sim.wallet, "ETH_USDT", 3600, [0], "1")))
    console.log("  (the ETH 1 h game is in its lobby: the book holds nothing)");
  const dir = mkdtempSync(join(tmpdir(), "spotdash-bench-launch-"));
  const pane = tmuxPane("launch", cols, rows, {
    SPOTDASH_STATE_DIR: join(dir, "state"),
    METAFIDE_API_URL: proxy.url,
    METAFIDE_API_KEY: apiKey,
    METAFIDE_USER_ADDRESS: sim.wallet,
  });
  await sleep(1_000);
  const results: Launch[] = [];
  for (let i = 0; i < launches; i++) {
    await holdTenSecondGame(client, sim.wallet);
    // Launches spread over the whole game, its lobby too: 0.5, 3.5, 6.5, 9.5, 12.5 s after its start (it ends at 15 s),
    // so that one launch in five sees the game end within its first four requests.
    const phaseMs = 500 + ((i * 3_000) % 15_000);
    await sleep(phaseMs - 300);
    pane.keys("clear", "Enter");
    await sleep(300);
    proxy.log.length = 0;
    const t0 = performance.now();
    pane.keys(`${cli} --interval 10 --no-bell`, "Enter");
    const seen = await watchScreen(pane.screen, seconds * 1000, (elapsed) => (elapsed < 5_000 ? 25 : 250));
    pane.keys("q");
    await pane.waitFor((s) => !s.includes("POSITIONS"), 5_000, 100);
    const first = Object.fromEntries(Object.entries(PANES).map(([name, p]) => [name, firstData(seen, p.title, p.data)]));
    const gaps = priceGaps(proxy.log, t0, seconds * 1000);
    results.push({
      first,
      order: proxy.log.slice(0, 6).map((e) => `${e.call.split("?")[0]}@${Math.round(e.start - t0)}`),
      priceMeanGap: gaps.reduce((a, b) => a + b, 0) / gaps.length,
      priceMaxGap: Math.max(...gaps),
      phaseS: phaseMs / 1000,
      spent: slotsSpent(proxy.log, t0, seconds * 1000),
    });
    await sleep(1_000);
  }
  pane.kill();
  await client.close();
  await proxy.close();
  await sim.stop();
  rmSync(dir, { recursive: true, force: true });
  report(results);
  process.exit(0);
}

function report(results: readonly Launch[]) {
  console.log(`bench:launch — ${results.length} launches in a ${cols}x${rows} tmux pane, 3 positions in the live 10 s game, 1 in ETH 1 h`);
  for (const r of results) console.log(`  launch ${r.phaseS} s into the game: first requests ${r.order.join(" ")}`);
  console.log("  each pane's first data, from the keys (ms; 25 ms polls):");
  for (const name of Object.keys(PANES)) {
    const ats = results.map((r) => r.first[name]!.at);
    const known = ats.filter((a): a is number => a !== undefined);
    const said = [...new Set(results.flatMap((r) => r.first[name]!.before))];
    const times = known.length === 0 ? "never" : `median ${Math.round(percentile(known, 50))}, max ${Math.round(Math.max(...known))}`;
    console.log(`    ${name.padEnd(9)} ${times}${known.length < ats.length ? ` (never in ${ats.length - known.length})` : ""}`);
    for (const s of said) console.log(`      before: ${s.slice(0, 150)}`);
  }
  const mean = results.map((r) => r.priceMeanGap);
  console.log(
    `  price gap over the first ${seconds} s: mean ${mean.map((m) => Math.round(m)).join(" / ")} ms, max ${Math.round(Math.max(...results.map((r) => r.priceMaxGap)))} ms`,
  );
  console.log(`  the first ${seconds} s's requests:`);
  for (const r of results) console.log(`    launch ${r.phaseS} s in: ${r.spent}`);
}

void main();
