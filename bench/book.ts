/**
 * npm run bench:book [-- --duration 240] [-- --minute-game]
 *
 * The book's share of the budget: the real poller against the sim in strict
 * rate-limit mode (≤ 1 request/s per key), focused on BTC_USDT 1m and
 * holding a position in each of its games, with positions in three other
 * games of two assets and three intervals: BTC_USDT 1h, ETH_USDT 1h and
 * ETH_USDT 1d — or, with --minute-game, ETH_USDT 1m (one in every game, so
 * that a game held elsewhere ends with every focused one) in place of
 * ETH_USDT 1h. The other markets' positions are placed inside the sim, as
 * another device would, so that they spend none of the poller's budget.
 * Prints the figures recorded in BENCHMARKS.md.
 */
import { Decimal } from "decimal.js";
import { ApiClient } from "../src/api/client.js";
import { gameTimes, heldGids, marketKey } from "../src/domain/book.js";
import type { Interval } from "../src/domain/rules.js";
import { bookOptions } from "../src/poller/book-watch.js";
import { Poller } from "../src/poller/poller.js";
import { hashKey } from "../src/sim/engine/users.js";
import { startSim } from "../src/sim/index.js";
import { counting } from "./counting.js";
import { flag, maxInWindow, minGap, summary } from "./stats.js";

const durationS = flag("duration", 240);
const minuteGame = process.argv.includes("--minute-game");
/** --trace: every request as it starts, and every held game's age over its bound as sampled. */
const trace = process.argv.includes("--trace");
const t0 = Date.now();
const key = `metafide_${"c".repeat(32)}`;
const focused = { asset: "BTC_USDT", interval: 60 as Interval, network: "testnet" as const, currency: "USDC" };
type Asset = "BTC_USDT" | "ETH_USDT";
/** Held elsewhere, with the stake each game takes (the sim's minimum per interval). */
const elsewhere: readonly { asset: Asset; interval: Interval; f: string }[] = [
  minuteGame ? { asset: "ETH_USDT", interval: 60, f: "1" } : { asset: "ETH_USDT", interval: 3600, f: "1" },
  { asset: "BTC_USDT", interval: 3600, f: "1" },
  { asset: "ETH_USDT", interval: 86400, f: "5" },
];

