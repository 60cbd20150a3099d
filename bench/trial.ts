/**
 * npm run bench:trial [-- --games 50 --runs 3]
 *
 * How long a strategy's trial (src/strategy/trial.ts) takes in wall time:
 * `--games` games on the sim's engine in this process, on the trial's own
 * clock, for four strategies: a ten-position ladder in 10 s games (placed
 * into each game from its start), the same in 60 s games, a range of
 * strikes placed from 20 s into 60 s games, and the ladder in hourly
 * games. Each `--runs` times with its own seed; the median and the
 * slowest, and the game time the trial played through. The issue's
 * target: a 50-game summary in under a minute.
 */
import { Decimal } from "../src/domain/money.js";
import type { Interval } from "../src/domain/rules.js";
import { NO_LIMITS, type StrategyConfig } from "../src/strategy/strategy.js";
import { runTrial } from "../src/strategy/trial.js";
import { flag, percentile } from "./stats.js";

const games = flag("games", 50);
const runs = flag("runs", 3);

function strategy(name: string, interval: Interval, over: Partial<StrategyConfig> = {}): StrategyConfig {
  return {
    name,
    market: { asset: "BTC_USDT", interval, network: "testnet", currency: "USDC" },
    positionsPerGame: 10,
    strike: { kind: "ladder", around: "live", step: new Decimal(5), count: 10 },
    stake: { kind: "fixed", amount: new Decimal(interval === 3600 ? 1 : "0.1") },
    when: { earlyOnly: false, fromSeconds: undefined, untilSeconds: undefined, nextGame: interval === 10 },
    limits: NO_LIMITS,
    paper: false,
    where: "bench",
    ...over,
  };
}

const cases: StrategyConfig[] = [
  strategy("ladder 10 s", 10),
  strategy("ladder 60 s", 60),
  strategy("range from 20 s, 60 s", 60, {
    strike: { kind: "range", around: "live", min: new Decimal(-10), max: new Decimal(10) },
    when: { earlyOnly: false, fromSeconds: 20, untilSeconds: undefined, nextGame: false },
  }),
  strategy("ladder 1 h", 3600),
];

console.log(`bench:trial — ${games} games a trial, ${runs} runs a strategy (seeds 1…${runs})`);
for (const s of cases) {
  const times: number[] = [];
  let played = "";
  for (let seed = 1; seed <= runs; seed++) {
    const t0 = performance.now();
    const summary = await runTrial(s, { games, seed });
    times.push(performance.now() - t0);
    const hours = (summary.to - summary.from) / 3_600_000;
    played = `${summary.games} games, ${summary.positions} positions, ${hours.toFixed(1)} h of game time`;
  }
  const ms = (x: number) => `${Math.round(x)} ms`;
  console.log(`  ${s.name.padEnd(22)} median ${ms(percentile(times, 50))}, slowest ${ms(Math.max(...times))}  (${played})`);
}
