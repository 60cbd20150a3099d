/**
 * npm run bench:book [-- --duration 240]
 *
 * The book's share of the budget: the real poller against the sim in strict
 * rate-limit mode (≤ 1 request/s per key), focused on BTC_USDT 1m and
 * holding a position in each of its games, with positions in three other
 * games of two assets and three intervals — ETH_USDT 1m (one in every game,
 * so that games end and settle all through the run), BTC_USDT 1h and
 * ETH_USDT 1d. The other markets' positions are placed inside the sim, as
 * another device would, so that they spend none of the poller's budget.
 * Prints the figures recorded in BENCHMARKS.md.
 */
import { Decimal } from "decimal.js";
import { ApiClient } from "../src/api/client.js";
import { gameTimes, heldGids, marketKey } from "../src/domain/book.js";
import type { Interval } from "../src/domain/rules.js";
import { bookOptions } from "../src/poller/book-watch.js";
import { Poller } from "../src/poller/poller.js";
import { startSim } from "../src/sim/index.js";
import { hashKey } from "../src/sim/users.js";
import { counting } from "./counting.js";
import { flag, maxInWindow, minGap, summary } from "./stats.js";

const durationS = flag("duration", 240);
const key = `metafide_${"c".repeat(32)}`;
const focused = { asset: "BTC_USDT", interval: 60 as Interval, network: "testnet" as const, currency: "USDC" };
/** Held elsewhere, with the stake each game takes (the sim's minimum per interval). */
const elsewhere = [
  { asset: "ETH_USDT", interval: 60 as Interval, f: "1" },
  { asset: "BTC_USDT", interval: 3600 as Interval, f: "1" },
  { asset: "ETH_USDT", interval: 86400 as Interval, f: "5" },
] as const;

async function main() {
  const sim = await startSim({ port: 0, rateLimit: "strict", seed: 42, keys: [key] });
  const user = sim.engine.users.findByKeyHash(hashKey(key))!;
  const wallet = sim.wallets[key]!;

  /** Places one position in the live game of a market from inside the sim, unless one is held there already. */
  const placed = new Map<string, string>();
  /** Each game held elsewhere: when the sim first had its result, and when the poller first had its settlement. */
  const games = new Map<string, { asset: "ETH_USDT"; interval: Interval; available?: number; shown?: number }>();
  const holdElsewhere = () => {
    for (const m of elsewhere) {
      const l = sim.engine.listing(user, m.asset as "ETH_USDT", m.interval);
      const gid = l.liveGame?.gid;
      if (gid === undefined || !l.can_place_position || placed.get(`${m.asset} ${m.interval}`) === String(gid)) continue;
      const price = new Decimal(sim.engine.livePrice(m.asset as "ETH_USDT").value).toDecimalPlaces(0);
      sim.engine.place(user, {
        gid: String(gid),
        c: "USDC",
        a: m.asset as "ETH_USDT",
        sp: price,
        f: new Decimal(m.f),
        pw: wallet,
        n: "testnet",
        it: m.interval,
      });
      placed.set(`${m.asset} ${m.interval}`, String(gid));
      games.set(String(gid), { asset: m.asset as "ETH_USDT", interval: m.interval });
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
    onRequest: (kind, at) => {
      if (kind === "price") priceStarts.push(at);
    },
  });
  poller.start();

  const ages = { calm: [] as number[], lastMinute: [] as number[] };
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
        const endsAt = gameTimes(m.listing.value, gid).endsAt;
        if (endsAt === undefined || serverNow >= endsAt) continue;
        (endsAt - serverNow <= 60_000 ? ages.lastMinute : ages.calm).push(now - m.status.at);
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
          if (o.kind === "placed") placedFocused = live.gid;
        });
      }
    }
  }, 250);

  await new Promise((r) => setTimeout(r, durationS * 1000));
  clearInterval(sampler);
  poller.stop();

  const gaps = priceStarts.slice(1).map((t, i) => t - priceStarts[i]!);
  const lags = [...games.values()].flatMap((e) => (e.available !== undefined && e.shown !== undefined ? [e.shown - e.available] : []));
  const missed = [...games.values()].filter((e) => e.available !== undefined && e.shown === undefined).length;
  console.log(`bench:book — ${durationS} s, sim in strict mode (1 request/s per key), focused on BTC_USDT 1m (held),`);
  console.log("positions held in ETH_USDT 1m (every game), BTC_USDT 1h and ETH_USDT 1d\n");
  console.log(`  requests                          ${ours.starts.length} in ${durationS} s`);
  console.log(`  smallest gap                      ${minGap(ours.starts)} ms`);
  console.log(`  most starts in any 1 s            ${maxInWindow(ours.starts, 1000)}`);
  console.log(`  429 responses                     ${ours.limited()}`);
  console.log(`  focused price, gap between starts mean ${Math.round(gaps.reduce((a, b) => a + b, 0) / gaps.length)} ms; ${summary(gaps)}`);
  console.log(`  held game's positions, age        ${summary(ages.calm)}`);
  console.log(`    … in its last minute            ${summary(ages.lastMinute)}`);
  console.log(`  settlement shown after its result ${summary(lags)}; not shown by the end: ${missed}`);
  await sim.close();
  process.exit(0);
}

void main();
