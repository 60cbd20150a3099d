/** Strike distance, the cumulative net series and the selection (src/domain/performance/). */
import { describe, expect, it } from "vitest";
import { Decimal, toWire } from "../../src/domain/money.js";
import {
  cumulativeNet,
  DISTANCE_BUCKETS_PCT,
  figuresOf,
  performanceJson,
  performanceOf,
  RANGES,
  rangeStart,
  type Spread,
  selectGames,
  strikeDistance,
  strikeDistanceJson,
} from "../../src/domain/performance/index.js";
import type { GameResult } from "../../src/domain/service-data.js";
import { settled, unreadable } from "../helpers/results.js";

const T = Date.parse("2026-03-10T12:00:00Z");
const wire = (d: Decimal | null) => (d === null ? null : toWire(d));
const spread = (s: Spread | null) =>
  s === null ? null : [s.count, ...[s.min, s.p25, s.median, s.p75, s.p90, s.max, s.mean].map((d) => d.toDecimalPlaces(10).toFixed())];

/** Distances 50 and 5 at a close of 50,000; 20 (and one unmeasured) at 2,000; 3 with no close; a cancelled game's 100. */
function distanceGames(): GameResult[] {
  return [
    settled({
      gid: 1,
      at: T,
      closing: "50000",
      positions: [
        { variance: "-50", win: false },
        { variance: "5", win: true },
      ],
    }),
    settled({
      gid: 2,
      at: T + 1,
      closing: "2000",
      positions: [
        { variance: "20", win: false },
        { variance: null, win: false },
      ],
    }),
    settled({ gid: 3, at: T + 2, closing: null, positions: [{ variance: "3", win: true }] }),
    settled({ gid: 4, at: T + 3, closing: "100", cancelled: true, positions: [{ variance: "100", win: false }] }),
  ];
}

describe("strikeDistance", () => {
  it("in price: the absolute variance over settled, not cancelled games", () => {
    // 3, 5, 20, 50: quartiles by type 7 (h = (n − 1) p).
    expect(spread(strikeDistance(distanceGames()).price)).toEqual([4, "3", "4.5", "12.5", "27.5", "41", "50", "19.5"]);
  });

  it("in percent of the close, where there is one", () => {
    // 0.01 %, 0.1 %, 1 %.
    expect(spread(strikeDistance(distanceGames()).percent)).toEqual([3, "0.01", "0.055", "0.1", "0.55", "0.82", "1", "0.37"]);
  });

  it("buckets the percents, each bound exclusive", () => {
    const d = strikeDistance(distanceGames());
    expect(d.histogram.map((b) => b.label)).toEqual(["<0.01%", "<0.05%", "<0.1%", "<0.25%", "<0.5%", "<1%", "<2%", ">=2%"]);
    expect(d.histogram.map((b) => b.count)).toEqual([0, 1, 0, 1, 0, 0, 1, 0]);
    expect(d.histogram.length).toBe(DISTANCE_BUCKETS_PCT.length + 1);
  });

  it("won against lost medians, and the positions with no distance", () => {
    const d = strikeDistance(distanceGames());
    expect([wire(d.won.price), wire(d.won.percent), wire(d.lost.price), wire(d.lost.percent)]).toEqual(["4", "0.01", "35", "0.55"]);
    expect(d.unmeasured).toBe(1);
  });

  it("skips the percent where the close is zero or unreadable, and is empty without positions", () => {
    const zero = settled({ gid: 1, at: T, closing: "0", positions: [{ variance: "1" }] });
    const unread = unreadable(settled({ gid: 2, at: T, positions: [{ variance: "2" }] }), "closing_price");
    const d = strikeDistance([zero, unread]);
    expect([d.price?.count, d.percent]).toEqual([2, null]);
    const none = strikeDistance([]);
    expect([none.price, none.percent, none.histogram.every((b) => b.count === 0)]).toEqual([null, null, true]);
  });

  it("writes prices exactly and percents to 8 places in JSON", () => {
    const j = strikeDistanceJson(strikeDistance(distanceGames()));
    expect(j.price).toEqual({ count: 4, min: "3", p25: "4.5", median: "12.5", p75: "27.5", p90: "41", max: "50", mean: "19.5" });
    expect(j.percent?.mean).toBe("0.37");
    expect(j.histogram[0]).toEqual({ label: "<0.01%", below_pct: "0.01", count: 0 });
    expect(j.histogram.at(-1)).toEqual({ label: ">=2%", below_pct: null, count: 0 });
  });
});

