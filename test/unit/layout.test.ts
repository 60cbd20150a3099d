/**
 * Which layout a size gets and who gets its rows (src/ui/layout.ts), as a
 * table of the sizes traders keep: the frame filled exactly, the chart at
 * its floor from 20 rows up whatever the positions, the positions' best row
 * and total always, the form and the alert line their own rows.
 */
import { describe, expect, it } from "vitest";
import { CHART_ROWS_FLOOR, computeLayout, layoutMode, POSITION_LINES_MAX } from "../../src/ui/layout.js";

const SIZES = [
  [200, 50, "boxed"],
  [120, 35, "boxed"],
  [100, 25, "sections"],
  [90, 20, "sections"],
  [80, 18, "sections"],
  [60, 15, "sections"],
  [40, 8, "lines"],
] as const;

/** Everything between the header and the footer. */
const body = (rows: number) => rows - 1 - 2;

describe.each(SIZES)("at %ix%i", (cols, rows, mode) => {
  it(`is ${mode}`, () => {
    expect(layoutMode(cols, rows)).toBe(mode);
  });

  it.each([0, 1, 3, 10, 30])("with %i lines of positions it fills the frame, the chart keeps its floor and the best row shows", (lines) => {
    for (const [formOpen, alertLine] of [
      [false, false],
      [true, false],
      [false, true],
      [true, true],
    ]) {
      const l = computeLayout(cols, rows, { formOpen, alertLine, positionLines: lines, bookRows: 2 });
      expect(l.mode).toBe(mode);
      // The alert line takes its row from the panes, but where the one-line layout's own lines need it.
      expect(l.alertHeight).toBe(alertLine && mode !== "lines" ? 1 : 0);
      expect(l.bodyHeight).toBe(body(rows) - l.alertHeight);
      // Beside the panes on a wide terminal, the book and the positions share their own column.
      const stacked =
        l.bookWidth > 0 ? l.topHeight + l.priceHeight + l.formHeight : l.topHeight + l.priceHeight + l.formHeight + l.positionsHeight;
      expect(stacked).toBe(l.bodyHeight);
      if (l.bookWidth > 0) expect(l.bookHeight + l.positionsHeight).toBe(l.bodyHeight);
      // The best row (or the line that says there is none).
      if (!(mode === "lines" && formOpen)) expect(l.positionRows).toBeGreaterThanOrEqual(1);
      expect(l.positionRows).toBeLessThanOrEqual(Math.max(1, Math.min(POSITION_LINES_MAX, lines)));
      if (rows >= 20) expect(l.chartRows).toBeGreaterThanOrEqual(CHART_ROWS_FLOOR);
      expect([l.formHeight > 0, formOpen]).toEqual([formOpen, formOpen]);
    }
  });
});

it("gives the chart what the positions do not want, and the positions up to their maximum before it scrolls", () => {
  const few = computeLayout(120, 35, { positionLines: 1 });
  const many = computeLayout(120, 35, { positionLines: 10 });
  expect([few.positionRows, many.positionRows]).toEqual([1, 10]);
  expect(few.chartRows - many.chartRows).toBe(9);
  expect(computeLayout(120, 50, { positionLines: 40 }).positionRows).toBe(POSITION_LINES_MAX);
});

it("below 20 rows draws the price as one sparkline line, unless the positions leave the chart its floor", () => {
  expect(computeLayout(80, 18, { positionLines: 10 }).chartRows).toBe(0);
  expect(computeLayout(80, 18, { positionLines: 1 }).chartRows).toBeGreaterThanOrEqual(CHART_ROWS_FLOOR);
});

it("on a wide terminal sizes the book to its rows and gives the chart the whole height beside it", () => {
  const l = computeLayout(200, 50, { positionLines: 3, bookRows: 2 });
  expect(l.bookWidth).toBeGreaterThan(0);
  expect(l.bookHeight).toBe(3 + 1 + 2);
  expect(l.chartRows).toBe(body(50) - l.topHeight - 3 - 1);
});

it("keeps the book beside the panes to half the height, and the positions to the rest less their frame and table", () => {
  const l = computeLayout(180, 35, { positionLines: 12, bookRows: 30 });
  expect(l.bookHeight).toBe(Math.floor(body(35) / 2));
  expect(l.positionsHeight).toBe(body(35) - l.bookHeight);
  // Their border and title (3) and the table's column header and total (2) around the rows.
  expect(l.positionRows).toBe(l.positionsHeight - 3 - 2);
});

it("keeps the book column and the roomy details to the boxed layout, wherever the sections are asked for", () => {
  expect(computeLayout(200, 50, { choice: "sections", bookRows: 2 })).toMatchObject({
    mode: "sections",
    bookWidth: 0,
    paneCols: 200,
    full: false,
  });
});

it("gives the alert line a row in the one-line layout where its lines keep theirs", () => {
  expect([
    computeLayout(40, 9, { alertLine: true }).alertHeight,
    computeLayout(40, 9, { alertLine: true, formOpen: true }).alertHeight,
  ]).toEqual([1, 1]);
  expect(computeLayout(40, 9, { alertLine: true, positionLines: 3 }).positionRows).toBe(1);
});

it("takes the layout asked for where the size has room for it, and keeps the too-small screen below 40x8", () => {
  expect([layoutMode(200, 50, "lines"), layoutMode(80, 28, "boxed"), layoutMode(120, 35, "auto")]).toEqual(["lines", "boxed", "boxed"]);
  // Too small for the one asked for: the roomiest that fits, never a pane of negative height.
  expect([layoutMode(80, 18, "boxed"), layoutMode(80, 10, "boxed"), layoutMode(50, 20, "sections")]).toEqual([
    "sections",
    "lines",
    "lines",
  ]);
  for (const [cols, rows] of [
    [80, 10],
    [59, 30],
    [200, 8],
  ] as const) {
    const l = computeLayout(cols, rows, { choice: "boxed", formOpen: true, positionLines: 5 });
    expect([l.topHeight, l.priceHeight, l.positionsHeight, l.formHeight, l.chartRows].every((h) => h >= 0)).toBe(true);
  }
  expect([computeLayout(39, 30).tooSmall, computeLayout(100, 7).tooSmall, computeLayout(40, 8).tooSmall]).toEqual([true, true, false]);
});
