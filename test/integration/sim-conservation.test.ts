/**
 * Property: money is conserved. Across random games (random players, stakes,
 * predictions, intervals, networks, outages, deposits, with and without the
 * crowd), at every step and for every currency × network:
 *   Σ user balances + Σ crowd balances + house + stakes in play = Σ deposits,
 * stakes in play equal the stakes of unsettled positions, and once every game
 * has ended nothing is left in play. Driven through the engine directly (the
 * HTTP layer adds nothing to the arithmetic) so thousands of steps stay fast.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NETWORKS } from "../../src/api/schemas.js";
import { Decimal, sum, toWire } from "../../src/domain/money.js";
import { INTERVALS, minStake } from "../../src/domain/rules.js";
import { ManualClock } from "../../src/sim/engine/clock.js";
import { Engine } from "../../src/sim/engine/engine.js";
import { SimError } from "../../src/sim/engine/errors.js";
import { ASSETS } from "../../src/sim/engine/markets.js";
import { hashKey } from "../../src/sim/engine/users.js";
import { parsePlaceBody } from "../../src/sim/http/validate.js";
import { T0 } from "./sim-helpers.js";

const action = fc.oneof(
  fc.record({
    kind: fc.constant("place" as const),
    user: fc.integer({ min: 0, max: 2 }),
    asset: fc.constantFrom(...ASSETS),
    interval: fc.constantFrom(...INTERVALS),
    // Mainnet starts empty, so most play is on testnet.
    network: fc.constantFrom("testnet", "testnet", "testnet", "mainnet"),
    /** Prediction as a relative offset in basis points from the live price. */
    offsetBp: fc.integer({ min: -300, max: 300 }),
    /** Stake = minimum × multiple + micro units, so odd 6-decimal amounts appear. */
    multiple: fc.integer({ min: 0, max: 60 }),
    micro: fc.integer({ min: 0, max: 999_999 }),
  }),
  fc.record({ kind: fc.constant("advance" as const), ms: fc.integer({ min: 0, max: 400_000 }) }),
  fc.record({
    kind: fc.constant("outage" as const),
    asset: fc.constantFrom(...ASSETS),
    fromMs: fc.integer({ min: 0, max: 600_000 }),
    lengthMs: fc.integer({ min: 1, max: 60_000 }),
  }),
  fc.record({
    kind: fc.constant("deposit" as const),
    user: fc.integer({ min: 0, max: 2 }),
    network: fc.constantFrom(...NETWORKS),
    micro: fc.integer({ min: 1, max: 50_000_000 }),
  }),
);

function checkConservation(engine: Engine): void {
  for (const { currency, network } of engine.ledger.funded()) {
    const t = engine.ledger.totals(currency, network);
    expect(t.users.plus(t.crowd).plus(t.house).plus(t.inPlay).eq(t.deposited)).toBe(true);
    const unsettled = engine
      .activeGames()
      .filter((g) => g.network === network && g.currency === currency)
      .flatMap((g) => g.positions.map((p) => p.stake));
    expect(sum(unsettled).eq(t.inPlay)).toBe(true);
    for (const v of [t.users, t.crowd, t.house, t.inPlay]) expect(v.isNeg()).toBe(false);
  }
}

describe("money", () => {
  it("is conserved across random games", () => {
    let placedInAll = 0;
    let settledInAll = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.boolean(),
        fc.array(action, { minLength: 10, maxLength: 60 }),
        (seed, crowd, actions) => {
          const clock = new ManualClock(T0);
          const engine = new Engine({ clock, seed, crowd });
          const users = [0, 1, 2].map((i) => engine.createUser(hashKey(`key-${i}`)));
          let placed = 0;
          for (const a of actions) {
            if (a.kind === "advance") clock.advance(a.ms);
            else if (a.kind === "outage") engine.feed.outage(a.asset, clock.now() + a.fromMs, clock.now() + a.fromMs + a.lengthMs);
            else if (a.kind === "deposit") engine.deposit(users[a.user]!.id, a.network, new Decimal(a.micro).div(1e6));
            else {
              const user = users[a.user]!;
              const listing = engine.listing(user, a.asset, a.interval);
              const price = new Decimal(engine.livePrice(a.asset).value);
              const stake = minStake(a.interval).times(a.multiple).plus(new Decimal(a.micro).div(1e6));
              try {
                engine.place(
                  user,
                  parsePlaceBody({
                    gid: listing.liveGame!.gid,
                    c: "USDC",
                    a: a.asset,
                    sp: toWire(price.times(new Decimal(a.offsetBp).div(10_000).plus(1)).toDecimalPlaces(2)),
                    f: toWire(stake),
                    pw: user.wallet,
                    n: a.network,
                    it: a.interval,
                  }),
                );
                placed++;
              } catch (e) {
                // Refusals (lobby, cap, balance, minimum) are part of the game; anything else is a bug.
                if (!(e instanceof SimError)) throw e;
              }
            }
            engine.sync();
            checkConservation(engine);
          }
          // Let every game end: the longest lasts 25 h.
          clock.advance(26 * 3_600_000);
          engine.sync();
          checkConservation(engine);
          expect(engine.activeGames()).toHaveLength(0);
          for (const { currency, network } of engine.ledger.funded())
            expect(engine.ledger.totals(currency, network).inPlay.isZero()).toBe(true);
          placedInAll += placed;
          for (const user of users) {
            for (const network of NETWORKS) settledInAll += engine.results(user, { network, limit: 100, offset: 0 }).pagination.total;
          }
        },
      ),
      { numRuns: 100 },
    );
    // Guards against a vacuous property: most random placements must have gone through.
    expect(placedInAll).toBeGreaterThan(200);
    expect(settledInAll).toBeGreaterThan(100);
  });
});
