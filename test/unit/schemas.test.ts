/**
 * The wire schemas against the spec's field tables and every example in
 * ../shared/spec/public-facts.md: each documented type variant parses, extra
 * fields are tolerated, and a missing or mistyped field is rejected at its path.
 */
import { describe, expect, expectTypeOf, it } from "vitest";
import type * as z from "zod";
import { describeZodIssue } from "../../src/api/params.js";
import {
  type Balance,
  BalanceSchema,
  DECIMAL_RE,
  decimalString,
  ErrorBodySchema,
  type GameListing,
  GameListingSchema,
  type GameResult,
  GameResultSchema,
  type LivePrice,
  LivePriceSchema,
  PaginationSchema,
  type PlacedPosition,
  PlacedPositionSchema,
  PlacePositionBodySchema,
  type ResultPosition,
  ResultPositionSchema,
  ResultsResponseSchema,
  type StatusPosition,
  StatusPositionSchema,
  StatusResponseSchema,
  StreakSchema,
} from "../../src/api/schemas.js";

// ---- The public examples, verbatim where the source is complete ------------------

/** public-facts: GET /user-balance */
const BALANCE_JSON = `{"userId":1,"balance":"1000","withdrawal_req":"none"}`;
/** public-facts: GET /live-price */
const LIVE_PRICE_JSON = `{"timestamp":1771340714973,"value":68000.5}`;
/** public-facts: a GET /status position (the "…" are in the source; they are strings, so they stay). */
const STATUS_POSITION_JSON = `{"gid":"489808","c":"USDC","a":"BTC_USDT","id":1,
  "f":"5","sp":"66169","cm":false,"cmt":null,"w":4.587819563491935,
  "r":-8.243608730161291,"pw":"0x…","win":null,"t":"1771495586504","tx":null,
  "txid":"95c7bbf3-…","p":null,"created_at":"2026-02-19T10:06:26.505Z",
  "st":"success","it":86400,"n":"testnet","username":"…",
  "avatar":{"imageUrl":"…","backgroundColor":"#…"}}`;
/** public-facts: 429 body */
const RATE_LIMIT_JSON = `{"error":"Rate limit exceeded","message":"Too many requests","limit":120,"current":121,"resetIn":45}`;

function statusPosition(): Record<string, unknown> {
  return JSON.parse(STATUS_POSITION_JSON) as Record<string, unknown>;
}

/** public-facts: "POST /spot answers a position with "w":"0" and "r":null". */
function placedPosition(): Record<string, unknown> {
  return { ...statusPosition(), gid: "489886", w: "0", r: null, it: 60 };
}

/** public-facts: the documented GET /spot example for a 60 s game, S = start_at. */
function spotListing(S = 1771340700000): Record<string, unknown> {
  const closes = S + 60_000;
  const ends = S + 75_000;
  return {
    asset: "BTC_USDT",
    interval: 60,
    early_precision_window: false,
    can_place_position: true,
    nextGame: { gid: "489887", starts_at: ends, ends_at: ends + 75_000 },
    liveGame: {
      gid: "489886",
      open_price: "67036.047800",
      ai_price: "67018.30517498772",
      start_at: S,
      closes_at: closes,
      ends_at: ends,
      lobby: { start_at: closes, end_at: ends, isLobby: false },
    },
    timestamp: S + 1_000,
  };
}

function resultPosition(): Record<string, unknown> {
  return {
    sp: "68150",
    f: "5",
    w: "5.4",
    r: "8",
    win: true,
    variance: "5.05",
    txid: "1b0e2c8a-0000-4000-8000-000000000001",
    placed_at: "2026-04-02T00:10:01.000Z",
  };
}

/** public-facts: a GET /results game; positions and totals are elided there ("…"), so they are filled in. */
function resultGame(): Record<string, unknown> {
  return {
    gid: "548009",
    interval: 60,
    asset: "BTC_USDT",
    network: "testnet",
    currency: "USDC",
    open_price: "68198.711600",
    closing_price: "68155.050000",
    settled_at: "2026-04-02T00:12:28.759Z",
    cancelled: false,
    positions: [resultPosition()],
    total_staked: "5",
    total_winnings: "5.4",
    net_return: "0.4",
  };
}

