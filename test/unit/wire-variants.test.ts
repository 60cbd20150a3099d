/**
 * The sim's wire variants (src/sim/http/wire-variants.ts) combine: any set of them
 * in any order writes valid JSON, which the reader reads (or, for the one
 * combination that leaves a live game without an end, refuses by name).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseJson, stringifyJson } from "../../src/api/json.js";
import { UnusableResponse } from "../../src/api/read/fields.js";
import { readListing, readStatus } from "../../src/api/read/resources.js";
import { WIRE_VARIANT_NAMES, WireRewriter } from "../../src/sim/http/wire-variants.js";
import { wireListing, wireStatusPosition } from "../helpers/fixtures.js";

describe("wire variants", () => {
  it("any combination writes valid JSON the reader takes", () => {
    const listing = wireListing({ start: Date.UTC(2026, 1, 19) });
    const status = { positions: [wireStatusPosition()], streaks: [{ positionId: "a", streak: 2 }] };
    fc.assert(
      fc.property(fc.shuffledSubarray([...WIRE_VARIANT_NAMES], { minLength: 1 }), (names) => {
        const w = new WireRewriter(names, 1);
        const spot = parseJson(stringifyJson(w.rewrite(listing, "spot")));
        const st = parseJson(stringifyJson(w.rewrite(status, "status")));
        const read = () => readListing(spot, { asset: "BTC_USDT", interval: 60 });
        // Without its lobby and without the times the lobby would carry, a live game has no end: that answer is unusable.
        if (names.includes("no-lobby") && names.includes("lobby-carries-times")) expect(read).toThrow(UnusableResponse);
        else expect(read().liveGame?.gid).toBe(listing.liveGame.gid);
        expect(readStatus(st).positions).toHaveLength(1);
      }),
      { numRuns: 300 },
    );
  });
});