describe("cumulativeNet", () => {
  it("a point per game played out, oldest first, ties by gid; cancelled and unknown counted, not drawn", () => {
    const games = [
      settled({ gid: 10, at: T + 2, staked: "1", paid: "0" }),
      settled({ gid: 9, at: T + 2, staked: "2", paid: "5" }),
      settled({ gid: 1000, at: T, staked: "0.1", paid: "0.3" }),
      settled({ gid: 3, at: T + 1, staked: "4", paid: "4", cancelled: true }),
      unreadable(settled({ gid: 4, at: T + 1, staked: "4", paid: "9" }), "total_staked"),
      settled({ gid: 5, at: T + 3, staked: "1", paid: "1" }),
    ];
    const s = cumulativeNet(games);
    expect(s.points.map((p) => [p.t - T, p.gid, toWire(p.net)])).toEqual([
      [0, "1000", "0.2"],
      [2, "9", "3.2"],
      [2, "10", "2.2"],
      [3, "5", "2.2"],
    ]);
    expect([s.cancelled, s.unknown, s.untimed]).toEqual([1, 1, 0]);
    expect(s.points.at(-1)!.net.eq(figuresOf(games).net)).toBe(true);
  });

  it("leaves out, and counts, a game played out with no readable settlement time", () => {
    const s = cumulativeNet([unreadable(settled({ gid: 1, at: T, paid: "3" }), "settled_at"), settled({ gid: 2, at: T, paid: "2" })]);
    expect([s.points.length, s.untimed, toWire(s.points[0]!.net)]).toEqual([1, 1, "1"]);
  });
});

describe("selectGames", () => {
  const now = Date.parse("2026-03-10T05:00:00Z");
  const day = 24 * 3_600_000;
  const games = () => [
    settled({ gid: 1, at: Date.parse("2026-03-10T00:00:00Z") }),
    settled({ gid: 2, at: Date.parse("2026-03-09T23:59:59.999Z") }),
    settled({ gid: 3, at: now - 7 * day }),
    settled({ gid: 4, at: now - 7 * day - 1, asset: "ETH_USDT", interval: 10 }),
    settled({ gid: 5, at: now - 30 * day - 1, network: "mainnet" }),
    unreadable(settled({ gid: 6, at: now }), "settled_at"),
    settled({ gid: 7, at: now + 1_000 }),
  ];
  const gids = (range: (typeof RANGES)[number]["id"], extra = {}) => selectGames(games(), { range, ...extra }, now).map((g) => g.gid);

  it("today is the UTC day of now; 7 and 30 days are 24 h days back from now; all is all", () => {
    expect(gids("today")).toEqual(["1", "7"]);
    expect(gids("7d")).toEqual(["1", "2", "3", "7"]);
    expect(gids("30d")).toEqual(["1", "2", "3", "4", "7"]);
    expect(gids("all")).toEqual(["1", "2", "3", "4", "5", "6", "7"]);
    expect(rangeStart("today", now)).toBe(Date.parse("2026-03-10T00:00:00Z"));
  });

  it("filters by asset, interval and network, leaving out a game that cannot say", () => {
    const unsure = unreadable(settled({ gid: 8, at: now, asset: "ETH_USDT" }), "asset");
    expect(selectGames([...games(), unsure], { range: "all", asset: "ETH_USDT" }, now).map((g) => g.gid)).toEqual(["4"]);
    expect(gids("all", { interval: 10 })).toEqual(["4"]);
    expect(gids("all", { network: "mainnet" })).toEqual(["5"]);
  });

  it("names the ranges once, for a UI and a CLI flag", () => {
    expect(RANGES.map((r) => [r.id, r.label])).toEqual([
      ["today", "today"],
      ["7d", "7 days"],
      ["30d", "30 days"],
      ["all", "all"],
    ]);
  });

  it("performanceJson describes the selection it was made from", () => {
    const j = performanceJson(performanceOf(games(), { range: "7d", asset: "BTC_USDT" }, now));
    expect(j).toMatchObject({
      range: "7d",
      range_label: "7 days",
      since: "2026-03-03T05:00:00.000Z",
      now: "2026-03-10T05:00:00.000Z",
      asset: "BTC_USDT",
      interval: null,
      network: null,
    });
    expect([j.figures.games, j.by_interval.length, j.by_asset.map((r) => r.asset)]).toEqual([4, 1, ["BTC_USDT"]]);
    expect(new Decimal(j.figures.net).eq(-4)).toBe(true);
  });
});
