/**
 * The price chart as rows of styled spans: a price axis on the left, the
 * line in braille (or ASCII) with its reference lines and time marks, tags
 * on the right (the current price, then each reference line's label), and
 * a time axis underneath. Pure: the pane lays the rows out.
 */
import type { PriceSeries } from "../../domain/price-series.js";
import type { Tone } from "../palettes.js";
import type { Piece, Span } from "../spans.js";
import { mark } from "../symbols.js";
import { asciiOf, brailleOf, type DotCanvas } from "./canvas.js";
import { dotX, dotY, LineMemo, type PriceScale, type Window } from "./line-memo.js";
import { formatTick, gapAfterMs, priceTicks, stepDecimals, type TimeRange, timeTicks } from "./scales.js";

export type RefKind = "open" | "ai" | "strike";

/** A horizontal line at a price: the game's open, the ai price, a strike of the user's. */
export interface RefLine {
  value: number;
  label: string;
  kind: RefKind;
  /** The strike of the user's best position (domain/positions.ts, bestRow): drawn heavier. */
  best?: boolean;
  /** That position is winning (projected net above 0): its tag carries ◆. */
  winning?: boolean;
}

/** A vertical line at an instant: the game's start, its lock, its end. */
export interface TimeMark {
  t: number;
  label: string;
}

export interface ChartInput {
  points: PriceSeries;
  range: TimeRange;
  refs: readonly RefLine[];
  marks: readonly TimeMark[];
  /** The line is green above it and red below (the game's open, or the window's first price). */
  baseline: number | undefined;
  /** The current price as the dashboard writes it, tagged at the right edge. */
  tag: string | undefined;
  cols: number;
  rows: number;
  ascii: boolean;
  /** Old data: everything dim. */
  stale: boolean;
  /** A running total (the performance view's net), not samples: its line never breaks at a pause. */
  continuous?: boolean;
  /** The line as this chart's last draw left it (line-memo.ts): a chart drawn with every price passes its own. */
  memo?: LineMemo;
  /**
   * The price axis's labels take at least this many columns (its last draw's `gutter`, kept while the window
   * is the same): a label a digit shorter would otherwise move the whole plot sideways.
   */
  minGutter?: number;
}

export interface Chart {
  rows: Piece[][];
  /** Reference lines too far from the prices to draw without flattening the line: which way, and how far from the last price. */
  offChart: { label: string; above: boolean; distance: number | undefined }[];
  /** The columns the price axis's labels took (ChartInput.minGutter). */
  gutter: number;
}

const LINE_TONES: Tone[] = ["accent", "up", "down"];
const REF_GLYPHS: Record<RefKind | "best", [string, string]> = {
  open: ["┄", "-"],
  ai: ["┈", "."],
  strike: ["─", "="],
  best: ["━", "#"],
};
/** Lines sharing a row: drawn in this order, so the one on top is the one whose tag wins the row (rightTags). */
const FILL_ORDER = ["strike", "open", "ai", "best"] as const;
const fillKind = (r: RefLine) => (r.best ? "best" : r.kind);
const REF_TONES: Record<RefKind, Tone> = { open: "dim", ai: "accent", strike: "warn" };
const MARK_GLYPH: [string, string] = ["┆", ":"];
/** The right-hand tags: wide enough for "67,112.40" and a marker. */
const TAG_COLS = 12;
/** Below these the axes give way to the line. */
const AXES_MIN_COLS = 40;
const TIME_AXIS_MIN_ROWS = 3;

interface Cell {
  text: string;
  tone: Tone;
  bold?: boolean;
  /** The price line's dots stay on top of the reference lines, which stay on top of the time marks. */
  line?: boolean;
}

