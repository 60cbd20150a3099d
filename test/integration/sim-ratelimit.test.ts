/**
 * Rate limits per key in sim time: "real" (120/min per GET endpoint, 30/min
 * POST /spot, sliding 60 s) and "strict" (one request per rolling second over
 * all endpoints). 429 carries {error, message, limit, current, resetIn} and
 * Retry-After; refused requests do not count.
 */
import { afterEach, describe, expect, it } from "vitest";
import { SpecClient } from "../helpers/spec-client.js";
import { body, errorBody, failure, raw, startTestSim, type TestSim, toNextGame } from "./sim-helpers.js";

let t: TestSim | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const spot = (s: TestSim) => s.client.spot({ asset: "BTC_USDT", interval: 60 });

describe("rate limit: real", () => {
  it("allows 120 GETs a minute per endpoint, then 429 with the public body and Retry-After", async () => {
    t = await startTestSim({ rateLimit: "real" });
    for (let i = 0; i < 120; i++) await spot(t);
    t.clock.advance(15_000);
    const r = await raw(t, "GET", "spot", { query: { asset: "BTC_USDT", interval: "60" } });
    expect(r.status).toBe(429);
    expect(errorBody(r)).toEqual({ error: "Rate limit exceeded", message: "Too many requests", limit: 120, current: 121, resetIn: 45 });
    expect(r.headers.get("retry-after")).toBe("45");

    const e = await failure(spot(t));
    expect(e.kind).toBe("rate_limited");
    expect(e.retryAfterMs).toBe(45_000);

    // Other endpoints have their own budget.
    await t.client.livePrice({ asset: "BTC_USDT" });
    // The window slides: a minute after the first burst the budget is back.
    t.clock.advance(45_000);
    await spot(t);
  });

  it("does not count refused requests", async () => {
    t = await startTestSim({ rateLimit: "real" });
    for (let i = 0; i < 120; i++) await t.client.livePrice({ asset: "ETH_USDT" });
    for (let i = 0; i < 5; i++) expect((await failure(t.client.livePrice({ asset: "ETH_USDT" }))).status).toBe(429);
    t.clock.advance(60_000);
    for (let i = 0; i < 120; i++) await t.client.livePrice({ asset: "ETH_USDT" });
  });

  it("allows 30 POST /spot a minute", async () => {
    t = await startTestSim({ rateLimit: "real" });
    const s = t;
    const listing = await toNextGame(s, "BTC_USDT", 3600);
    for (let i = 0; i < 30; i++) {
      // Rejections (here: the position cap) count too: they were served.
      await s.client.place(body(s, listing, { sp: String(60000 + i) })).catch(() => undefined);
    }
    const e = await failure(s.client.place(body(s, listing, { sp: "1" })));
    expect(e.status).toBe(429);
    expect(e.reason).toMatch(/Rate limit exceeded/);
    const r = await raw(s, "POST", "spot", { body: "{}" });
    expect(errorBody(r)).toMatchObject({ limit: 30, current: 31, resetIn: 60 });
    s.clock.advance(60_000);
    const eth = await s.client.spot({ asset: "ETH_USDT", interval: 3600 });
    await s.client.place(body(s, eth, { sp: "3500" }));
  });

  it("keeps one budget per key", async () => {
    t = await startTestSim({ rateLimit: "real", keys: [`metafide_${"1".repeat(32)}`, `metafide_${"2".repeat(32)}`] });
    for (let i = 0; i < 120; i++) await spot(t);
    // The first key's budget is spent; the second key's is its own.
    expect((await failure(spot(t))).status).toBe(429);
    const other = new SpecClient({ url: t.sim.url, apiKey: t.sim.keys[1]! });
    await other.spot({ asset: "BTC_USDT", interval: 60 });
    await other.close();
  });
});

describe("rate limit: strict", () => {
  it("allows one request per rolling second per key over all endpoints", async () => {
    t = await startTestSim({ rateLimit: "strict" });
    await spot(t);
    t.clock.advance(999);
    const r = await raw(t, "GET", "live-price", { query: { asset: "BTC_USDT" } });
    expect(r.status).toBe(429);
    expect(errorBody(r)).toEqual({ error: "Rate limit exceeded", message: "Too many requests", limit: 1, current: 2, resetIn: 1 });
    expect(r.headers.get("retry-after")).toBe("1");
    const e = await failure(t.client.balance({ currency: "USDC", network: "testnet" }));
    expect(e.kind).toBe("rate_limited");
    expect(e.retryAfterMs).toBe(1000);
    t.clock.advance(1);
    await t.client.livePrice({ asset: "BTC_USDT" });
  });

  it("lets a 1 Hz poller through indefinitely", async () => {
    t = await startTestSim({ rateLimit: "strict" });
    for (let i = 0; i < 30; i++) {
      await spot(t);
      t.clock.advance(1000);
    }
  });
});

describe("rate limit: off", () => {
  it("never refuses", async () => {
    t = await startTestSim({ rateLimit: "off" });
    for (let i = 0; i < 300; i++) await t.client.livePrice({ asset: "BTC_USDT" });
  });
});

describe("the default", () => {
  it("is real", async () => {
    t = await startTestSim({ rateLimit: undefined });
    expect(t.sim).toBeDefined();
  });
});
