/**
 * GET /results through the real client: only settled games of the caller,
 * most recent first, filters, gid, limit/offset bounds and exact totals.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ResultsResponseSchema } from "../../src/api/schemas.js";
import { Decimal, sum } from "../../src/domain/money.js";
import { SpecClient } from "../helpers/spec-client.js";
import { body, errorBody, failure, raw, startTestSim, type TestSim, toNextGame } from "./sim-helpers.js";

let t: TestSim;
/** gids in the order they were played (so most recent last). */
const played: Array<{ gid: string; asset: string; interval: number; network: string }> = [];

beforeAll(async () => {
  t = await startTestSim({ crowd: true });
  t.sim.engine.deposit(1, "mainnet", "100");
  // 25 BTC 10 s games on testnet, 3 ETH 10 s games on testnet, 2 BTC 60 s games on mainnet.
  for (let i = 0; i < 25; i++) {
    const l = await toNextGame(t, "BTC_USDT", 10);
    await t.client.place(body(t, l, { sp: String(67900 + i * 10), f: "0.5" }));
    await t.client.place(body(t, l, { sp: String(68100 + i * 10), f: "0.25" }));
    played.push({ gid: l.liveGame.gid, asset: "BTC_USDT", interval: 10, network: "testnet" });
  }
  for (let i = 0; i < 3; i++) {
    const l = await toNextGame(t, "ETH_USDT", 10);
    await t.client.place(body(t, l, { sp: "3500", f: "1" }));
    played.push({ gid: l.liveGame.gid, asset: "ETH_USDT", interval: 10, network: "testnet" });
  }
  for (let i = 0; i < 2; i++) {
    const l = await toNextGame(t, "BTC_USDT", 60);
    await t.client.place(body(t, l, { sp: "68000", f: "3", n: "mainnet" }));
    played.push({ gid: l.liveGame.gid, asset: "BTC_USDT", interval: 60, network: "mainnet" });
  }
  await toNextGame(t, "BTC_USDT", 60); // lets the last mainnet game end
  // A live, unsettled game must not show up.
  const live = await toNextGame(t, "BTC_USDT", 10);
  await t.client.place(body(t, live, { f: "0.5" }));
});
afterAll(async () => {
  await t.close();
});

const testnetGids = () =>
  played
    .filter((p) => p.network === "testnet")
    .map((p) => p.gid)
    .reverse();

describe("GET /results", () => {
  it("lists settled games most recent first, 20 by default", async () => {
    const r = await t.client.results({ network: "testnet" });
    expect(r.pagination).toEqual({ total: 28, limit: 20, offset: 0 });
    expect(r.games.map((g) => g.gid)).toEqual(testnetGids().slice(0, 20));
    expect(r.games.every((g) => g.network === "testnet" && !g.cancelled && g.settled_at !== null)).toBe(true);
  });

  it("pages with limit and offset", async () => {
    const page = await t.client.results({ network: "testnet", limit: 5, offset: 25 });
    expect(page.pagination).toEqual({ total: 28, limit: 5, offset: 25 });
    expect(page.games.map((g) => g.gid)).toEqual(testnetGids().slice(25, 30));
    const beyond = await t.client.results({ network: "testnet", offset: 100 });
    expect(beyond.games).toEqual([]);
    expect(beyond.pagination.total).toBe(28);
    const all = await t.client.results({ network: "testnet", limit: 100 });
    expect(all.games).toHaveLength(28);
  });

  it("filters by network, asset and interval", async () => {
    const mainnet = await t.client.results({ network: "mainnet" });
    expect(mainnet.games.map((g) => g.gid)).toEqual(
      played
        .filter((p) => p.network === "mainnet")
        .map((p) => p.gid)
        .reverse(),
    );
    const eth = await t.client.results({ network: "testnet", asset: "ETH_USDT" });
    expect(eth.pagination.total).toBe(3);
    expect(eth.games.every((g) => g.asset === "ETH_USDT")).toBe(true);
    const btc10 = await t.client.results({ network: "testnet", asset: "BTC_USDT", interval: 10 });
    expect(btc10.pagination.total).toBe(25);
    expect((await t.client.results({ network: "testnet", interval: 60 })).games).toEqual([]);
  });

  it("returns just the game named by gid", async () => {
    const gid = played[3]!.gid;
    const r = await t.client.results({ network: "testnet", gid });
    expect(r.games.map((g) => g.gid)).toEqual([gid]);
    expect(r.pagination.total).toBe(1);
    expect((await t.client.results({ network: "testnet", gid: "999" })).games).toEqual([]);
  });

  it("carries exact per-game totals and only the caller's positions", async () => {
    const r = await t.client.results({ network: "testnet", asset: "BTC_USDT", limit: 100 });
    for (const g of r.games) {
      expect(g.positions).toHaveLength(2);
      const staked = sum(g.positions.map((p) => new Decimal(p.f)));
      const won = sum(g.positions.map((p) => new Decimal(p.w!)));
      expect(g.total_staked).toBe("0.75");
      expect(new Decimal(g.total_staked).eq(staked)).toBe(true);
      expect(new Decimal(g.total_winnings).eq(won)).toBe(true);
      expect(new Decimal(g.net_return).eq(won.minus(staked))).toBe(true);
      for (const p of g.positions) {
        const w = new Decimal(p.w!);
        expect(p.win).toBe(w.gt(p.f));
        expect(new Decimal(p.r!).eq(w.minus(p.f).div(p.f).times(100).toDecimalPlaces(6))).toBe(true);
        expect(new Decimal(p.variance!).eq(new Decimal(p.sp).minus(g.closing_price!).abs())).toBe(true);
      }
    }
  });

  it("answers exactly what the schema describes", async () => {
    const r = await raw(t, "GET", "results", { query: { network: "testnet", limit: "3" } });
    expect(r.status).toBe(200);
    const strict = ResultsResponseSchema.safeParse(r.json);
    expect(strict.success).toBe(true);
  });

  it("refuses limits outside 1–100, negative offsets and a missing network with 422", async () => {
    for (const query of [{ limit: "0" }, { limit: "101" }, { limit: "ten" }]) {
      const r = await raw(t, "GET", "results", { query: { network: "testnet", ...query } });
      expect(r.status).toBe(422);
      expect(errorBody(r).fields).toEqual(["limit"]);
    }
    const neg = await raw(t, "GET", "results", { query: { network: "testnet", offset: "-1" } });
    expect(errorBody(neg).fields).toEqual(["offset"]);
    const none = await raw(t, "GET", "results", { query: { interval: "15" } });
    expect(errorBody(none).fields).toEqual(["network", "interval"]);
    // The client refuses such values itself before sending.
    expect((await failure((async () => t.client.results({ network: "testnet", limit: 0 }))())).kind).toBe("invalid");
  });

  it("keeps results apart per user", async () => {
    const two = await startTestSim({ keys: [`metafide_${"c".repeat(32)}`, `metafide_${"d".repeat(32)}`] });
    const stranger = new SpecClient({ url: two.sim.url, apiKey: two.sim.keys[1]! });
    try {
      const l = await toNextGame(two, "BTC_USDT", 10);
      await two.client.place(body(two, l, { f: "0.5" }));
      two.clock.set(l.liveGame.ends_at);
      expect((await two.client.results({ network: "testnet" })).games).toHaveLength(1);
      expect((await stranger.results({ network: "testnet" })).games).toEqual([]);
    } finally {
      await stranger.close();
      await two.close();
    }
  });
});
