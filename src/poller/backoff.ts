/**
 * Exponential backoff with jitter after the n-th consecutive failure. The
 * ceiling is low (2 s by default) on purpose: a dashboard must notice within
 * seconds that the service is back, and one probe per ceiling is far inside
 * the request budget. Jitter keeps many dashboards from retrying in step.
 */
const BASE_MS = 500;

export function backoffDelay(failures: number, maxMs: number, random: () => number = Math.random): number {
  const exp = BASE_MS * 2 ** Math.max(1, Math.min(failures, 16));
  const ceiling = Math.min(maxMs, exp);
  return Math.round(ceiling * (0.75 + 0.25 * random()));
}
