/**
 * The book's rows and its summary line (src/domain/book.ts): which games a market holds, each row's
 * times, age and distance, the order, and the header's line. book-times.test.ts has a held game's
 * times when the listing has moved on.
 */
import { describe, expect, it } from "vitest";
import {
  type BookRow,
  bookIntervals,
  bookMarkets,
  bookRows,
  bookSummary,
  DEFAULT_BOOK_ASSETS,
  gameTimes,
  heldGids,
  type Market,
  type MarketData,
  marketLabel,
  projectedNet,
} from "../../src/domain/book.js";
import { Decimal, toWire } from "../../src/domain/money.js";
import type { Position } from "../../src/domain/service-data.js";
import { listing, statusPosition, statusResponse } from "../helpers/fixtures.js";

const START = 1_771_495_000_000;
const BTC: Market = { asset: "BTC_USDT", interval: 60 };
const ETH: Market = { asset: "ETH_USDT", interval: 60 };

/** A market whose live game #gid started at `start` (60 s, then a 15 s lobby), holding `positions`, read at `at`. */
function market(m: Market, gid: string, start: number, positions: Position[], at = START): MarketData {
  return {
    market: m,
    listing: { value: { ...listing({ start, gid, now: start + 1_000, asset: m.asset }), nextGame: null }, at },
    status: { value: statusResponse(positions), at },
  };
}
let txids = 0;
const pos = (gid: string | null, over: Record<string, unknown> = {}): Position => ({
  ...statusPosition({ gid: gid ?? "0", txid: `t-${gid}-${++txids}`, sp: "67000", f: "1", w: 1.5, ...over }),
  gid,
});

describe("markets", () => {
  it("looks through BTC and ETH, every interval, 10 s games only where the service runs them", () => {
    expect(DEFAULT_BOOK_ASSETS).toEqual(["BTC_USDT", "ETH_USDT"]);
    expect([bookIntervals(true), bookIntervals(false)]).toEqual([
      [10, 60, 3600, 86400],
      [60, 3600, 86400],
    ]);
    expect(bookMarkets(["BTC_USDT"], [60, 3600]).map(marketLabel)).toEqual(["BTC_USDT 1m", "BTC_USDT 1h"]);
  });
});

describe("heldGids", () => {
  it("lists each game held once, a position without a game in the live one, and no failed position's game", () => {
    const m = market(BTC, "700", START, [pos("700"), pos("700"), pos(null), pos("699", { st: "failed" }), pos("701")]);
    expect(heldGids(m)).toEqual(["700", "701"]);
    expect(heldGids({ market: BTC, status: { value: statusResponse([pos(null)]), at: START } })).toEqual([]);
  });
});

describe("gameTimes for the announced next game", () => {
  it("gives its end, and no lock time, which the listing does not give for it", () => {
    const m = market(BTC, "700", START, [pos("701")]);
    const next = { gid: "701", starts_at: START + 75_000, ends_at: START + 150_000, extra: {} };
    const withNext: MarketData = { ...m, listing: { value: { ...m.listing!.value, nextGame: next }, at: START } };
    expect(gameTimes(withNext, "701")).toEqual({ endsAt: START + 150_000, gone: false });
    expect(gameTimes({ market: BTC }, "701")).toEqual({ gone: false });
  });

  it("takes a game placed in at the listing's last end for newer than the listing, and one placed before it for over", () => {
    const end = START + 75_000;
    const at = (t: number) => market(BTC, "700", START, [pos("702", { t: String(t) })]);
    expect(gameTimes(at(end), "702")).toEqual({ gone: false, unknown: true });
    expect(gameTimes(at(end - 1), "702")).toEqual({ gone: true });
  });
});

