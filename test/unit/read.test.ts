/**
 * The tolerant reader (src/api/read/): every form docs/compatibility.md says
 * we accept reads to the same exact domain value, every form we refuse is
 * named, and what the dashboard does not display never stops a response.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseJson, stringifyJson } from "../../src/api/json.js";
import { UnusableResponse } from "../../src/api/read/fields.js";
import { readBalance, readListing, readLivePrice, readPlacedPosition, readResults, readStatus } from "../../src/api/read/resources.js";
import { preview, readBoolean, readDecimal, readEpochMs, readId, readInteger } from "../../src/api/read/values.js";
import { listingJson, positionJson } from "../../src/api/spec-form.js";
import { Decimal } from "../../src/domain/money.js";
import { Unreadable } from "../../src/domain/service-data.js";
import { wireListing, wireStatusPosition } from "../helpers/fixtures.js";

const S = Date.UTC(2026, 1, 19, 10, 0, 0);
const ASKED = { asset: "BTC_USDT", interval: 60 };

/** Reads a response given as JSON text, the way the client does. */
const fromText = <T>(read: (json: unknown) => T, text: string) => read(parseJson(text));

function unusable(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof UnusableResponse) return e.message;
    throw e;
  }
  throw new Error("expected the response to be unusable");
}

describe("values", () => {
  it.each([
    ["67036.047800", "67036.0478"],
    [" 67036.05 ", "67036.05"],
    ["+5", "5"],
    ["6.8e+4", "68000"],
    ["1E-7", "1e-7"],
    ["-0", "0"],
    [".5", "0.5"],
    ["5.", "5"],
  ])("decimal string %j reads as %s", (text, value) => {
    expect(readDecimal(text)?.toString()).toBe(value);
  });

  it.each(["", "abc", "1,000.50", "NaN", "Infinity", "0x10", "1e999999", "1e-999999", "12abc", "--1"])("decimal %j is refused", (text) => {
    expect(readDecimal(text)).toBeUndefined();
  });

  it("decimal JSON numbers keep their digits, in every notation", () => {
    const { a, b, c, d, e } = parseJson(
      '{"a":4.587819563491935,"b":6.8e+4,"c":-0,"d":1E-7,"e":0.1000000000000000055511151231257827}',
    ) as Record<string, unknown>;
    expect(readDecimal(a)?.toFixed()).toBe("4.587819563491935");
    expect(readDecimal(b)?.toFixed()).toBe("68000");
    expect(readDecimal(c)?.toFixed()).toBe("0");
    expect(readDecimal(d)?.toFixed()).toBe("0.0000001");
    // Past what a double holds: the digits as sent, not the nearest float.
    expect(readDecimal(e)?.toFixed()).toBe("0.1000000000000000055511151231257827");
  });

  it("refuses other kinds for a decimal", () => {
    for (const v of [true, null, {}, [], undefined]) expect(readDecimal(v)).toBeUndefined();
  });

  it("integers and ids: numbers or digit strings", () => {
    expect(readInteger(parseJson("60"))).toBe(60);
    expect(readInteger("60")).toBe(60);
    expect(readInteger(parseJson("60.0"))).toBe(60);
    expect(readInteger("6e1")).toBe(60);
    expect(readInteger("60.5")).toBeUndefined();
    expect(readInteger(parseJson("9007199254740993"))).toBeUndefined();
    expect(readId(parseJson("489886"))).toBe("489886");
    expect(readId(parseJson("4.89886e5"))).toBe("489886");
    expect(readId(" 489886 ")).toBe("489886");
    expect(readId("95c7bbf3-…")).toBe("95c7bbf3-…");
    expect(readId("")).toBeUndefined();
    expect(readId(parseJson("-1"))).toBeUndefined();
  });

  it("epoch ms: numbers, digit strings or ISO 8601 times", () => {
    expect(readEpochMs(parseJson("1771340700000"))).toBe(1771340700000);
    expect(readEpochMs("1771340700000")).toBe(1771340700000);
    expect(readEpochMs("2026-02-17T15:05:00.000Z")).toBe(Date.parse("2026-02-17T15:05:00.000Z"));
    expect(readEpochMs("soon")).toBeUndefined();
    expect(readEpochMs(parseJson("-5"))).toBeUndefined();
    // Past what a Date holds: it could not be shown as a time.
    expect(readEpochMs(parseJson("8640000000000000"))).toBe(8.64e15);
    expect(readEpochMs(parseJson("8640000000000001"))).toBeUndefined();
    expect(readEpochMs("+275760-09-13T00:00:00.001Z")).toBeUndefined();
  });

  it("a key written twice keeps its last value, as JSON.parse does", () => {
    expect(parseJson('{"a":1,"a":"2"}')).toEqual({ a: "2" });
  });

  it("a preview is redacted before it is cut, so no part of a key survives the cut", () => {
    const key = `metafide_${"a".repeat(32)}`;
    const text = preview(`${"x".repeat(25)}${key}`);
    expect(text).not.toMatch(/metafide_a/);
    expect(text).toContain("[redacted]");
  });

  it("booleans: true/false, 1/0 and their strings", () => {
    for (const v of [true, parseJson("1"), "true", "TRUE", "1", "yes"]) expect(readBoolean(v)).toBe(true);
    for (const v of [false, parseJson("0"), "false", "0", "no"]) expect(readBoolean(v)).toBe(false);
    for (const v of [parseJson("2"), "maybe", null, {}]) expect(readBoolean(v)).toBeUndefined();
  });
});

