/**
 * The layout at the sizes traders keep and at each threshold's edge (src/ui/layout.ts), pinned as a table:
 * the mode, the roomy layout, the book beside, each pane's rows and the columns of the top two. The
 * invariants are in layout.test.ts; this table is what they leave free, so a change to the layout shows
 * here as changed lines, each to be looked at on screen at its size before the table takes it.
 *
 * Thresholds on each side: the book beside from 180x35, the roomy boxed layout from 120x35 of panes,
 * seven top lines from 42 rows, the sections' third game line from 24 rows, the chart kept from 20.
 */
import { expect, it } from "vitest";
import { computeLayout, type Layout, type LayoutNeeds } from "../../src/ui/layout.js";

const NONE: LayoutNeeds = {};
const THREE: LayoutNeeds = { positionLines: 3 };
const FORM: LayoutNeeds = { positionLines: 3, formOpen: true };
const LINES: LayoutNeeds = { positionLines: 12, alertLine: true, strategyLine: true };
const EMPTY: LayoutNeeds = { positionLines: 0, positionChrome: 0, bookRows: 5 };

function described(l: Layout): string {
  const flags = `${l.framed ? " framed" : ""}${l.full ? " full" : ""}`;
  const heights = `top ${l.topHeight} price ${l.priceHeight} positions ${l.positionsHeight} form ${l.formHeight}`;
  const inner = `chart ${l.chartRows} rows ${l.positionRows} widths ${l.gameWidth}|${l.balanceWidth}`;
  return `${l.mode}${flags} ${heights} ${inner} book ${l.bookWidth}x${l.bookHeight} lines ${l.strategyHeight}${l.alertHeight}`;
}

