/**
 * The price line as the last draw left it, so the next draw plots only the
 * points appended since. The chart is drawn with every price, and in a
 * game's window the new price is most often the only thing that changed:
 * the window's start, the scale and the canvas's size stay. Plotting an
 * hour's points again each time was the largest part of the dashboard's
 * garbage: each point's arithmetic is on floats, which Node 20's
 * unoptimised tiers box. What a draw gets from here is what
 * drawing every point anew gives (the chart's tests draw both ways); a
 * memo that cannot be extended is started again.
 *
 * A series is extended, never edited: a point keeps its object and its
 * place while later ones are appended, and a compaction only drops points,
 * which moves those after them. So the same object at the same place as
 * the last point reached means the same points up to it.
 */
import type { PricePoint, PriceSeries } from "../../domain/price-series.js";
import { DotCanvas } from "./canvas.js";
import type { TimeRange } from "./scales.js";

/** The points of the window: indexes into the series, not a copy. */
export interface Window {
  points: PriceSeries;
  first: number;
  /** One past the last. */
  end: number;
}

export interface PriceScale {
  lo: number;
  hi: number;
}

/** Where a plot stands: the window's first place, and the last point taken in. */
interface Reach {
  first: number;
  end: number;
  lastPoint: PricePoint;
}

/** What the line's dots depend on besides the points. */
export interface Plot {
  range: TimeRange;
  scale: PriceScale;
  cols: number;
  rows: number;
  baseline: number | undefined;
  /** The line breaks where the prices pause for longer than this. */
  gap: number;
}

interface Drawn extends Reach {
  plot: Plot;
  canvas: DotCanvas;
  prevX: number;
  prevY: number;
  prevT: number;
}

export class LineMemo {
  private extent: (Reach & { lo: number; hi: number }) | undefined;
  private drawn: Drawn | undefined;

  /** The lowest and highest price of the window; undefined when it is empty. */
  extentOf(w: Window): { lo: number; hi: number } | undefined {
    if (w.end === w.first) return undefined;
    const e = this.extent;
    const from = e !== undefined && continues(e, w) ? e.end : w.first;
    let lo = from === w.first ? Infinity : e!.lo;
    let hi = from === w.first ? -Infinity : e!.hi;
    for (let i = from; i < w.end; i++) {
      const v = w.points.get(i).value;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    this.extent = { ...reach(w), lo, hi };
    return { lo, hi };
  }

  /** The line's dots for the window under `plot`; the canvas is this memo's, changed by its next draw. */
  canvas(w: Window, plot: Plot): DotCanvas {
    const d = this.drawn;
    if (d !== undefined && samePlot(d.plot, plot) && continues(d, w)) {
      plotPoints(d, w, d.end);
      Object.assign(d, reach(w));
      return d.canvas;
    }
    this.drawn = undefined;
    if (w.end === w.first) return new DotCanvas(plot.cols, plot.rows);
    const fresh: Drawn = { ...reach(w), plot, canvas: new DotCanvas(plot.cols, plot.rows), prevX: 0, prevY: 0, prevT: 0 };
    plotPoints(fresh, w, w.first);
    this.drawn = fresh;
    return fresh.canvas;
  }
}

function reach(w: Window): Reach {
  return { first: w.first, end: w.end, lastPoint: w.points.get(w.end - 1) };
}

/** Whether the window is the one reached, with points appended since (or none). */
function continues(r: Reach, w: Window): boolean {
  return r.first === w.first && w.end >= r.end && w.points.get(r.end - 1) === r.lastPoint;
}

function samePlot(a: Plot, b: Plot): boolean {
  return (
    a.range.from === b.range.from &&
    a.range.to === b.range.to &&
    a.scale.lo === b.scale.lo &&
    a.scale.hi === b.scale.hi &&
    a.cols === b.cols &&
    a.rows === b.rows &&
    a.baseline === b.baseline &&
    a.gap === b.gap
  );
}

/**
 * Plots the window's points from `from` on, joined to the point before
 * (the state `d` keeps), broken wherever the prices pause for longer than
 * the gap; each stretch toned by its side of the baseline.
 */
function plotPoints(d: Drawn, w: Window, from: number): void {
  const { canvas, plot } = d;
  for (let i = from; i < w.end; i++) {
    const p = w.points.get(i);
    const x = dotX(p.t, plot.range, canvas.width);
    const y = dotY(p.value, plot.scale, canvas.height);
    const tone = plot.baseline === undefined || p.value === plot.baseline ? 0 : p.value > plot.baseline ? 1 : 2;
    if (i > w.first && p.t - d.prevT <= plot.gap) canvas.line(d.prevX, d.prevY, x, y, tone);
    else canvas.set(x, y, tone);
    d.prevX = x;
    d.prevY = y;
    d.prevT = p.t;
  }
}

export function dotY(v: number, s: PriceScale, height: number): number {
  return Math.max(0, Math.min(height - 1, Math.round(((s.hi - v) / (s.hi - s.lo)) * (height - 1))));
}

export function dotX(t: number, r: TimeRange, width: number): number {
  return Math.max(0, Math.min(width - 1, Math.floor(((t - r.from) / (r.to - r.from)) * width)));
}
