/**
 * npm run bench:sim-status [-- --positions 20000 --seconds 3] [-- --cancelled]
 *
 * What one GET /status costs the sim's own thread, with no HTTP and no load
 * generator beside it: the engine's answer for one user holding ten
 * positions in a daily game that holds `--positions` positions in all,
 * written ahead as JSON as the server sends it, and for comparison made as
 * an object and then written with JSON.stringify (the path a fault or a wire
 * style takes). bench:sim measures the same request over
 * loopback, where the HTTP stack and the load generator on the same cores
 * move the figures run to run; this isolates the part the sim's code decides.
 * Positions are placed through the engine itself (no journal), ten per user,
 * a minute before the game closes on the sim's manual clock; then the clock
 * moves past the game's end and the game settles, in steps between turns of
 * the event loop (src/sim/engine/settlement.ts): the longest of those turns is how
 * long a request arriving then could wait, and the whole is how long until
 * its result is filed. With --cancelled the feed has no tick at the game's
 * end, so the game is cancelled and every stake refunded instead.
 */
import { Decimal } from "../src/domain/money.js";
import { ManualClock, startSim } from "../src/sim/index.js";
import { flag, percentile } from "./stats.js";

const positions = flag("positions", 20_000);
const seconds = flag("seconds", 3);
const PER_USER = 10;

const clock = new ManualClock(Date.now());
const sim = await startSim({ host: "127.0.0.1", port: 0, seed: 5, crowd: false, rateLimit: "off", log: () => {}, clock });
const engine = sim.engine;
const market = { asset: "ETH_USDT", interval: 86_400 } as const;
const users = Array.from({ length: Math.ceil(positions / PER_USER) }, (_, i) => engine.createUser(`bench-${i}`));
const first = engine.listing(users[0]!, market.asset, market.interval).liveGame!;
clock.set(Math.max(clock.now(), first.closes_at - 60_000));
const game = engine.listing(users[0]!, market.asset, market.interval).liveGame!;
const gid = game.gid;
const price = new Decimal(engine.livePrice(market.asset).value);
for (let k = 0; k < positions; k++) {
  const u = users[k % users.length]!;
  // Distinct strikes around the price, so every weight differs.
  const sp = price.plus(Math.floor(k / users.length)).plus(new Decimal(k % users.length).div(1e4));
  engine.place(u, { gid, c: "USDC", a: market.asset, sp, f: new Decimal(5), pw: u.wallet, n: "testnet", it: market.interval });
}
const query = { ...market, network: "testnet", token: "USDC" } as const;

/** Calls `fn` round the users for `seconds`, after a second's warm-up; µs per call at p50 and p99, and the mean. */
function time(fn: (u: (typeof users)[number]) => unknown) {
  const run = (ms: number) => {
    const lat: number[] = [];
    const end = performance.now() + ms;
    for (let n = 0; performance.now() < end; n++) {
      const t0 = performance.now();
      fn(users[n % users.length]!);
      lat.push((performance.now() - t0) * 1000);
    }
    return lat;
  };
  run(1_000);
  const lat = run(seconds * 1000);
  const mean = lat.reduce((a, b) => a + b, 0) / lat.length;
  return `mean ${mean.toFixed(1)} µs  p50 ${percentile(lat, 50).toFixed(1)} µs  p99 ${percentile(lat, 99).toFixed(1)} µs  (${lat.length} calls)`;
}

console.log(`bench:sim-status — one GET /status in-process, ${PER_USER} positions of the caller's in a game of ${positions}`);
console.log(`  answer, written ahead     ${time((u) => engine.status(u, query))}  (what a request costs)`);
console.log(`  as an object, stringified ${time((u) => JSON.stringify(engine.status(u, query).value()))}  (a fault or --wire bends it)`);
// The other markets' games of the last hour are caught up first, so the call timed settles this game (and the few games of the minute after it).
clock.set(game.ends_at - 60_000);
engine.sync();
if (process.argv.includes("--cancelled")) engine.feed.outage(market.asset, game.ends_at - 1_000, game.ends_at + 1_000);
clock.set(game.ends_at + 1);
const filed = () => engine.results(users[0]!, { network: "testnet", gid, limit: 1, offset: 0 }).games.length > 0;
const t0 = performance.now();
// The call that finds the game ended does the first step (a cancelled game's refund, all of it) within its own turn.
engine.sync();
let last = performance.now();
let longest = last - t0;
let turns = 0;
// Each pass of this loop is one turn of the event loop; the time between two passes is what ran in between.
while (!filed() && turns < 10_000) {
  await new Promise((resolve) => setImmediate(resolve));
  const now = performance.now();
  longest = Math.max(longest, now - last);
  last = now;
  turns++;
}
const settleMs = performance.now() - t0;
console.log(
  `  ${process.argv.includes("--cancelled") ? "cancelling the game       " : "settling the game         "} ${filed() ? "filed" : "NOT filed"} after ${settleMs.toFixed(1)} ms in ${turns} turns; longest turn ${longest.toFixed(1)} ms`,
);
await sim.close();
