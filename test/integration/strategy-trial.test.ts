/**
 * The trial (src/strategy/trial.ts): strategies playing games on the sim's
 * engine in process, on the trial's own clock. The figures are checked
 * against the engine's own records (its /results read model), not against
 * what the trial says it did.
 */
import { describe, expect, it } from "vitest";
import type { ResultsResponse } from "../../src/api/schemas.js";
import { CommandFailure, EXIT } from "../../src/commands/io.js";
import { trialCommand, trialSummaryJson } from "../../src/commands/trial.js";
import { Decimal } from "../../src/domain/money.js";
import type { Interval } from "../../src/domain/rules.js";
import { NO_LIMITS, type StrategyConfig, type StrategyLimits } from "../../src/strategy/strategy.js";
import { runTrial, TRIAL_START, TrialError, type TrialLine, TrialSim, type TrialSummary } from "../../src/strategy/trial.js";

const D = (v: string | number) => new Decimal(v);

function strategy(over: Partial<StrategyConfig> = {}, interval: Interval = 10): StrategyConfig {
  return {
    name: "ladder10",
    market: { asset: "BTC_USDT", interval, network: "testnet", currency: "USDC" },
    positionsPerGame: 10,
    strike: { kind: "ladder", around: "live", step: D(5), count: 10 },
    stake: { kind: "fixed", amount: D("0.5") },
    when: { earlyOnly: false, fromSeconds: undefined, untilSeconds: undefined, nextGame: interval === 10 },
    limits: NO_LIMITS,
    paper: false,
    where: "test",
    ...over,
  };
}

function limits(over: Partial<StrategyLimits>): StrategyLimits {
  return { ...NO_LIMITS, ...over };
}

/** The engine's record of the user's settled games, oldest first. */
function engineResults(sim: TrialSim, s: StrategyConfig): ResultsResponse["games"] {
  const { network, asset, interval } = s.market;
  const page = sim.engine.results(sim.user, { network, asset: asset as "BTC_USDT", interval, limit: 100, offset: 0 });
  return [...page.games].reverse();
}

async function trial(s: StrategyConfig, games: number, seed = 11): Promise<{ summary: TrialSummary; sim: TrialSim; lines: TrialLine[] }> {
  const sim = new TrialSim({ seed, start: TRIAL_START });
  const lines: TrialLine[] = [];
  const summary = await runTrial(s, { games, sim, onDecision: (l) => lines.push(l) });
  return { summary, sim, lines };
}