describe("bookRows", () => {
  const NOW = START + 30_000;

  it("gives each held game its times from now, never below zero, the soonest to end first", () => {
    const rows = bookRows(
      [
        market(ETH, "900", START - 20_000, [pos("900")], START + 25_000),
        market(BTC, "700", START, [pos("700"), pos("700")], START + 29_000),
      ],
      {},
      BTC,
      NOW,
    );
    expect(rows.map((r) => [r.market.asset, r.gid, r.focused, r.closesIn, r.endsIn, r.ended, r.count, r.age])).toEqual([
      ["ETH_USDT", "900", false, 10_000, 25_000, false, 1, 5_000],
      ["BTC_USDT", "700", true, 30_000, 45_000, false, 2, 1_000],
    ]);
    const late = bookRows([market(BTC, "700", START, [pos("700")], START + 75_000)], {}, BTC, START + 80_000)[0]!;
    expect([late.closesIn, late.endsIn, late.ended, late.age]).toEqual([0, 0, true, 5_000]);
  });

  it("counts a game as ended from the very millisecond of its end", () => {
    const at = (now: number) => bookRows([market(BTC, "700", START, [pos("700")])], {}, BTC, now)[0]!.ended;
    expect([at(START + 74_999), at(START + 75_000)]).toEqual([false, true]);
  });

  it("puts a game with no known end last, and one held in failed positions nowhere", () => {
    const unknown: MarketData = { market: ETH, status: { value: statusResponse([pos("5")]), at: START } };
    const rows = bookRows([unknown, market(BTC, "700", START, [pos("700")])], {}, BTC, NOW);
    expect(rows.map((r) => [r.gid, r.endsIn, r.age])).toEqual([
      ["700", 45_000, 30_000],
      ["5", null, 30_000],
    ]);
    const placedOnly: MarketData = { market: BTC, placed: [pos("700")] };
    expect(bookRows([placedOnly], {}, BTC, NOW)[0]!.age).toBeUndefined();
  });

  it("counts and stakes only a game's active positions", () => {
    const m = market(BTC, "700", START, [pos("700", { f: "2" }), pos("700", { st: "failed", f: "5" })]);
    const [row] = bookRows([m], {}, BTC, NOW);
    expect([row!.count, toWire(row!.staked as Decimal)]).toEqual([1, "2"]);
  });

  it("measures the price from the nearest strike of an active position, not of a failed one", () => {
    const m = market(BTC, "700", START, [pos("700", { sp: "67000" }), pos("700", { sp: "67100", st: "failed" })]);
    const [row] = bookRows([m], { BTC_USDT: new Decimal("67080") }, BTC, NOW);
    expect(toWire(row!.distance!)).toBe("80");
  });

  it("holds no game whose only position /status says failed, though it was placed here", () => {
    const failed = pos("700", { st: "failed" });
    const m: MarketData = { ...market(BTC, "700", START, [failed]), placed: [{ ...failed, st: null }] };
    expect(bookRows([m], {}, BTC, NOW)).toEqual([]);
  });

  it("measures the price from the nearest strike, with the asset's own price", () => {
    const m = market(BTC, "700", START, [pos("700", { sp: "67000" }), pos("700", { sp: "67100" })]);
    const [row] = bookRows([m], { BTC_USDT: new Decimal("67080"), ETH_USDT: new Decimal("1") }, BTC, NOW);
    expect(toWire(row!.distance!)).toBe("-20");
    expect(bookRows([m], { ETH_USDT: new Decimal("1") }, BTC, NOW)[0]!.distance).toBeUndefined();
  });
});

describe("bookSummary", () => {
  const row = (over: Partial<BookRow>): BookRow => ({
    market: BTC,
    gid: "1",
    focused: false,
    closesIn: null,
    endsIn: null,
    ended: false,
    count: 2,
    staked: new Decimal("2"),
    projected: new Decimal("3.5"),
    returnPct: null,
    distance: undefined,
    age: undefined,
    ...over,
  });

  it("counts games and positions, and adds the projected net of the games not yet ended", () => {
    expect(bookSummary([row({}), row({ gid: "2", count: 3, staked: new Decimal(1), projected: new Decimal(0) })], "USDC")).toBe(
      "2 games · 5 positions · proj net +0.50 USDC",
    );
    expect(bookSummary([row({}), row({ gid: "2", ended: true, projected: null })], "USDC")).toBe(
      "2 games · 4 positions · proj net +1.50 USDC",
    );
  });

  it("leaves the net out while a projection is missing, or when every game has ended", () => {
    expect(bookSummary([row({ projected: null })], "USDC")).toBe("1 game · 2 positions");
    expect(bookSummary([row({ ended: true })], "USDC")).toBe("1 game · 2 positions");
    expect(projectedNet([])).toBeUndefined();
  });
});
