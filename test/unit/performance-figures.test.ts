/** The performance figures (src/domain/performance/, docs/performance.md) against hand-worked games. */
import { describe, expect, it } from "vitest";
import { Decimal, toWire } from "../../src/domain/money.js";
import { byAsset, byInterval, type Figures, figuresJson, figuresOf, isLosing, isWinning } from "../../src/domain/performance/index.js";
import { median, quantile } from "../../src/domain/performance/stats.js";
import { type GameResult, type ResultPosition, Unreadable } from "../../src/domain/service-data.js";
import { settled, unreadable } from "../helpers/results.js";

const T = Date.parse("2026-03-10T12:00:00Z");
const min = (n: number) => T + n * 60_000;
const wire = (d: Decimal | null) => (d === null ? null : toWire(d));

/**
 * #1 won +15 (two positions, one profitable), #2 lost −4, #3 cancelled,
 * #4 even, #5 won +0.5, #6 winnings unreadable, #7 lost −6, #8 lost −1.
 */
function handWorked(): GameResult[] {
  return [
    settled({
      gid: 1,
      at: min(1),
      staked: "10",
      paid: "25",
      positions: [
        { f: "5", w: "25", win: true },
        { f: "5", w: "0", win: false },
      ],
    }),
    settled({ gid: 2, at: min(2), staked: "4", paid: "0" }),
    settled({ gid: 3, at: min(3), staked: "7", paid: "7", cancelled: true, interval: 3600, asset: "ETH_USDT" }),
    settled({ gid: 4, at: min(4), staked: "3", paid: "3" }),
    settled({ gid: 5, at: min(5), staked: "2", paid: "2.5", interval: 10, asset: "ETH_USDT" }),
    unreadable(settled({ gid: 6, at: min(6), staked: "9", paid: "20" }), "total_winnings"),
    settled({ gid: 7, at: min(7), staked: "6", paid: "0", interval: 10, asset: "ETH_USDT" }),
    settled({ gid: 8, at: min(8), staked: "1", paid: "0", interval: 10, asset: "ETH_USDT" }),
  ];
}

function money(f: Figures) {
  return { staked: toWire(f.staked), paid: toWire(f.paid), net: toWire(f.net) };
}

