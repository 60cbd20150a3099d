/**
 * Settlement, projection and cancellation through the real client, with
 * scripted prices so every figure can be worked out by hand (docs/payout.md):
 * pot = 90.9 % of the pool, weight = stake × time share × early bonus ×
 * 1 / (1 + (miss / (close × σ))²), σ = 0.0007 for 60 s games.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Decimal } from "../../src/domain/money.js";
import { SpecClient } from "../helpers/spec-client.js";
import { body, failure, startTestSim, type TestSim, toNextGame } from "./sim-helpers.js";

const KEYS = [`metafide_${"1".repeat(32)}`, `metafide_${"2".repeat(32)}`];
let t: TestSim;
let other: SpecClient;

beforeEach(async () => {
  t = await startTestSim({ keys: KEYS });
  other = new SpecClient({ url: t.sim.url, apiKey: KEYS[1]! });
  t.sim.engine.feed.script("BTC_USDT", () => "68000");
});
afterEach(async () => {
  await other.close();
  await t.close();
});

const status = (c: SpecClient) => c.status({ asset: "BTC_USDT", token: "USDC", network: "testnet", interval: 60 });
const balanceOf = async (c: SpecClient) => (await c.balance({ currency: "USDC", network: "testnet" })).balance;
const house = () => t.sim.engine.ledger.balance("house", "USDC", "testnet").toFixed();

describe("settlement", () => {
  it("pays a lone player 90.9 % of the pool and records the result", async () => {
    const listing = await toNextGame(t, "BTC_USDT", 60);
    const placed = await t.client.place(body(t, listing, { sp: "68010", f: "10" }));
    t.clock.set(listing.liveGame.ends_at);
    expect(await balanceOf(t.client)).toBe("999.09");
    expect(house()).toBe("0.91");
    const { games, pagination } = await t.client.results({ network: "testnet" });
    expect(pagination).toEqual({ total: 1, limit: 20, offset: 0 });
    expect(games[0]).toEqual({
      gid: listing.liveGame.gid,
      interval: 60,
      asset: "BTC_USDT",
      network: "testnet",
      currency: "USDC",
      open_price: "68000.000000",
      closing_price: "68000.000000",
      settled_at: new Date(listing.liveGame.ends_at).toISOString(),
      cancelled: false,
      positions: [
        { sp: "68010", f: "10", w: "9.09", r: "-9.1", win: false, variance: "10", txid: placed.txid, placed_at: placed.created_at },
      ],
      total_staked: "10",
      total_winnings: "9.09",
      net_return: "-0.91",
    });
  });

  it("splits the pot by precision: a miss of one σ weighs half", async () => {
    const listing = await toNextGame(t, "BTC_USDT", 60);
    t.clock.advance(20_000); // past the early window: no bonus for either
    await t.client.place(body(t, listing, { sp: "68000", f: "10" }));
    await other.place(body(t, listing, { sp: "68047.6", f: "10" })); // 68000 × 0.0007 = 47.6 off
    t.clock.set(listing.liveGame.ends_at);
    // pot 18.18 split 2 : 1
    expect(await balanceOf(t.client)).toBe("1002.12");
    expect(await balanceOf(other)).toBe("996.06");
    expect(house()).toBe("1.82");
    const [mine] = (await t.client.results({ network: "testnet" })).games;
    expect(mine!.positions).toEqual([expect.objectContaining({ w: "12.12", r: "21.2", win: true, variance: "0" })]);
    const [theirs] = (await other.results({ network: "testnet" })).games;
    expect(theirs!.positions).toEqual([expect.objectContaining({ w: "6.06", r: "-39.4", win: false, variance: "47.6" })]);
    expect(theirs!.total_winnings).toBe("6.06");
    expect(theirs!.net_return).toBe("-3.94");
  });

  it("weights time in game and the early window, rounds down and gives the dust to the house", async () => {
    const listing = await toNextGame(t, "BTC_USDT", 60);
    await t.client.place(body(t, listing, { f: "10" })); // at start: time share 1, early bonus 1.25 → 12.5
    t.clock.advance(30_000);
    await other.place(body(t, listing, { f: "10" })); // 45 of 75 s left: time share 0.6 → 6
    t.clock.set(listing.liveGame.ends_at);
    // 18.18 × 12.5 / 18.5 = 12.2837837…, 18.18 × 6 / 18.5 = 5.8962162…
    expect(await balanceOf(t.client)).toBe("1002.283783");
    expect(await balanceOf(other)).toBe("995.896216");
    expect(house()).toBe("1.820001");
  });

  it("settles lazily: games that ended while nobody asked are settled by the next request", async () => {
    const listing = await toNextGame(t, "BTC_USDT", 10);
    await t.client.place(body(t, listing, { f: "1" }));
    const next = await toNextGame(t, "BTC_USDT", 10);
    await t.client.place(body(t, next, { f: "2" }));
    t.clock.advance(3_600_000);
    const { games } = await t.client.results({ network: "testnet", interval: 10 });
    expect(games.map((g) => g.gid)).toEqual([next.liveGame.gid, listing.liveGame.gid]);
    expect(games.map((g) => g.total_winnings)).toEqual(["1.818", "0.909"]);
    expect(await balanceOf(t.client)).toBe("999.727");
  });

  it("conserves money with the crowd in the pool", async () => {
    const crowded = await startTestSim({ crowd: true, seed: 11 });
    try {
      crowded.sim.engine.feed.script("BTC_USDT", (tick) => 68000 + ((tick / 250) % 40));
      const listing = await toNextGame(crowded, "BTC_USDT", 60);
      await crowded.client.place(body(crowded, listing, { sp: "68020", f: "5" }));
      crowded.clock.advance(40_000);
      crowded.sim.engine.sync();
      const before = crowded.sim.engine.activeGames()[0]!.positions.length;
      expect(before).toBeGreaterThan(1); // the crowd has joined
      crowded.clock.set(listing.liveGame.ends_at);
      const [game] = (await crowded.client.results({ network: "testnet" })).games;
      expect(game!.positions).toHaveLength(1); // only the caller's own
      const totals = crowded.sim.engine.ledger.totals("USDC", "testnet");
      expect(totals.inPlay.isZero()).toBe(true);
      expect(totals.users.plus(totals.crowd).plus(totals.house).eq(totals.deposited)).toBe(true);
      expect(new Decimal(await balanceOf(crowded.client)).eq(new Decimal(995).plus(game!.total_winnings))).toBe(true);
    } finally {
      await crowded.close();
    }
  });
});

describe("GET /status", () => {
  it("projects w and r as if the game ended now, equal to what settlement then pays", async () => {
    const listing = await toNextGame(t, "BTC_USDT", 60);
    t.clock.advance(20_000);
    const a = await t.client.place(body(t, listing, { sp: "68000", f: "10" }));
    await other.place(body(t, listing, { sp: "68047.6", f: "10" }));
    const s = await status(t.client);
    expect(s.positions).toHaveLength(1);
    expect(s.positions[0]).toMatchObject({ txid: a.txid, w: 12.12, r: 21.2, win: null, f: "10", sp: "68000" });
    expect(s.streaks).toEqual([{ positionId: a.txid, streak: 1 }]);
    const theirs = await status(other);
    expect(theirs.positions[0]).toMatchObject({ w: 6.06, r: expect.closeTo(-39.4, 10) });
    expect(theirs.streaks).toEqual([]);

    // The projection follows the live price: move it onto the other prediction.
    t.sim.engine.feed.script("BTC_USDT", () => "68047.6");
    const moved = await status(t.client);
    expect(moved.positions[0]!.w).toBeLessThan(12.12);
    expect(moved.streaks).toEqual([]);
  });

  it("keeps showing the positions through the lobby and drops them once the game ends", async () => {
    const listing = await toNextGame(t, "BTC_USDT", 60);
    await t.client.place(body(t, listing));
    t.clock.set(listing.liveGame.closes_at + 1);
    expect((await status(t.client)).positions).toHaveLength(1);
    t.clock.set(listing.liveGame.ends_at);
    expect(await status(t.client)).toEqual({ positions: [], streaks: [] });
  });

  it("counts a streak across games", async () => {
    for (let game = 1; game <= 3; game++) {
      const listing = await toNextGame(t, "BTC_USDT", 60);
      const placed = await t.client.place(body(t, listing, { sp: "68000", f: "10" }));
      await other.place(body(t, listing, { sp: "69000", f: "10" }));
      expect((await status(t.client)).streaks).toEqual([{ positionId: placed.txid, streak: game }]);
    }
  });

  it("filters by network and refuses bad queries with 422", async () => {
    const listing = await toNextGame(t, "BTC_USDT", 60);
    await t.client.place(body(t, listing));
    expect((await t.client.status({ asset: "BTC_USDT", token: "USDC", network: "mainnet", interval: 60 })).positions).toEqual([]);
    expect((await t.client.status({ asset: "BTC_USDT", token: "USDC", network: "testnet", interval: 10 })).positions).toEqual([]);
    const e = await failure(t.client.status({ asset: "BTC_USDT", token: "USDT", network: "testnet", interval: 60 }));
    expect(e.status).toBe(422);
    expect(e.fields).toEqual(["token"]);
  });
});

describe("cancellation", () => {
  it("cancels a game whose closing price is missing and refunds every stake", async () => {
    const crowded = await startTestSim({ crowd: true, keys: KEYS });
    try {
      const listing = await toNextGame(crowded, "BTC_USDT", 60);
      const placed = await crowded.client.place(body(crowded, listing, { sp: "68000", f: "25.5" }));
      const end = listing.liveGame.ends_at;
      crowded.sim.engine.feed.outage("BTC_USDT", end - 2_000, end + 2_000);
      crowded.clock.set(end + 5_000);
      expect(await balanceOf(crowded.client)).toBe("1000");
      const { games } = await crowded.client.results({ network: "testnet", gid: listing.liveGame.gid });
      expect(games).toEqual([
        expect.objectContaining({
          gid: listing.liveGame.gid,
          cancelled: true,
          closing_price: null,
          settled_at: new Date(end).toISOString(),
          positions: [expect.objectContaining({ txid: placed.txid, f: "25.5", w: "25.5", r: "0", win: false, variance: null })],
          total_staked: "25.5",
          total_winnings: "25.5",
          net_return: "0",
        }),
      ]);
      const totals = crowded.sim.engine.ledger.totals("USDC", "testnet");
      expect(totals.house.isZero()).toBe(true);
      expect(totals.users.plus(totals.crowd).eq(totals.deposited)).toBe(true);

      const e = await failure(crowded.client.place(body(crowded, listing)));
      expect(e.status).toBe(409);
      expect(e.reason).toMatch(/^Game cancelled/);
    } finally {
      await crowded.close();
    }
  });

  it("is not triggered by an outage that ends before the game does", async () => {
    const listing = await toNextGame(t, "BTC_USDT", 60);
    await t.client.place(body(t, listing, { f: "10" }));
    t.sim.engine.feed.outage("BTC_USDT", listing.liveGame.start_at, listing.liveGame.ends_at - 250);
    t.clock.set(listing.liveGame.ends_at);
    const [game] = (await t.client.results({ network: "testnet" })).games;
    expect(game!.cancelled).toBe(false);
    expect(game!.closing_price).toBe("68000.000000");
  });
});
