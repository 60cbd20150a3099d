/**
 * The price as one line of block heights (▁▂▃▄▅▆▇█), for layouts too short
 * for the chart: a column per stretch of the window, its last price's
 * height between the window's lowest and highest. A column no price fell
 * in carries the one before, as the chart's line joins two prices, unless
 * the two are a gap apart by the chart's rule (gapAfterMs): then it is a
 * space, the time spotdash was not running or the service did not answer.
 * Pure, like the chart.
 */
import type { PriceSeries } from "../../domain/price-series.js";
import { gapAfterMs, type TimeRange } from "./scales.js";

const LEVELS = "▁▂▃▄▅▆▇█";
const ASCII_LEVELS = "_.,-~=+#";

export function sparkline(points: PriceSeries, range: Pick<TimeRange, "from" | "to">, width: number, ascii = false): string {
  if (width <= 0) return "";
  const cols: (number | undefined)[] = new Array(width).fill(undefined);
  let lo = Infinity;
  let hi = -Infinity;
  const span = Math.max(1, range.to - range.from);
  const gap = gapAfterMs(span / width);
  let prev: { t: number; col: number; value: number } | undefined;
  for (let i = points.indexFrom(range.from); i < points.length; i++) {
    const p = points.get(i);
    if (p.t > range.to) break;
    const col = Math.min(width - 1, Math.floor(((p.t - range.from) / span) * width));
    if (prev !== undefined && p.t - prev.t <= gap) for (let c = prev.col + 1; c < col; c++) cols[c] = prev.value;
    cols[col] = p.value;
    prev = { t: p.t, col, value: p.value };
    lo = Math.min(lo, p.value);
    hi = Math.max(hi, p.value);
  }
  const levels = ascii ? ASCII_LEVELS : LEVELS;
  const top = levels.length - 1;
  return cols
    .map((v) => (v === undefined ? " " : levels[hi === lo ? Math.floor(top / 2) : Math.round(((v - lo) / (hi - lo)) * top)]!))
    .join("");
}
