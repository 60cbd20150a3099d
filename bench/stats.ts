/** Small summaries for benchmark output. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export function summary(values: readonly number[], unit = "ms"): string {
  if (values.length === 0) return "n/a";
  const f = (x: number) => `${Math.round(x)} ${unit}`;
  return `median ${f(percentile(values, 50))}, p95 ${f(percentile(values, 95))}, max ${f(Math.max(...values))} (n=${values.length})`;
}

/** The most events in any window of `windowMs` (windows start at an event). */
export function maxInWindow(times: readonly number[], windowMs: number): number {
  let best = 0;
  let j = 0;
  for (let i = 0; i < times.length; i++) {
    while (times[i]! - times[j]! >= windowMs) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

export function minGap(times: readonly number[]): number {
  let best = Infinity;
  for (let i = 1; i < times.length; i++) best = Math.min(best, times[i]! - times[i - 1]!);
  return best;
}

export function flag(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i === -1 ? undefined : Number(process.argv[i + 1]);
  return v !== undefined && Number.isFinite(v) ? v : fallback;
}
