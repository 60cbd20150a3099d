/**
 * Per-key request limits over sliding windows of sim time.
 *   real   — the public per-user figures: 120 per minute for each GET
 *            endpoint, 30 per minute for POST /spot.
 *   strict — the spec's client guidance enforced: at most one request per
 *            rolling second per key, over all endpoints.
 *   off    — no limit.
 * A refused request does not count against the window, so a client that
 * waits the advertised resetIn always gets through.
 */

export const RATE_LIMIT_MODES = ["real", "strict", "off"] as const;
export type RateLimitMode = (typeof RATE_LIMIT_MODES)[number];

export const REAL_LIMITS = { getPerMinute: 120, postPerMinute: 30, windowMs: 60_000 } as const;
export const STRICT_WINDOW_MS = 1000;

export interface RateLimited {
  limit: number;
  /** Requests in the window counting this one. */
  current: number;
  /** Seconds until a request would be accepted (also sent as Retry-After). */
  resetIn: number;
}

export class RateLimiter {
  /** Accepted request times per key and bucket, oldest first. */
  private readonly windows = new Map<string, number[]>();

  constructor(readonly mode: RateLimitMode) {}

  /** Counts the request if it is allowed; otherwise says when to come back. */
  check(key: string, method: string, endpoint: string, now: number): RateLimited | null {
    if (this.mode === "off") return null;
    const strict = this.mode === "strict";
    const bucket = strict ? key : `${key} ${method} ${endpoint}`;
    const limit = strict ? 1 : method === "POST" ? REAL_LIMITS.postPerMinute : REAL_LIMITS.getPerMinute;
    const windowMs = strict ? STRICT_WINDOW_MS : REAL_LIMITS.windowMs;

    const times = this.windows.get(bucket) ?? [];
    while (times.length > 0 && times[0]! <= now - windowMs) times.shift();
    if (times.length >= limit) {
      const freeAt = times[times.length - limit]! + windowMs;
      return { limit, current: times.length + 1, resetIn: Math.max(1, Math.ceil((freeAt - now) / 1000)) };
    }
    times.push(now);
    this.windows.set(bucket, times);
    return null;
  }
}
