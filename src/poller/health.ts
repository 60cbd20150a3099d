/**
 * What the poller's failures mean for what it sends next. Two scopes:
 *   - the service as a whole: it cannot be reached (refused, no such host,
 *     connect timeout) or it refuses the key. Nothing else would get
 *     through, so every request waits (backoff capped low, so that recovery
 *     is seen within seconds);
 *   - one endpoint: a 5xx, a 429, a timeout or reset, an answer it cannot
 *     read. Only that endpoint waits (its own backoff, or the 429's
 *     resetIn); the others keep their cadence, so one endpoint's failure
 *     never starves another.
 * The header's connection state is derived from both (connection()).
 */
import type { ApiError, ApiErrorKind } from "../api/errors.js";
import { backoffDelay } from "./backoff.js";
import type { Connection, Endpoint } from "./snapshot.js";

/** A failing endpoint is tried again after 1, 2, 4, 8 s, then every 10 s: far inside the budget, quick to notice recovery. */
export const ENDPOINT_BACKOFF_MAX_MS = 10_000;
/**
 * The price is the heartbeat and what a trader watches most: it is tried
 * again within 2 s however long it fails. That cannot starve the others,
 * whose due requests go first while it is failing (policy.ts).
 */
export const PRICE_BACKOFF_MAX_MS = 2_000;

/**
 * A Retry-After (or a 429's resetIn) is honoured up to a minute: the limits
 * are per minute, and a longer wait told by a proxy or a maintenance page
 * would leave a pane without a try for longer than a trader would want.
 */
export const RETRY_AFTER_MAX_MS = 60_000;

interface Failing {
  failures: number;
  /** Local ms before which it is not tried again. */
  retryAt: number;
  kind: ApiErrorKind;
  reason: string;
}

export class RequestHealth {
  private service: (Failing & { state: "offline" | "unauthorized" }) | undefined;
  private readonly endpoints = new Map<Endpoint, Failing>();

  constructor(
    /** Cap of the whole-service backoff (the poller's maxBackoffMs). */
    private readonly serviceBackoffMaxMs: number,
    private readonly random: () => number = Math.random,
  ) {}

  /** Local ms before which no request may start (the whole service is failing). */
  get pausedUntil(): number {
    return this.service?.retryAt ?? 0;
  }

  /** Per endpoint, the local ms before which it is not tried again. */
  blockedUntil(): Partial<Record<Endpoint, number>> {
    const out: Partial<Record<Endpoint, number>> = {};
    for (const [e, f] of this.endpoints) out[e] = f.retryAt;
    return out;
  }

  /** Endpoints whose last answer was a failure. */
  failing(): ReadonlySet<Endpoint> {
    return new Set(this.endpoints.keys());
  }

  /**
   * The earliest moment after `now` an endpoint may be tried again, or
   * undefined when none is waiting. A retry time already past is not one to
   * wait for: that endpoint is free, only not due.
   */
  nextRetry(now: number): number | undefined {
    const waiting = [...this.endpoints.values()].map((f) => f.retryAt).filter((t) => t > now);
    return waiting.length === 0 ? undefined : Math.min(...waiting);
  }

  /**
   * An answer came (a usable one, or a refusal about the request itself):
   * the service and this endpoint work. True when it ends an outage (the
   * service was unreachable or refused the key).
   */
  succeeded(endpoint: Endpoint): boolean {
    const recovered = this.service !== undefined;
    this.service = undefined;
    this.endpoints.delete(endpoint);
    return recovered;
  }

  /** Records a failure; returns the local ms until which it holds back what it concerns. */
  failed(endpoint: Endpoint, err: ApiError, now: number): number {
    // Only a network error is unreachable (api/classify.ts).
    if (err.unreachable || err.kind === "auth") {
      const failures = (this.service?.failures ?? 0) + 1;
      const retryAt = now + backoffDelay(failures, this.serviceBackoffMaxMs, this.random);
      this.service = { state: err.kind === "auth" ? "unauthorized" : "offline", failures, retryAt, kind: err.kind, reason: err.message };
      return retryAt;
    }
    // The service answered (or was reached): it is up, this endpoint is not.
    this.service = undefined;
    const failures = (this.endpoints.get(endpoint)?.failures ?? 0) + 1;
    // A Retry-After the service sent (a 429's, or a 503's) is its word on when to come back.
    const wait =
      err.retryAfterMs !== undefined
        ? Math.min(err.retryAfterMs, RETRY_AFTER_MAX_MS)
        : backoffDelay(failures, endpoint === "price" ? PRICE_BACKOFF_MAX_MS : ENDPOINT_BACKOFF_MAX_MS, this.random);
    const retryAt = now + wait;
    this.endpoints.set(endpoint, {
      failures,
      retryAt,
      kind: err.kind,
      reason: err.kind === "rate_limited" ? (err.reason ?? "too many requests") : err.message,
    });
    return retryAt;
  }

  /** The state the header shows: the service's, else the worst of the endpoints'. */
  connection(now: number): Connection {
    if (this.service?.state === "offline") return { state: "offline", retryAt: this.service.retryAt, reason: this.service.reason };
    if (this.service?.state === "unauthorized")
      return { state: "unauthorized", retryAt: this.service.retryAt, reason: this.service.reason };
    let limited: Failing | undefined;
    let failing: Failing | undefined;
    // On a tie (two endpoints due at the same instant) the one that failed first is named.
    for (const f of this.endpoints.values()) {
      if (f.kind === "rate_limited" && f.retryAt > now && (limited === undefined || f.retryAt > limited.retryAt)) limited = f;
      if ((f.kind === "server" || f.kind === "network") && (failing === undefined || f.retryAt < failing.retryAt)) failing = f;
    }
    if (limited) return { state: "rate_limited", resumeAt: limited.retryAt, reason: limited.reason };
    if (failing) return { state: "degraded", retryAt: failing.retryAt, reason: failing.reason };
    return { state: "ok" };
  }
}
