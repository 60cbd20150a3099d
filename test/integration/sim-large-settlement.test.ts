/**
 * A game too large to settle in one turn of the event loop (settlement.ts):
 * settled in steps between requests, the sim answering meanwhile, and its
 * result filed whole, paying exactly what computePayout pays for the whole
 * game. The test user's position goes in over HTTP, the thousands of others
 * through the engine (as many POSTs would only slow the test); the answers
 * meanwhile and the user's result are read over HTTP.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { Decimal } from "../../src/domain/money.js";
import { computePayout, type PayoutGame, payoutUnits } from "../../src/domain/payout.js";
import type { PositionRecord } from "../../src/sim/engine/model.js";
import { payoutSteps } from "../../src/sim/engine/settlement.js";
import { POSITIONS_PER_TURN, runNow } from "../../src/sim/engine/turns.js";
import { body, startTestSim, type TestSim, toNextGame } from "./sim-helpers.js";

let t: TestSim | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe("payoutSteps", () => {
  it("pays what payoutUnits pays, to the unit, however small its steps", () => {
    const GAME: PayoutGame = { interval: 60, startAt: 1_000_000, endsAt: 1_075_000 };
    const entry = fc.record({
      micro: fc.integer({ min: 1, max: 10_000_000 }),
      miss: fc.integer({ min: -500, max: 500 }),
      at: fc.nat(59_999),
    });
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 30 }), fc.integer({ min: 1, max: 7 }), (raw, slice) => {
        const positions = raw.map(
          (e, i) =>
            ({
              stake: new Decimal(e.micro).div(1e6),
              prediction: new Decimal(68_000).plus(e.miss),
              placedAt: GAME.startAt + e.at,
              player: { kind: "user", id: i % 4 },
            }) as unknown as PositionRecord,
        );
        const close = new Decimal("68000.5");
        const whole = payoutUnits(GAME, positions, close);
        const paid = runNow(payoutSteps(GAME, positions, close, slice));
        expect(paid.winnings.map((w) => w.toFixed())).toEqual(whole.winnings.map((u) => new Decimal(`${u}e-6`).toFixed()));
        // One credit per owner, and the house: together the whole pool.
        expect(paid.payees.map(([account]) => account)).toEqual([
          ...new Set(positions.map((p) => `user:${(p.player as { id: number }).id}`)),
          "house",
        ]);
        const total = paid.payees.reduce((acc, [, amount]) => acc.plus(amount), new Decimal(0));
        expect(total.toFixed()).toBe(new Decimal(`${whole.pool}e-6`).toFixed());
      }),
      { numRuns: 300 },
    );
  });
});

describe("a game of more than POSITIONS_PER_TURN positions", () => {
  it("settles in steps while the sim answers, then files the whole result, paid as computePayout pays", async () => {
    t = await startTestSim();
    const engine = t.sim.engine;
    engine.feed.script("BTC_USDT", () => "68000");
    const listing = await toNextGame(t, "BTC_USDT", 60);
    await t.client.place(body(t, listing, { sp: "68000.5", f: "2" }));
    const count = 3 * POSITIONS_PER_TURN + 7;
    const users = Array.from({ length: Math.ceil(count / 10) }, (_, i) => engine.createUser(`large-${i}`));
    for (let k = 1; k < count; k++) {
      const u = users[k % users.length]!;
      t.clock.set(listing.liveGame.start_at + (k % 50) * 100);
      engine.place(u, {
        gid: listing.liveGame.gid,
        c: "USDC",
        a: "BTC_USDT",
        sp: new Decimal(67_990 + Math.floor(k / users.length)).plus(new Decimal(k % users.length).div(100)),
        f: new Decimal(1 + (k % 3)),
        pw: u.wallet,
        n: "testnet",
        it: 60,
      });
    }
    const positions = [...engine.activeGames().find((g) => g.slot.gid === listing.liveGame.gid)!.positions];
    expect(positions).toHaveLength(count);
    const game: PayoutGame = { interval: 60, startAt: listing.liveGame.start_at, endsAt: listing.liveGame.ends_at };
    const expected = computePayout(game, positions, new Decimal(68_000));
    const before = engine.ledger.totals("USDC", "testnet");

    t.clock.set(listing.liveGame.ends_at);
    const query = { network: "testnet" as const, gid: listing.liveGame.gid, limit: 1, offset: 0 };
    // The request that finds it ended starts the settlement; the next ones are answered before it is done (the
    // user's /results is still empty), and it ends within a few turns of the event loop.
    expect(engine.results(users[0]!, query).games).toEqual([]);
    expect((await t.client.livePrice({ asset: "BTC_USDT" })).value).toBe(68_000);
    expect((await t.client.results({ network: "testnet" })).games).toEqual([]);
    let turns = 0;
    while (engine.results(users[0]!, query).games.length === 0) {
      expect(positions.every((p) => p.winnings === null)).toBe(true);
      expect(++turns).toBeLessThan(100);
      await nextTurn();
    }

    expect(positions.map((p) => p.winnings!.toFixed())).toEqual(expected.winnings.map((w) => w.toFixed()));
    expect(engine.ledger.balance("house", "USDC", "testnet").toFixed()).toBe(expected.house.toFixed());
    const after = engine.ledger.totals("USDC", "testnet");
    expect(after.users.plus(after.house).plus(after.inPlay).toFixed()).toBe(before.users.plus(before.house).plus(before.inPlay).toFixed());
    expect(after.inPlay.toFixed()).toBe("0");
    const { games } = await t.client.results({ network: "testnet" });
    expect(games.map((g) => g.gid)).toEqual([listing.liveGame.gid]);
    expect(new Decimal(games[0]!.total_winnings).eq(expected.winnings[0]!)).toBe(true);
  });
});
