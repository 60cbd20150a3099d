/**
 * The performance view's figures under its chart, as lines of spans: the
 * summary, a table per interval and per asset (the columns that fit the
 * width), the strikes' distance from the close and its histogram as bars.
 * Pure; the view shows the window of them that fits and scrolls the rest.
 */
import type { Performance } from "../../domain/performance/index.js";
import { assetCells, distanceLines, intervalCells, summaryLines, TABLE_COLUMNS } from "../../domain/performance/text.js";
import { type DroppableColumn, fitColumns } from "../columns.js";
import type { Tone } from "../palettes.js";
import type { Piece } from "../spans.js";

/** A line of the figures; a table's row names its table's column heading, which a scrolled view keeps in sight. */
export interface PerfLine extends ReadonlyArray<Piece> {
  readonly head?: PerfLine;
}

/** A line between sections: a space, so it takes its row. */
const GAP: PerfLine = [" "];

/** The widest a histogram bar is drawn. */
const BAR_MOST = 30;

/**
 * `known`: what the history holds is all there is (a read has once reached
 * its oldest page); until then an empty range is "none read yet", not "none".
 */
export function performanceLines(p: Performance, width: number, currency: string, ascii: boolean, known: boolean): PerfLine[] {
  const f = p.figures;
  if (f.games === 0 && !known) return [[{ text: "no settled games read yet", tone: "dim" }]];
  const summary = summaryLines(f, currency).flatMap((text, i) =>
    wrapFigures(text, width).map((part): PerfLine => [i === 1 ? netSpan(part, f.net.cmp(0)) : part]),
  );
  if (f.games === 0) return summary;
  return [
    ...summary,
    GAP,
    ...tableLines("BY INTERVAL", intervalCells(p.byInterval), width),
    GAP,
    ...tableLines("BY ASSET", assetCells(p.byAsset), width),
    GAP,
    ...distanceLines(p.distance).flatMap((text) => wrapFigures(text, width).map((part): PerfLine => [part])),
    ...histogramLines(p, ascii),
  ];
}

/**
 * Where a line too long for the width may break, tried in turn: between
 * figures, before an equals or a minus sign (which starts the next line),
 * after a colon. A part on a line of its own that is still too long is cut.
 */
const BREAKS = [
  { sep: " · ", end: "", start: "" },
  { sep: " = ", end: "", start: "= " },
  { sep: " − ", end: "", start: "− " },
  { sep: ": ", end: ":", start: "" },
] as const;

/** A line too long for the width broken where its figures part (BREAKS), so a narrow pane loses none of them. */
export function wrapFigures(text: string, width: number, level = 0): string[] {
  const b = BREAKS[level];
  if (text.length <= width || b === undefined) return [text];
  const [first, ...rest] = text.split(b.sep);
  const lines: string[] = [];
  let line = first!;
  for (const part of rest) {
    const joined = `${line}${b.sep}${part}`;
    if (joined.length <= width) line = joined;
    else {
      lines.push(`${line}${b.end}`);
      line = `  ${b.start}${part}`;
    }
  }
  return [...lines, line].flatMap((l) => wrapFigures(l, width, level + 1));
}

function netSpan(text: string, sign: number): Piece {
  return { text, tone: sign > 0 ? "up" : sign < 0 ? "down" : undefined };
}

/** A table: the columns that fit, each as wide as its widest cell; the net column toned by its sign. */
function tableLines(title: string, rows: string[][], width: number): PerfLine[] {
  const head = TABLE_COLUMNS.map((c, i) => (i === 0 ? title : c.title));
  const columns: (DroppableColumn & { index: number })[] = TABLE_COLUMNS.map((c, i) => ({
    title: head[i]!,
    width: Math.max(head[i]!.length, ...rows.map((r) => r[i]!.length)),
    left: i === 0,
    index: i,
    ...(c.drop === undefined ? {} : { drop: c.drop }),
  }));
  const kept = fitColumns(columns, width);
  const net = TABLE_COLUMNS.findIndex((c) => c.title === "NET");
  const line = (cells: readonly string[], tones: boolean): PerfLine =>
    kept.flatMap((c, k) => {
      const text = c.left ? cells[c.index]!.padEnd(c.width) : cells[c.index]!.padStart(c.width);
      const tone: Tone | undefined = tones && c.index === net ? signOf(cells[c.index]!) : undefined;
      return [k === 0 ? "" : " ", tone ? { text, tone } : text];
    });
  const heading: PerfLine = [{ text: line(head, false).join(""), tone: "dim" }];
  return [heading, ...rows.map((r) => Object.assign(line(r, true), { head: heading }))];
}

function signOf(text: string): Tone | undefined {
  return text.startsWith("+") ? "up" : text.startsWith("-") || text.startsWith("−") ? "down" : undefined;
}

function histogramLines(p: Performance, ascii: boolean): PerfLine[] {
  const buckets = p.distance.histogram;
  const most = Math.max(0, ...buckets.map((b) => b.count));
  if (most === 0) return [];
  const labelWidth = Math.max(...buckets.map((b) => b.label.length));
  const full = ascii ? "#" : "█";
  return [
    [{ text: "strike to close, in % of the closing price:", tone: "dim" }],
    ...buckets.map((b): PerfLine => {
      const bar = b.count === 0 ? 0 : Math.max(1, Math.round((b.count / most) * BAR_MOST));
      return [`  ${b.label.padStart(labelWidth)} `, { text: full.repeat(bar), tone: "accent" }, ` ${b.count}`];
    }),
  ];
}