function resultsResponse(): Record<string, unknown> {
  return { games: [resultGame()], pagination: { total: 1, limit: 20, offset: 0 } };
}

// ---- Helpers -------------------------------------------------------------------------

function clone<T>(v: T): T {
  return structuredClone(v);
}

/** Sets (or deletes, with `undefined`) the value at a dotted path of a clone. */
function withAt(root: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = clone(root);
  const segs = path.split(".");
  let cur: Record<string, unknown> = copy;
  for (const seg of segs.slice(0, -1)) cur = cur[seg] as Record<string, unknown>;
  const last = segs.at(-1)!;
  if (value === undefined) delete cur[last];
  else cur[last] = value;
  return copy;
}

function issuePath(schema: z.ZodType, value: unknown): string | undefined {
  const r = schema.safeParse(value);
  if (r.success) return undefined;
  return r.error.issues[0]!.path.map(String).join(".");
}

/** A value of the wrong type for a field that holds `sample`. */
function wrongTypeFor(sample: unknown): unknown {
  if (typeof sample === "string") return 12;
  if (typeof sample === "number") return "12";
  if (typeof sample === "boolean") return "true";
  if (Array.isArray(sample)) return { length: 0 };
  if (sample !== null && typeof sample === "object") return "object";
  return undefined;
}

interface FieldTable {
  name: string;
  schema: z.ZodType;
  make: () => Record<string, unknown>;
  /** Every field of the spec's table, with nested objects as dotted paths. */
  fields: string[];
  /** Fields that may be null (spec: "or null"). */
  nullable: string[];
}

const POSITION_FIELDS = [
  "gid",
  "c",
  "a",
  "id",
  "f",
  "sp",
  "cm",
  "cmt",
  "w",
  "r",
  "pw",
  "win",
  "t",
  "tx",
  "txid",
  "p",
  "created_at",
  "st",
  "it",
  "n",
  "username",
  "avatar",
  "avatar.imageUrl",
  "avatar.backgroundColor",
];

const TABLES: FieldTable[] = [
  {
    name: "game listing (GET /spot)",
    schema: GameListingSchema,
    make: spotListing,
    fields: [
      "asset",
      "interval",
      "early_precision_window",
      "can_place_position",
      "timestamp",
      "nextGame",
      "nextGame.gid",
      "nextGame.starts_at",
      "nextGame.ends_at",
      "liveGame",
      "liveGame.gid",
      "liveGame.open_price",
      "liveGame.ai_price",
      "liveGame.start_at",
      "liveGame.closes_at",
      "liveGame.ends_at",
      "liveGame.lobby",
      "liveGame.lobby.start_at",
      "liveGame.lobby.end_at",
      "liveGame.lobby.isLobby",
    ],
    nullable: ["nextGame", "liveGame"],
  },
  {
    name: "status position (GET /status)",
    schema: StatusPositionSchema,
    make: statusPosition,
    fields: POSITION_FIELDS,
    nullable: ["cmt", "r", "win", "tx", "p"],
  },
  {
    name: "placed position (POST /spot)",
    schema: PlacedPositionSchema,
    make: placedPosition,
    fields: POSITION_FIELDS,
    nullable: ["cmt", "r", "win", "tx", "p"],
  },
  {
    name: "balance (GET /user-balance)",
    schema: BalanceSchema,
    make: () => JSON.parse(BALANCE_JSON),
    fields: ["userId", "balance", "withdrawal_req"],
    nullable: [],
  },
  {
    name: "live price (GET /live-price)",
    schema: LivePriceSchema,
    make: () => JSON.parse(LIVE_PRICE_JSON),
    fields: ["timestamp", "value"],
    nullable: [],
  },
  {
    name: "game result (GET /results)",
    schema: GameResultSchema,
    make: resultGame,
    fields: [
      "gid",
      "interval",
      "asset",
      "network",
      "currency",
      "open_price",
      "closing_price",
      "settled_at",
      "cancelled",
      "positions",
      "total_staked",
      "total_winnings",
      "net_return",
    ],
    nullable: ["closing_price", "settled_at"],
  },
  {
    name: "result position",
    schema: ResultPositionSchema,
    make: resultPosition,
    fields: ["sp", "f", "w", "r", "win", "variance", "txid", "placed_at"],
    nullable: ["w", "r", "win", "variance"],
  },
  {
    name: "pagination",
    schema: PaginationSchema,
    make: () => ({ total: 57, limit: 20, offset: 40 }),
    fields: ["total", "limit", "offset"],
    nullable: [],
  },
  {
    name: "results response",
    schema: ResultsResponseSchema,
    make: resultsResponse,
    fields: ["games", "pagination", "pagination.total", "pagination.limit", "pagination.offset"],
    nullable: [],
  },
  {
    name: "status response",
    schema: StatusResponseSchema,
    make: () => ({ positions: [statusPosition()], streaks: [] }),
    fields: ["positions", "streaks"],
    nullable: [],
  },
];