const TABLE: [number, number, LayoutNeeds, string][] = [
  [200, 50, NONE, "boxed framed full top 10 price 37 positions 42 form 0 chart 33 rows 1 widths 72|48 book 80x5 lines 00"],
  [200, 50, THREE, "boxed framed full top 10 price 37 positions 42 form 0 chart 33 rows 3 widths 72|48 book 80x5 lines 00"],
  [200, 50, FORM, "boxed framed full top 10 price 32 positions 42 form 5 chart 28 rows 3 widths 72|48 book 80x5 lines 00"],
  [200, 50, LINES, "boxed framed full top 10 price 35 positions 40 form 0 chart 31 rows 12 widths 72|48 book 80x5 lines 11"],
  [200, 50, EMPTY, "boxed framed full top 10 price 37 positions 38 form 0 chart 33 rows 1 widths 72|48 book 80x9 lines 00"],
  [180, 35, NONE, "boxed framed top 6 price 26 positions 27 form 0 chart 22 rows 1 widths 62|46 book 72x5 lines 00"],
  [180, 35, THREE, "boxed framed top 6 price 26 positions 27 form 0 chart 22 rows 3 widths 62|46 book 72x5 lines 00"],
  [180, 35, FORM, "boxed framed top 6 price 21 positions 27 form 5 chart 17 rows 3 widths 62|46 book 72x5 lines 00"],
  [180, 35, LINES, "boxed framed top 6 price 24 positions 25 form 0 chart 20 rows 12 widths 62|46 book 72x5 lines 11"],
  [180, 35, EMPTY, "boxed framed top 6 price 26 positions 23 form 0 chart 22 rows 1 widths 62|46 book 72x9 lines 00"],
  [179, 35, NONE, "boxed framed full top 8 price 20 positions 4 form 0 chart 16 rows 1 widths 107|72 book 0x0 lines 00"],
  [179, 35, THREE, "boxed framed full top 8 price 16 positions 8 form 0 chart 12 rows 3 widths 107|72 book 0x0 lines 00"],
  [179, 35, FORM, "boxed framed full top 8 price 11 positions 8 form 5 chart 7 rows 3 widths 107|72 book 0x0 lines 00"],
  [179, 35, LINES, "boxed framed full top 8 price 9 positions 13 form 0 chart 5 rows 8 widths 107|72 book 0x0 lines 11"],
  [179, 35, EMPTY, "boxed framed full top 8 price 20 positions 4 form 0 chart 16 rows 1 widths 107|72 book 0x0 lines 00"],
  [180, 34, NONE, "boxed framed top 6 price 21 positions 4 form 0 chart 17 rows 1 widths 104|76 book 0x0 lines 00"],
  [180, 34, THREE, "boxed framed top 6 price 17 positions 8 form 0 chart 13 rows 3 widths 104|76 book 0x0 lines 00"],
  [180, 34, FORM, "boxed framed top 6 price 13 positions 8 form 4 chart 9 rows 3 widths 104|76 book 0x0 lines 00"],
  [180, 34, LINES, "boxed framed top 6 price 9 positions 14 form 0 chart 5 rows 9 widths 104|76 book 0x0 lines 11"],
  [180, 34, EMPTY, "boxed framed top 6 price 21 positions 4 form 0 chart 17 rows 1 widths 104|76 book 0x0 lines 00"],
  [120, 35, NONE, "boxed framed full top 8 price 20 positions 4 form 0 chart 16 rows 1 widths 72|48 book 0x0 lines 00"],
  [120, 35, THREE, "boxed framed full top 8 price 16 positions 8 form 0 chart 12 rows 3 widths 72|48 book 0x0 lines 00"],
  [120, 35, FORM, "boxed framed full top 8 price 11 positions 8 form 5 chart 7 rows 3 widths 72|48 book 0x0 lines 00"],
  [120, 35, LINES, "boxed framed full top 8 price 9 positions 13 form 0 chart 5 rows 8 widths 72|48 book 0x0 lines 11"],
  [120, 35, EMPTY, "boxed framed full top 8 price 20 positions 4 form 0 chart 16 rows 1 widths 72|48 book 0x0 lines 00"],
  [119, 35, NONE, "boxed framed top 6 price 22 positions 4 form 0 chart 18 rows 1 widths 69|50 book 0x0 lines 00"],
  [119, 35, THREE, "boxed framed top 6 price 18 positions 8 form 0 chart 14 rows 3 widths 69|50 book 0x0 lines 00"],
  [119, 35, FORM, "boxed framed top 6 price 14 positions 8 form 4 chart 10 rows 3 widths 69|50 book 0x0 lines 00"],
  [119, 35, LINES, "boxed framed top 6 price 9 positions 15 form 0 chart 5 rows 10 widths 69|50 book 0x0 lines 11"],
  [119, 35, EMPTY, "boxed framed top 6 price 22 positions 4 form 0 chart 18 rows 1 widths 69|50 book 0x0 lines 00"],
  [120, 34, NONE, "boxed framed top 6 price 21 positions 4 form 0 chart 17 rows 1 widths 69|51 book 0x0 lines 00"],
  [120, 34, THREE, "boxed framed top 6 price 17 positions 8 form 0 chart 13 rows 3 widths 69|51 book 0x0 lines 00"],
  [120, 34, FORM, "boxed framed top 6 price 13 positions 8 form 4 chart 9 rows 3 widths 69|51 book 0x0 lines 00"],
  [120, 34, LINES, "boxed framed top 6 price 9 positions 14 form 0 chart 5 rows 9 widths 69|51 book 0x0 lines 11"],
  [120, 34, EMPTY, "boxed framed top 6 price 21 positions 4 form 0 chart 17 rows 1 widths 69|51 book 0x0 lines 00"],
  [120, 42, NONE, "boxed framed full top 10 price 25 positions 4 form 0 chart 21 rows 1 widths 72|48 book 0x0 lines 00"],
  [120, 42, THREE, "boxed framed full top 10 price 21 positions 8 form 0 chart 17 rows 3 widths 72|48 book 0x0 lines 00"],
  [120, 42, FORM, "boxed framed full top 10 price 16 positions 8 form 5 chart 12 rows 3 widths 72|48 book 0x0 lines 00"],
  [120, 42, LINES, "boxed framed full top 10 price 10 positions 17 form 0 chart 6 rows 12 widths 72|48 book 0x0 lines 11"],
  [120, 42, EMPTY, "boxed framed full top 10 price 25 positions 4 form 0 chart 21 rows 1 widths 72|48 book 0x0 lines 00"],
  [120, 41, NONE, "boxed framed full top 8 price 26 positions 4 form 0 chart 22 rows 1 widths 72|48 book 0x0 lines 00"],
  [120, 41, THREE, "boxed framed full top 8 price 22 positions 8 form 0 chart 18 rows 3 widths 72|48 book 0x0 lines 00"],
  [120, 41, FORM, "boxed framed full top 8 price 17 positions 8 form 5 chart 13 rows 3 widths 72|48 book 0x0 lines 00"],
  [120, 41, LINES, "boxed framed full top 8 price 11 positions 17 form 0 chart 7 rows 12 widths 72|48 book 0x0 lines 11"],
  [120, 41, EMPTY, "boxed framed full top 8 price 26 positions 4 form 0 chart 22 rows 1 widths 72|48 book 0x0 lines 00"],
  [100, 25, NONE, "sections top 5 price 15 positions 2 form 0 chart 14 rows 1 widths 100|0 book 0x0 lines 00"],
  [100, 25, THREE, "sections top 5 price 11 positions 6 form 0 chart 10 rows 3 widths 100|0 book 0x0 lines 00"],
  [100, 25, FORM, "sections top 5 price 9 positions 6 form 2 chart 8 rows 3 widths 100|0 book 0x0 lines 00"],
  [100, 25, LINES, "sections top 5 price 6 positions 9 form 0 chart 5 rows 6 widths 100|0 book 0x0 lines 11"],
  [100, 25, EMPTY, "sections top 5 price 15 positions 2 form 0 chart 14 rows 1 widths 100|0 book 0x0 lines 00"],
  [90, 24, NONE, "sections top 5 price 14 positions 2 form 0 chart 13 rows 1 widths 90|0 book 0x0 lines 00"],
  [90, 24, THREE, "sections top 5 price 10 positions 6 form 0 chart 9 rows 3 widths 90|0 book 0x0 lines 00"],
  [90, 24, FORM, "sections top 5 price 8 positions 6 form 2 chart 7 rows 3 widths 90|0 book 0x0 lines 00"],
  [90, 24, LINES, "sections top 5 price 6 positions 8 form 0 chart 5 rows 5 widths 90|0 book 0x0 lines 11"],
  [90, 24, EMPTY, "sections top 5 price 14 positions 2 form 0 chart 13 rows 1 widths 90|0 book 0x0 lines 00"],
  [90, 23, NONE, "sections top 4 price 14 positions 2 form 0 chart 13 rows 1 widths 90|0 book 0x0 lines 00"],
  [90, 23, THREE, "sections top 4 price 10 positions 6 form 0 chart 9 rows 3 widths 90|0 book 0x0 lines 00"],
  [90, 23, FORM, "sections top 4 price 8 positions 6 form 2 chart 7 rows 3 widths 90|0 book 0x0 lines 00"],
  [90, 23, LINES, "sections top 4 price 6 positions 8 form 0 chart 5 rows 5 widths 90|0 book 0x0 lines 11"],
  [90, 23, EMPTY, "sections top 4 price 14 positions 2 form 0 chart 13 rows 1 widths 90|0 book 0x0 lines 00"],
  [90, 20, NONE, "sections top 4 price 11 positions 2 form 0 chart 10 rows 1 widths 90|0 book 0x0 lines 00"],
  [90, 20, THREE, "sections top 4 price 7 positions 6 form 0 chart 6 rows 3 widths 90|0 book 0x0 lines 00"],
  [90, 20, FORM, "sections top 4 price 6 positions 5 form 2 chart 5 rows 2 widths 90|0 book 0x0 lines 00"],
  [90, 20, LINES, "sections top 4 price 6 positions 5 form 0 chart 5 rows 2 widths 90|0 book 0x0 lines 11"],
  [90, 20, EMPTY, "sections top 4 price 11 positions 2 form 0 chart 10 rows 1 widths 90|0 book 0x0 lines 00"],
  [80, 18, NONE, "sections top 4 price 9 positions 2 form 0 chart 8 rows 1 widths 80|0 book 0x0 lines 00"],
  [80, 18, THREE, "sections top 4 price 5 positions 6 form 0 chart 4 rows 3 widths 80|0 book 0x0 lines 00"],
  [80, 18, FORM, "sections top 6 price 1 positions 6 form 2 chart 0 rows 3 widths 80|0 book 0x0 lines 00"],
  [80, 18, LINES, "sections top 4 price 1 positions 8 form 0 chart 0 rows 5 widths 80|0 book 0x0 lines 11"],
  [80, 18, EMPTY, "sections top 4 price 9 positions 2 form 0 chart 8 rows 1 widths 80|0 book 0x0 lines 00"],
  [60, 15, NONE, "sections top 4 price 6 positions 2 form 0 chart 5 rows 1 widths 60|0 book 0x0 lines 00"],
  [60, 15, THREE, "sections top 5 price 1 positions 6 form 0 chart 0 rows 3 widths 60|0 book 0x0 lines 00"],
  [60, 15, FORM, "sections top 4 price 1 positions 5 form 2 chart 0 rows 2 widths 60|0 book 0x0 lines 00"],
  [60, 15, LINES, "sections top 4 price 1 positions 5 form 0 chart 0 rows 2 widths 60|0 book 0x0 lines 11"],
  [60, 15, EMPTY, "sections top 4 price 6 positions 2 form 0 chart 5 rows 1 widths 60|0 book 0x0 lines 00"],
  [40, 8, NONE, "lines top 3 price 0 positions 2 form 0 chart 0 rows 1 widths 40|0 book 0x0 lines 00"],
  [40, 8, THREE, "lines top 3 price 0 positions 2 form 0 chart 0 rows 1 widths 40|0 book 0x0 lines 00"],
  [40, 8, FORM, "lines top 3 price 0 positions 0 form 2 chart 0 rows 0 widths 40|0 book 0x0 lines 00"],
  [40, 8, LINES, "lines top 3 price 0 positions 2 form 0 chart 0 rows 1 widths 40|0 book 0x0 lines 00"],
  [40, 8, EMPTY, "lines top 3 price 0 positions 2 form 0 chart 0 rows 1 widths 40|0 book 0x0 lines 00"],
];

it.each(TABLE)("at %ix%i with %o: %s", (cols, rows, needs, expected) => {
  expect(described(computeLayout(cols, rows, needs))).toBe(expected);
});
