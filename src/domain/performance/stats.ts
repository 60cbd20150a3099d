/**
 * Order statistics over exact decimals, for the figures and the strike
 * distance. Quantiles are the "linear interpolation between closest ranks"
 * method (Hyndman & Fan type 7; the default of R, NumPy and Excel's
 * PERCENTILE.INC): over n sorted values, the p-quantile sits at rank
 * h = (n − 1) · p, between the values at ⌊h⌋ and ⌈h⌉. The median is its
 * p = 0.5 (the middle value, or the mean of the two middle ones). For the
 * quantiles used here the interpolation is exact: no rounding.
 */
import { Decimal, sum } from "../money.js";

export function ascending(values: readonly Decimal[]): Decimal[] {
  return [...values].sort((a, b) => a.comparedTo(b));
}

/** The p-quantile (0 ≤ p ≤ 1) of values sorted ascending; null when there are none. */
export function quantile(sorted: readonly Decimal[], p: Decimal | string | number): Decimal | null {
  if (sorted.length === 0) return null;
  const h = new Decimal(sorted.length - 1).times(p);
  const lo = h.floor();
  const low = sorted[lo.toNumber()]!;
  const high = sorted[h.ceil().toNumber()]!;
  return low.plus(high.minus(low).times(h.minus(lo)));
}

/** The median of values in any order; null when there are none. */
export function median(values: readonly Decimal[]): Decimal | null {
  return quantile(ascending(values), "0.5");
}

/** The arithmetic mean (a quotient: 40 significant digits); null when there are none. */
export function mean(values: readonly Decimal[]): Decimal | null {
  return values.length === 0 ? null : sum(values).dividedBy(values.length);
}

/** a / b, or null when b is zero. */
export function ratio(a: Decimal | number, b: Decimal | number): Decimal | null {
  const d = new Decimal(b);
  return d.isZero() ? null : new Decimal(a).dividedBy(d);
}
