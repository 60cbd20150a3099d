/** The pool payout (domain/payout.ts, docs/payout.md): exact, conserved, and shaped as documented. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Decimal, sum } from "../../src/domain/money.js";
import {
  computePayout,
  EARLY_BONUS,
  type PayoutEntry,
  type PayoutGame,
  PRECISION_SCALE,
  WINNING_POT_SHARE,
} from "../../src/domain/payout.js";
import { earlyWindowMs, gamePeriodMs, INTERVALS, type Interval, MONEY_DECIMALS } from "../../src/domain/rules.js";

const game = (interval: Interval = 60, startAt = 1_000_000): PayoutGame => ({
  interval,
  startAt,
  endsAt: startAt + gamePeriodMs(interval),
});
const entry = (stake: string, prediction: string, placedAt: number): PayoutEntry => ({
  stake: new Decimal(stake),
  prediction: new Decimal(prediction),
  placedAt,
});
const CLOSE = new Decimal("68000");

describe("computePayout", () => {
  it("pays nothing and keeps nothing for an empty pool", () => {
    const p = computePayout(game(), [], CLOSE);
    expect(p.winnings).toEqual([]);
    expect(p.pool.isZero() && p.house.isZero()).toBe(true);
  });

  it("gives a lone player the winning pot, 90.9 % of the stake, rounded down", () => {
    const g = game();
    const p = computePayout(g, [entry("1", "1", g.startAt)], CLOSE);
    expect(p.winnings[0]!.toFixed()).toBe("0.909");
    expect(p.house.toFixed()).toBe("0.091");
    const tiny = computePayout(g, [entry("0.000011", "68000", g.startAt)], CLOSE);
    expect(tiny.winnings[0]!.toFixed()).toBe("0.000009"); // 0.000009999 rounded down
    expect(tiny.dust.toFixed()).toBe("0.000000999");
    expect(tiny.house.toFixed()).toBe("0.000002");
    expect(WINNING_POT_SHARE.toFixed()).toBe("0.909");
  });

  it.each(INTERVALS)("halves the weight of a miss of one precision scale (%i s)", (interval) => {
    const g = game(interval);
    const t = g.startAt + earlyWindowMs(interval); // both outside the early window
    const off = CLOSE.times(PRECISION_SCALE[interval]);
    const p = computePayout(g, [entry("10", "68000", t), entry("10", CLOSE.plus(off).toFixed(), t)], CLOSE);
    expect(p.winnings[0]!.toFixed()).toBe("12.12");
    expect(p.winnings[1]!.toFixed()).toBe("6.06");
  });

  it("treats a miss above and below the close alike", () => {
    const g = game();
    const t = g.startAt + 30_000;
    const p = computePayout(g, [entry("5", "68030", t), entry("5", "67970", t)], CLOSE);
    expect(p.winnings[0]!.eq(p.winnings[1]!)).toBe(true);
  });

  it("weights time in game: a position placed halfway through the game weighs half", () => {
    const g = game(60);
    const early = g.startAt + earlyWindowMs(60);
    const half = g.startAt + (g.endsAt - g.startAt) / 2;
    const p = computePayout(g, [entry("10", "68000", early), entry("10", "68000", half)], CLOSE);
    // in game: 63 s vs 37.5 s of 75 s → 63 : 37.5
    expect(p.winnings[0]!.toFixed()).toBe(new Decimal("18.18").times(63).div(100.5).toDecimalPlaces(6, Decimal.ROUND_DOWN).toFixed());
  });

  it("gives the early-precision window its 1.25 bonus", () => {
    const g = game(3600);
    const edge = g.startAt + earlyWindowMs(3600);
    const p = computePayout(g, [entry("10", "68000", edge - 1), entry("10", "68000", edge)], CLOSE);
    const ratio = p.weights[0]!.div(p.weights[1]!);
    expect(ratio.toDecimalPlaces(6).toFixed()).toBe(
      EARLY_BONUS.times(gamePeriodMs(3600) - earlyWindowMs(3600) + 1)
        .div(gamePeriodMs(3600) - earlyWindowMs(3600))
        .toDecimalPlaces(6)
        .toFixed(),
    );
  });

  it("does not depend on the order of the entries", () => {
    const g = game();
    const entries = [
      entry("1.5", "68010", g.startAt + 5),
      entry("2", "67990", g.startAt + 40_000),
      entry("0.3", "68000", g.startAt + 59_000),
    ];
    const a = computePayout(g, entries, CLOSE).winnings.map((w) => w.toFixed());
    const b = computePayout(g, [...entries].reverse(), CLOSE)
      .winnings.map((w) => w.toFixed())
      .reverse();
    expect(a).toEqual(b);
  });

  it("refuses a closing price that is not positive", () => {
    expect(() => computePayout(game(), [entry("1", "1", 1_000_000)], new Decimal(0))).toThrow(RangeError);
  });

  it("conserves every unit: Σ winnings + house = pool, winnings rounded down to 6 decimals", () => {
    const interval = fc.constantFrom(...INTERVALS);
    const e = fc.record({
      micro: fc.integer({ min: 1, max: 10_000_000_000 }),
      bp: fc.integer({ min: -2000, max: 2000 }),
      at: fc.double({ min: 0, max: 1, noNaN: true }),
    });
    fc.assert(
      fc.property(
        interval,
        fc.array(e, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (iv, raw, closeCents) => {
          const g = game(iv);
          const close = new Decimal(closeCents).div(100);
          const closesAt = g.startAt + iv * 1000;
          const entries = raw.map((r) => ({
            stake: new Decimal(r.micro).div(1e6),
            prediction: close.times(new Decimal(r.bp).div(10_000).plus(1)).toDecimalPlaces(2).abs().plus("0.01"),
            placedAt: g.startAt + Math.floor(r.at * (closesAt - g.startAt - 1)),
          }));
          const p = computePayout(g, entries, close);
          expect(sum(p.winnings).plus(p.house).eq(p.pool)).toBe(true);
          expect(p.pool.eq(sum(entries.map((x) => x.stake)))).toBe(true);
          expect(p.rake.plus(p.dust).eq(p.house)).toBe(true);
          expect(p.dust.gte(0)).toBe(true);
          expect(p.dust.lt(new Decimal(entries.length).times("0.000001"))).toBe(true);
          for (const w of p.winnings) {
            expect(w.gte(0)).toBe(true);
            expect(w.decimalPlaces()).toBeLessThanOrEqual(MONEY_DECIMALS);
          }
          expect(p.house.decimalPlaces()).toBeLessThanOrEqual(MONEY_DECIMALS);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("never pays a worse prediction more than a better one with the same stake and time", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 5000 }), (a, b) => {
        const g = game();
        const t = g.startAt + 20_000;
        const p = computePayout(g, [entry("3", CLOSE.plus(a).toFixed(), t), entry("3", CLOSE.minus(b).toFixed(), t)], CLOSE);
        if (a < b) expect(p.winnings[0]!.gte(p.winnings[1]!)).toBe(true);
        if (a > b) expect(p.winnings[0]!.lte(p.winnings[1]!)).toBe(true);
      }),
    );
  });
});
