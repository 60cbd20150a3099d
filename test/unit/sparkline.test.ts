/** src/ui/sparkline.ts: the price chart as rows of block glyphs, with reference marks. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { textWidth } from "../../src/ui/spans.js";
import { renderChart } from "../../src/ui/sparkline.js";

const BLOCKS = "▁▂▃▄▅▆▇█";

/** How full each column is, in eighths of a row, read back from the drawn rows. */
function fills(rows: readonly string[]): number[] {
  const columns = Array.from(rows[0] ?? "").length;
  return Array.from({ length: columns }, (_, c) => rows.reduce((sum, row) => sum + BLOCKS.indexOf(Array.from(row)[c]!) + 1, 0));
}

describe("renderChart", () => {
  it("draws one column per price, lowest to highest in eighths", () => {
    expect(renderChart([0, 1, 2, 3, 4, 5, 6, 7], 8, 1, [], false)).toEqual({
      rows: ["▁▂▃▄▅▆▇█"],
      labels: [""],
      offChart: [],
      lo: 0,
      hi: 7,
    });
    expect(renderChart([0, 1, 2, 3, 4, 5, 6, 7], 8, 1, [], true).rows).toEqual(["_.-~=+*#"]);
  });

  it("keeps the newest prices that fit, right-aligned", () => {
    expect(renderChart([0, 1, 2, 3, 4, 5, 6, 7], 10, 1, [], false).rows).toEqual(["  ▁▂▃▄▅▆▇█"]);
    expect(renderChart([0, 1, 2, 3, 4, 5, 6, 7], 4, 1, [], false).rows).toEqual(["▁▃▆█"]);
    expect(renderChart([1, 2, 3], 0, 2, [], false).rows).toEqual(["", ""]);
  });

  it("stacks full blocks under the top glyph when it has more than one row", () => {
    expect(renderChart([0, 15], 2, 2, [], false).rows).toEqual([" █", "▁█"]);
    expect(renderChart([0, 7, 8, 15], 4, 2, [], false).rows).toEqual(["  ▁█", "▁███"]);
  });

  it("dots the row of a nearby mark and labels it; a far one is listed as off the chart", () => {
    const chart = renderChart(
      [0, 15],
      4,
      2,
      [
        { value: 0, label: "open" },
        { value: 1000, label: "@1000" },
      ],
      false,
    );
    expect(chart.rows).toEqual(["   █", "┈┈▁█"]);
    expect(chart.labels).toEqual(["", "open"]);
    expect(chart.offChart).toEqual([{ label: "@1000", above: true }]);
  });

  it("is exactly as wide as asked, and a higher price never draws a lower column", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 60_000, max: 70_000, noNaN: true }), { maxLength: 40 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 1, max: 5 }),
        (values, width, height) => {
          const { rows } = renderChart(values, width, height, [], false);
          expect(rows).toHaveLength(height);
          for (const row of rows) expect(textWidth(row)).toBe(width);
          const shown = width > 0 ? values.slice(-width) : [];
          const drawn = fills(rows).slice(width - shown.length);
          for (let i = 0; i < shown.length; i++) {
            for (let j = 0; j < shown.length; j++) if (shown[i]! < shown[j]!) expect(drawn[i]).toBeLessThanOrEqual(drawn[j]!);
          }
          // Prices spread wider than the chart's least span (a 1e-5 share of the price) reach its top.
          const [lo, hi] = [Math.min(...shown), Math.max(...shown)];
          if (shown.length > 0 && hi - lo > hi * 1e-5) expect(Math.max(...drawn)).toBe(height * 8);
        },
      ),
    );
  });
});
