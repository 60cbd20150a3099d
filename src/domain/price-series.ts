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

export const HISTORY_SPAN_MS = 24 * 3_600_000;
/** Within this of the latest price every point is kept; before it, one per COARSE_STEP_MS. */
export const FINE_SPAN_MS = 3_600_000;
export const COARSE_STEP_MS = 10_000;
/** A series grows by this many points (or ten minutes past its span) between compactions. */
const COMPACT_SLACK = 512;
// Stryker disable next-line ArithmeticOperator: how often compaction runs, not what it keeps of the span
const PRUNE_SLACK_MS = 10 * 60_000;
/** One price a second for the fine span, one per coarse step for the rest. */
const BOUND = FINE_SPAN_MS / 1000 + (HISTORY_SPAN_MS - FINE_SPAN_MS) / COARSE_STEP_MS;

/**
 * An asset's prices, oldest first, as an immutable value: the first
 * `length` points of a backing array that only ever grows at its end. A
 * price appended to the newest series extends that array and makes a new
 * series one point longer; the older one still sees only its own points.
 * So an append costs a point, not a copy of a day of them (about 12,000
 * points, 100 KB a price, every one of them garbage a second later).
 */
export class PriceSeries implements Iterable<PricePoint> {
  static readonly EMPTY = new PriceSeries([], 0);

  private constructor(
    private readonly points: PricePoint[],
    readonly length: number,
  ) {}

  /** A series of these points, which must be in time order. */
  static of(points: readonly PricePoint[]): PriceSeries {
    return new PriceSeries([...points], points.length);
  }

  /** The point at `i`, counted from the end when negative (as Array.prototype.at); undefined outside. */
  at(i: number): PricePoint | undefined {
    const k = i < 0 ? this.length + i : i;
    // Stryker disable next-line ConditionalExpression: a negative index reads undefined from the array too; the check says what is meant
    return k >= 0 && k < this.length ? this.points[k] : undefined;
  }

  /** The point at 0 ≤ i < length. */
  get(i: number): PricePoint {
    return this.points[i]!;
  }

  /** The index of the first point at or after `t` (length when none is): a binary search. */
  indexFrom(t: number): number {
    return this.search(t, false);
  }

  /** The index of the first point after `t` (length when none is). */
  indexAfter(t: number): number {
    return this.search(t, true);
  }

  private search(t: number, after: boolean): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const at = this.points[mid]!.t;
      if (at < t || (after && at === t)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The points from `start` up to `end` as an array; negative indexes count from the end, as Array.prototype.slice. */
  slice(start = 0, end = this.length): PricePoint[] {
    const from = (i: number) => Math.max(0, Math.min(this.length, i < 0 ? this.length + i : i));
    return this.points.slice(from(start), from(end));
  }

  *[Symbol.iterator](): Iterator<PricePoint> {
    for (let i = 0; i < this.length; i++) yield this.points[i]!;
  }

  /** This series and `point` after it: the backing array shared when this is its newest series. */
  with(point: PricePoint): PriceSeries {
    // Stryker disable next-line all: sharing the array only saves the copy; the points are the same
    if (this.length === this.points.length) {
      this.points.push(point);
      return new PriceSeries(this.points, this.length + 1);
    }
    const copy = this.points.slice(0, this.length);
    copy.push(point);
    return new PriceSeries(copy, copy.length);
  }
}

/**
 * The series with `point` added at its end. A point no newer than the last
 * is ignored (the same price fetched twice, or one from before a restart).
 * Compaction runs only when the series has outgrown its bound or its span by
 * a margin.
 */
export function appendPrice(series: PriceSeries, point: PricePoint): PriceSeries {
  const last = series.at(-1);
  if (last !== undefined && point.t <= last.t) return series;
  const next = series.with(point);
  const oldest = next.get(0).t;
  // Stryker disable next-line EqualityOperator: as above
  return next.length > BOUND + COMPACT_SLACK || oldest < point.t - HISTORY_SPAN_MS - PRUNE_SLACK_MS
    ? PriceSeries.of(compactSeries(next, point.t))
    : next;
}

/** Drops what is older than the span before `now`, and thins what is older than the fine span. */
export function compactSeries(series: Iterable<PricePoint>, now: number): PricePoint[] {
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
export function mergeSeries(older: Iterable<PricePoint>, newer: Iterable<PricePoint>): PriceSeries {
  const byTime = new Map<number, PricePoint>();
  for (const p of older) byTime.set(p.t, p);
  for (const p of newer) byTime.set(p.t, p);
  const sorted = [...byTime.values()].sort((a, b) => a.t - b.t);
  const latest = sorted.at(-1);
  return latest === undefined ? PriceSeries.EMPTY : PriceSeries.of(compactSeries(sorted, latest.t));
}
