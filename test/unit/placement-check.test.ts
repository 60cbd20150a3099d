/**
 * Whether a position can be placed, and why not (src/domain/placement.ts), as the form and
 * `spotdash place` say it: each problem's words, each limit at its edge, the game's phase, and the free
 * strike p and P offer.
 */
import { describe, expect, it } from "vitest";
import { Decimal } from "../../src/domain/money.js";
import {
  checkPlacement,
  farFromPrice,
  freeStrike,
  noLiveGame,
  type PlacementContext,
  whyNotAccepting,
} from "../../src/domain/placement.js";
import { type GameListing, Unreadable } from "../../src/domain/service-data.js";
import { listing } from "../helpers/fixtures.js";

const START = Date.UTC(2026, 10, 25, 12, 0, 0);
/** A 60 s game: accepting for 60 s, then a 15 s lobby. */
const live = (): GameListing => listing({ start: START, gid: "700", now: START + 1_000 });
const held = (sp: string, f: string) => ({ sp: new Decimal(sp), f: new Decimal(f) });
const ctx = (over: Partial<PlacementContext> = {}): PlacementContext => ({
  interval: 60,
  listing: live(),
  now: START + 1_000,
  balance: new Decimal("100"),
  held: [],
  ...over,
});
const problems = (price: string, stake: string, over: Partial<PlacementContext> = {}) => {
  const c = checkPlacement(price, stake, ctx(over));
  return c.ok ? [] : c.problems;
};

describe("checkPlacement", () => {
  it("sends the price and stake in their wire forms for the live game", () => {
    expect(checkPlacement(" 67100.50 ", "2.500", ctx())).toEqual({ ok: true, gid: "700", sp: "67100.5", f: "2.5" });
  });

  it("names what is not a number, quoting it as typed", () => {
    expect(problems(" 67k ", " two ")).toEqual(['price: "67k" is not a decimal number', 'stake: "two" is not a decimal number']);
    expect(problems("", "  ")).toEqual(["price is empty", "stake is empty"]);
  });

  it("takes a price grouped by thousands and names a decimal comma for what it is", () => {
    expect(checkPlacement("67,100.5", "2.5", ctx())).toEqual({ ok: true, gid: "700", sp: "67100.5", f: "2.5" });
    expect(problems("67100", "0,5")).toEqual(['stake: "0,5" is not a decimal number (the decimal mark is a dot)']);
  });

  it("refuses a price of zero or below", () => {
    expect([problems("0", "1"), problems("-5", "1")]).toEqual([["price must be positive"], ["price must be positive"]]);
  });

  it("takes a price to eight decimals, as the service does, and says so past them before anything is sent", () => {
    expect(problems("63500.12345678", "1")).toEqual([]);
    expect(problems("63500.123456789012345678", "1")).toEqual(["price has more than 8 decimals"]);
  });

  it("takes a price or a stake under 10^15 and names a longer run of digits a typo, before anything is sent", () => {
    expect(problems("999999999999999", "1", { balance: undefined })).toEqual([]);
    expect(problems("635006350063500123", "1")).toEqual(["price of 16 digits or more: a typo, not a price"]);
    expect(problems("1", "1000000000000000", { balance: undefined })).toEqual(["stake of 16 digits or more: a typo, not a stake"]);
  });

  it("takes a stake to six decimals and its interval's minimum, and not past the balance", () => {
    expect(problems("1", "1.000001")).toEqual([]);
    expect(problems("1", "1.0000001")).toEqual(["stake has more than 6 decimals"]);
    expect([problems("1", "0.1"), problems("1", "0.099")]).toEqual([[], ["stake below the 1m minimum of 0.1"]]);
    // A stake of nothing or less is not one a little small: the minimum is not what is wrong with it.
    expect([problems("1", "0"), problems("1", "-5")]).toEqual([["stake must be positive"], ["stake must be positive"]]);
    expect([problems("1", "100"), problems("1", "100.01")]).toEqual([[], ["stake above the balance of 100.00"]]);
    expect(problems("1", "5000", { balance: undefined })).toEqual([]);
  });

  it("takes a tenth position and refuses an eleventh", () => {
    const nine = Array.from({ length: 9 }, (_, i) => held(String(60_000 + i), "1"));
    expect(problems("1", "1", { held: nine })).toEqual([]);
    expect(problems("1", "1", { held: [...nine, held("70000", "1")] })).toEqual(["no positions left in this game (10 of 10 held)"]);
  });

  it("refuses the same price and stake as a position held, exactly, and only that", () => {
    const dup = "same price and stake as a position you hold (the service would refuse it as a duplicate)";
    expect(problems("67100.0", "2.50", { held: [held("67100", "2.5")] })).toEqual([dup]);
    expect(problems("67100", "2", { held: [held("67100", "2.5")] })).toEqual([]);
    expect(problems("67100", "2.5", { held: [{ sp: new Unreadable("sp", "x", ""), f: new Decimal("2.5") }] })).toEqual([]);
  });

  it("says why the game does not take it, and takes nothing without a live game", () => {
    expect(problems("1", "1", { listing: undefined })).toEqual(["the live game is not known yet"]);
    expect(checkPlacement("1", "1", ctx({ listing: { ...live(), liveGame: null, nextGame: null } }))).toMatchObject({ ok: false });
  });
});

