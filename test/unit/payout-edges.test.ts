/**
 * The sim's payout arithmetic at its edges (src/domain/payout.ts): what it refuses and why, and a pot
 * no one weighs anything in. payout.test.ts has the payouts themselves.
 */
import { describe, expect, it } from "vitest";
import { Decimal } from "../../src/domain/money.js";
import { stakeUnits, weighingAt, winningsOf } from "../../src/domain/payout.js";

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
