/**
 * Draws recent prices as a block-glyph chart, one column per price, with
 * dotted lines at reference prices (open, ai target, the user's strikes).
 * Pure string work: the pane only lays the rows out.
 */
export interface RefMark {
  value: number;
  label: string;
}

export interface Chart {
  rows: string[];
  /** Per row, the labels of the reference marks that fall on it. */
  labels: string[];
  /** Marks that fell outside the drawn range, with their direction. */
  offChart: { label: string; above: boolean }[];
  lo: number;
  hi: number;
}

const BLOCKS = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"];
const ASCII_LEVELS = ["_", ".", "-", "~", "=", "+", "*", "#"];

export function renderChart(values: readonly number[], width: number, height: number, refs: readonly RefMark[], ascii: boolean): Chart {
  // slice(-0) would be every value: a chart with no room shows none.
  const shown = width > 0 ? values.slice(-width) : [];
  const h = Math.max(1, height);
  const glyphs = ascii ? ASCII_LEVELS : BLOCKS;
  const dot = ascii ? "." : "┈";

  let lo = Infinity;
  let hi = -Infinity;
  for (const v of shown) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (shown.length === 0) {
    lo = Math.min(...refs.map((r) => r.value), 0);
    hi = Math.max(...refs.map((r) => r.value), 1);
  }
  // Pull in marks that are near the action; a far-away strike would flatten the chart.
  const span = Math.max(hi - lo, Math.abs(hi) * 1e-5, 1e-9);
  const near = refs.filter((r) => r.value >= lo - 2 * span && r.value <= hi + 2 * span);
  for (const r of near) {
    lo = Math.min(lo, r.value);
    hi = Math.max(hi, r.value);
  }
  if (hi - lo < 1e-9) {
    hi += span / 2;
    lo -= span / 2;
  }
  const offChart = refs.filter((r) => !near.includes(r)).map((r) => ({ label: r.label, above: r.value > hi }));

  const levels = h * 8;
  const levelOf = (v: number) => Math.max(0, Math.min(levels - 1, Math.round(((v - lo) / (hi - lo)) * (levels - 1))));
  const rowOf = (v: number) => h - 1 - Math.min(h - 1, Math.floor(levelOf(v) / 8));

  const labels: string[][] = Array.from({ length: h }, () => []);
  for (const r of near) labels[rowOf(r.value)]!.push(r.label);
  const columnLevels = shown.map(levelOf);
  let least = levels;
  let most = -1;
  for (const level of columnLevels) {
    if (level < least) least = level;
    if (level > most) most = level;
  }
  const offset = Math.max(0, width) - shown.length;
  // This runs for every new price, at first in V8's interpreter (a function called every other
  // second takes minutes to be optimised): rows that every column fills, or that none reaches,
  // are one repeated glyph, and the others are joined once rather than grown a glyph at a time.
  const cells = new Array<string>(shown.length);
  const rows: string[] = [];
  for (let row = 0; row < h; row++) {
    const blank = labels[row]!.length > 0 ? dot : " ";
    const floor = (h - 1 - row) * 8;
    // In eighths of this row: at least 8 fills it (the top row's highest level is 7, a full block too).
    if (least - floor >= 7) rows.push(blank.repeat(offset) + glyphs[7]!.repeat(shown.length));
    else if (most < floor) rows.push(blank.repeat(offset + shown.length));
    else {
      for (let i = 0; i < columnLevels.length; i++) {
        const inRow = columnLevels[i]! - floor;
        cells[i] = inRow >= 0 ? glyphs[Math.min(7, inRow)]! : blank;
      }
      rows.push(blank.repeat(offset) + cells.join(""));
    }
  }
  return { rows, labels: labels.map((l) => l.join(" ")), offChart, lo, hi };
}