describe("whyNotAccepting", () => {
  const at = (now: number, l: GameListing = live()) => whyNotAccepting(l, now);

  it("follows the game's phase, the service's word while accepting", () => {
    expect(at(START - 12_000)).toBe("the game opens in 0:12");
    expect(at(START)).toBeNull();
    expect(at(START, { ...live(), can_place_position: false })).toBe("the service is not accepting positions from you right now");
    expect(at(START + 60_000, { ...live(), nextGame: null })).toBe("locked — no next game announced");
    expect(at(START + 61_000)).toMatch(/^locked — next game opens in 0:1[34]$/);
    expect(at(START + 75_000)).toBe("the game has ended — waiting for the next one");
  });
});

describe("noLiveGame", () => {
  const none = (nextGame: GameListing["nextGame"]): GameListing => ({ ...live(), liveGame: null, nextGame });

  it("names the market and what comes next", () => {
    expect(noLiveGame(none(null), START)).toBe("no live game for BTC_USDT 1m and no next game announced");
    expect(noLiveGame(none(new Unreadable("nextGame", "expected an object", "1")), START)).toBe(
      "no live game for BTC_USDT 1m; the next game could not be read",
    );
    const next = { gid: "701", starts_at: START + 12_000, ends_at: START + 87_000, extra: {} };
    expect(noLiveGame(none(next), START)).toBe("no live game for BTC_USDT 1m — next game #701 opens in 0:12");
    expect(noLiveGame(none({ ...next, gid: new Unreadable("nextGame.gid", "x", "") }), START + 20_000)).toBe(
      "no live game for BTC_USDT 1m — next game opens in 0:00",
    );
  });
});

describe("freeStrike", () => {
  it("is the price rounded when free, else the nearest free whole strike, above before below", () => {
    expect(freeStrike(new Decimal("67100.4"), new Decimal(1), [])).toEqual(new Decimal(67100));
    expect(freeStrike(new Decimal("67100"), new Decimal(1), [held("67100", "1")])).toEqual(new Decimal(67101));
    expect(freeStrike(new Decimal("67100"), new Decimal(1), [held("67100", "1"), held("67101", "1")])).toEqual(new Decimal(67099));
    expect(freeStrike(new Decimal("67100"), new Decimal(2), [held("67100", "1")])).toEqual(new Decimal(67100));
  });

  it("finds one free among the nearest however the ten held are placed", () => {
    const tenAbove = Array.from({ length: 10 }, (_, i) => held(String(67_100 + i), "1"));
    expect(freeStrike(new Decimal("67100"), new Decimal(1), tenAbove)).toEqual(new Decimal(67099));
    const around = [0, 1, -1, 2, -2, 3, -3, 4, -4, 5].map((d) => held(String(67_100 + d), "1"));
    expect(freeStrike(new Decimal("67100"), new Decimal(1), around)).toEqual(new Decimal(67095));
  });
});

describe("farFromPrice: how far a price far from the live one is", () => {
  const live = new Decimal("67000");
  it("says nothing within a tenth of the live price, either side, nor without a price", () => {
    expect(farFromPrice(new Decimal("73700"), live)).toBeUndefined();
    expect(farFromPrice(new Decimal("60300"), live)).toBeUndefined();
    expect(farFromPrice(new Decimal("670000"), undefined)).toBeUndefined();
  });

  it("past a tenth, the whole percentage and the side: a dropped digit, swapped first digits", () => {
    expect(farFromPrice(new Decimal("73701"), live)).toBe("10% above the live price");
    expect(farFromPrice(new Decimal("6700"), live)).toBe("90% below the live price");
    expect(farFromPrice(new Decimal("76000"), live, true)).toBe("13% above live");
  });

  it("past ten times the price, no percentage a pasted number could make any length", () => {
    expect(farFromPrice(new Decimal("670000"), live)).toBe("900% above the live price");
    expect(farFromPrice(new Decimal("670001"), live)).toBe("over 10x the live price");
    expect(farFromPrice(new Decimal("123456789012345678901234"), live, true)).toBe("over 10x live");
  });
});
