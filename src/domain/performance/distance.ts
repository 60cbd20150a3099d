/**
 * How far the user's strikes were from the close: the distribution of the
 * positions' `variance` ("distance between the prediction and the closing
 * price"), over every position of the settled games that were not cancelled
 * and whose variance can be read — in price (its absolute value) and in
 * percent of the game's closing price (left out where the close is null,
 * unreadable or zero). Quantiles: src/domain/performance/stats.ts (type 7,
 * linear interpolation).
 */
import { Decimal } from "../money.js";
import type { GameResult, ResultPosition } from "../service-data.js";
import { isReadable } from "../service-data.js";
import { isLosing, isWinning } from "./figures.js";
import { playedGames } from "./played.js";
import { ascending, mean, median, quantile } from "./stats.js";

/**
 * The histogram's buckets, upper bounds in percent (each exclusive), and one
 * more bucket for everything at or above the last: from a 10 s game's
 * hundredths of a percent to a 24 h game's percents.
 */
export const DISTANCE_BUCKETS_PCT: readonly string[] = ["0.01", "0.05", "0.1", "0.25", "0.5", "1", "2"];

export interface Spread {
  count: number;
  min: Decimal;
  p25: Decimal;
  median: Decimal;
  p75: Decimal;
  p90: Decimal;
  max: Decimal;
  /** A quotient: 40 significant digits. */
  mean: Decimal;
}

export interface DistanceBucket {
  /** "<0.01%", …, ">=2%". */
  label: string;
  /** Upper bound in percent, exclusive; null for the last bucket (no bound). */
  below: Decimal | null;
  count: number;
}

export interface MedianDistance {
  price: Decimal | null;
  percent: Decimal | null;
}

export interface StrikeDistance {
  /** |variance|; null when no position has one. */
  price: Spread | null;
  /** |variance| / closing price × 100 (2 = 2 %); null when no position has one. */
  percent: Spread | null;
  /** The percent distances in DISTANCE_BUCKETS_PCT's buckets. */
  histogram: DistanceBucket[];
  /** Median distance of the profitable positions (win true or above 0). */
  won: MedianDistance;
  /** Median distance of the others (win false, or 0 or less); positions whose win cannot be read are in neither. */
  lost: MedianDistance;
  /** Positions of those games with no readable variance: in no figure here. */
  unmeasured: number;
  /** The assets the measured positions are of: over more than one, distances in price mix scales (BTC's and ETH's). */
  assets: number;
}

interface Measured {
  position: ResultPosition;
  price: Decimal;
  percent: Decimal | null;
}

export function strikeDistance(games: readonly GameResult[]): StrikeDistance {
  const measured: Measured[] = [];
  const assets = new Set<string>();
  let unmeasured = 0;
  for (const g of playedGames(games)) {
    if (g.result.cancelled !== false) continue;
    if (g.result.positions.some((p) => p.variance !== null && isReadable(p.variance))) assets.add(String(g.result.asset));
    const close = g.result.closing_price;
    const base = close !== null && isReadable(close) && !close.isZero() ? close.abs() : null;
    for (const p of g.result.positions) {
      if (p.variance === null || !isReadable(p.variance)) unmeasured++;
      else {
        const price = p.variance.abs();
        measured.push({ position: p, price, percent: base === null ? null : price.dividedBy(base).times(100) });
      }
    }
  }
  const percents = measured.flatMap((m) => (m.percent === null ? [] : [m.percent]));
  return {
    price: spreadOf(measured.map((m) => m.price)),
    percent: spreadOf(percents),
    histogram: histogramOf(percents),
    won: medianOf(measured.filter((m) => isWinning(m.position))),
    lost: medianOf(measured.filter((m) => isLosing(m.position))),
    unmeasured,
    assets: assets.size,
  };
}

export function spreadOf(values: readonly Decimal[]): Spread | null {
  if (values.length === 0) return null;
  const sorted = ascending(values);
  const at = (p: string) => quantile(sorted, p)!;
  return {
    count: sorted.length,
    min: sorted[0]!,
    p25: at("0.25"),
    median: at("0.5"),
    p75: at("0.75"),
    p90: at("0.9"),
    max: sorted[sorted.length - 1]!,
    mean: mean(sorted)!,
  };
}

export function histogramOf(percents: readonly Decimal[]): DistanceBucket[] {
  const bounds = DISTANCE_BUCKETS_PCT.map((b) => new Decimal(b));
  const buckets: DistanceBucket[] = [
    ...bounds.map((below, i) => ({ label: `<${DISTANCE_BUCKETS_PCT[i]}%`, below, count: 0 })),
    { label: `>=${DISTANCE_BUCKETS_PCT[DISTANCE_BUCKETS_PCT.length - 1]}%`, below: null, count: 0 },
  ];
  for (const pct of percents) {
    const i = bounds.findIndex((b) => pct.lt(b));
    buckets[i === -1 ? bounds.length : i]!.count++;
  }
  return buckets;
}

function medianOf(measured: readonly Measured[]): MedianDistance {
  return {
    price: median(measured.map((m) => m.price)),
    percent: median(measured.flatMap((m) => (m.percent === null ? [] : [m.percent]))),
  };
}