/** `p` is "any or null": it must be present, but no value of it is mistyped. */
const ANY_FIELDS = new Set(["p"]);

// ---- The examples --------------------------------------------------------------------

describe("public examples", () => {
  it("balance", () => {
    const b: Balance = BalanceSchema.parse(JSON.parse(BALANCE_JSON));
    expect(b).toEqual({ userId: 1, balance: "1000", withdrawal_req: "none" });
  });

  it("live price", () => {
    const p: LivePrice = LivePriceSchema.parse(JSON.parse(LIVE_PRICE_JSON));
    expect(p).toEqual({ timestamp: 1771340714973, value: 68000.5 });
  });

  it("status position with numeric w and r", () => {
    const p: StatusPosition = StatusPositionSchema.parse(statusPosition());
    expect(p.w).toBe(4.587819563491935);
    expect(p.r).toBe(-8.243608730161291);
    expect(p.win).toBeNull();
    expect(p.cmt).toBeNull();
    expect(p.tx).toBeNull();
    expect(p.t).toBe("1771495586504");
    expect(p.avatar.backgroundColor).toBe("#…");
    // public-facts: r = (w - f) / f * 100
    expect(((p.w - Number(p.f)) / Number(p.f)) * 100).toBeCloseTo(p.r!, 9);
  });

  it("status response with the positions and streaks as the official clients read them", () => {
    const streaks = [{ positionId: "95c7bbf3-…", streak: 5 }];
    const s = StatusResponseSchema.parse({ positions: [statusPosition()], streaks });
    expect(s.positions).toHaveLength(1);
    expect(s.streaks).toEqual(streaks);
    expect(StreakSchema.parse(streaks[0])).toEqual(streaks[0]);
    expect(StatusResponseSchema.parse({ positions: [], streaks: [] })).toEqual({ positions: [], streaks: [] });
    // The spec does not show the element shape, so any element is kept.
    expect(StatusResponseSchema.parse({ positions: [], streaks: [{ other: true }] }).streaks).toEqual([{ other: true }]);
  });

  it("POST /spot response: w is the string 0 and r is null", () => {
    const p: PlacedPosition = PlacedPositionSchema.parse(placedPosition());
    expect(p.w).toBe("0");
    expect(p.r).toBeNull();
    expect(p.st).toBe("success");
  });

  it("the two position shapes are not interchangeable", () => {
    expect(issuePath(StatusPositionSchema, placedPosition())).toBe("w");
    expect(issuePath(PlacedPositionSchema, statusPosition())).toBe("w");
  });

  it("game listing (the documented 60 s example)", () => {
    const parsed: GameListing = GameListingSchema.parse(spotListing());
    const g = { liveGame: parsed.liveGame!, nextGame: parsed.nextGame! };
    expect(g.liveGame.ends_at - g.liveGame.start_at).toBe(75_000);
    expect(g.liveGame.lobby.start_at).toBe(g.liveGame.closes_at);
    expect(g.liveGame.lobby.end_at).toBe(g.liveGame.ends_at);
    expect(g.nextGame.starts_at).toBe(g.liveGame.ends_at);
    expect(g.liveGame.open_price).toBe("67036.047800");
    expect(g.liveGame.ai_price).toBe("67018.30517498772");
  });

  it("results game inside games[] with pagination", () => {
    const r = ResultsResponseSchema.parse(resultsResponse());
    const g: GameResult = r.games[0]!;
    expect(g.gid).toBe("548009");
    expect(g.closing_price).toBe("68155.050000");
    expect(g.settled_at).toBe("2026-04-02T00:12:28.759Z");
    expect(r.pagination).toEqual({ total: 1, limit: 20, offset: 0 });
    expect(ResultsResponseSchema.parse({ games: [], pagination: { total: 0, limit: 100, offset: 0 } }).games).toEqual([]);
  });

  it("429 body", () => {
    expect(ErrorBodySchema.parse(JSON.parse(RATE_LIMIT_JSON))).toEqual({
      error: "Rate limit exceeded",
      message: "Too many requests",
      limit: 120,
      current: 121,
      resetIn: 45,
    });
  });

  it("error bodies carry a string error", () => {
    expect(ErrorBodySchema.parse({ error: "Invalid API key" })).toEqual({ error: "Invalid API key" });
    expect(ErrorBodySchema.parse({ error: "Duplicate position" }).error).toBe("Duplicate position");
    expect(ErrorBodySchema.parse({ error: "Invalid input", fields: ["sp", "f"] }).fields).toEqual(["sp", "f"]);
    expect(ErrorBodySchema.safeParse({ message: "no error field" }).success).toBe(false);
    expect(ErrorBodySchema.safeParse({ error: 401 }).success).toBe(false);
    expect(ErrorBodySchema.safeParse({ error: "x", resetIn: "45" }).success).toBe(false);
  });
});

