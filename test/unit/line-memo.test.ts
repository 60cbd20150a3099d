/**
 * The chart's line memo (src/ui/chart/line-memo.ts): a chart drawn with the
 * memo of its last draws is the chart drawn anew, whatever came between —
 * prices appended inside and outside the scale, a pause, the window moved,
 * the pane resized, the series compacted, the baseline changed — and a
 * price that changes nothing but the line is plotted without the others.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compactSeries, type PricePoint, PriceSeries } from "../../src/domain/price-series.js";
import { LineMemo } from "../../src/ui/chart/line-memo.js";
import { type ChartInput, drawChart } from "../../src/ui/chart/price-chart.js";

const START = Date.UTC(2026, 2, 1, 12, 0, 0);
const HOUR = 3_600_000;

type Step =
  | { kind: "price"; move: number; after: number }
  | { kind: "window"; from: number }
  | { kind: "size"; cols: number; rows: number }
  | { kind: "baseline"; value: number | undefined }
  | { kind: "compact" };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.record({
      kind: fc.constant("price" as const),
      move: fc.integer({ min: -40, max: 40 }),
      after: fc.constantFrom(1000, 2000, 45_000),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("window" as const), from: fc.integer({ min: -5, max: 30 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("size" as const),
      cols: fc.integer({ min: 20, max: 120 }),
      rows: fc.integer({ min: 2, max: 20 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("baseline" as const),
      value: fc.option(fc.integer({ min: 66_900, max: 67_100 }), { nil: undefined }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: "compact" as const }) },
);

function input(points: PriceSeries, over: Partial<ChartInput>): ChartInput {
  return {
    points,
    range: { from: START, to: START + HOUR, labels: "clock" },
    refs: [
      { value: 67_000, label: "open", kind: "open" },
      { value: 67_020, label: "@67,020", kind: "strike", best: true, winning: false },
    ],
    marks: [{ t: START + HOUR - 300_000, label: "lock" }],
    baseline: 67_000,
    tag: "67,000.00",
    cols: 80,
    rows: 12,
    ascii: false,
    stale: false,
    ...over,
  };
}

describe("the chart's line memo", () => {
  it("draws what a fresh draw draws, through prices, pauses, moved windows, resizes, compactions and baselines", () => {
    fc.assert(
      // Some steps are not drawn: prices and a compaction may come between two frames.
      fc.property(fc.array(fc.tuple(step, fc.boolean()), { minLength: 1, maxLength: 60 }), (steps) => {
        const memo = new LineMemo();
        let series = PriceSeries.of([{ t: START + 500, value: 67_000 }]);
        let over: Partial<ChartInput> = {};
        for (const [s, drawn] of steps) {
          const last = series.at(-1)!;
          if (s.kind === "price") series = series.with({ t: last.t + s.after, value: last.value + s.move / 4 });
          else if (s.kind === "window")
            over = { ...over, range: { from: START + s.from * 60_000, to: START + s.from * 60_000 + HOUR, labels: "clock" } };
          else if (s.kind === "size") over = { ...over, cols: s.cols, rows: s.rows };
          else if (s.kind === "baseline") over = { ...over, baseline: s.value };
          else series = PriceSeries.of(compactSeries(series, last.t + 2 * HOUR - 30 * 60_000));
          if (drawn) expect(drawChart(input(series, { ...over, memo })).rows).toEqual(drawChart(input(series, over)).rows);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("plots only the prices appended since its last draw while the scale holds, and every price again when it moves", () => {
    const plotted: PricePoint[] = [];
    const points: PricePoint[] = [];
    // Points that tell when they are read for their value.
    const point = (t: number, value: number) => {
      const p = { t } as PricePoint;
      Object.defineProperty(p, "value", {
        get: () => {
          plotted.push(p);
          return value;
        },
      });
      points.push(p);
      return p;
    };
    let series = PriceSeries.of([point(START, 67_000), point(START + 1000, 67_010)]);
    const memo = new LineMemo();
    const draw = () => {
      plotted.length = 0;
      drawChart(input(series, { memo, baseline: undefined }));
      return new Set(plotted).size;
    };
    expect(draw()).toBe(2);
    series = series.with(point(START + 2000, 67_005));
    expect([draw(), plotted.every((p) => p === points[2])]).toEqual([1, true]);
    // A new high moves the scale: the whole line again.
    series = series.with(point(START + 3000, 67_200));
    expect(draw()).toBe(4);
  });
});

describe("price series search", () => {
  it("finds the first point after an instant, and the first at or after it", () => {
    const s = PriceSeries.of([1, 2, 2, 3].map((k) => ({ t: START + k * 1000, value: 1 })));
    expect([0, 1, 2, 3, 4].map((k) => [s.indexFrom(START + k * 1000), s.indexAfter(START + k * 1000)])).toEqual([
      [0, 0],
      [0, 1],
      [1, 3],
      [3, 4],
      [4, 4],
    ]);
  });
});
