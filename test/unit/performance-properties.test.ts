/** Properties of the performance figures (src/domain/performance/) over generated result sets. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Decimal, sum, toWire } from "../../src/domain/money.js";
import { byAsset, byInterval, cumulativeNet, type Figures, figuresOf } from "../../src/domain/performance/index.js";
import type { GameResult } from "../../src/domain/service-data.js";
import { settled, unreadable } from "../helpers/results.js";

const T = Date.parse("2026-03-10T12:00:00Z");

/** An amount in USDC's smallest unit, 0 to 50 USDC. */
const amount = fc.integer({ min: 0, max: 50_000_000 }).map((micros) => toWire(new Decimal(micros).div(1_000_000)));

const gameArb = (timed: boolean) =>
  fc.record({
    at: fc.integer({ min: 0, max: 3_600_000 }),
    staked: amount,
    paid: amount,
    interval: fc.constantFrom(10, 60, 3600, 86400),
    asset: fc.constantFrom("BTC_USDT", "ETH_USDT", "SOL_USDT"),
    cancelled: fc.boolean(),
    broken: fc.constantFrom(
      ...(timed ? [] : ["settled_at" as const]),
      "total_winnings" as const,
      "cancelled" as const,
      "interval" as const,
      "asset" as const,
      null,
      null,
      null,
      null,
    ),
  });

/** Up to 25 games with distinct gids, some with a field that cannot be read. */
const gamesArb = (timed = false) =>
  fc.array(gameArb(timed), { maxLength: 25 }).map((specs) =>
    specs.map((s, i): GameResult => {
      const g = settled({
        gid: 1000 + i,
        at: T + s.at,
        staked: s.staked,
        paid: s.paid,
        interval: s.interval,
        asset: s.asset,
        cancelled: s.cancelled,
      });
      return s.broken === null ? g : unreadable(g, s.broken);
    }),
  );

const balanced = (f: Figures) => f.net.eq(f.paid.minus(f.staked));

describe("performance properties", () => {
  it("net = paid − staked on the whole set and on every row; the rows add up to the whole", () => {
    fc.assert(
      fc.property(gamesArb(), (games) => {
        const whole = figuresOf(games);
        expect(balanced(whole)).toBe(true);
        for (const rows of [byInterval(games), byAsset(games)]) {
          expect(rows.every((r) => balanced(r.figures))).toBe(true);
          expect(sum(rows.map((r) => r.figures.net)).eq(whole.net)).toBe(true);
          expect(sum(rows.map((r) => r.figures.staked)).eq(whole.staked)).toBe(true);
          expect(rows.reduce((n, r) => n + r.figures.games, 0)).toBe(whole.games);
        }
      }),
    );
  });

  it("every game is won, lost, even, cancelled or unknown", () => {
    fc.assert(
      fc.property(gamesArb(), (games) => {
        const f = figuresOf(games);
        expect(f.won + f.lost + f.even + f.cancelled + f.unknown).toBe(f.games);
        expect(f.games).toBe(games.length);
      }),
    );
  });

  it("a cancelled game is refunded: the sums are those of the others, and it is counted", () => {
    fc.assert(
      fc.property(gamesArb(), (games) => {
        const f = figuresOf(games);
        const rest = figuresOf(games.filter((g) => g.cancelled !== true));
        expect([f.staked.eq(rest.staked), f.paid.eq(rest.paid), f.net.eq(rest.net)]).toEqual([true, true, true]);
        expect(f.cancelled).toBe(games.filter((g) => g.cancelled === true).length);
        expect([f.longestWinningRun, f.longestLosingRun, f.currentRun]).toEqual([
          rest.longestWinningRun,
          rest.longestLosingRun,
          rest.currentRun,
        ]);
      }),
    );
  });

  it("runs are no longer than the games they are made of", () => {
    fc.assert(
      fc.property(gamesArb(), (games) => {
        const f = figuresOf(games);
        expect(f.longestWinningRun).toBeLessThanOrEqual(f.won);
        expect(f.longestLosingRun).toBeLessThanOrEqual(f.lost);
        expect(f.currentRun.length).toBeLessThanOrEqual(f.games);
        const longest = f.currentRun.kind === "won" ? f.longestWinningRun : f.currentRun.kind === "lost" ? f.longestLosingRun : 0;
        expect(f.currentRun.length).toBeLessThanOrEqual(longest);
      }),
    );
  });

  it("the last cumulative point is the total net when every time can be read", () => {
    fc.assert(
      fc.property(gamesArb(true), (games) => {
        const f = figuresOf(games);
        const s = cumulativeNet(games);
        expect(s.points.length).toBe(f.won + f.lost + f.even);
        expect((s.points.at(-1)?.net ?? new Decimal(0)).eq(f.net)).toBe(true);
        expect(s.points.every((p, i) => i === 0 || p.t >= s.points[i - 1]!.t)).toBe(true);
      }),
    );
  });

  it("sums exactly: many 0.1 stakes make n tenths, with no float drift", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), (n) => {
        const games = Array.from({ length: n }, (_, i) => settled({ gid: i + 1, at: T + i, staked: "0.1", paid: "0" }));
        const f = figuresOf(games);
        expect([toWire(f.staked), toWire(f.net)]).toEqual([toWire(new Decimal(n).div(10)), toWire(new Decimal(-n).div(10))]);
      }),
      { numRuns: 20 },
    );
  });
});
