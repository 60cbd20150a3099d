/** The game's rules (src/domain/rules.ts) at their edges: the early-precision window's first and last millisecond. */
import { describe, expect, it } from "vitest";
import { earlyWindowMs, INTERVALS, inEarlyWindow } from "../../src/domain/rules.js";

describe("inEarlyWindow", () => {
  it.each(INTERVALS)("holds from a %i s game's start to the end of its first fifth, not a millisecond either side", (interval) => {
    const start = 1_771_495_000_000;
    const end = start + earlyWindowMs(interval);
    expect([start - 1, start, end - 1, end].map((t) => inEarlyWindow(interval, start, t))).toEqual([false, true, true, false]);
    expect(earlyWindowMs(interval)).toBe(interval * 200);
  });
});
