import { describe, expect, it } from "vitest";
import { PriceSeries } from "../../src/domain/price-series.js";
import { sparkline } from "../../src/ui/chart/sparkline.js";

const T0 = 1_000_000;
const every = (ms: number, from: number, to: number, value: (i: number) => number) =>
  Array.from({ length: Math.floor((to - from) / ms) + 1 }, (_, i) => ({ t: from + i * ms, value: value(i) }));

describe("sparkline", () => {
  it("joins prices read a little further apart than a column: no holes between them", () => {
    // A 75 s game over 50 columns (1.5 s each), a price every 1.6–2 s as the poller reads it.
    const points = every(1_800, T0, T0 + 75_000, (i) => 100 + (i % 5));
    const line = sparkline(PriceSeries.of(points), { from: T0, to: T0 + 75_000 }, 50);
    expect(line).toHaveLength(50);
    expect(line.trimEnd()).not.toMatch(/ /);
  });

  it("leaves a pause past the chart's gap (10 s) empty, and nothing after the last price", () => {
    const before = every(1_000, T0, T0 + 20_000, () => 100);
    const after = every(1_000, T0 + 50_000, T0 + 60_000, () => 110);
    const line = sparkline(PriceSeries.of([...before, ...after]), { from: T0, to: T0 + 100_000 }, 100);
    expect(line.slice(0, 21)).toBe("▁".repeat(21));
    expect(line.slice(21, 50)).toBe(" ".repeat(29));
    expect(line.slice(50, 61)).toBe("█".repeat(11));
    expect(line.slice(61)).toBe(" ".repeat(39));
  });

  it("carries the earlier price's height into the columns it joins", () => {
    const line = sparkline(
      PriceSeries.of([
        { t: T0, value: 1 },
        { t: T0 + 3_000, value: 2 },
      ]),
      { from: T0, to: T0 + 4_000 },
      4,
    );
    expect(line).toBe("▁▁▁█");
  });
});