// ---- Documented type variants ------------------------------------------------------------

describe("documented type variants", () => {
  it("game result: closing_price null, settled_at null, cancelled true", () => {
    const g = GameResultSchema.parse({ ...resultGame(), closing_price: null, settled_at: null, cancelled: true });
    expect(g.closing_price).toBeNull();
    expect(g.settled_at).toBeNull();
    expect(g.cancelled).toBe(true);
  });

  it("result position: w, r, win and variance null before settlement", () => {
    const p: ResultPosition = ResultPositionSchema.parse({ ...resultPosition(), w: null, r: null, win: null, variance: null });
    expect([p.w, p.r, p.win, p.variance]).toEqual([null, null, null, null]);
  });

  it("result position: settled values (negative return, a loss)", () => {
    const p = ResultPositionSchema.parse({ ...resultPosition(), w: "0", r: "-100", win: false, variance: "120.5" });
    expect(p).toMatchObject({ w: "0", r: "-100", win: false, variance: "120.5" });
  });

  for (const [name, schema, make] of [
    ["status", StatusPositionSchema, statusPosition],
    ["placed", PlacedPositionSchema, placedPosition],
  ] as const) {
    it(`${name} position: cmt string vs null, win null vs number, tx string vs null, cm true`, () => {
      const claimed = schema.parse({ ...make(), cm: true, cmt: "0xclaimhash", win: 12.5, tx: "0xtxhash" });
      expect(claimed).toMatchObject({ cm: true, cmt: "0xclaimhash", win: 12.5, tx: "0xtxhash" });
      const open = schema.parse({ ...make(), cm: false, cmt: null, win: null, tx: null });
      expect(open).toMatchObject({ cm: false, cmt: null, win: null, tx: null });
      expect(schema.parse({ ...make(), win: 0 }).win).toBe(0);
    });

    it(`${name} position: p is any or null`, () => {
      for (const p of [null, { note: "meta" }, "text", 3, [1, 2]]) expect(schema.parse({ ...make(), p }).p).toEqual(p);
    });
  }

  it("status position: r may be null", () => {
    expect(StatusPositionSchema.parse({ ...statusPosition(), r: null }).r).toBeNull();
  });

  it("placed position: w grows as a decimal string", () => {
    expect(PlacedPositionSchema.parse({ ...placedPosition(), w: "4.5878" }).w).toBe("4.5878");
  });

  it("lobby: isLobby true", () => {
    const listing = withAt(spotListing(), "liveGame.lobby.isLobby", true);
    expect(GameListingSchema.parse(withAt(listing, "can_place_position", false)).liveGame!.lobby.isLobby).toBe(true);
  });

  it("withdrawal_req other than none", () => {
    expect(BalanceSchema.parse({ userId: 1, balance: "0.5", withdrawal_req: "pending" }).withdrawal_req).toBe("pending");
  });
});

