import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCountdown } from "../../src/domain/format.js";

/** "1:02:03" → 3723: the reading a trader makes of a countdown. */
function secondsOf(text: string): number {
  return text.split(":").reduce((total, part) => total * 60 + Number(part), 0);
}

describe("formatCountdown", () => {
  it("reads m:ss under an hour and h:mm:ss from an hour, hours past a day included", () => {
    expect(formatCountdown(0)).toBe("0:00");
    expect(formatCountdown(75_000)).toBe("1:15");
    expect(formatCountdown(3_599_000)).toBe("59:59");
    expect(formatCountdown(3_600_000)).toBe("1:00:00");
    expect(formatCountdown((3 * 3600 + 2 * 60 + 5) * 1000)).toBe("3:02:05");
    expect(formatCountdown(2 * 86_400_000)).toBe("48:00:00");
  });

  it("rounds up, so 0:00 means the moment has come, and never goes below it", () => {
    expect(formatCountdown(1)).toBe("0:01");
    expect(formatCountdown(59_001)).toBe("1:00");
    expect(formatCountdown(-5_000)).toBe("0:00");
  });

  it("always reads back as the whole seconds left, with two-digit minutes and seconds after the first field", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 * 86_400_000 }), (ms) => {
        const text = formatCountdown(ms);
        expect(secondsOf(text)).toBe(Math.ceil(ms / 1000));
        expect(text).toMatch(/^(\d+:[0-5]\d:[0-5]\d|[1-5]?\d:[0-5]\d)$/);
        if (ms > 3_600_000) expect(text.split(":")).toHaveLength(3);
      }),
    );
  });
});