describe("figuresOf", () => {
  it("counts, sums and rates a hand-worked set", () => {
    const f = figuresOf(handWorked());
    expect([f.games, f.won, f.lost, f.even, f.cancelled, f.unknown]).toEqual([8, 2, 3, 1, 1, 1]);
    expect(money(f)).toEqual({ staked: "26", paid: "30.5", net: "4.5" });
    expect(f.returnOnStake?.toDecimalPlaces(6).toFixed()).toBe("0.173077");
    expect(f.winRate?.eq(new Decimal(2).div(6))).toBe(true);
    expect([f.positions, f.positionsWon, f.positionsUnknown]).toEqual([7, 2, 0]);
    expect(f.positionWinRate?.eq(new Decimal(2).div(7))).toBe(true);
    expect(wire(f.averageNet)).toBe("0.75");
    // Nets −6, −4, −1, 0, 0.5, 15: an even count, the mean of the two middle ones.
    expect(wire(f.medianNet)).toBe("-0.5");
    expect(f.best).toEqual({ gid: "1", net: new Decimal(15), settledAt: min(1) });
    expect(f.worst).toEqual({ gid: "7", net: new Decimal(-6), settledAt: min(7) });
  });

  it("runs: cancelled skipped, even and unknown break, the current run is the latest", () => {
    const f = figuresOf(handWorked());
    // won, lost, (cancelled), even, won, unknown, lost, lost
    expect([f.longestWinningRun, f.longestLosingRun]).toEqual([1, 2]);
    expect(f.currentRun).toEqual({ kind: "lost", length: 2 });
  });

  it("a cancelled game neither breaks nor extends a run; runs follow settlement time, not input order", () => {
    const games = [
      settled({ gid: 13, at: min(4), staked: "1", paid: "2" }),
      settled({ gid: 12, at: min(3), staked: "1", paid: "2" }),
      settled({ gid: 11, at: min(2), staked: "1", paid: "1", cancelled: true }),
      settled({ gid: 10, at: min(1), staked: "1", paid: "2" }),
      settled({ gid: 9, at: min(0), staked: "1", paid: "0" }),
    ];
    const f = figuresOf(games);
    expect([f.longestWinningRun, f.longestLosingRun]).toEqual([3, 1]);
    expect(f.currentRun).toEqual({ kind: "won", length: 3 });
  });

  it("an even or unreadable latest game leaves no current run", () => {
    const even = figuresOf([settled({ gid: 1, at: min(1), paid: "2" }), settled({ gid: 2, at: min(2), paid: "1" })]);
    expect(even.currentRun).toEqual({ kind: "none", length: 0 });
    const lost = unreadable(settled({ gid: 3, at: min(3) }), "total_staked");
    expect(figuresOf([settled({ gid: 1, at: min(1), paid: "2" }), lost]).currentRun).toEqual({ kind: "none", length: 0 });
  });

  it("a cancelled game is refunded: counted as cancelled, in no sum", () => {
    const f = figuresOf([settled({ gid: 1, at: min(1), staked: "5", paid: "5", cancelled: true })]);
    expect([f.games, f.cancelled, f.positions]).toEqual([1, 1, 0]);
    expect(money(f)).toEqual({ staked: "0", paid: "0", net: "0" });
    expect([f.returnOnStake, f.winRate, f.averageNet, f.medianNet, f.best, f.worst]).toEqual([null, null, null, null, null, null]);
  });

  it("never guesses an unreadable game from net_return, nor a game whose cancellation cannot be read", () => {
    const games = [
      unreadable(settled({ gid: 1, at: min(1), staked: "5", paid: "9" }), "total_staked"),
      unreadable(settled({ gid: 2, at: min(2), staked: "5", paid: "9" }), "cancelled"),
    ];
    const f = figuresOf(games);
    expect([f.games, f.unknown, f.won, f.positions]).toEqual([2, 2, 0, 0]);
    expect(money(f)).toEqual({ staked: "0", paid: "0", net: "0" });
  });

  it("one result per game, the later copy; games not over or not played are left out", () => {
    const f = figuresOf([
      settled({ gid: 1, at: min(1), staked: "1", paid: "0" }),
      settled({ gid: 1, at: min(1), staked: "1", paid: "3" }),
      settled({ gid: 2, at: null, staked: "4", paid: "0" }),
      settled({ gid: 3, at: min(2), staked: "0", paid: "0", positions: [] }),
    ]);
    expect([f.games, f.won]).toEqual([1, 1]);
    expect(money(f)).toEqual({ staked: "1", paid: "3", net: "2" });
  });

  it("a game with an unreadable settlement time counts, is never the most recent, and is in no run", () => {
    const untimed = unreadable(settled({ gid: 9, at: min(9), staked: "1", paid: "3" }), "settled_at");
    const f = figuresOf([untimed, settled({ gid: 1, at: min(1), staked: "1", paid: "3" })]);
    expect([f.games, f.won, f.longestWinningRun]).toEqual([2, 2, 1]);
    expect(f.best).toEqual({ gid: "1", net: new Decimal(2), settledAt: min(1) });
  });

  it("a win amount counts as profitable above 0; an unreadable win is in no position rate", () => {
    const g = settled({ gid: 1, at: min(1), staked: "3", paid: "2", positions: [{ f: "1" }, { f: "1" }, { f: "1" }] });
    const positions = [
      { ...g.positions[0]!, win: new Decimal("0.4") },
      { ...g.positions[1]!, win: new Decimal("0") },
      { ...g.positions[2]!, win: null },
    ];
    const f = figuresOf([{ ...g, positions }]);
    expect([f.positions, f.positionsWon, f.positionsUnknown]).toEqual([3, 1, 1]);
    expect(wire(f.positionWinRate)).toBe("0.5");
  });

  it("a tie for best or worst goes to the most recent game", () => {
    const f = figuresOf([settled({ gid: 2, at: min(2), paid: "3" }), settled({ gid: 1, at: min(1), paid: "3" })]);
    expect([f.best?.gid, f.worst?.gid]).toEqual(["2", "2"]);
  });
});