export function drawChart(c: ChartInput): Chart {
  const withAxes = c.cols >= AXES_MIN_COLS;
  const plotRows = Math.max(1, c.rows >= TIME_AXIS_MIN_ROWS && withAxes ? c.rows - 1 : c.rows);
  const memo = c.memo ?? new LineMemo();
  const inWindow = pointsIn(c.points, c.range);
  const scale = priceScale(memo.extentOf(inWindow), c.refs, c.baseline, c.points.at(-1)?.value);
  const ticks = withAxes ? priceTicks(scale.lo, scale.hi, Math.min(6, Math.max(2, Math.floor(plotRows / 2)))) : { step: 1, ticks: [] };
  const decimals = stepDecimals(ticks.step);
  const tickLabels = ticks.ticks.map((t) => formatTick(t, decimals));
  const gutter = withAxes ? Math.max(1, c.minGutter ?? 0, ...tickLabels.map((l) => l.length + 1)) : 0;
  const tagCols = withAxes ? TAG_COLS : 0;
  const plotCols = Math.max(1, c.cols - gutter - tagCols);

  const width = plotCols * 2;
  const height = plotRows * 4;
  const rowOf = (v: number) => Math.floor(dotY(v, scale, height) / 4);
  const colOf = (t: number) => Math.floor(dotX(t, c.range, width) / 2);
  const gap = c.continuous ? Number.POSITIVE_INFINITY : gapAfterMs((c.range.to - c.range.from) / width);
  const canvas = memo.canvas(inWindow, { range: c.range, scale, cols: plotCols, rows: plotRows, baseline: c.baseline, gap });

  const grid = cellsOf(canvas, c.ascii);
  const near = c.refs.filter((r) => r.value >= scale.lo && r.value <= scale.hi);
  // A mark on the left edge (the game window starts at the game's start) would only double the axis.
  for (const m of c.marks) if (m.t > c.range.from && m.t <= c.range.to && colOf(m.t) > 0) fillColumn(grid, colOf(m.t), c.ascii);
  // Lines sharing a row: the one whose tag wins the row (rightTags) is drawn last, so it shows.
  for (const r of [...near].sort((a, b) => FILL_ORDER.indexOf(fillKind(a)) - FILL_ORDER.indexOf(fillKind(b)))) {
    fillRow(grid, rowOf(r.value), r, c.ascii);
  }

  const tags = rightTags(c, near, rowOf, plotRows);
  const tickRows = new Map(ticks.ticks.map((t, i) => [rowOf(t), tickLabels[i]!] as const));
  const rows: Piece[][] = grid.map((cells, row) => [
    withAxes && axisCell(tickRows.get(row), gutter, c.ascii),
    ...merge(cells, c.stale),
    withAxes && tagCell(tags.get(row), tagCols, c.stale),
  ]);
  if (plotRows < c.rows) rows.push([" ".repeat(gutter), { text: timeAxis(c, plotCols, colOf), tone: "dim" }, " ".repeat(tagCols)]);
  const last = c.points.at(-1)?.value;
  const offChart = c.refs
    .filter((r) => !near.includes(r))
    .map((r) => ({ label: r.label, above: r.value > scale.hi, distance: last === undefined ? undefined : r.value - last }));
  return { rows, offChart, gutter };
}

function pointsIn(points: PriceSeries, range: TimeRange): Window {
  const first = points.indexFrom(range.from);
  return { points, first, end: Math.max(first, points.indexAfter(range.to)) };
}

/**
 * The prices shown: the line's, then the open and the ai price (a trader
 * reads the line against them), then the strikes nearest first, each as
 * long as the line keeps at least SLIVER of the height; with half a row's
 * room above and below. What is left out the price line lists with its
 * direction and its distance from the price. A window with no price yet (a
 * game's first second) is scaled about its lines and the latest price
 * before it, never about nothing.
 */
const SLIVER = 0.25;
/** The least span of prices a chart shows, as a share of the price: 0.01 %, about 6 on a BTC price of 63,000. */
const MIN_SPAN = 1e-4;

function priceScale(
  extent: { lo: number; hi: number } | undefined,
  refs: readonly RefLine[],
  baseline: number | undefined,
  latest: number | undefined,
): PriceScale {
  let lo: number;
  let hi: number;
  if (extent !== undefined) ({ lo, hi } = extent);
  else {
    const anchors = refs.map((r) => r.value).concat([baseline, latest].filter((v) => v !== undefined));
    if (anchors.length === 0) return { lo: 0, hi: 1 };
    lo = Math.min(...anchors);
    hi = Math.max(...anchors);
  }
  const span = Math.max(hi - lo, Math.abs(hi) * MIN_SPAN, 1e-6);
  const mid = (lo + hi) / 2;
  const order = [...refs].sort(
    (a, b) => Number(a.kind === "strike") - Number(b.kind === "strike") || Math.abs(a.value - mid) - Math.abs(b.value - mid),
  );
  for (const r of order) {
    const wider = Math.max(hi, r.value) - Math.min(lo, r.value);
    if (span / wider >= SLIVER) {
      lo = Math.min(lo, r.value);
      hi = Math.max(hi, r.value);
    }
  }
  // A line flatter than MIN_SPAN of its price is drawn about its middle at that span: a game's first
  // prices, a few cents apart, are not blown up to fill the plot under tick labels in cents.
  if (hi - lo < span) [lo, hi] = [mid - span / 2, mid + span / 2];
  const pad = (hi - lo) * 0.04;
  return { lo: lo - pad, hi: hi + pad };
}

