/**
 * The API client against a real HTTP server on loopback (test/helpers/
 * scripted-server.ts): what it sends, how it validates before sending, and how
 * every failure becomes a typed ApiError that never carries the key.
 */
import { inspect } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiClient, type ClientOptions } from "../../src/api/client.js";
import { ApiError, type ApiErrorKind } from "../../src/api/errors.js";
import type { PlacePositionBody } from "../../src/api/schemas.js";
import type { Decimal } from "../../src/domain/money.js";
import { Unreadable } from "../../src/domain/service-data.js";
import { type Reply, refusedUrl, ScriptedServer } from "../helpers/scripted-server.js";

const KEY = "metafide_0123456789abcdef0123456789abcdef";
const BASE = "/v1/surge/games/";

// ---- Wire fixtures (the spec's examples) -------------------------------------------------

const S = 1771340700000;
const LISTING = {
  asset: "BTC_USDT",
  interval: 60,
  early_precision_window: false,
  can_place_position: true,
  nextGame: { gid: "489887", starts_at: S + 75_000, ends_at: S + 150_000 },
  liveGame: {
    gid: "489886",
    open_price: "67036.047800",
    ai_price: "67018.30517498772",
    start_at: S,
    closes_at: S + 60_000,
    ends_at: S + 75_000,
    lobby: { start_at: S + 60_000, end_at: S + 75_000, isLobby: false },
  },
  timestamp: S + 1_000,
};
const LIVE_PRICE = { timestamp: 1771340714973, value: 68000.5 };
const BALANCE = { userId: 1, balance: "1000", withdrawal_req: "none" };
const POSITION_BASE = {
  gid: "489886",
  c: "USDC",
  a: "BTC_USDT",
  id: 1,
  f: "5",
  sp: "66169",
  cm: false,
  cmt: null,
  pw: "0xabc",
  win: null,
  t: "1771495586504",
  tx: null,
  txid: "95c7bbf3-0000-4000-8000-000000000001",
  p: null,
  created_at: "2026-02-19T10:06:26.505Z",
  st: "success",
  it: 60,
  n: "testnet",
  username: "trader",
  avatar: { imageUrl: "https://example.invalid/a.png", backgroundColor: "#123456" },
};
const STATUS = { positions: [{ ...POSITION_BASE, w: 4.587819563491935, r: -8.243608730161291 }], streaks: [] };
const PLACED = { ...POSITION_BASE, w: "0", r: null };
const RESULTS = {
  games: [
    {
      gid: "548009",
      interval: 60,
      asset: "BTC_USDT",
      network: "testnet",
      currency: "USDC",
      open_price: "68198.711600",
      closing_price: "68155.050000",
      settled_at: "2026-04-02T00:12:28.759Z",
      cancelled: false,
      positions: [],
      total_staked: "0",
      total_winnings: "0",
      net_return: "0",
    },
  ],
  pagination: { total: 1, limit: 20, offset: 0 },
};
const BODY: PlacePositionBody = { gid: "489886", c: "USDC", a: "BTC_USDT", sp: "66169", f: "5", pw: "0xabc", n: "testnet", it: 60 };

// ---- Harness -------------------------------------------------------------------------------

let server: ScriptedServer;
let client: ApiClient;
const extraClients: ApiClient[] = [];

function makeClient(opts: Partial<ClientOptions> = {}): ApiClient {
  const c = new ApiClient({ url: server.url, apiKey: KEY, headersTimeoutMs: 3_000, bodyTimeoutMs: 3_000, ...opts });
  extraClients.push(c);
  return c;
}

beforeEach(async () => {
  server = await ScriptedServer.start();
  client = makeClient();
});

afterEach(async () => {
  await server.close();
  await Promise.all(extraClients.splice(0).map((c) => c.close().catch(() => undefined)));
});