describe("median and quantiles (type 7)", () => {
  const ds = (...xs: string[]) => xs.map((x) => new Decimal(x));
  it("takes the middle value of an odd count and the mean of the middle two of an even one", () => {
    expect(wire(median(ds("3", "1", "2")))).toBe("2");
    expect(wire(median(ds("4", "1", "3", "2")))).toBe("2.5");
    expect(median([])).toBeNull();
  });
  it("interpolates between ranks", () => {
    const sorted = ds("3", "5", "20", "50");
    expect(["0", "0.25", "0.5", "0.75", "0.9", "1"].map((p) => wire(quantile(sorted, p)))).toEqual([
      "3",
      "4.5",
      "12.5",
      "27.5",
      "41",
      "50",
    ]);
  });
});

describe("byInterval and byAsset", () => {
  it("one row per interval, ascending, with the unreadable ones last", () => {
    const games = [...handWorked(), unreadable(settled({ gid: 20, at: min(20), staked: "2", paid: "0" }), "interval")];
    const rows = byInterval(games);
    expect(rows.map((r) => [r.key, r.figures.games, toWire(r.figures.net)])).toEqual([
      [10, 3, "-6.5"],
      [60, 4, "11"],
      [3600, 1, "0"],
      [null, 1, "-2"],
    ]);
  });

  it("one row per asset, by name", () => {
    const rows = byAsset(handWorked());
    expect(rows.map((r) => [r.key, r.figures.games, money(r.figures)])).toEqual([
      ["BTC_USDT", 4, { staked: "17", paid: "28", net: "11" }],
      ["ETH_USDT", 4, { staked: "9", paid: "2.5", net: "-6.5" }],
    ]);
  });
});

describe("figuresJson", () => {
  it("writes money exactly, quotients to 8 places, times in ISO", () => {
    const j = figuresJson(figuresOf(handWorked()));
    expect(j).toMatchObject({
      games: 8,
      won: 2,
      lost: 3,
      even: 1,
      cancelled: 1,
      unknown: 1,
      positions: 7,
      positions_won: 2,
      positions_unknown: 0,
      staked: "26",
      paid: "30.5",
      net: "4.5",
      return_on_stake: "0.17307692",
      win_rate: "0.33333333",
      position_win_rate: "0.28571429",
      average_net: "0.75",
      median_net: "-0.5",
      best: { gid: "1", net: "15", settled_at: "2026-03-10T12:01:00.000Z" },
      worst: { gid: "7", net: "-6", settled_at: "2026-03-10T12:07:00.000Z" },
      longest_winning_run: 1,
      longest_losing_run: 2,
      current_run: { kind: "lost", length: 2 },
    });
    expect(JSON.parse(JSON.stringify(j))).toEqual(j);
  });

  it("null where a figure is not known", () => {
    const j = figuresJson(figuresOf([]));
    expect([j.return_on_stake, j.win_rate, j.position_win_rate, j.average_net, j.median_net, j.best, j.worst]).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect([j.staked, j.net, j.games]).toEqual(["0", "0", 0]);
  });
});

describe("a position's win, given as a flag or as an amount", () => {
  const p = (win: boolean | Decimal | null | Unreadable) => ({ win }) as ResultPosition;
  it("is profitable when the flag says so or the amount is above zero; not when false or zero or below; unknown otherwise", () => {
    const cases = [true, false, new Decimal("1.5"), new Decimal(0), new Decimal("-1"), null, new Unreadable("win", "x", "maybe")];
    expect(cases.map((w) => [isWinning(p(w)), isLosing(p(w))])).toEqual([
      [true, false],
      [false, true],
      [true, false],
      [false, true],
      [false, true],
      [false, false],
      [false, false],
    ]);
  });
});