// ---- Field tables: extra, missing, mistyped, null ------------------------------------------

for (const table of TABLES) {
  describe(`${table.name} field table`, () => {
    it("the example parses", () => {
      expect(table.schema.safeParse(table.make()).success).toBe(true);
    });

    it("tolerates extra fields at every level and keeps them", () => {
      let value = { ...table.make(), extra_root: { any: 1 } };
      for (const f of table.fields) {
        const sample = f.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], value);
        if (sample !== null && typeof sample === "object" && !Array.isArray(sample))
          value = withAt(value, `${f}.extra_nested`, "x") as typeof value;
      }
      const parsed = table.schema.parse(value) as Record<string, unknown>;
      expect(parsed.extra_root).toEqual({ any: 1 });
    });

    for (const field of table.fields) {
      it(`rejects a missing ${field}`, () => {
        expect(issuePath(table.schema, withAt(table.make(), field, undefined))).toBe(field);
      });

      if (ANY_FIELDS.has(field)) continue;
      it(`rejects a mistyped ${field}`, () => {
        const sample = field.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], table.make());
        // A null sample (string/number/boolean or null): an object is wrong for all of them.
        const wrong = sample === null ? { wrong: true } : wrongTypeFor(sample);
        expect(issuePath(table.schema, withAt(table.make(), field, wrong))).toBe(field);
      });

      if (!table.nullable.includes(field)) {
        it(`rejects a null ${field}`, () => {
          expect(issuePath(table.schema, withAt(table.make(), field, null))).toBe(field);
        });
      }
    }

    for (const field of table.nullable) {
      it(`accepts a null ${field}`, () => {
        expect(table.schema.safeParse(withAt(table.make(), field, null)).success).toBe(true);
      });
    }
  });
}

it("p must be present even though any value (or null) is allowed", () => {
  const { p: _p, ...rest } = statusPosition();
  expect(issuePath(StatusPositionSchema, rest)).toBe("p");
  expect(StatusPositionSchema.safeParse({ ...rest, p: null }).success).toBe(true);
});

// ---- Nested arrays name the element -----------------------------------------------------

