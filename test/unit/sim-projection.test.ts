/**
 * A game's projection (sim/engine/projection.ts) weighs each position once as it
 * joins and answers for the caller's positions only; whatever path it took
 * (positions joining at one price, a synchronous weighing, one in slices),
 * the answer is exactly what the whole game's payout at that price pays.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Decimal } from "../../src/domain/money.js";
import { computePayout, fromUnits, type PayoutGame, returnPctOfUnits, unitsToNumber } from "../../src/domain/payout.js";
import type { PositionRecord } from "../../src/sim/engine/model.js";
import { GameProjection, LARGE_GAME_REWEIGH_MS } from "../../src/sim/engine/projection.js";
import type { GameSlot } from "../../src/sim/engine/schedule.js";
import { POSITIONS_PER_TURN } from "../../src/sim/engine/turns.js";

const GAME: PayoutGame = { interval: 60, startAt: 1_000_000, endsAt: 1_075_000 };
const SLOT = {
  gid: "1",
  asset: "BTC_USDT",
  interval: 60,
  index: 1,
  startAt: GAME.startAt,
  closesAt: 1_060_000,
  endsAt: GAME.endsAt,
} as GameSlot;

function position(i: number, stake: string, prediction: string, placedAt: number): PositionRecord {
  return {
    txid: `t${i}`,
    slot: SLOT,
    network: "testnet",
    currency: "USDC",
    player: { id: i % 7, kind: "user", wallet: "w", username: "u", avatar: {} as never },
    stake: new Decimal(stake),
    prediction: new Decimal(prediction),
    placedAt,
    wallet: "w",
    winnings: null,
  };
}

/** A projection over `positions`, fed as the engine's games.ts feeds it: pushed, then added. */
function projectionOf(price: string) {
  const positions: PositionRecord[] = [];
  const projection = new GameProjection(GAME, new Decimal(price), positions);
  const join = (p: PositionRecord) => {
    positions.push(p);
    projection.add(p);
  };
  return { positions, projection, join };
}

const expected = (positions: readonly PositionRecord[], mine: readonly PositionRecord[], price: string) => {
  const payout = computePayout(GAME, positions, new Decimal(price));
  return mine.map((p) => payout.winnings[positions.indexOf(p)]!.toFixed());
};

/** Lets the event loop turn `n` times: the steps of a weighing in slices. */
const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await nextTurn();
};

/** Money units as the payout's Decimals print. */
const shown = (units: bigint) => fromUnits(units).toFixed();

describe("unitsToNumber", () => {
  it("is the Decimal's own number, exactly, on both sides of 2^53", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 70n }), (units) => {
        expect(unitsToNumber(units)).toBe(fromUnits(units).toNumber());
      }),
      { numRuns: 2000 },
    );
  });
});

/** A finite double as the exact fraction m / 2^k. */
function exactly(x: number): { m: bigint; k: bigint } {
  const bits = new BigUint64Array(new Float64Array([x]).buffer)[0]!;
  const sign = bits >> 63n ? -1n : 1n;
  const exp = (bits >> 52n) & 0x7ffn;
  const frac = bits & ((1n << 52n) - 1n);
  const m = exp === 0n ? frac : frac | (1n << 52n);
  const e = (exp === 0n ? 1n : exp) - 1075n;
  return e >= 0n ? { m: sign * m * 2n ** e, k: 0n } : { m: sign * m, k: -e };
}

/** The doubles either side of x (x finite and not zero). */
function neighbours(x: number): number[] {
  const bits = new BigUint64Array(new Float64Array([x]).buffer);
  return [1n, -1n].map((step) => new Float64Array(new BigUint64Array([bits[0]! + step]).buffer)[0]!);
}

/** |y − n/d|·d as a fraction over a power of two, to compare how far doubles are from n/d exactly. */
function missOf(y: number, n: bigint, d: bigint): { a: bigint; k: bigint } {
  const { m, k } = exactly(y);
  const a = m * d - n * 2n ** k;
  return { a: a < 0n ? -a : a, k };
}