function cellsOf(canvas: DotCanvas, ascii: boolean): (Cell | null)[][] {
  const grid: (Cell | null)[][] = [];
  for (let row = 0; row < canvas.rows; row++) {
    const cells: (Cell | null)[] = new Array(canvas.cols);
    for (let col = 0; col < canvas.cols; col++) {
      const mask = canvas.mask(col, row);
      cells[col] =
        mask === 0 ? null : { text: ascii ? asciiOf(mask) : brailleOf(mask), tone: LINE_TONES[canvas.tone(col, row)]!, line: true };
    }
    grid.push(cells);
  }
  return grid;
}

/** A reference line fills its row but for the price line's cells, over a time mark or a line drawn before it. */
function fillRow(grid: (Cell | null)[][], row: number, r: RefLine, ascii: boolean): void {
  const cells = grid[row];
  if (cells === undefined) return;
  // One cell shared by the row: the chart is redrawn with every price, and its garbage is the dashboard's.
  const cell: Cell = { text: REF_GLYPHS[fillKind(r)][ascii ? 1 : 0], tone: REF_TONES[r.kind], bold: r.best === true };
  for (let i = 0; i < cells.length; i++) if (cells[i]?.line !== true) cells[i] = cell;
}

const MARK_CELLS: [Cell, Cell] = [
  { text: MARK_GLYPH[0], tone: "dim" },
  { text: MARK_GLYPH[1], tone: "dim" },
];

function fillColumn(grid: (Cell | null)[][], col: number, ascii: boolean): void {
  const cell = MARK_CELLS[ascii ? 1 : 0];
  for (const cells of grid) if (col < cells.length && cells[col] === null) cells[col] = cell;
}

/** Runs of cells in one style become one span each. */
function merge(cells: readonly (Cell | null)[], stale: boolean): Span[] {
  const spans: Span[] = [];
  let text = "";
  let style: Cell | null = null;
  const flush = () => {
    if (text !== "") spans.push({ text, tone: stale ? "dim" : style?.tone, bold: !stale && style?.bold === true });
    text = "";
  };
  for (const cell of cells) {
    const same = cell === null ? style === null : style !== null && cell.tone === style.tone && cell.bold === style.bold;
    if (!same) {
      flush();
      style = cell;
    }
    text += cell === null ? " " : cell.text;
  }
  flush();
  return spans;
}

function axisCell(label: string | undefined, gutter: number, ascii: boolean): Span {
  const edge = label === undefined ? (ascii ? "|" : "│") : ascii ? "+" : "┤";
  return { text: (label ?? "").padStart(gutter - 1) + edge, tone: "dim" };
}

function tagCell(tag: { text: string; tone: Tone; bold: boolean } | undefined, cols: number, stale: boolean): Piece {
  if (tag === undefined) return " ".repeat(cols);
  const text = ` ${tag.text}`.slice(0, cols).padEnd(cols);
  return { text, tone: stale ? "dim" : tag.tone, bold: tag.bold };
}

/**
 * The right edge's tags by row, each on the row of its own line and nowhere
 * else: the current price first, then the best position's strike, ai, the
 * open, the other strikes. A tag whose row is taken is dropped (its line
 * still drawn), never moved onto another line's row; strikes that fall on
 * one row are one tag, counted: "@63,558 ×2" at one label, "@63,558 +1"
 * where another strike shares the row.
 */
