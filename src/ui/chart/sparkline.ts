/**
 * The price as one line of block heights (▁▂▃▄▅▆▇█), for layouts too short
 * for the chart: a column per stretch of the window, its last price's
 * height between the window's lowest and highest, a space where there is
 * no price. Pure, like the chart.
 */
import type { PriceSeries } from "../../domain/price-series.js";
import type { TimeRange } from "./scales.js";

const LEVELS = "▁▂▃▄▅▆▇█";
const ASCII_LEVELS = "_.,-~=+#";

export function sparkline(points: PriceSeries, range: TimeRange, width: number, ascii = false): string {
  if (width <= 0) return "";
  const cols: (number | undefined)[] = new Array(width).fill(undefined);
  let lo = Infinity;
  let hi = -Infinity;
  const span = Math.max(1, range.to - range.from);
  for (let i = points.indexFrom(range.from); i < points.length; i++) {
    const p = points.get(i);
    if (p.t > range.to) break;
    cols[Math.min(width - 1, Math.floor(((p.t - range.from) / span) * width))] = p.value;
    lo = Math.min(lo, p.value);
    hi = Math.max(hi, p.value);
  }
  const levels = ascii ? ASCII_LEVELS : LEVELS;
  const top = levels.length - 1;
  return cols
    .map((v) => (v === undefined ? " " : levels[hi === lo ? Math.floor(top / 2) : Math.round(((v - lo) / (hi - lo)) * top)]!))
    .join("");
}
