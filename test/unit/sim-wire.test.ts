/**
 * GET /status is written ahead (sim/engine/wire.ts: statusAnswer): each position's
 * unchanging fields as JSON text once, its projection appended per request.
 * Whatever the positions hold (names with quotes, backslashes, control
 * characters, any script; any stake and projection), the text is the very
 * bytes JSON.stringify writes for the same answer as an object, so a client
 * cannot tell the two paths apart.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Decimal } from "../../src/domain/money.js";
import type { PositionRecord } from "../../src/sim/engine/model.js";
import type { GameSlot } from "../../src/sim/engine/schedule.js";
import { statusAnswer } from "../../src/sim/engine/wire.js";

const SLOT = {
  gid: "548009",
  asset: "BTC_USDT",
  interval: 60,
  index: 1,
  startAt: 1_000_000,
  closesAt: 1_060_000,
  endsAt: 1_075_000,
} as GameSlot;

const record = fc.record({
  username: fc.string({ unit: "binary", maxLength: 12 }),
  imageUrl: fc.string({ maxLength: 12 }),
  micro: fc.bigInt({ min: 1n, max: 10n ** 15n }),
  strike: fc.bigInt({ min: 1n, max: 10n ** 12n }),
  placedAt: fc.integer({ min: 0, max: 4_000_000_000_000 }),
  id: fc.nat(),
});

type Entry = typeof record extends fc.Arbitrary<infer T> ? T : never;

function position(r: Entry, i: number): PositionRecord {
  return {
    txid: `tx-${i}`,
    slot: SLOT,
    network: "testnet",
    currency: "USDC",
    player: { id: r.id, kind: "user", wallet: "0xabc", username: r.username, avatar: { imageUrl: r.imageUrl, backgroundColor: "#123456" } },
    stake: new Decimal(r.micro.toString()).div(1e6),
    prediction: new Decimal(r.strike.toString()).div(100),
    placedAt: r.placedAt,
    wallet: "0xabc",
    winnings: null,
  } as PositionRecord;
}

describe("statusAnswer", () => {
  it("writes the very text JSON.stringify writes for the same answer", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(record, fc.bigInt({ min: 0n, max: 10n ** 20n })), { maxLength: 10 }),
        fc.array(fc.record({ positionId: fc.string(), streak: fc.nat() }), { maxLength: 3 }),
        (entries, streaks) => {
          const mine = entries.map(([r], i) => position(r, i));
          const projected = entries.map(([, w]) => w);
          // Twice: the second answer reads each position's text written by the first.
          for (let pass = 0; pass < 2; pass++) {
            const answer = statusAnswer(mine, projected, streaks);
            expect(answer.text).toBe(JSON.stringify(answer.value()));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