function rightTags(c: ChartInput, near: readonly RefLine[], rowOf: (v: number) => number, rows: number) {
  const tags = new Map<number, { text: string; tone: Tone; bold: boolean; head?: string; strikes?: string[] }>();
  const last = c.points.at(-1);
  if (last !== undefined && c.tag !== undefined && last.t >= c.range.from) {
    const tone: Tone = c.baseline === undefined || last.value === c.baseline ? "accent" : last.value > c.baseline ? "up" : "down";
    tags.set(rowOf(last.value), { text: `${mark("price", c.ascii)}${c.tag}`, tone, bold: true });
  }
  const rank = (r: RefLine) => (r.best ? 0 : r.kind === "ai" ? 1 : r.kind === "open" ? 2 : 3);
  for (const r of [...near].sort((a, b) => rank(a) - rank(b))) {
    const row = rowOf(r.value);
    if (row < 0 || row >= rows) continue;
    const taken = tags.get(row);
    if (taken !== undefined) {
      // Strikes on one strike's row are one tag, counted: otherwise the second, its line hidden under the first's, would not show.
      if (taken.strikes !== undefined && r.kind === "strike") {
        taken.strikes.push(r.label);
        taken.text = counted(taken.head!, taken.strikes);
      }
      continue;
    }
    const marker = r.best && r.winning ? mark("winning", c.ascii) : "";
    const head = `${marker}${r.label}`;
    tags.set(row, {
      text: head,
      tone: REF_TONES[r.kind],
      bold: r.best === true,
      head,
      strikes: r.kind === "strike" ? [r.label] : undefined,
    });
  }
  return tags;
}

/**
 * A strike's tag with the strikes sharing its row: "×2" for two stakes at one label (or prices rounding to it),
 * "+1" for another strike; without the space where the tag would not fit (a winning best at six digits).
 */
function counted(head: string, labels: readonly string[]): string {
  const count = labels.every((l) => l === labels[0]) ? `×${labels.length}` : `+${labels.length - 1}`;
  return `${head} ${count}`.length < TAG_COLS ? `${head} ${count}` : `${head}${count}`;
}

/**
 * Tick labels under the plot, each starting at its instant; the game's marks ("lock", "end") win over ticks, the
 * latest first. A mark whose label has no room after its instant ends at it instead; one with no room either way
 * joins the next mark's label ("lock end"): a day's game locks an hour before its end, a column or two from the
 * edge, and "lock" there left no room for "end".
 */
function timeAxis(c: ChartInput, plotCols: number, colOf: (t: number) => number): string {
  const line = new Array<string>(plotCols).fill(" ");
  const taken = new Array<boolean>(plotCols).fill(false);
  const free = (at: number, length: number) => {
    if (at < 0 || at + length > plotCols) return false;
    for (let i = Math.max(0, at - 1); i < Math.min(plotCols, at + length + 1); i++) if (taken[i]) return false;
    return true;
  };
  const write = (at: number, label: string, on: boolean) => {
    for (let i = 0; i < label.length; i++) {
      line[at + i] = on ? label[i]! : " ";
      taken[at + i] = on;
    }
  };
  /** Where `label` goes for an instant at `col`: after it, or ending at it; -1 where neither has room. */
  const placeOf = (col: number, label: string, orEndingAt: boolean) => {
    const after = Math.min(col, plotCols - label.length);
    if (free(after, label.length)) return after;
    return orEndingAt && free(col - label.length + 1, label.length) ? col - label.length + 1 : -1;
  };
  const put = (col: number, label: string, orEndingAt = false) => {
    const at = placeOf(col, label, orEndingAt);
    if (at >= 0) write(at, label, true);
    return at;
  };
  let later: { col: number; at: number; label: string } | undefined;
  const marks = c.marks.filter((m) => m.t > c.range.from && m.t <= c.range.to && m.label !== "").sort((a, b) => b.t - a.t);
  for (const m of marks) {
    const col = colOf(m.t);
    const at = put(col, m.label, true);
    if (at >= 0) later = { col, at, label: m.label };
    else if (later !== undefined) {
      // Both named in one label where the later one stood.
      write(later.at, later.label, false);
      const both = `${m.label} ${later.label}`;
      const joined = put(later.col, both, true);
      later = joined >= 0 ? { col: later.col, at: joined, label: both } : { ...later, at: put(later.col, later.label, true) };
    }
  }
  for (const t of timeTicks(c.range, plotCols)) put(colOf(t.t), t.label);
  return line.join("");
}