describe("nested paths", () => {
  it("names the element of positions[] and games[]", () => {
    const bad = { positions: [statusPosition(), { ...statusPosition(), f: 5 }], streaks: [] };
    expect(issuePath(StatusResponseSchema, bad)).toBe("positions.1.f");
    const results = resultsResponse();
    ((results.games as Record<string, unknown>[])[0]!.positions as Record<string, unknown>[])[0]!.win = "yes";
    expect(issuePath(ResultsResponseSchema, results)).toBe("games.0.positions.0.win");
  });

  it("describes the issue with the field path and what was received", () => {
    const value = withAt(spotListing(), "liveGame.open_price", 67036.0478);
    const r = GameListingSchema.safeParse(value);
    expect(r.success).toBe(false);
    expect(describeZodIssue(r.error!.issues[0]!, value)).toBe("liveGame.open_price: expected string, received 67036.0478 (number)");

    const missing = withAt(spotListing(), "liveGame.lobby", undefined);
    const m = GameListingSchema.safeParse(missing);
    expect(describeZodIssue(m.error!.issues[0]!, missing)).toBe("liveGame.lobby: expected object, field is missing");

    const notDecimal = withAt(spotListing(), "liveGame.ai_price", "1e5");
    const d = GameListingSchema.safeParse(notDecimal);
    expect(describeZodIssue(d.error!.issues[0]!, notDecimal)).toBe('liveGame.ai_price: expected a decimal string, received "1e5" (string)');

    const arr = { positions: [{ ...statusPosition(), w: "4.5" }], streaks: [] };
    const a = StatusResponseSchema.safeParse(arr);
    expect(describeZodIssue(a.error!.issues[0]!, arr)).toBe('positions[0].w: expected number, received "4.5" (string)');
  });

  it("redacts and shortens the received value", () => {
    const key = "metafide_0123456789abcdef0123456789abcdef";
    const value = { userId: 1, balance: key, withdrawal_req: "none" };
    const r = BalanceSchema.safeParse(value);
    const text = describeZodIssue(r.error!.issues[0]!, value);
    expect(text).not.toContain(key);
    expect(text).toContain("[redacted]");
    const long = { userId: 1, balance: `${"9".repeat(500)}x`, withdrawal_req: "none" };
    const l = BalanceSchema.safeParse(long);
    expect(describeZodIssue(l.error!.issues[0]!, long).length).toBeLessThan(120);
  });
});

// ---- Decimal strings ----------------------------------------------------------------------

const DECIMAL_FIELDS: Array<[string, z.ZodType, () => Record<string, unknown>, string]> = [
  ["listing", GameListingSchema, spotListing, "liveGame.open_price"],
  ["listing", GameListingSchema, spotListing, "liveGame.ai_price"],
  ["status position", StatusPositionSchema, statusPosition, "f"],
  ["status position", StatusPositionSchema, statusPosition, "sp"],
  ["placed position", PlacedPositionSchema, placedPosition, "f"],
  ["placed position", PlacedPositionSchema, placedPosition, "sp"],
  ["placed position", PlacedPositionSchema, placedPosition, "w"],
  ["balance", BalanceSchema, () => JSON.parse(BALANCE_JSON), "balance"],
  ["game result", GameResultSchema, resultGame, "open_price"],
  ["game result", GameResultSchema, resultGame, "closing_price"],
  ["game result", GameResultSchema, resultGame, "total_staked"],
  ["game result", GameResultSchema, resultGame, "total_winnings"],
  ["game result", GameResultSchema, resultGame, "net_return"],
  ["result position", ResultPositionSchema, resultPosition, "sp"],
  ["result position", ResultPositionSchema, resultPosition, "f"],
  ["result position", ResultPositionSchema, resultPosition, "w"],
  ["result position", ResultPositionSchema, resultPosition, "r"],
  ["result position", ResultPositionSchema, resultPosition, "variance"],
];

const NOT_DECIMAL: unknown[] = [
  "1e5",
  "abc",
  "",
  " ",
  "1.",
  ".5",
  "+1",
  "1,000",
  "0x10",
  "NaN",
  "Infinity",
  " 1",
  "1 ",
  "--1",
  "1.2.3",
  5,
  0,
  1.5,
  true,
  [],
  {},
];
const DECIMAL: string[] = ["0", "1000", "67036.047800", "67018.30517498772", "-8.2436", "-0", "0.000001"];