async function failure(p: Promise<unknown> | (() => Promise<unknown>)): Promise<ApiError> {
  try {
    await (typeof p === "function" ? p() : p);
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error("expected the call to fail");
}

/** An exact decimal as text, or what could not be read. */
function text(v: Decimal | Unreadable | null): string | null {
  return v === null ? null : v instanceof Unreadable ? `unreadable: ${v.toString()}` : v.toFixed();
}

/** Calls that can be made with valid parameters, by name. */
const CALLS: Record<string, (c: ApiClient) => Promise<unknown>> = {
  "GET /spot": (c) => c.getSpot({ asset: "BTC_USDT", interval: 60 }),
  "GET /live-price": (c) => c.getLivePrice({ asset: "BTC_USDT" }),
  "GET /user-balance": (c) => c.getUserBalance({ currency: "USDC", network: "testnet" }),
  "GET /status": (c) => c.getStatus({ asset: "BTC_USDT", token: "USDC", network: "testnet", interval: 60 }),
  "GET /results": (c) => c.getResults({ network: "testnet" }),
  "POST /spot": (c) => c.placePosition(BODY),
};

// ---- What is sent ---------------------------------------------------------------------------

describe("requests", () => {
  it("GET /spot: path, query, headers and parsed response", async () => {
    server.reply({ body: LISTING });
    const listing = await client.getSpot({ asset: "BTC_USDT", interval: 60 });
    const live = listing.liveGame!;
    expect([live.gid, text(live.open_price), text(live.ai_price)]).toEqual(["489886", "67036.0478", "67018.30517498772"]);
    expect([live.start_at, live.closes_at, live.ends_at, live.lobby?.start_at, live.lobby?.end_at]).toEqual([
      S,
      S + 60_000,
      S + 75_000,
      S + 60_000,
      S + 75_000,
    ]);
    expect(listing.nextGame).toMatchObject({ gid: "489887", starts_at: S + 75_000, ends_at: S + 150_000 });
    expect([listing.asset, listing.interval, listing.early_precision_window, listing.can_place_position, listing.timestamp]).toEqual([
      "BTC_USDT",
      60,
      false,
      true,
      S + 1_000,
    ]);
    expect(listing.issues).toEqual([]);
    const req = server.last;
    expect(req.method).toBe("GET");
    expect(req.pathname).toBe(`${BASE}spot`);
    expect(Object.fromEntries(req.query)).toEqual({ asset: "BTC_USDT", interval: "60" });
    expect(req.headers["x-api-key"]).toBe(KEY);
    expect(req.headers.accept).toBe("*/*");
    expect(req.headers["content-type"]).toBeUndefined();
    expect(req.body).toBe("");
  });

  it("GET /live-price", async () => {
    server.reply({ body: LIVE_PRICE });
    const price = await client.getLivePrice({ asset: "ETH_USDT" });
    expect([text(price.value), price.timestamp]).toEqual(["68000.5", LIVE_PRICE.timestamp]);
    expect(server.last.pathname).toBe(`${BASE}live-price`);
    expect(Object.fromEntries(server.last.query)).toEqual({ asset: "ETH_USDT" });
  });

  it("GET /user-balance", async () => {
    server.reply({ body: BALANCE });
    const b = await client.getUserBalance({ currency: "USDC", network: "mainnet" });
    expect([text(b.balance), b.withdrawal_req, Number(b.extra.userId)]).toEqual(["1000", "none", 1]);
    expect(server.last.pathname).toBe(`${BASE}user-balance`);
    expect(Object.fromEntries(server.last.query)).toEqual({ currency: "USDC", network: "mainnet" });
  });

  it("GET /status", async () => {
    server.reply({ body: STATUS });
    const status = await client.getStatus({ asset: "BTC_USDT", token: "USDC", network: "testnet", interval: 86400 });
    const p = status.positions[0]!;
    // w and r are JSON numbers: read from their digits, not through a float.
    expect([p.gid, p.txid, text(p.sp), text(p.f), text(p.w), text(p.r), p.t, p.st]).toEqual([
      "489886",
      POSITION_BASE.txid,
      "66169",
      "5",
      "4.587819563491935",
      "-8.243608730161291",
      1771495586504,
      "success",
    ]);
    expect(status.streaks).toEqual([]);
    expect(server.last.pathname).toBe(`${BASE}status`);
    expect(Object.fromEntries(server.last.query)).toEqual({ asset: "BTC_USDT", token: "USDC", network: "testnet", interval: "86400" });
  });

  it("GET /results sends only the parameters given", async () => {
    server.reply({ body: RESULTS }, { body: RESULTS });
    const page = await client.getResults({ network: "testnet" });
    const g = page.games[0]!;
    expect([g.gid, text(g.open_price), text(g.closing_price), g.settled_at, g.cancelled, text(g.net_return)]).toEqual([
      "548009",
      "68198.7116",
      "68155.05",
      Date.parse("2026-04-02T00:12:28.759Z"),
      false,
      "0",
    ]);
    expect(page.pagination).toMatchObject({ total: 1, limit: 20, offset: 0 });
    expect(Object.fromEntries(server.last.query)).toEqual({ network: "testnet" });
    await client.getResults({ network: "mainnet", asset: "BTC_USDT", interval: 10, gid: "548009", limit: 100, offset: 40 });
    expect(server.last.pathname).toBe(`${BASE}results`);
    expect(Object.fromEntries(server.last.query)).toEqual({
      network: "mainnet",
      asset: "BTC_USDT",
      interval: "10",
      gid: "548009",
      limit: "100",
      offset: "40",
    });
  });

  it("POST /spot sends the JSON body with content-type", async () => {
    server.reply({ body: PLACED });
    const placed = await client.placePosition(BODY);
    expect([placed.txid, text(placed.sp), text(placed.f), text(placed.w), placed.r]).toEqual([POSITION_BASE.txid, "66169", "5", "0", null]);
    const req = server.last;
    expect(req.method).toBe("POST");
    expect(req.pathname).toBe(`${BASE}spot`);
    expect(req.url).toBe(`${BASE}spot`);
    expect(req.headers["content-type"]).toBe("application/json");
    expect(req.headers["x-api-key"]).toBe(KEY);
    expect(req.headers.accept).toBe("*/*");
    expect(JSON.parse(req.body)).toEqual(BODY);
  });

  it("appends the API path to a base URL with a path and a trailing slash", async () => {
    const c = makeClient({ url: `${server.url}/gateway/` });
    expect(c.baseUrl).toBe(`${server.url}/gateway${BASE}`);
    server.reply({ body: LIVE_PRICE });
    await c.getLivePrice({ asset: "BTC_USDT" });
    expect(server.last.pathname).toBe(`/gateway${BASE}live-price`);
  });

  it("keeps connections alive between calls (a small pool, not one per request)", async () => {
    server.otherwise({ body: LIVE_PRICE });
    for (let i = 0; i < 8; i++) await client.getLivePrice({ asset: "BTC_USDT" });
    expect(server.requests).toHaveLength(8);
    expect(server.connections).toBeLessThanOrEqual(2);
  });

  it("tells when each exchange's request went out and its answer began, for the spacing", async () => {
    expect(client.lastExchange).toBeUndefined();
    server.reply({ body: LIVE_PRICE, delayMs: 200 });
    const before = Date.now();
    await client.getLivePrice({ asset: "BTC_USDT" });
    const { sentAt, answeredAt } = client.lastExchange!;
    expect(sentAt).toBeGreaterThanOrEqual(before);
    expect(answeredAt! - sentAt!).toBeGreaterThanOrEqual(190);
    const refused = makeClient({ url: await refusedUrl() });
    await failure(() => refused.getLivePrice({ asset: "BTC_USDT" }));
    // No connection: the request never went out.
    expect(refused.lastExchange).toEqual({ sentAt: undefined, answeredAt: undefined });
  });

  it("tolerates extra fields in responses", async () => {
    server.reply({ body: { ...BALANCE, extra: [1, 2], nested: { a: 1 } } });
    const b = await client.getUserBalance({ currency: "USDC", network: "testnet" });
    expect(text(b.balance)).toBe("1000");
    expect(JSON.parse(JSON.stringify(b.extra))).toEqual({ userId: 1, extra: [1, 2], nested: { a: 1 } });
  });
});

// ---- Validation before sending --------------------------------------------------------------

describe("parameters are validated before anything is sent", () => {
  const cases: Array<[string, (c: ApiClient) => Promise<unknown>, string]> = [
    ["spot interval 30", (c) => c.getSpot({ asset: "BTC_USDT", interval: 30 }), "interval"],
    ["spot interval '60'", (c) => c.getSpot({ asset: "BTC_USDT", interval: "60" as unknown as number }), "interval"],
    ["spot asset lower case", (c) => c.getSpot({ asset: "btc_usdt", interval: 60 }), "asset"],
    ["spot asset empty", (c) => c.getSpot({ asset: "", interval: 60 }), "asset"],
    ["live-price asset without quote", (c) => c.getLivePrice({ asset: "BTC" }), "asset"],
    ["balance currency empty", (c) => c.getUserBalance({ currency: " ", network: "testnet" }), "currency"],
    ["balance network", (c) => c.getUserBalance({ currency: "USDC", network: "devnet" as "testnet" }), "network"],
    ["status token empty", (c) => c.getStatus({ asset: "BTC_USDT", token: "", network: "testnet", interval: 60 }), "token"],
    ["status interval", (c) => c.getStatus({ asset: "BTC_USDT", token: "USDC", network: "testnet", interval: 120 }), "interval"],
    ["status network", (c) => c.getStatus({ asset: "BTC_USDT", token: "USDC", network: "Mainnet" as "mainnet", interval: 60 }), "network"],
    ["results network", (c) => c.getResults({ network: "" as "testnet" }), "network"],
    ["results interval", (c) => c.getResults({ network: "testnet", interval: 5 }), "interval"],
    ["results limit 0", (c) => c.getResults({ network: "testnet", limit: 0 }), "limit"],
    ["results limit 101", (c) => c.getResults({ network: "testnet", limit: 101 }), "limit"],
    ["results limit 1.5", (c) => c.getResults({ network: "testnet", limit: 1.5 }), "limit"],
    ["results offset -1", (c) => c.getResults({ network: "testnet", offset: -1 }), "offset"],
    ["results offset 0.5", (c) => c.getResults({ network: "testnet", offset: 0.5 }), "offset"],
    ["results gid empty", (c) => c.getResults({ network: "testnet", gid: "" }), "gid"],
    ["results gid blank", (c) => c.getResults({ network: "testnet", gid: "   " }), "gid"],
    ["place gid empty", (c) => c.placePosition({ ...BODY, gid: "" }), "gid"],
    ["place interval", (c) => c.placePosition({ ...BODY, it: 30 }), "it"],
    ["place network", (c) => c.placePosition({ ...BODY, n: "devnet" as "testnet" }), "n"],
    ["place stake 1e5", (c) => c.placePosition({ ...BODY, f: "1e5" }), "f"],
    ["place price abc", (c) => c.placePosition({ ...BODY, sp: "abc" }), "sp"],
    ["place wallet missing", (c) => c.placePosition({ ...BODY, pw: undefined as unknown as string }), "pw"],
  ];
  for (const [name, call, field] of cases) {
    it(`${name} → invalid (${field}), no request`, async () => {
      const err = await failure(() => call(client));
      expect(err.kind).toBe("invalid");
      expect(err.fields).toEqual([field]);
      expect(err.retryable).toBe(false);
      expect(err.message).toMatch(/^(GET|POST) \/[a-z-]+: /);
      expect(err.message).toContain(field);
      expect(server.requests).toHaveLength(0);
    });
  }

  it("accepts the bounds limit 1, limit 100, offset 0", async () => {
    server.otherwise({ body: RESULTS });
    await client.getResults({ network: "testnet", limit: 1, offset: 0 });
    await client.getResults({ network: "testnet", limit: 100 });
    expect(server.requests).toHaveLength(2);
  });

  it("accepts every interval of the set", async () => {
    server.otherwise({ body: LISTING });
    for (const interval of [10, 60, 3600, 86400]) await client.getSpot({ asset: "BTC_USDT", interval });
    expect(server.requests.map((r) => r.query.get("interval"))).toEqual(["10", "60", "3600", "86400"]);
  });
});

// ---- Typed errors ------------------------------------------------------------------------------

interface StatusCase {
  name: string;
  call: string;
  reply: Reply;
  kind: ApiErrorKind;
  status: number;
  reason?: string;
  fields?: string[];
  retryAfterMs?: number;
  retryable: boolean;
  outcomeUnknown?: boolean;
  message: RegExp;
}

const STATUS_CASES: StatusCase[] = [
  {
    name: "401 invalid key",
    call: "GET /user-balance",
    reply: { status: 401, body: { error: "Invalid API key" } },
    kind: "auth",
    status: 401,
    reason: "Invalid API key",
    retryable: false,
    message: /^GET \/user-balance: the service refused the API key, status 401 \(Invalid API key\)$/,
  },
  {
    name: "403 forbidden",
    call: "GET /status",
    reply: { status: 403, body: { error: "Forbidden" } },
    kind: "auth",
    status: 403,
    reason: "Forbidden",
    retryable: false,
    message: /^GET \/status: the service refused the API key, status 403/,
  },
  {
    name: "404 not found",
    call: "GET /results",
    reply: { status: 404, body: { error: "Game not found" } },
    kind: "not_found",
    status: 404,
    reason: "Game not found",
    retryable: false,
    message: /^GET \/results: not found, status 404 \(Game not found\)$/,
  },
  {
    name: "409 duplicate with the server's reason",
    call: "POST /spot",
    reply: { status: 409, body: { error: "Duplicate position" } },
    kind: "conflict",
    status: 409,
    reason: "Duplicate position",
    retryable: false,
    outcomeUnknown: false,
    message: /^POST \/spot: rejected as a conflict, status 409 \(Duplicate position\)$/,
  },
  {
    name: "409 position cap",
    call: "POST /spot",
    reply: { status: 409, body: { error: "Position limit reached", message: "At most 10 positions per game" } },
    kind: "conflict",
    status: 409,
    reason: "Position limit reached: At most 10 positions per game",
    retryable: false,
    message: /\(Position limit reached: At most 10 positions per game\)$/,
  },
  {
    name: "400 invalid input with fields",
    call: "POST /spot",
    reply: { status: 400, body: { error: "Invalid input", fields: ["sp"] } },
    kind: "invalid",
    status: 400,
    reason: "Invalid input",
    fields: ["sp"],
    retryable: false,
    message: /^POST \/spot: the service rejected the request, status 400 \(Invalid input\)$/,
  },
  {
    name: "422 with field details",
    call: "POST /spot",
    reply: { status: 422, body: { error: "Validation failed", message: "stake below minimum", fields: ["f", "sp"] } },
    kind: "invalid",
    status: 422,
    reason: "Validation failed: stake below minimum",
    fields: ["f", "sp"],
    retryable: false,
    message: /status 422 \(Validation failed: stake below minimum\)$/,
  },
  {
    name: "422 with fields as an object",
    call: "POST /spot",
    reply: { status: 422, body: { error: "Validation failed", fields: { f: "too small", pw: "required" } } },
    kind: "invalid",
    status: 422,
    reason: "Validation failed",
    fields: ["f", "pw"],
    retryable: false,
    message: /status 422/,
  },
  {
    name: "429 with resetIn in the body",
    call: "GET /live-price",
    reply: { status: 429, body: { error: "Rate limit exceeded", message: "Too many requests", limit: 120, current: 121, resetIn: 45 } },
    kind: "rate_limited",
    status: 429,
    reason: "Rate limit exceeded: Too many requests",
    retryAfterMs: 45_000,
    retryable: true,
    message: /^GET \/live-price: rate limited, status 429 \(Rate limit exceeded: Too many requests\); resets in 45 s$/,
  },
  {
    name: "429 with Retry-After",
    call: "GET /spot",
    reply: { status: 429, headers: { "retry-after": "7" }, body: { error: "Rate limit exceeded" } },
    kind: "rate_limited",
    status: 429,
    reason: "Rate limit exceeded",
    retryAfterMs: 7_000,
    retryable: true,
    message: /resets in 7 s$/,
  },
  {
    name: "429 body resetIn wins over Retry-After",
    call: "GET /spot",
    reply: { status: 429, headers: { "retry-after": "99" }, body: { error: "Rate limit exceeded", resetIn: 2 } },
    kind: "rate_limited",
    status: 429,
    retryAfterMs: 2_000,
    retryable: true,
    message: /resets in 2 s$/,
  },
  {
    name: "429 with an empty body and Retry-After",
    call: "GET /spot",
    reply: { status: 429, headers: { "retry-after": "3" } },
    kind: "rate_limited",
    status: 429,
    retryAfterMs: 3_000,
    retryable: true,
    message: /^GET \/spot: rate limited, status 429; resets in 3 s$/,
  },
  {
    name: "429 on POST is refused, not applied",
    call: "POST /spot",
    reply: { status: 429, body: { error: "Rate limit exceeded", resetIn: 5 } },
    kind: "rate_limited",
    status: 429,
    retryAfterMs: 5_000,
    retryable: true,
    outcomeUnknown: false,
    message: /^POST \/spot: rate limited/,
  },
  {
    name: "500",
    call: "GET /spot",
    reply: { status: 500, body: { error: "Internal server error" } },
    kind: "server",
    status: 500,
    reason: "Internal server error",
    retryable: true,
    message: /^GET \/spot: the service failed, status 500 \(Internal server error\)$/,
  },
  {
    name: "503 with Retry-After and a gateway-style body",
    call: "GET /status",
    reply: { status: 503, headers: { "retry-after": "2" }, body: { message: "Service Unavailable" } },
    kind: "server",
    status: 503,
    reason: "Service Unavailable",
    retryAfterMs: 2_000,
    retryable: true,
    message: /status 503 \(Service Unavailable\)$/,
  },
  {
    name: "502 HTML error page",
    call: "GET /live-price",
    reply: {
      status: 502,
      headers: { "content-type": "text/html" },
      body: "<html>\n<head><title>502 Bad Gateway</title></head>\n<body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>",
    },
    kind: "server",
    status: 502,
    retryable: true,
    message: /^GET \/live-price: the service failed, status 502: "HTML page: 502 Bad Gateway"$/,
  },
  {
    name: "500 plain text",
    call: "GET /user-balance",
    reply: { status: 500, headers: { "content-type": "text/plain" }, body: "upstream   connect error\nor disconnect" },
    kind: "server",
    status: 500,
    retryable: true,
    message: /status 500: "upstream connect error or disconnect"$/,
  },
  {
    name: "500 empty body",
    call: "GET /results",
    reply: { status: 500 },
    kind: "server",
    status: 500,
    retryable: true,
    message: /^GET \/results: the service failed, status 500$/,
  },
  {
    name: "500 on POST leaves the outcome unknown",
    call: "POST /spot",
    reply: { status: 500, body: { error: "Internal server error" } },
    kind: "server",
    status: 500,
    retryable: false,
    outcomeUnknown: true,
    message: /outcome is unknown$/,
  },
];

describe("status errors", () => {
  for (const t of STATUS_CASES) {
    it(`${t.name} → ${t.kind}`, async () => {
      server.reply(t.reply);
      const err = await failure(() => CALLS[t.call]!(client));
      expect(err.kind).toBe(t.kind);
      expect(err.call).toBe(t.call);
      expect(err.status).toBe(t.status);
      expect(err.message).toMatch(t.message);
      expect(err.retryable).toBe(t.retryable);
      if ("reason" in t) expect(err.reason).toBe(t.reason);
      expect(err.fields).toEqual(t.fields ?? []);
      expect(err.retryAfterMs).toBe(t.retryAfterMs);
      expect(err.outcomeUnknown).toBe(t.outcomeUnknown ?? false);
      expect(err.hint.length).toBeGreaterThan(10);
      expect(server.requests).toHaveLength(1);
    });
  }

  it("429 with Retry-After as an HTTP date", async () => {
    server.reply({ status: 429, headers: { "retry-after": new Date(Date.now() + 30_000).toUTCString() } });
    const err = await failure(CALLS["GET /spot"]!(client));
    expect(err.kind).toBe("rate_limited");
    expect(err.retryAfterMs).toBeGreaterThan(25_000);
    expect(err.retryAfterMs).toBeLessThanOrEqual(30_000);
  });

  it("reads the reason of an error body that does not match the schema exactly", async () => {
    server.reply({ status: 429, body: { error: "Rate limit exceeded", limit: "120", resetIn: "10" } });
    const err = await failure(CALLS["GET /spot"]!(client));
    expect(err.reason).toBe("Rate limit exceeded");
    expect(err.retryAfterMs).toBe(10_000);
  });

  it("keeps a long reason short", async () => {
    server.reply({ status: 400, body: { error: "x".repeat(5_000) } });
    const err = await failure(CALLS["GET /spot"]!(client));
    expect(err.message.length).toBeLessThan(400);
  });

  it("a 404 HTML page is not found, without the page in the message", async () => {
    server.reply({ status: 404, body: "<!DOCTYPE html><html><body>Cannot GET</body></html>" });
    const err = await failure(CALLS["GET /spot"]!(client));
    expect(err.kind).toBe("not_found");
    expect(err.message).toBe("GET /spot: not found, status 404");
  });
});

describe("bad 2xx responses → schema", () => {
  it("non-JSON body", async () => {
    server.reply({ status: 200, headers: { "content-type": "text/plain" }, body: "OK then" });
    const err = await failure(CALLS["GET /live-price"]!(client));
    expect(err.kind).toBe("schema");
    expect(err.status).toBe(200);
    expect(err.message).toBe('GET /live-price: response was not JSON: "OK then"');
    expect(err.retryable).toBe(false);
  });

  it("truncated JSON", async () => {
    server.reply({ body: '{"timestamp":1771340714973,"val' });
    const err = await failure(CALLS["GET /live-price"]!(client));
    expect(err.kind).toBe("schema");
    expect(err.message).toMatch(/^GET \/live-price: response was not JSON: "\{\\"timestamp\\":1771340714973,\\"val"$/);
  });

  it("HTML error page with status 200", async () => {
    server.reply({ body: "<html><head><title>Captive portal login</title></head><body>…</body></html>" });
    const err = await failure(CALLS["GET /spot"]!(client));
    expect(err.kind).toBe("schema");
    expect(err.message).toBe('GET /spot: response was not JSON: "HTML page: Captive portal login"');
  });

  it("empty body", async () => {
    server.reply({ status: 200 });
    const err = await failure(CALLS["GET /user-balance"]!(client));
    expect(err.kind).toBe("schema");
    expect(err.message).toBe("GET /user-balance: response body was empty");
  });

  it("a missing displayed value is unreadable, not an error: the rest of the response is used", async () => {
    const { open_price: _drop, ...liveGame } = LISTING.liveGame;
    server.reply({ body: { ...LISTING, liveGame } });
    const listing = await client.getSpot({ asset: "BTC_USDT", interval: 60 });
    expect(text(listing.liveGame!.open_price)).toBe("unreadable: liveGame.open_price: is missing");
    expect(text(listing.liveGame!.ai_price)).toBe("67018.30517498772");
    expect(listing.issues.map(String)).toEqual(["liveGame.open_price: is missing"]);
  });

  it("a displayed value of the wrong kind is unreadable, with the value received", async () => {
    server.reply({ body: { ...LISTING, liveGame: { ...LISTING.liveGame, open_price: "about 67k" } } });
    const listing = await client.getSpot({ asset: "BTC_USDT", interval: 60 });
    expect(listing.issues.map(String)).toEqual([
      'liveGame.open_price: expected a decimal number (string or number), received "about 67k" (string)',
    ]);
  });

  it("a needed field missing: names the endpoint, the field path and that it is missing", async () => {
    const { ends_at: _e, lobby: _l, ...liveGame } = LISTING.liveGame;
    server.reply({ body: { ...LISTING, liveGame } });
    const err = await failure(CALLS["GET /spot"]!(client));
    expect(err.kind).toBe("schema");
    expect(err.fields).toEqual(["liveGame.ends_at"]);
    expect(err.message).toBe("GET /spot: response field liveGame.ends_at: is missing");
  });

  it("a needed value that is not a decimal: names the field and the value received", async () => {
    server.reply({ body: { ...BALANCE, balance: "12abc" } });
    const err = await failure(CALLS["GET /user-balance"]!(client));
    expect(err.message).toBe(
      'GET /user-balance: response field balance: expected a decimal number (string or number), received "12abc" (string)',
    );
  });

  it("a list that is not a list", async () => {
    server.reply({ body: { positions: "none", streaks: [] } });
    const err = await failure(CALLS["GET /status"]!(client));
    expect(err.message).toBe('GET /status: response field positions: expected an array, received "none" (string)');
  });

  it("an element of a list that is not an object is left out and named", async () => {
    server.reply({ body: { positions: ["oops", STATUS.positions[0]], streaks: [] } });
    const status = await client.getStatus({ asset: "BTC_USDT", token: "USDC", network: "testnet", interval: 60 });
    expect(status.positions).toHaveLength(1);
    expect(status.issues.map(String)).toEqual(['positions[0]: expected an object, received "oops" (string)']);
  });

  it("a JSON array instead of an object", async () => {
    server.reply({ body: [] });
    const err = await failure(CALLS["GET /results"]!(client));
    expect(err.kind).toBe("schema");
    expect(err.message).toMatch(/^GET \/results: response field \(root\): expected an object, received \[\] \(array\)$/);
  });

  it("POST /spot accepted but unreadable: the outcome is unknown", async () => {
    server.reply({ body: '"placed"' });
    const err = await failure(CALLS["POST /spot"]!(client));
    expect(err.kind).toBe("schema");
    expect(err.outcomeUnknown).toBe(true);
    expect(err.retryable).toBe(false);
    expect(err.message).toMatch(
      /^POST \/spot: response field \(root\): expected an object, received "placed" \(string\); the request was accepted/,
    );
  });
});

// ---- Network errors -----------------------------------------------------------------------------

describe("network errors", () => {
  it("connection refused → network, retryable", async () => {
    const c = makeClient({ url: await refusedUrl() });
    const err = await failure(CALLS["GET /spot"]!(c));
    expect(err.kind).toBe("network");
    expect(err.retryable).toBe(true);
    expect(err.outcomeUnknown).toBe(false);
    expect(err.status).toBeUndefined();
    expect(err.message).toBe("GET /spot: connection refused");
  });

  it("POST to a refused port: nothing was sent, so the outcome is known", async () => {
    const c = makeClient({ url: await refusedUrl() });
    const err = await failure(CALLS["POST /spot"]!(c));
    expect(err.kind).toBe("network");
    expect(err.outcomeUnknown).toBe(false);
    expect(err.retryable).toBe(true);
  });

  it("socket destroyed before the response → network", async () => {
    server.reply({ fault: "reset" });
    const err = await failure(CALLS["GET /live-price"]!(client));
    expect(err.kind).toBe("network");
    expect(err.retryable).toBe(true);
    expect(err.message).toBe("GET /live-price: connection reset");
  });

  it("socket destroyed mid-response → network", async () => {
    server.reply({ fault: "mid-body", body: LISTING });
    const err = await failure(CALLS["GET /spot"]!(client));
    expect(err.kind).toBe("network");
    expect(err.retryable).toBe(true);
    expect(err.message).toBe("GET /spot: connection reset");
  });

  it("headers timeout → network, retryable", async () => {
    const c = makeClient({ headersTimeoutMs: 150 });
    server.reply({ fault: "hang" });
    const started = Date.now();
    const err = await failure(CALLS["GET /user-balance"]!(c));
    expect(err.kind).toBe("network");
    expect(err.retryable).toBe(true);
    expect(err.message).toBe("GET /user-balance: timed out waiting for the response");
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("body timeout (headers arrive, the body stalls) → network", async () => {
    const c = makeClient({ bodyTimeoutMs: 150 });
    server.reply({ fault: "stall-body", body: LIVE_PRICE });
    const err = await failure(CALLS["GET /live-price"]!(c));
    expect(err.kind).toBe("network");
    expect(err.retryable).toBe(true);
    expect(err.message).toBe("GET /live-price: timed out waiting for the response");
  });

  it("POST reset after the request was sent: outcome unknown, never retryable", async () => {
    server.reply({ fault: "reset" });
    const err = await failure(CALLS["POST /spot"]!(client));
    expect(err.kind).toBe("network");
    expect(err.outcomeUnknown).toBe(true);
    expect(err.retryable).toBe(false);
    expect(err.message).toBe("POST /spot: connection reset after the request may have been received; its outcome is unknown");
    // The server did receive the whole body: the position may exist.
    expect(server.requests).toHaveLength(1);
    expect(JSON.parse(server.last.body)).toEqual(BODY);
  });

  it("POST cut off mid-response: outcome unknown", async () => {
    server.reply({ fault: "mid-body", body: PLACED });
    const err = await failure(CALLS["POST /spot"]!(client));
    expect(err.outcomeUnknown).toBe(true);
    expect(err.retryable).toBe(false);
  });

  it("POST headers timeout: outcome unknown", async () => {
    const c = makeClient({ headersTimeoutMs: 150 });
    server.reply({ fault: "hang" });
    const err = await failure(CALLS["POST /spot"]!(c));
    expect(err.kind).toBe("network");
    expect(err.outcomeUnknown).toBe(true);
  });

  it("the client never retries: one failing call, one request", async () => {
    server.otherwise({ status: 503, body: { error: "down" } });
    await failure(CALLS["GET /spot"]!(client));
    await failure(CALLS["POST /spot"]!(client));
    expect(server.requests.map((r) => r.method)).toEqual(["GET", "POST"]);
  });

  it("recovers on the next call after a reset", async () => {
    server.reply({ fault: "reset" }, { body: LIVE_PRICE });
    await failure(CALLS["GET /live-price"]!(client));
    expect(text((await client.getLivePrice({ asset: "BTC_USDT" })).value)).toBe("68000.5");
  });
});

// ---- Redaction ----------------------------------------------------------------------------------

describe("the API key never leaks", () => {
  function printedForms(err: ApiError): string[] {
    return [
      err.message,
      String(err),
      err.stack ?? "",
      JSON.stringify(err),
      JSON.stringify({ err }),
      inspect(err, { depth: Infinity, showHidden: true }),
      `${err.reason ?? ""} ${err.fields.join(",")} ${err.hint}`,
    ];
  }

  for (const key of [KEY, "sk-live-ODDSHAPE-7f3a9c2e51"]) {
    it(`through every error path (${key.slice(0, 9)}…)`, async () => {
      const c = makeClient({ apiKey: key, headersTimeoutMs: 150 });
      const echo = `key ${key} rejected`;
      const provocations: Array<[string, Reply | undefined, (c: ApiClient) => Promise<unknown>]> = [
        ["401 echo", { status: 401, body: { error: `Invalid API key ${key}`, message: echo } }, CALLS["GET /user-balance"]!],
        ["403 echo", { status: 403, body: { error: echo } }, CALLS["GET /status"]!],
        ["404 echo", { status: 404, body: { error: echo } }, CALLS["GET /results"]!],
        ["409 echo", { status: 409, body: { error: echo } }, CALLS["POST /spot"]!],
        ["422 echo in fields", { status: 422, body: { error: echo, fields: [`x-api-key=${key}`] } }, CALLS["POST /spot"]!],
        ["422 echo in field names", { status: 422, body: { error: "bad", fields: { [key]: "bad" } } }, CALLS["POST /spot"]!],
        ["429 echo", { status: 429, body: { error: echo, resetIn: 1 } }, CALLS["GET /spot"]!],
        ["500 JSON echo", { status: 500, body: { error: echo } }, CALLS["GET /spot"]!],
        ["500 text echo", { status: 500, body: `x-api-key: ${key}` }, CALLS["GET /spot"]!],
        ["502 HTML echo", { status: 502, body: `<html><head><title>Bad key ${key}</title></head></html>` }, CALLS["GET /spot"]!],
        ["200 text echo", { status: 200, body: `your key is ${key}` }, CALLS["GET /live-price"]!],
        ["200 schema echo", { status: 200, body: { ...BALANCE, balance: key } }, CALLS["GET /user-balance"]!],
        ["200 schema echo nested", { status: 200, body: { positions: { [key]: key }, streaks: [] } }, CALLS["GET /status"]!],
        ["200 POST schema echo", { status: 200, body: [key] }, CALLS["POST /spot"]!],
        ["reset", { fault: "reset" }, CALLS["GET /spot"]!],
        ["POST reset", { fault: "reset" }, CALLS["POST /spot"]!],
        ["mid-body", { fault: "mid-body", body: { error: echo } }, CALLS["GET /spot"]!],
        ["timeout", { fault: "hang" }, CALLS["GET /spot"]!],
        ["invalid parameter echo", undefined, (cl) => cl.getSpot({ asset: key, interval: 60 })],
        ["invalid body echo", undefined, (cl) => cl.placePosition({ ...BODY, sp: key })],
      ];
      for (const [name, reply, call] of provocations) {
        if (reply) server.reply(reply);
        const before = server.requests.length;
        const err = await failure(() => call(c));
        if (reply) {
          // The key really was sent, so hiding it is the client's doing.
          expect(server.requests.length, name).toBe(before + 1);
          expect(server.last.headers["x-api-key"], name).toBe(key);
        }
        for (const text of printedForms(err)) expect(text, name).not.toContain(key);
      }
      const refused = new ApiClient({ url: await refusedUrl(), apiKey: key });
      extraClients.push(refused);
      for (const call of Object.values(CALLS)) {
        const err = await failure(() => call(refused));
        for (const text of printedForms(err)) expect(text).not.toContain(key);
      }
    });
  }

  it("redacts a key echoed in a value that could not be read", async () => {
    server.reply({ body: { ...BALANCE, withdrawal_req: { note: `key ${KEY}` } } });
    const b = await client.getUserBalance({ currency: "USDC", network: "testnet" });
    expect(b.issues).toHaveLength(1);
    expect(String(b.issues[0])).toContain("[redacted]");
    expect(String(b.issues[0])).not.toContain(KEY);
  });

  it("redacts an echoed key but keeps the rest of the server's reason", async () => {
    server.reply({ status: 401, body: { error: `Invalid API key ${KEY}` } });
    const err = await failure(CALLS["GET /user-balance"]!(client));
    expect(err.reason).toBe("Invalid API key [redacted]");
    expect(err.message).toContain("(Invalid API key [redacted])");
  });

  it("redacts whatever message a caller builds an ApiError from", () => {
    const err = new ApiError({ kind: "server", call: "POST /spot", message: `boom ${KEY}`, reason: KEY, fields: [KEY] });
    for (const text of printedForms(err)) expect(text).not.toContain(KEY);
  });

  it("the client object itself does not show the key", () => {
    expect(inspect(client, { depth: 1 })).not.toContain(KEY);
    expect(JSON.stringify({ baseUrl: client.baseUrl })).not.toContain(KEY);
  });
});