describe("a trial on the sim's engine", () => {
  it("plays 50 ten-second games of a ladder, its figures those of the engine's records", async () => {
    // 0.5 a position and at most 4 a game: 8 of the 10 planned positions go in, the 9th waits for the next game.
    const s = strategy({ limits: limits({ maxStakePerGame: D(4) }) });
    const { summary, sim, lines } = await trial(s, 50);
    expect(summary.stopReason).toBeNull();
    expect(summary.games).toBe(50);
    expect(summary.skipped).toEqual([]);

    const games = engineResults(sim, s);
    expect(games).toHaveLength(50);
    for (const g of games) {
      expect(g.positions.length).toBeLessThanOrEqual(s.positionsPerGame);
      expect(D(g.total_staked).lte(4)).toBe(true);
    }
    const staked = games.reduce((sum, g) => sum.plus(g.total_staked), D(0));
    const paid = games.reduce((sum, g) => sum.plus(g.total_winnings), D(0));
    expect(summary.positions).toBe(games.reduce((n, g) => n + g.positions.length, 0));
    expect(summary.positions).toBe(400);
    expect(summary.positions).toBeLessThanOrEqual(summary.games * s.positionsPerGame);
    expect(summary.staked.eq(staked)).toBe(true);
    expect(summary.paid.eq(paid)).toBe(true);
    expect(summary.net.eq(summary.paid.minus(summary.staked))).toBe(true);
    expect(summary.balanceEnd.minus(summary.balanceStart).eq(summary.net)).toBe(true);
    expect(summary.balanceStart.eq(1000)).toBe(true);

    // Win rate and drawdown, worked out again from the engine's records.
    const wins = games.filter((g) => D(g.total_winnings).gt(g.total_staked)).length;
    expect(summary.wins).toBe(wins);
    expect(summary.decided).toBe(50);
    expect(summary.winRatePct?.eq(D(wins).div(50).times(100).toDecimalPlaces(2))).toBe(true);
    let cumulative = D(0);
    let peak = D(0);
    let drawdown = D(0);
    for (const g of games) {
      cumulative = cumulative.plus(g.net_return);
      peak = Decimal.max(peak, cumulative);
      drawdown = Decimal.max(drawdown, peak.minus(cumulative));
    }
    expect(summary.largestDrawdown.eq(drawdown)).toBe(true);
    expect(summary.returnOnStakePct?.eq(summary.net.div(summary.staked).times(100).toDecimalPlaces(2))).toBe(true);

    // One line per placement and per settled game, in order.
    expect(lines.filter((l) => l.type === "decision" && l.action === "placed")).toHaveLength(400);
    const settled = lines.filter((l) => l.type === "game");
    expect(settled.map((l) => l.gid)).toEqual(games.map((g) => g.gid));
    expect(settled.at(-1)?.cumulative_net).toBe(summary.net.toString());
  });

  it("gives the same summary for the same seed, and another for another seed", async () => {
    const s = strategy({
      stake: { kind: "choices", amounts: [D("0.01"), D("0.02"), D("0.03")] },
      strike: { kind: "range", around: "live", min: D(-10), max: D(10) },
    });
    const a = await trial(s, 20, 42);
    const b = await trial(s, 20, 42);
    const c = await trial(s, 20, 43);
    expect(trialSummaryJson(a.summary)).toEqual(trialSummaryJson(b.summary));
    expect(a.lines.map(({ txid: _, ...l }: Record<string, unknown>) => l)).toEqual(
      b.lines.map(({ txid: _, ...l }: Record<string, unknown>) => l),
    );
    expect(trialSummaryJson(c.summary)).not.toEqual(trialSummaryJson(a.summary));
  });

  it("stops after a net loss with the limit's reason, and places nothing after", async () => {
    const s = strategy({ limits: limits({ stopAfterNetLoss: D(1) }) });
    const { summary, sim, lines } = await trial(s, 50);
    expect(summary.stopReason).toMatch(/^net loss .* reached the stop at 1\.00$/);
    expect(summary.games).toBeLessThan(50);
    expect(summary.net.lte(-1)).toBe(true);
    expect(lines.at(-1)).toMatchObject({ type: "decision", action: "stopped", reason: summary.stopReason });
    // The stop comes at the next game's first decision: every game played is in the engine's records, and no other.
    expect(engineResults(sim, s)).toHaveLength(summary.games);
    expect(sim.engine.activeGames().filter((g) => g.byUser.has(sim.user.id))).toEqual([]);
  });

  it("stops at once, with the reason, when the stake is under the interval's minimum", async () => {
    const s = strategy({ stake: { kind: "fixed", amount: D("0.001") } });
    const { summary, sim } = await trial(s, 50);
    expect(summary.stopReason).toMatch(/^the stake 0\.001 .*under the 10s minimum of 0\.01 USDC$/);
    expect(summary.games).toBe(0);
    expect(summary.positions).toBe(0);
    expect(summary.balanceEnd.eq(summary.balanceStart)).toBe(true);
    expect(engineResults(sim, s)).toEqual([]);
  });

  it("skips a game it cannot place in, with why", async () => {
    // A stake of 0.5 never fits a game's limit of 0.2: every game is left for the next.
    const s = strategy({ limits: limits({ maxStakePerGame: D("0.2") }) });
    const { summary } = await trial(s, 3);
    expect(summary.games).toBe(3);
    expect(summary.positions).toBe(0);
    expect(summary.skipped).toHaveLength(3);
    expect(summary.skipped[0]!.reason).toMatch(/^this game's limit 0\.20 USDC: 0\.00 staked, 0\.50 more would pass it$/);
    expect(summary.winRatePct).toBeNull();
    expect(summary.returnOnStakePct).toBeNull();
  });

  it("keeps a 60 s strategy's timing: every position from from_seconds and before until_seconds", async () => {
    const s = strategy({ positionsPerGame: 3, when: { earlyOnly: false, fromSeconds: 20, untilSeconds: 40, nextGame: false } }, 60);
    const { summary, sim } = await trial(s, 5);
    expect(summary.positions).toBe(15);
    for (const g of engineResults(sim, s)) {
      const start = Number(BigInt(g.gid) / 100n) * 75_000;
      for (const p of g.positions) {
        const into = Date.parse(p.placed_at) - start;
        expect(into).toBeGreaterThanOrEqual(20_000);
        expect(into).toBeLessThan(40_000);
      }
    }
  });

  it("trials a paper strategy as if it were armed", async () => {
    const armed = await trial(strategy(), 5);
    const paper = await trial(strategy({ paper: true }), 5);
    expect(paper.summary.paper).toBe(true);
    expect({ ...trialSummaryJson(paper.summary), paper: false }).toEqual(trialSummaryJson(armed.summary));
  });

  it("refuses a market the sim does not list", async () => {
    const s = strategy({ market: { asset: "SOL_USDT", interval: 10, network: "testnet", currency: "USDC" } });
    await expect(runTrial(s, { games: 1 })).rejects.toThrow(TrialError);
    await expect(runTrial(strategy(), { games: 0 })).rejects.toThrow(/at least 1/);
  });
});

describe("trialCommand", () => {
  const io = () => {
    const out: string[] = [];
    const err: string[] = [];
    return { out, err, io: { stdout: { write: (t: string) => out.push(t) }, stderr: { write: (t: string) => err.push(t) } } };
  };
  const config = { strategies: [strategy(), strategy({ name: "other" })], ascii: false };

  it("prints a decision per line and the summary last with --json", async () => {
    const w = io();
    await trialCommand({ config, name: "ladder10", games: 3, json: true, io: w.io, seed: 5 });
    const lines = w.out
      .join("")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    // Nine a game: a placement a request slot after the last, up to a second before the close at 10 s.
    expect(lines.at(-1)).toMatchObject({ type: "summary", strategy: "ladder10", games: 3, positions: 27, seed: 5, stopped: null });
    expect(lines.filter((l) => l.type === "decision")).toHaveLength(27);
    expect(lines.filter((l) => l.type === "game")).toHaveLength(3);
    const summary = lines.at(-1)!;
    expect(D(summary.net as string).eq(D(summary.paid as string).minus(summary.staked as string))).toBe(true);
    expect(w.err).toEqual([]);
  });

  it("prints the summary as a table without --json", async () => {
    const w = io();
    await trialCommand({ config, name: "ladder10", games: 2, json: false, io: w.io, seed: 5 });
    const text = w.out.join("");
    for (const label of ["games", "positions", "staked", "paid", "net", "return on stake", "win rate", "largest drawdown", "stopped"]) {
      expect(text).toMatch(new RegExp(`^${label} +\\S`, "m"));
    }
    expect(text).toMatch(/^games +2 of 2, 0 skipped$/m);
    expect(text).toMatch(/^staked +9\.00 USDC$/m);
    // Not a terminal: no progress line.
    expect(w.err).toEqual([]);
  });

  it("names the strategies the config declares when the name is unknown", async () => {
    const w = io();
    const run = trialCommand({ config, name: "nope", games: 2, json: false, io: w.io });
    await expect(run).rejects.toThrow(CommandFailure);
    await expect(run).rejects.toMatchObject({
      exit: EXIT.usage,
      message: 'auto: no strategy named "nope"; the config file has ladder10, other',
    });
  });
});
