/**
 * Who gets the rows (src/ui/layout.ts): the positions pane what its content
 * needs, within its bounds; the chart every row left, and its floor before
 * the positions' extra lines; the form its own rows.
 */
import { describe, expect, it } from "vitest";
import { CHART_ROWS_FLOOR, computeLayout, POSITION_LINES_MAX, POSITION_LINES_MIN } from "../../src/ui/layout.js";

const SIZES = [
  [80, 24],
  [120, 35],
  [200, 50],
] as const;

describe.each(SIZES)("at %ix%i", (cols, rows) => {
  it.each([0, 1, 3, 10, 30])(
    "with %i lines of positions the panes fill the frame, and neither the chart nor the table is crushed",
    (lines) => {
      for (const formOpen of [false, true]) {
        const l = computeLayout(cols, rows, { formOpen, positionLines: lines });
        expect(l.topHeight + l.priceHeight + l.formHeight + l.positionsHeight).toBe(rows - 1 - 2);
        expect(l.positionRows).toBeGreaterThanOrEqual(1);
        expect(l.positionRows).toBeLessThanOrEqual(Math.max(POSITION_LINES_MIN, Math.min(POSITION_LINES_MAX, lines)));
        expect(l.chartRows).toBeGreaterThanOrEqual(1);
        // Where there is room the chart keeps its floor; 80x24 with the form open has none to spare.
        if (!(formOpen && rows === 24)) expect(l.chartRows).toBeGreaterThanOrEqual(CHART_ROWS_FLOOR);
      }
    },
  );
});

it("sizes the positions pane to its content and gives the chart the rest", () => {
  const few = computeLayout(120, 35, { positionLines: 2 });
  const many = computeLayout(120, 35, { positionLines: 10 });
  expect([few.positionRows, many.positionRows]).toEqual([POSITION_LINES_MIN, 10]);
  expect(few.chartRows - many.chartRows).toBe(10 - POSITION_LINES_MIN);
  expect(computeLayout(200, 50, { positionLines: 40 }).positionRows).toBe(POSITION_LINES_MAX);
  expect(computeLayout(200, 50).chartRows).toBeGreaterThanOrEqual(25);
});

it("keeps the too-small screen below 60x20", () => {
  expect([computeLayout(59, 30).tooSmall, computeLayout(100, 19).tooSmall, computeLayout(60, 20).tooSmall]).toEqual([true, true, false]);
});