describe("returnPctOfUnits", () => {
  it("is the double nearest the exact (w − f)·100 / f", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 46n }), fc.bigInt({ min: 1n, max: 2n ** 46n }), (w, f) => {
        const x = returnPctOfUnits(w, f);
        const n = (w - f) * 100n;
        const mine = missOf(x, n, f);
        // Zero is exact when w = f; its neighbours are then ± the smallest double, further away.
        for (const y of x === 0 ? [Number.MIN_VALUE, -Number.MIN_VALUE] : neighbours(x)) {
          const theirs = missOf(y, n, f);
          expect(mine.a * 2n ** theirs.k <= theirs.a * 2n ** mine.k).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("past 2^53 is the Decimal's own number", () => {
    const w = 2n ** 60n + 7n;
    expect(returnPctOfUnits(w, 3n)).toBe(fromUnits(w).minus(fromUnits(3n)).div(fromUnits(3n)).times(100).toNumber());
  });
});

describe("GameProjection", () => {
  it("answers exactly what the whole game's payout pays, however positions joined and the price moved", () => {
    const entry = fc.record({
      micro: fc.integer({ min: 1, max: 1_000_000_000 }),
      miss: fc.integer({ min: -3000, max: 3000 }),
      at: fc.integer({ min: 0, max: 74_999 }),
      // The price when it joins: the projection's weighing price at that moment.
      priceBefore: fc.constantFrom("68000", "68012.5", "67950.25"),
    });
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 40 }), fc.constantFrom("68000", "68100.75", "1"), (raw, finalPrice) => {
        const { positions, projection, join } = projectionOf("68000");
        raw.forEach((r, i) => {
          projection.winnings(positions.slice(0, 1), new Decimal(r.priceBefore), GAME.startAt + r.at);
          join(position(i, new Decimal(r.micro).div(1e6).toFixed(), new Decimal(68000 + r.miss).toFixed(), GAME.startAt + r.at));
        });
        const mine = positions.filter((p) => p.player.id === 3);
        expect(projection.winnings(mine, new Decimal(finalPrice), GAME.startAt + 75_000).map(shown)).toEqual(
          expected(positions, mine, finalPrice),
        );
      }),
      { numRuns: 200 },
    );
  });

  it("keeps a large game's last weighing while it weighs again in slices, then answers at the new price", async () => {
    const { positions, projection, join } = projectionOf("68000");
    const n = 3 * POSITIONS_PER_TURN + 17;
    for (let i = 0; i < n; i++) join(position(i, "1.5", String(67_900 + (i % 200)), GAME.startAt + (i % 60_000)));
    const mine = [positions[5]!, positions[n - 1]!];
    const atOpen = expected(positions, mine, "68000");
    const t = GAME.startAt + 10_000;
    // The price moved: this answer is still the last weighing's, and the weighing at 68050 starts.
    expect(projection.winnings(mine, new Decimal("68050"), t).map(shown)).toEqual(atOpen);
    await nextTurn();
    // Joining mid-weighing: counted at the old price now, and in the new weighing when it is done.
    join(position(n, "2", "68049", GAME.startAt + 30_000));
    mine.push(positions[n]!);
    expect(projection.winnings(mine, new Decimal("68050"), t + 100).map(shown)).toEqual(expected(positions, mine, "68000"));
    await turns(5);
    expect(projection.winnings(mine, new Decimal("68050"), t + 200).map(shown)).toEqual(expected(positions, mine, "68050"));
  });

  it("weighs a large game again at most once every LARGE_GAME_REWEIGH_MS", async () => {
    const { positions, projection, join } = projectionOf("68000");
    for (let i = 0; i < POSITIONS_PER_TURN + 1; i++) join(position(i, "1", String(67_990 + (i % 20)), GAME.startAt));
    const mine = [positions[0]!];
    const t = GAME.startAt + 10_000;
    projection.winnings(mine, new Decimal("67991"), t);
    await turns(3);
    expect(projection.winnings(mine, new Decimal("67991"), t).map(shown)).toEqual(expected(positions, mine, "67991"));
    // The price moved again within the interval: the last weighing's answer, and no weighing starts.
    expect(projection.winnings(mine, new Decimal("67995"), t + LARGE_GAME_REWEIGH_MS - 1).map(shown)).toEqual(
      expected(positions, mine, "67991"),
    );
    await turns(3);
    expect(projection.winnings(mine, new Decimal("67995"), t + LARGE_GAME_REWEIGH_MS - 1).map(shown)).toEqual(
      expected(positions, mine, "67991"),
    );
    // Once it has passed, the next request starts one, and the answers after it are at the new price.
    projection.winnings(mine, new Decimal("67995"), t + LARGE_GAME_REWEIGH_MS);
    await turns(3);
    expect(projection.winnings(mine, new Decimal("67995"), t + LARGE_GAME_REWEIGH_MS).map(shown)).toEqual(
      expected(positions, mine, "67995"),
    );
  });

  it("weighs a game of up to POSITIONS_PER_TURN positions again on the request that finds the price moved", () => {
    const { positions, projection, join } = projectionOf("68000");
    for (let i = 0; i < POSITIONS_PER_TURN; i++) join(position(i, "1", String(67_990 + (i % 20)), GAME.startAt));
    const mine = [positions[0]!];
    expect(projection.winnings(mine, new Decimal("67991"), GAME.startAt).map(shown)).toEqual(expected(positions, mine, "67991"));
  });
});
