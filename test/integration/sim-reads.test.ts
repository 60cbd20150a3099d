/**
 * The read endpoints through the real client: GET /spot (schedule, phases,
 * flags, prices), GET /live-price, GET /user-balance, plus auth and routing.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BalanceSchema, GameListingSchema, LivePriceSchema } from "../../src/api/schemas.js";
import { Decimal } from "../../src/domain/money.js";
import { earlyWindowMs, INTERVALS, lobbyMs } from "../../src/domain/rules.js";
import { SpecClient } from "../helpers/spec-client.js";
import { body, errorBody, failure, raw, startTestSim, T0, type TestSim, toNextGame } from "./sim-helpers.js";

let t: TestSim;
beforeEach(async () => {
  t = await startTestSim();
});
afterEach(async () => {
  await t.close();
});

describe("GET /spot", () => {
  it.each(INTERVALS)("lists contiguous %i s games with the documented timing", async (interval) => {
    const listing = await t.client.spot({ asset: "BTC_USDT", interval });
    const live = listing.liveGame;
    expect(listing.asset).toBe("BTC_USDT");
    expect(listing.interval).toBe(interval);
    expect(live.closes_at).toBe(live.start_at + interval * 1000);
    expect(live.ends_at).toBe(live.closes_at + lobbyMs(interval));
    expect(live.lobby).toMatchObject({ start_at: live.closes_at, end_at: live.ends_at });
    expect(listing.nextGame.starts_at).toBe(live.ends_at);
    expect(listing.nextGame.ends_at - listing.nextGame.starts_at).toBe(live.ends_at - live.start_at);
    expect(live.start_at).toBeLessThanOrEqual(T0);
    expect(live.ends_at).toBeGreaterThan(T0);
    expect(listing.timestamp).toBe(T0);
    expect(live.gid).toMatch(/^\d+$/);
    expect(listing.nextGame.gid).toMatch(/^\d+$/);
    expect(live.open_price).toMatch(/^\d+\.\d{6}$/);
    expect(live.ai_price).toMatch(/^\d+(\.\d+)?$/);
  });

  it("uses the public 60 s example: closes 60 s after start, ends 15 s later", async () => {
    const listing = await t.client.spot({ asset: "BTC_USDT", interval: 60 });
    expect(listing.liveGame.closes_at - listing.liveGame.start_at).toBe(60_000);
    expect(listing.liveGame.ends_at - listing.liveGame.closes_at).toBe(15_000);
  });

  it("gives every asset × interval its own gids", async () => {
    const gids = new Set<string>();
    for (const asset of ["BTC_USDT", "ETH_USDT"]) {
      for (const interval of INTERVALS) {
        const l = await t.client.spot({ asset, interval });
        gids.add(l.liveGame.gid);
        gids.add(l.nextGame.gid);
      }
    }
    expect(gids.size).toBe(16);
  });

  it("walks one game through its phases: early window, accepting, lobby, next game", async () => {
    const start = await toNextGame(t, "BTC_USDT", 60);
    const s = start.liveGame.start_at;
    expect(start.early_precision_window).toBe(true);
    expect(start.can_place_position).toBe(true);
    expect(start.liveGame.lobby.isLobby).toBe(false);

    t.clock.set(s + earlyWindowMs(60) - 1);
    expect((await t.client.spot({ asset: "BTC_USDT", interval: 60 })).early_precision_window).toBe(true);
    t.clock.set(s + earlyWindowMs(60));
    const mid = await t.client.spot({ asset: "BTC_USDT", interval: 60 });
    expect(mid.early_precision_window).toBe(false);
    expect(mid.can_place_position).toBe(true);

    t.clock.set(start.liveGame.closes_at);
    const lobby = await t.client.spot({ asset: "BTC_USDT", interval: 60 });
    expect(lobby.liveGame.gid).toBe(start.liveGame.gid);
    expect(lobby.liveGame.lobby.isLobby).toBe(true);
    expect(lobby.can_place_position).toBe(false);
    expect(lobby.early_precision_window).toBe(false);

    t.clock.set(start.liveGame.ends_at);
    const next = await t.client.spot({ asset: "BTC_USDT", interval: 60 });
    expect(next.liveGame.gid).toBe(start.nextGame.gid);
    expect(next.liveGame.start_at).toBe(start.nextGame.starts_at);
    expect(next.can_place_position).toBe(true);
  });

  it("takes open_price from the feed at start_at", async () => {
    const l0 = await t.client.spot({ asset: "ETH_USDT", interval: 10 });
    const start = l0.nextGame.starts_at;
    t.sim.engine.feed.script("ETH_USDT", (tick) => (tick < start ? 3400 : tick === start ? "3456.78" : 3500));
    t.clock.set(start + 3000);
    const l = await t.client.spot({ asset: "ETH_USDT", interval: 10 });
    expect(l.liveGame.open_price).toBe("3456.780000");
    // ai_price: a quarter of the way from the open towards the earlier prices (docs/sim.md).
    expect(l.liveGame.ai_price).toBe("3442.585"); // 3456.78 + 0.25 × (3400 − 3456.78)
  });

  it("answers exactly what the schema describes", async () => {
    const r = await raw(t, "GET", "spot", { query: { asset: "BTC_USDT", interval: "3600" } });
    expect(r.status).toBe(200);
    expect(GameListingSchema.strict().safeParse(r.json).success).toBe(true);
  });

  it("refuses unknown assets and intervals with 422 naming them", async () => {
    const r = await raw(t, "GET", "spot", { query: { asset: "DOGE_USDT", interval: "61" } });
    expect(r.status).toBe(422);
    expect(errorBody(r).fields).toEqual(["asset", "interval"]);
    const missing = await raw(t, "GET", "spot", {});
    expect(errorBody(missing).fields).toEqual(["asset", "interval"]);
  });
});

describe("paused markets and hidden next games (test and demo hooks)", () => {
  it("a paused market lists no live game, announces the first game after the pause, and refuses positions with 409", async () => {
    const before = await toNextGame(t, "BTC_USDT", 60);
    t.clock.advance(5_000);
    t.sim.engine.markets.pause("BTC_USDT", 60, t.clock.now() + 100_000);
    const paused = await t.client.listing({ asset: "BTC_USDT", interval: 60 });
    expect([paused.liveGame, paused.can_place_position, paused.early_precision_window]).toEqual([null, false, false]);
    expect(paused.nextGame!.starts_at).toBeGreaterThanOrEqual(t.clock.now() + 100_000);
    expect(paused.nextGame!.starts_at - (t.clock.now() + 100_000)).toBeLessThan(75_000);
    const e = await failure(t.client.place(body(t, before)));
    expect([e.status, e.reason]).toEqual([409, "Market paused: BTC_USDT 60 s games are paused; no position can be placed"]);
    // Other markets carry on; the pause ends by itself.
    expect((await t.client.spot({ asset: "BTC_USDT", interval: 10 })).liveGame.gid).toMatch(/^\d+$/);
    // Paused until the announced game opens, not only until the pause's own end:
    // no game goes live in between that was never announced.
    t.clock.set(paused.nextGame!.starts_at - 1);
    expect(await t.client.listing({ asset: "BTC_USDT", interval: 60 })).toMatchObject({
      liveGame: null,
      nextGame: { gid: paused.nextGame!.gid },
    });
    t.clock.set(paused.nextGame!.starts_at);
    expect((await t.client.spot({ asset: "BTC_USDT", interval: 60 })).liveGame.gid).toBe(paused.nextGame!.gid);
  });

  it("paused until resumed: no next game either; a hidden next game is just that", async () => {
    t.sim.engine.markets.pause("ETH_USDT", undefined, null);
    for (const interval of INTERVALS)
      expect(await t.client.listing({ asset: "ETH_USDT", interval })).toMatchObject({ liveGame: null, nextGame: null });
    t.sim.engine.markets.resume("ETH_USDT");
    t.sim.engine.markets.hideNextGame("ETH_USDT", 3600, true);
    const l = await t.client.listing({ asset: "ETH_USDT", interval: 3600 });
    expect([l.liveGame === null, l.nextGame]).toEqual([false, null]);
  });
});

describe("GET /live-price", () => {
  it("reports the latest 250 ms tick at or before now", async () => {
    t.clock.set(T0 + 1_234);
    const p = await t.client.livePrice({ asset: "BTC_USDT" });
    expect(p.timestamp).toBe(T0 + 1_000);
    expect(p.value).toBeGreaterThan(10_000);
    expect(Number.isFinite(p.value)).toBe(true);
  });

  it("moves with time and follows a scripted path", async () => {
    const prices = new Set<number>();
    for (let i = 0; i < 20; i++) {
      t.clock.advance(250);
      prices.add((await t.client.livePrice({ asset: "BTC_USDT" })).value);
    }
    expect(prices.size).toBeGreaterThan(10);
    t.sim.engine.feed.script("BTC_USDT", () => "70123.45");
    expect((await t.client.livePrice({ asset: "BTC_USDT" })).value).toBe(70123.45);
  });

  it("goes stale during an outage: the timestamp stays at the last tick that arrived", async () => {
    t.sim.engine.feed.outage("BTC_USDT", T0 + 500, T0 + 10_000);
    t.clock.set(T0 + 4_100);
    const p = await t.client.livePrice({ asset: "BTC_USDT" });
    expect(p.timestamp).toBe(T0 + 250);
  });

  it("is the same path for the same seed, and another for another seed", async () => {
    const again = await startTestSim({ seed: 7 });
    const other = await startTestSim({ seed: 8 });
    try {
      const a = await t.client.livePrice({ asset: "ETH_USDT" });
      expect(await again.client.livePrice({ asset: "ETH_USDT" })).toEqual(a);
      expect((await other.client.livePrice({ asset: "ETH_USDT" })).value).not.toBe(a.value);
    } finally {
      await again.close();
      await other.close();
    }
  });

  it("answers exactly what the schema describes", async () => {
    const r = await raw(t, "GET", "live-price", { query: { asset: "ETH_USDT" } });
    expect(LivePriceSchema.strict().safeParse(r.json).success).toBe(true);
  });
});

describe("GET /user-balance", () => {
  it("starts new users with 1000 on testnet and 0 on mainnet", async () => {
    const testnet = await t.client.balance({ currency: "USDC", network: "testnet" });
    expect(testnet).toEqual({ userId: 1, balance: "1000", withdrawal_req: "none" });
    const mainnet = await t.client.balance({ currency: "USDC", network: "mainnet" });
    expect(mainnet.balance).toBe("0");
    const r = await raw(t, "GET", "user-balance", { query: { currency: "USDC", network: "testnet" } });
    expect(BalanceSchema.strict().safeParse(r.json).success).toBe(true);
  });

  it("keeps one balance per key", async () => {
    const two = await startTestSim({ keys: [`metafide_${"a".repeat(32)}`, `metafide_${"b".repeat(32)}`] });
    try {
      two.sim.engine.deposit(2, "testnet", "5.5");
      const other = new SpecClient({ url: two.sim.url, apiKey: two.sim.keys[1]! });
      expect((await two.client.balance({ currency: "USDC", network: "testnet" })).balance).toBe("1000");
      expect(await other.balance({ currency: "USDC", network: "testnet" })).toMatchObject({ userId: 2, balance: "1005.5" });
      expect(two.sim.wallets[two.sim.keys[0]!]).not.toBe(two.sim.wallets[two.sim.keys[1]!]);
      await other.close();
    } finally {
      await two.close();
    }
  });

  it("refuses other currencies and networks with 422", async () => {
    const r = await raw(t, "GET", "user-balance", { query: { currency: "USDT", network: "devnet" } });
    expect(r.status).toBe(422);
    expect(errorBody(r).fields).toEqual(["currency", "network"]);
  });
});

describe("the demo key", () => {
  it("is generated in the public key shape with a wallet address", async () => {
    expect(t.key).toMatch(/^metafide_[0-9a-f]{32}$/);
    expect(t.wallet).toMatch(/^0x[0-9a-f]{40}$/);
  });
});

describe("authentication", () => {
  const calls: Array<[string, string, Record<string, string>, string?]> = [
    ["GET", "spot", { asset: "BTC_USDT", interval: "60" }],
    ["POST", "spot", {}, "{}"],
    ["GET", "live-price", { asset: "BTC_USDT" }],
    ["GET", "user-balance", { currency: "USDC", network: "testnet" }],
    ["GET", "status", { asset: "BTC_USDT", token: "USDC", network: "testnet", interval: "60" }],
    ["GET", "results", { network: "testnet" }],
  ];

  it.each(calls)("%s /%s without a key or with an unknown key → 401", async (method, endpoint, query, body) => {
    for (const key of [null, `metafide_${"0".repeat(32)}`]) {
      const r = await raw(t, method, endpoint, { key, query, body });
      expect(r.status).toBe(401);
      expect(errorBody(r).error).toBe("Invalid API key");
    }
  });

  it("surfaces as an auth error in the client", async () => {
    const stranger = new SpecClient({ url: t.sim.url, apiKey: `metafide_${"f".repeat(32)}` });
    const e = await failure(stranger.getSpot({ asset: "BTC_USDT", interval: 60 }));
    expect(e.kind).toBe("auth");
    expect(e.status).toBe(401);
    await stranger.close();
  });
});

describe("routing", () => {
  it("answers unknown routes with 404 and wrong methods with 405", async () => {
    const unknown = await raw(t, "GET", "positions");
    expect(unknown.status).toBe(404);
    expect(errorBody(unknown).error).toBe("Not found");
    for (const name of ["constructor", "__proto__", "hasOwnProperty"]) expect((await raw(t, "GET", name)).status).toBe(404);
    const outside = await fetch(new URL("/v2/anything", t.sim.url));
    expect(outside.status).toBe(404);
    const del = await raw(t, "DELETE", "spot");
    expect(del.status).toBe(405);
    expect(del.headers.get("allow")).toBe("GET, POST");
    const post = await raw(t, "POST", "live-price", { body: "{}" });
    expect(post.status).toBe(405);
    expect(errorBody(post).message).toMatch(/use GET/);
  });
});

describe("decimal exactness on the wire", () => {
  it("sends balances as exact decimal strings", async () => {
    t.sim.engine.deposit(1, "testnet", "0.000001");
    const b = await t.client.balance({ currency: "USDC", network: "testnet" });
    expect(new Decimal(b.balance).eq("1000.000001")).toBe(true);
    expect(b.balance).toBe("1000.000001");
  });
});
