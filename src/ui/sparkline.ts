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

  let lo = Math.min(...shown);
  let hi = Math.max(...shown);
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
  const offset = Math.max(0, width) - shown.length;
  // Row by row as strings: this runs for every new price, and a grid of one-character cells was most of its cost.
  const rows: string[] = [];
  for (let row = 0; row < h; row++) {
    const blank = labels[row]!.length > 0 ? dot : " ";
    const floor = (h - 1 - row) * 8;
    let text = blank.repeat(offset);
    for (const level of columnLevels) {
      // In eighths of this row: at least 8 fills it (the top row's highest level is 7, a full block too).
      const inRow = level - floor;
      text += inRow >= 0 ? glyphs[Math.min(7, inRow)]! : blank;
    }
    rows.push(text);
  }
  return { rows, labels: labels.map((l) => l.join(" ")), offChart, lo, hi };
}