async function main() {
  const sim = await startSim({ port: 0, rateLimit: "strict", seed: 42, keys: [key] });
  const user = sim.engine.users.findByKeyHash(hashKey(key))!;
  const wallet = sim.wallets[key]!;

  /** Places one position in the live game of a market from inside the sim, unless one is held there already. */
  const placed = new Map<string, string>();
  /** Each game held elsewhere: when the sim first had its result, and when the poller first had its settlement. */
  const games = new Map<string, { asset: Asset; interval: Interval; available?: number; shown?: number }>();
  const holdElsewhere = () => {
    for (const m of elsewhere) {
      const l = sim.engine.listing(user, m.asset, m.interval);
      const gid = l.liveGame?.gid;
      if (gid === undefined || !l.can_place_position || placed.get(`${m.asset} ${m.interval}`) === String(gid)) continue;
      const price = new Decimal(sim.engine.livePrice(m.asset).value).toDecimalPlaces(0);
      sim.engine.place(user, {
        gid: String(gid),
        c: "USDC",
        a: m.asset,
        sp: price,
        f: new Decimal(m.f),
        pw: wallet,
        n: "testnet",
        it: m.interval,
      });
      placed.set(`${m.asset} ${m.interval}`, String(gid));
      games.set(String(gid), { asset: m.asset, interval: m.interval });
    }
  };
  holdElsewhere();

  const ours = counting(new ApiClient({ url: sim.url, apiKey: key }));
  const priceStarts: number[] = [];
  const poller = new Poller({
    client: ours.c,
    target: focused,
    wallet,
    book: bookOptions({ asset: focused.asset, assets: ["BTC_USDT", "ETH_USDT"] }, true),
    onRequest: (kind, at, req) => {
      if (kind === "price") priceStarts.push(at);
      if (trace)
        console.log(
          `${((at - t0) / 1000).toFixed(1).padStart(6)} ${kind} ${req ? `${req.kind} ${req.kind === "price" ? req.asset : marketKey(req.market)}` : ""}`,
        );
    },
  });
  poller.start();

  /** Each sample: when it was taken (ms since the start) and the age of the positions then. */
  const ages = { calm: [] as [number, number][], lastMinute: [] as [number, number][] };
  let placing = false;
  let placedFocused: string | undefined;
  const sampler = setInterval(() => {
    holdElsewhere();
    const s = poller.snapshot;
    const now = Date.now();
    const serverNow = poller.serverNow();
    for (const [k, m] of Object.entries(s.book.markets)) {
      if (k === marketKey(focused) || m.status === undefined || m.listing === undefined) continue;
      for (const gid of heldGids(m)) {
        const endsAt = gameTimes(m, gid).endsAt;
        if (endsAt === undefined || serverNow >= endsAt) continue;
        const final = endsAt - serverNow <= 60_000;
        (final ? ages.lastMinute : ages.calm).push([now - t0, now - m.status.at]);
        if (trace && now - m.status.at > (final ? 5_000 : 30_000))
          console.log(`${((now - t0) / 1000).toFixed(1).padStart(6)} ${k} ${now - m.status.at} ms old`);
      }
    }
    // A result is available once the sim lists the game as settled; it is shown once the poller has its notice.
    for (const [gid, g] of games) {
      if (g.available === undefined) {
        const r = sim.engine.results(user, { network: "testnet", asset: g.asset, interval: g.interval, gid, limit: 1, offset: 0 });
        if (r.games.length > 0) g.available = now;
      }
      if (g.shown === undefined && s.settlements.some((n) => n.gid === gid)) g.shown = now;
    }
    // The focused game held too: one position a few seconds into each, placed through the poller as the form does.
    const live = s.listing?.value.liveGame;
    if (live && live.gid !== placedFocused && !placing && s.listing?.value.can_place_position && s.price) {
      if (serverNow >= live.start_at + 4_000 && serverNow < live.closes_at - 2_000) {
        placing = true;
        const sp = s.price.value.value.toDecimalPlaces(0).toFixed();
        void poller.place({ gid: live.gid, sp, f: "1" }).then((o) => {
          placing = false;
          if (o.kind !== "placed") return;
          placedFocused = live.gid;
          games.set(live.gid, { asset: "BTC_USDT", interval: focused.interval });
        });
      }
    }
  }, 250);

  await new Promise((r) => setTimeout(r, durationS * 1000));
  clearInterval(sampler);
  poller.stop();

  const gaps = (after: number) => {
    const starts = priceStarts.filter((t) => t - t0 >= after);
    return starts.slice(1).map((t, i) => t - starts[i]!);
  };
  const mean = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) / xs.length);
  const agesAfter = (xs: [number, number][], after: number) => xs.flatMap(([at, age]) => (at >= after ? [age] : []));
  const lags = [...games.values()].flatMap((e) => (e.available !== undefined && e.shown !== undefined ? [e.shown - e.available] : []));
  const missed = [...games.values()].filter((e) => e.available !== undefined && e.shown === undefined).length;
  console.log(`bench:book — ${durationS} s, sim in strict mode (1 request/s per key), focused on BTC_USDT 1m (held),`);
  console.log(`positions held in ${minuteGame ? "ETH_USDT 1m (every game)" : "ETH_USDT 1h"}, BTC_USDT 1h and ETH_USDT 1d\n`);
  console.log(`  requests                          ${ours.starts.length} in ${durationS} s`);
  console.log(`  smallest gap                      ${minGap(ours.starts)} ms`);
  console.log(`  most starts in any 1 s            ${maxInWindow(ours.starts, 1000)}`);
  console.log(`  429 responses                     ${ours.limited()}`);
  // The pass at launch (seven markets looked through, the games found asked for their times) is over within the first minute.
  for (const [label, after] of [
    ["whole run", 0],
    ["after the first minute", 60_000],
  ] as const) {
    console.log(`  ${label}:`);
    console.log(`    focused price, gap between starts mean ${mean(gaps(after))} ms; ${summary(gaps(after))}`);
    console.log(`    held game's positions, age        ${summary(agesAfter(ages.calm, after))}`);
    console.log(`      … in its last minute            ${summary(agesAfter(ages.lastMinute, after))}`);
  }
  console.log(
    `  settlement shown after its result (every held game, the focused ones too) ${summary(lags)}; not shown by the end: ${missed}`,
  );
  await sim.close();
  process.exit(0);
}

void main();