describe("decimal-string fields", () => {
  for (const [name, schema, make, field] of DECIMAL_FIELDS) {
    it(`${name} ${field} accepts decimal strings only`, () => {
      for (const good of DECIMAL) expect(schema.safeParse(withAt(make(), field, good)).success, good).toBe(true);
      for (const bad of NOT_DECIMAL) expect(issuePath(schema, withAt(make(), field, bad)), JSON.stringify(bad)).toBe(field);
    });
  }

  it("decimalString and DECIMAL_RE agree", () => {
    for (const s of DECIMAL) expect(DECIMAL_RE.test(s) && decimalString.safeParse(s).success).toBe(true);
    for (const s of NOT_DECIMAL) expect(decimalString.safeParse(s).success).toBe(false);
  });
});

describe("other field constraints", () => {
  it("timestamps are whole, non-negative epoch milliseconds", () => {
    for (const bad of [-1, 1.5, Number.NaN, "1771340714973"]) {
      expect(issuePath(LivePriceSchema, { timestamp: bad, value: 1 })).toBe("timestamp");
    }
  });

  it("the live price value is a finite number", () => {
    for (const bad of ["68000.5", null, Number.POSITIVE_INFINITY])
      expect(issuePath(LivePriceSchema, { timestamp: 1, value: bad })).toBe("value");
  });

  it("position t is epoch ms as a digit string", () => {
    for (const bad of [1771495586504, "2026-02-19", "-1", ""])
      expect(issuePath(StatusPositionSchema, { ...statusPosition(), t: bad })).toBe("t");
  });

  it("pagination numbers are whole and in range", () => {
    expect(issuePath(PaginationSchema, { total: -1, limit: 20, offset: 0 })).toBe("total");
    expect(issuePath(PaginationSchema, { total: 1, limit: 0, offset: 0 })).toBe("limit");
    expect(issuePath(PaginationSchema, { total: 1, limit: 20, offset: 1.5 })).toBe("offset");
  });

  it("gids are non-empty strings", () => {
    expect(issuePath(GameListingSchema, withAt(spotListing(), "liveGame.gid", ""))).toBe("liveGame.gid");
    expect(issuePath(GameListingSchema, withAt(spotListing(), "nextGame.gid", 489887))).toBe("nextGame.gid");
  });

  it("rejects a non-object response", () => {
    for (const bad of [null, [], "ok", 1]) expect(BalanceSchema.safeParse(bad).success).toBe(false);
  });
});

describe("POST /spot request body", () => {
  const body = { gid: "489886", c: "USDC", a: "BTC_USDT", sp: "67000", f: "67.5", pw: "0xabc", n: "testnet", it: 60 };

  it("accepts the documented body", () => {
    expect(PlacePositionBodySchema.parse(body)).toEqual(body);
  });

  for (const field of Object.keys(body)) {
    it(`requires ${field}`, () => {
      expect(issuePath(PlacePositionBodySchema, withAt(body, field, undefined))).toBe(field);
    });
  }

  it("checks the network and decimal strings", () => {
    expect(issuePath(PlacePositionBodySchema, { ...body, n: "devnet" })).toBe("n");
    expect(issuePath(PlacePositionBodySchema, { ...body, f: "1e2" })).toBe("f");
    expect(issuePath(PlacePositionBodySchema, { ...body, sp: 67000 })).toBe("sp");
  });
});

describe("types are inferred from the schemas", () => {
  it("has the documented types", () => {
    expectTypeOf<StatusPosition["w"]>().toEqualTypeOf<number>();
    expectTypeOf<StatusPosition["r"]>().toEqualTypeOf<number | null>();
    expectTypeOf<PlacedPosition["w"]>().toEqualTypeOf<string>();
    expectTypeOf<PlacedPosition["win"]>().toEqualTypeOf<number | null>();
    expectTypeOf<ResultPosition["win"]>().toEqualTypeOf<boolean | null>();
    expectTypeOf<GameResult["closing_price"]>().toEqualTypeOf<string | null>();
    expectTypeOf<NonNullable<GameListing["liveGame"]>["lobby"]["isLobby"]>().toEqualTypeOf<boolean>();
    expectTypeOf<Balance["balance"]>().toEqualTypeOf<string>();
  });
});
