/**
 * The performance figures as text (src/domain/performance/text.ts), for `spotdash stats` and the
 * performance view: every line and cell of a hand-worked set, each label saying what its figure is.
 * #1 won +15 (two positions, one profitable), #2 lost −4, #3 cancelled, #4 even, #5 won +0.5,
 * #6 winnings unreadable, #7 lost −6, #8 lost −1.
 */
import { describe, expect, it } from "vitest";
import { Decimal } from "../../src/domain/money.js";
import { histogramOf } from "../../src/domain/performance/distance.js";
import { byAsset, byInterval, figuresOf, strikeDistance } from "../../src/domain/performance/index.js";
import {
  assetCells,
  distanceLines,
  histogramLine,
  intervalCells,
  rateText,
  summaryLines,
  TABLE_COLUMNS,
} from "../../src/domain/performance/text.js";
import type { GameResult } from "../../src/domain/service-data.js";
import { settled, unreadable } from "../helpers/results.js";

const T = Date.parse("2026-03-10T12:00:00Z");
const min = (n: number) => T + n * 60_000;

function handWorked(): GameResult[] {
  return [
    settled({
      gid: 1,
      at: min(1),
      staked: "10",
      paid: "25",
      closing: "60000",
      positions: [
        { f: "5", w: "25", win: true, variance: "6" },
        { f: "5", w: "0", win: false, variance: "-600" },
      ],
    }),
    settled({ gid: 2, at: min(2), staked: "4", paid: "0", closing: "60000", positions: [{ f: "4", w: "0", win: false, variance: "120" }] }),
    settled({ gid: 3, at: min(3), staked: "7", paid: "7", cancelled: true, interval: 3600, asset: "ETH_USDT" }),
    settled({ gid: 4, at: min(4), staked: "3", paid: "3", positions: [{ f: "3", w: "3", win: false, variance: null }] }),
    settled({ gid: 5, at: min(5), staked: "2", paid: "2.5", interval: 10, asset: "ETH_USDT", closing: null }),
    unreadable(settled({ gid: 6, at: min(6), staked: "9", paid: "20" }), "total_winnings"),
    settled({ gid: 7, at: min(7), staked: "6", paid: "0", interval: 10, asset: "ETH_USDT" }),
    settled({ gid: 8, at: min(8), staked: "1", paid: "0", interval: 10, asset: "ETH_USDT" }),
  ];
}

