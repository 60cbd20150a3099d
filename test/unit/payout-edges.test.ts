/**
 * The sim's payout arithmetic at its edges (src/domain/payout.ts): what it refuses and why, and a pot
 * no one weighs anything in. payout.test.ts has the payouts themselves.
 */
import { describe, expect, it } from "vitest";
import { Decimal } from "../../src/domain/money.js";
import { EARLY_BONUS, PRECISION_SCALE, stakeUnits, weighingAt, weightOf, winningsOf } from "../../src/domain/payout.js";
import { earlyWindowMs } from "../../src/domain/rules.js";

const T = Date.UTC(2026, 10, 25, 12, 0, 0);
const game = { interval: 60 as const, startAt: T, endsAt: T + 75_000 };

describe("the payout's refusals", () => {
  it("refuses a stake finer than six decimals, naming it", () => {
    expect(stakeUnits({ stake: new Decimal("1.000001"), prediction: new Decimal(1), placedAt: T })).toBe(1_000_001n);
    expect(() => stakeUnits({ stake: new Decimal("1.0000001"), prediction: new Decimal(1), placedAt: T })).toThrow(
      new RangeError("a stake has at most 6 decimals, got 1.0000001"),
    );
  });

  it("refuses a closing price of zero or below, naming it", () => {
    expect(() => weighingAt(game, new Decimal(0))).toThrow(new RangeError("closing price must be positive, got 0"));
    expect(() => weighingAt(game, new Decimal("-1.5"))).toThrow(new RangeError("closing price must be positive, got -1.5"));
  });

  it("pays nothing out of a pot in which no one weighs anything", () => {
    expect(winningsOf(1_000_000n, 0n, 0n)).toBe(0n);
  });
});

describe("a weight, against the formula worked out in decimals", () => {
  /** stake × ms in the game (at most its length) × bonus × s² / (s² + miss²), s = close × σ, in units of 10^-30: docs/payout.md. */
  function byFormula(stake: string, prediction: string, close: string, placedAt: number): bigint {
    const D = Decimal.clone({ precision: 80 });
    const s = new D(close).times(PRECISION_SCALE[60].toString());
    const miss = new D(prediction).minus(close);
    const precision = s.pow(2).div(s.pow(2).plus(miss.pow(2)));
    const ms = Math.min(Math.max(game.endsAt - placedAt, 0), game.endsAt - game.startAt);
    const early = placedAt >= game.startAt && placedAt - game.startAt < earlyWindowMs(60);
    const bonus = early ? new D(EARLY_BONUS.toString()) : new D(1);
    return BigInt(new D(stake).times(ms).times(bonus).times(precision).times(new D(10).pow(30)).floor().toFixed());
  }
  const weigh = (stake: string, prediction: string, close: string, placedAt: number) =>
    weightOf(weighingAt(game, new Decimal(close)), { stake: new Decimal(stake), prediction: new Decimal(prediction), placedAt });

  it.each([
    ["a strike with fewer decimals than the close", "2.5", "100", "100.5", T + 20_000],
    ["a strike with more decimals than the close", "0.1", "100.25", "100.5", T + 30_000],
    ["a whole close", "1", "67036.123", "67036", T + 59_000],
    ["in the early window", "0.5", "99.9", "100", T + 1_000],
    ["dated before the game's start: the game's whole length, no early bonus", "1", "100", "100.5", T - 5_000],
  ])("%s", (_name, stake, prediction, close, placedAt) => {
    expect(weigh(stake, prediction, close, placedAt)).toBe(byFormula(stake, prediction, close, placedAt));
  });
});