describe("any decimal reads exactly, as a string or as a number", () => {
  // Digits, an optional fraction and an optional exponent, as JSON writes numbers.
  const decimalText = fc
    .tuple(
      fc.boolean(),
      fc.stringMatching(/^(0|[1-9]\d{0,14})$/),
      fc.option(fc.stringMatching(/^\d{1,18}$/), { nil: undefined }),
      fc.option(fc.tuple(fc.constantFrom("e", "E"), fc.constantFrom("", "+", "-"), fc.integer({ min: 0, max: 12 })), { nil: undefined }),
    )
    .map(
      ([neg, int, frac, exp]) =>
        `${neg ? "-" : ""}${int}${frac === undefined ? "" : `.${frac}`}${exp === undefined ? "" : `${exp[0]}${exp[1]}${exp[2]}`}`,
    );

  it("the same Decimal whichever way it is written", () => {
    fc.assert(
      fc.property(decimalText, (text) => {
        const expected = new Decimal(text);
        const asNumber = readDecimal((parseJson(`{"v":${text}}`) as { v: unknown }).v);
        const asString = readDecimal((parseJson(`{"v":"${text}"}`) as { v: unknown }).v);
        expect(asNumber?.eq(expected)).toBe(true);
        expect(asString?.eq(expected)).toBe(true);
        // and back out with the value intact
        expect(new Decimal(asNumber!.toFixed()).eq(expected)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("a JS number the service wrote reads as the digits JSON.stringify gave it (within the sanity bound)", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        const text = JSON.stringify(n);
        const read = readDecimal((parseJson(`[${text}]`) as unknown[])[0]);
        const exact = new Decimal(text);
        // Magnitudes no market quotes (1e30 and up, or more than 40 decimals) are refused, never rounded.
        if (exact.abs().gte("1e30") || exact.decimalPlaces() > 40) expect(read).toBeUndefined();
        else expect(read?.eq(exact)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("GET /spot", () => {
  it("the spec's example reads field for field, and writes back the same", () => {
    const wire = wireListing({ start: S, now: S + 1_000 });
    const listing = fromText((j) => readListing(j, ASKED), JSON.stringify(wire));
    expect(listing.issues).toEqual([]);
    const back = JSON.parse(stringifyJson(listingJson(listing))) as typeof wire;
    expect(back).toEqual({
      ...wire,
      liveGame: { ...wire.liveGame, open_price: "67036.0478" },
    });
  });

  it("no live game: null, missing, {} or false", () => {
    for (const liveGame of [null, undefined, {}, false]) {
      const l = readListing(
        { ...wireListing({ start: S }), liveGame, can_place_position: undefined, early_precision_window: undefined },
        ASKED,
      );
      expect(l.liveGame).toBeNull();
      expect(l.can_place_position).toBe(false);
      expect(l.issues).toEqual([]);
    }
  });

  it("no next game, or one that cannot be read", () => {
    expect(readListing({ ...wireListing({ start: S }), nextGame: null }, ASKED).nextGame).toBeNull();
    const broken = readListing({ ...wireListing({ start: S }), nextGame: { gid: "1", starts_at: "later" } }, ASKED);
    expect(broken.nextGame).toBeInstanceOf(Unreadable);
    expect(broken.issues.map(String)).toEqual([
      'nextGame.starts_at: expected epoch milliseconds (number, digit string or ISO 8601 time), received "later" (string)',
    ]);
  });

  it("a missing lobby is no lobby; a lobby stands in for missing closes_at and ends_at", () => {
    const wire = wireListing({ start: S });
    const { lobby: _l, ...noLobby } = wire.liveGame;
    expect(readListing({ ...wire, liveGame: noLobby }, ASKED).liveGame?.lobby).toBeNull();
    const { closes_at: _c, ends_at: _e, ...onlyLobby } = wire.liveGame;
    const l = readListing({ ...wire, liveGame: onlyLobby }, ASKED).liveGame!;
    expect([l.closes_at, l.ends_at]).toEqual([wire.liveGame.closes_at, wire.liveGame.ends_at]);
  });

  it("a live game without its id or times is the game pane's error", () => {
    const wire = wireListing({ start: S });
    expect(unusable(() => readListing({ ...wire, liveGame: { ...wire.liveGame, gid: null } }, ASKED))).toBe("liveGame.gid: is null");
    expect(unusable(() => readListing({ ...wire, liveGame: "closed" }, ASKED))).toBe(
      'liveGame: expected an object, received "closed" (string)',
    );
  });

  it("ids as numbers, numbers as strings, flags as 0/1: all read", () => {
    const text = `{"asset":"BTC_USDT","interval":"60","early_precision_window":0,"can_place_position":"true","timestamp":"${S}",
      "nextGame":{"gid":489887,"starts_at":${S + 75_000},"ends_at":"${S + 150_000}"},
      "liveGame":{"gid":489886,"open_price":6.7036e+4,"ai_price":"67018.30517498772","start_at":"${S}","closes_at":${S + 60_000},"ends_at":${S + 75_000},"lobby":null}}`;
    const l = fromText((j) => readListing(j, ASKED), text);
    expect(l.issues).toEqual([]);
    expect([
      l.liveGame?.gid,
      String(l.liveGame?.open_price),
      l.early_precision_window,
      l.can_place_position,
      l.timestamp,
      l.interval,
    ]).toEqual(["489886", "67036", false, true, S, 60]);
  });
});

describe("positions", () => {
  it("/status w and r read from their digits; the fields nobody shows may be anything", () => {
    const wire = {
      ...wireStatusPosition(),
      avatar: null,
      username: null,
      cmt: 5,
      tx: undefined,
      p: { any: "thing" },
      created_at: null,
      it: "60",
    };
    const status = fromText(readStatus, stringifyJson({ positions: [wire], streaks: [{ weird: true }, { positionId: 7, streak: "3" }] }));
    expect(status.issues).toEqual([]);
    const p = status.positions[0]!;
    expect([String(p.w), String(p.r)]).toEqual(["4.587819563491935", "-8.243608730161291"]);
    expect(status.streaks.map((s) => [s.positionId, s.streak])).toEqual([
      [null, null],
      ["7", 3],
    ]);
    // Written back with its own fields as they came, w and r as exact strings.
    const back = JSON.parse(stringifyJson(positionJson(p))) as Record<string, unknown>;
    expect(back).toMatchObject({
      w: "4.587819563491935",
      r: "-8.243608730161291",
      avatar: null,
      p: { any: "thing" },
      it: "60",
      t: String(wire.t),
    });
  });

  it("POST's w as a number and r as a string; an unreadable strike is that value alone", () => {
    const p = readPlacedPosition({ ...wireStatusPosition(), w: 0, r: "0", sp: "sixty-six" });
    expect([String(p.w), String(p.r)]).toEqual(["0", "0"]);
    expect(p.sp).toBeInstanceOf(Unreadable);
    expect(p.issues.map((i) => i.field)).toEqual(["sp"]);
  });

  it("a field the spec lets be null or leave out reads as null, with no diagnostic: w, r, closing_price", () => {
    const { w: _w, r: _r, ...bare } = wireStatusPosition();
    const missing = readStatus({ positions: [bare], streaks: [] });
    const nulled = readStatus({ positions: [{ ...bare, w: null, r: null }], streaks: [] });
    for (const s of [missing, nulled]) {
      expect([s.positions[0]!.w, s.positions[0]!.r]).toEqual([null, null]);
      expect(s.issues).toEqual([]);
    }
    const game = { gid: "1", asset: "BTC_USDT", interval: 60, positions: [] };
    for (const g of [game, { ...game, closing_price: null }]) {
      const page = readResults({ games: [g], pagination: { total: 1, limit: 10, offset: 0 } }, {});
      expect(page.games[0]!.closing_price).toBeNull();
      expect(page.issues.map(String).filter((i) => i.includes("closing_price"))).toEqual([]);
    }
  });

  it("a position without txid or t still has an identity and a time", () => {
    const { txid: _t, t: _time, ...rest } = wireStatusPosition();
    const p = readStatus({ positions: [rest], streaks: [] }).positions[0]!;
    expect(p.txid).toMatch(/^~/);
    expect(p.t).toBe(Date.parse(rest.created_at));
  });

  it("positions null is none; positions missing too", () => {
    expect(readStatus({ positions: null, streaks: null }).positions).toEqual([]);
    expect(readStatus({}).positions).toEqual([]);
  });
});

describe("balance and price", () => {
  it("a balance in any decimal form; a withdrawal state that is not text is unreadable", () => {
    const b = fromText(readBalance, '{"userId":"1","balance":1.0005e3,"withdrawal_req":{"state":"pending"}}');
    expect(String(b.balance)).toBe("1000.5");
    expect(b.withdrawal_req).toBeInstanceOf(Unreadable);
    expect(unusable(() => readBalance({ userId: 1 }))).toBe("balance: is missing");
  });

  it("a price without a timestamp is still the price", () => {
    const p = fromText(readLivePrice, '{"value":"68000.50"}');
    expect([String(p.value), p.timestamp]).toEqual(["68000.5", null]);
    expect(unusable(() => readLivePrice({ timestamp: S, value: null }))).toBe("value: is null");
  });
});

describe("GET /results", () => {
  const game = {
    gid: 548009,
    interval: "60",
    asset: "BTC_USDT",
    network: "testnet",
    currency: "USDC",
    open_price: 68198.7116,
    closing_price: null,
    settled_at: S,
    cancelled: 0,
    positions: [{ sp: "68000", f: 2, w: "2.5", r: 25, win: 1, variance: null, txid: "a", placed_at: "2026-02-19T10:00:00Z" }],
  };

  it("totals left out are derived exactly from the positions; pagination left out from the query", () => {
    const page = readResults({ games: [game] }, { limit: 10, offset: 20 });
    const g = page.games[0]!;
    expect(page.issues).toEqual([]);
    expect([g.gid, g.interval, g.cancelled, g.settled_at, g.closing_price]).toEqual(["548009", 60, false, S, null]);
    expect([String(g.total_staked), String(g.total_winnings), String(g.net_return)]).toEqual(["2", "2.5", "0.5"]);
    expect(g.positions[0]!.win).toBe(true);
    expect(page.pagination).toMatchObject({ total: null, limit: 10, offset: 20 });
  });

  it("a game without a gid is left out and named; the others stay", () => {
    const page = readResults({ games: [{ ...game, gid: null }, game], pagination: { total: 2, limit: 20, offset: 0 } }, {});
    expect(page.games.map((g) => g.gid)).toEqual(["548009"]);
    expect(page.issues.map(String)).toEqual(["games[0].gid: is null"]);
  });

  it("a page size below 1 or an offset below 0 is taken from the query instead", () => {
    const page = readResults({ games: [], pagination: { total: -3, limit: 0, offset: -1 } }, { limit: 10, offset: 20 });
    expect(page.pagination).toMatchObject({ total: null, limit: 10, offset: 20 });
  });
});
