/**
 * The order of the performance figures' games and rows (src/domain/performance/played.ts, tables.ts):
 * game ids numerically when both are digits, else as text; a game with no readable time first; rows by
 * interval or asset with the one that cannot be read last; and an outcome only from figures read.
 */
import { describe, expect, it } from "vitest";
import { byAsset, byInterval, performanceOutcome } from "../../src/domain/performance/index.js";
import { compareGames, compareGids } from "../../src/domain/performance/played.js";
import { settled, unreadable } from "../helpers/results.js";

const T = Date.parse("2026-03-10T12:00:00Z");
const sign = (n: number) => Math.sign(n);

describe("compareGids", () => {
  it("orders digit ids by number and other ids as text", () => {
    const pairs: [string, string][] = [
      ["999", "1000"],
      ["1000", "999"],
      ["12", "34"],
      ["34", "12"],
      ["5", "5"],
      ["ab", "c"],
      ["9x", "100"],
      ["x9", "100"],
    ];
    expect(pairs.map(([a, b]) => sign(compareGids(a, b)))).toEqual([-1, 1, -1, 1, 0, -1, 1, 1]);
  });
});

describe("compareGames", () => {
  it("puts a game with no readable time before every timed one, then the oldest first, then by id", () => {
    const none = { at: null, gid: "2" };
    const early = { at: T, gid: "1" };
    expect([compareGames(none, early), compareGames(early, none), sign(compareGames(early, { at: T + 1, gid: "0" }))]).toEqual([-1, 1, -1]);
    expect([sign(compareGames({ at: T, gid: "10" }, { at: T, gid: "9" })), sign(compareGames(none, { at: null, gid: "10" }))]).toEqual([
      1, -1,
    ]);
  });
});

describe("performanceOutcome", () => {
  it("is unknown unless the stakes and the winnings can both be read, whatever the service's net says", () => {
    const won = settled({ gid: 1, at: T, staked: "1", paid: "3" });
    expect([
      performanceOutcome(won),
      performanceOutcome(unreadable(won, "total_staked")),
      performanceOutcome(unreadable(won, "total_winnings")),
      performanceOutcome(unreadable(won, "cancelled")),
      performanceOutcome(settled({ gid: 2, at: T, cancelled: true })),
    ]).toEqual(["won", "unknown", "unknown", "unknown", "cancelled"]);
  });
});

describe("rows by interval and by asset", () => {
  it("orders the rows, the one that cannot be read last", () => {
    const games = [
      settled({ gid: 1, at: T, asset: "ETH_USDT", interval: 3600 }),
      unreadable(settled({ gid: 2, at: T, asset: "XRP_USDT", interval: 86400 }), "asset"),
      settled({ gid: 3, at: T, asset: "BTC_USDT", interval: 10 }),
      settled({ gid: 4, at: T, asset: "ADA_USDT", interval: 60 }),
      unreadable(settled({ gid: 5, at: T }), "interval"),
    ];
    expect(byAsset(games).map((r) => r.key)).toEqual(["ADA_USDT", "BTC_USDT", "ETH_USDT", null]);
    expect(byAsset([games[0]!, games[2]!, games[0]!]).map((r) => r.key)).toEqual(["BTC_USDT", "ETH_USDT"]);
    expect(byInterval(games).map((r) => r.key)).toEqual([10, 60, 3600, 86400, null]);
  });
});
