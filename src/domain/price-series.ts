/**
 * An asset's price history, oldest first, bounded: the last 24 hours, every
 * price of the last hour and one per 10 seconds before it. Enough for the
 * chart's longest window at any width it is drawn, small enough to keep in
 * memory and on disk for each asset (docs/history.md).
 */

export interface PricePoint {
  /** Epoch ms. */
  t: number;
  /** A float: prices here are plotted, never computed with. */
  value: number;
}

export type PriceSeries = readonly PricePoint[];

export const HISTORY_SPAN_MS = 24 * 3_600_000;
/** Within this of the latest price every point is kept; before it, one per COARSE_STEP_MS. */
export const FINE_SPAN_MS = 3_600_000;
export const COARSE_STEP_MS = 10_000;
/** A series grows by this many points (or ten minutes past its span) between compactions. */
const COMPACT_SLACK = 512;
const PRUNE_SLACK_MS = 10 * 60_000;
/** One price a second for the fine span, one per coarse step for the rest. */
const BOUND = FINE_SPAN_MS / 1000 + (HISTORY_SPAN_MS - FINE_SPAN_MS) / COARSE_STEP_MS;

/**
 * The series with `point` added at its end. A point no newer than the last
 * is ignored (the same price fetched twice, or one from before a restart).
 * Compaction runs only when the series has outgrown its bound or its span by
 * a margin, so an append costs a copy, not a pass over the history.
 */
export function appendPrice(series: PriceSeries, point: PricePoint): PriceSeries {
  const last = series.at(-1);
  if (last !== undefined && point.t <= last.t) return series;
  const next = [...series, point];
  const oldest = next[0]!.t;
  return next.length > BOUND + COMPACT_SLACK || oldest < point.t - HISTORY_SPAN_MS - PRUNE_SLACK_MS ? compactSeries(next, point.t) : next;
}

/** Drops what is older than the span before `now`, and thins what is older than the fine span. */
export function compactSeries(series: PriceSeries, now: number): PricePoint[] {
  const out: PricePoint[] = [];
  let bucket = Number.NEGATIVE_INFINITY;
  for (const p of series) {
    if (p.t < now - HISTORY_SPAN_MS) continue;
    if (p.t < now - FINE_SPAN_MS) {
      const b = Math.floor(p.t / COARSE_STEP_MS);
      if (b === bucket) continue;
      bucket = b;
    }
    out.push(p);
  }
  return out;
}

/**
 * Two histories of one asset as one: in time order, one point per instant
 * (the later list's where both have one), compacted to the newest point.
 * Either may be unsorted (two dashboards appending to one file interleave).
 */
export function mergeSeries(older: PriceSeries, newer: PriceSeries): PriceSeries {
  const byTime = new Map<number, PricePoint>();
  for (const p of older) byTime.set(p.t, p);
  for (const p of newer) byTime.set(p.t, p);
  const sorted = [...byTime.values()].sort((a, b) => a.t - b.t);
  const latest = sorted.at(-1);
  return latest === undefined ? [] : compactSeries(sorted, latest.t);
}