describe("the performance as text", () => {
  it("sums up the games in five labelled lines", () => {
    expect(summaryLines(figuresOf(handWorked()), "USDC")).toEqual([
      "8 settled games: won 2 · lost 3 · even 1 · cancelled 1 (refunded) · 1 unreadable, left out",
      "net +4.50 USDC = paid 30.50 − staked 26.00 · return on stake +17.31%",
      "won 33.3% of games, 28.6% of 7 positions · net per game: average +0.75, median -0.50",
      "best game +15.00 (#1 03-10) · worst -6.00 (#7 03-10)",
      "longest runs: 1 won, 2 lost · now lost 2",
    ]);
  });

  it("says so when no game has settled, and leaves out the counts and the run that are nothing", () => {
    expect(summaryLines(figuresOf([]), "USDC")).toEqual(["no settled games"]);
    const one = summaryLines(figuresOf([settled({ gid: 9, at: T, staked: "1", paid: "2" })]), "USDC");
    expect([one[0], one[4]]).toEqual(["1 settled game: won 1 · lost 0 · even 0", "longest runs: 1 won, 0 lost · now won 1"]);
  });

  it("fills a row per interval and per asset, with a dash for a figure a cancelled game cannot have", () => {
    expect(intervalCells(byInterval(handWorked()))).toEqual([
      ["10s", "3", "3", "9.00", "2.50", "-6.50", "-72.22%", "33.3%", "33.3%", "-1.00"],
      ["1m", "4", "4", "17.00", "28.00", "+11.00", "+64.71%", "33.3%", "25.0%", "0.00"],
      ["1h", "1", "0", "0.00", "0.00", "0.00", "–", "–", "–", "–"],
    ]);
    expect(assetCells(byAsset(handWorked())).map((r) => r[0])).toEqual(["BTC_USDT", "ETH_USDT"]);
    // At the minimum stake, paid keeps the net's digits: PAID less STAKED reads as NET.
    const small = settled({ gid: 9, at: T, staked: "0.01", paid: "0.006263", interval: 10 });
    expect(intervalCells(byInterval([small]))[0]!.slice(3, 6)).toEqual(["0.01", "0.006263", "-0.003737"]);
  });

  it("gives the strikes' distance from the close in price and in percent of it", () => {
    expect(distanceLines(strikeDistance(handWorked()))).toEqual(DISTANCE);
    expect(distanceLines(strikeDistance([]))).toEqual(["strike to close: no position with a distance yet"]);
    // One asset's positions: in price and in percent.
    const btc = handWorked().filter((g) => g.asset === "BTC_USDT");
    expect(distanceLines(strikeDistance(btc))[0]).toMatch(/^strike to close over \d+ positions: median [\d,]+\.\d\d \(\d\.\d{3}%\) · p25 /);
  });

  it("marks what it cannot say: no best game, no rate, no run now, a game with no settled time, a row with no key", () => {
    const refunded = summaryLines(figuresOf([settled({ gid: 1, at: T, staked: "1", paid: "1", cancelled: true })]), "USDC");
    expect(refunded.slice(2)).toEqual([
      "won – of games, – of 0 positions · net per game: average –, median –",
      "best game – · worst –",
      "longest runs: 0 won, 0 lost",
    ]);
    const undated = summaryLines(figuresOf([unreadable(settled({ gid: 2, at: T, staked: "1", paid: "3" }), "settled_at")]), "USDC");
    expect(undated[3]).toBe("best game +2.00 (#2) · worst +2.00 (#2)");
    const noKey = unreadable(settled({ gid: 3, at: T, staked: "1", paid: "0" }), "interval");
    const noAsset = unreadable(settled({ gid: 4, at: T, staked: "1", paid: "0" }), "asset");
    expect([intervalCells(byInterval([noKey]))[0]![0], assetCells(byAsset([noAsset]))[0]![0]]).toEqual(["?", "?"]);
  });

  it("gives a dash for a side with no position, and no count of the unmeasured when there are none", () => {
    const won = settled({
      gid: 5,
      at: T,
      staked: "1",
      paid: "2",
      closing: "60010",
      positions: [{ f: "1", w: "2", win: true, variance: "10" }],
    });
    expect(distanceLines(strikeDistance([won]))[1]).toBe("median when won 10.00 (0.017%) · when lost –");
  });

  it("gives distances in price alone where no close was read to measure a percent by", () => {
    const noClose = settled({
      gid: 6,
      at: T,
      staked: "1",
      paid: "2",
      closing: null,
      positions: [{ f: "1", w: "2", win: true, variance: "10" }],
    });
    expect(distanceLines(strikeDistance([noClose]))).toEqual([
      "strike to close over 1 position: median 10.00 · p25 10.00 · p75 10.00 · p90 10.00 · max 10.00",
      "median when won 10.00 · when lost –",
    ]);
  });

  it("names the table's columns, the row's name first", () => {
    expect(TABLE_COLUMNS.map((c) => c.title)).toEqual(["", "GAMES", "POS", "STAKED", "PAID", "NET", "RETURN", "WON", "POS WON", "MEDIAN"]);
  });

  it("lays the histogram's buckets on one line, and a rate as a percent with one decimal", () => {
    expect(histogramLine(histogramOf(["0.02", "0.3", "5"].map((v) => new Decimal(v))))).toBe(
      "strike to close, in % of the close: <0.01% 0 · <0.05% 1 · <0.1% 0 · <0.25% 0 · <0.5% 1 · <1% 0 · <2% 0 · >=2% 1",
    );
    expect([rateText(null), rateText(new Decimal("0.5234")), rateText(new Decimal(1))]).toEqual(["–", "52.3%", "100.0%"]);
  });
});

/**
 * Seven positions measured (#4's has no variance; #6, whose winnings are unreadable, still has a close):
 * 0, 0, 0, 0, 6, 120 and 600 from the close; in percent of it six, #5 having no close.
 */
/** Over BTC_USDT's and ETH_USDT's positions: in percent only; the one whose game has no close has no distance then. */
const DISTANCE = [
  "strike to close over 6 positions of 2 assets, in % of the close: median 0.005% · p25 0.000% · p75 0.152% · p90 0.600% · max 1.000%",
  "median when won 0.005% · when lost 0.100% · 2 with no distance",
];
