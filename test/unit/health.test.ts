/**
 * What a failure holds back (src/poller/health.ts): the whole service when it
 * cannot be reached or refuses the key, one endpoint otherwise; and the
 * connection state the header shows for each.
 */
import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/api/errors.js";
import { ENDPOINT_BACKOFF_MAX_MS, PRICE_BACKOFF_MAX_MS, RETRY_AFTER_MAX_MS, RequestHealth } from "../../src/poller/health.js";

const NOW = 1_000_000;
const noJitter = () => 1;
const err = (init: Partial<ConstructorParameters<typeof ApiError>[0]>) =>
  new ApiError({ kind: "server", call: "GET /spot", message: "the service failed, status 500", ...init });

describe("request health", () => {
  it("an unreachable service holds everything back, with the low cap", () => {
    const h = new RequestHealth(2_000, noJitter);
    const until = [1, 2, 3].map(
      () => h.failed("price", err({ kind: "network", unreachable: true, message: "connection refused" }), NOW) - NOW,
    );
    expect(until).toEqual([1_000, 2_000, 2_000]);
    expect(h.pausedUntil).toBe(NOW + 2_000);
    expect(h.blockedUntil()).toEqual({});
    expect(h.connection(NOW)).toMatchObject({ state: "offline", reason: "GET /spot: connection refused" });
    h.succeeded("price");
    expect([h.pausedUntil, h.connection(NOW).state]).toEqual([0, "ok"]);
  });

  it("a refused key holds everything back", () => {
    const h = new RequestHealth(2_000, noJitter);
    h.failed("balance", err({ kind: "auth", status: 401 }), NOW);
    expect(h.pausedUntil).toBeGreaterThan(NOW);
    expect(h.connection(NOW).state).toBe("unauthorized");
  });

  it("a 5xx holds back its endpoint only, backing off to 10 s", () => {
    const h = new RequestHealth(2_000, noJitter);
    const waits = [1, 2, 3, 4, 5, 6].map(() => h.failed("spot", err({}), NOW) - NOW);
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, ENDPOINT_BACKOFF_MAX_MS, ENDPOINT_BACKOFF_MAX_MS]);
    expect(h.pausedUntil).toBe(0);
    expect(h.blockedUntil()).toEqual({ spot: NOW + ENDPOINT_BACKOFF_MAX_MS });
    expect([...h.failing()]).toEqual(["spot"]);
    expect(h.connection(NOW)).toMatchObject({ state: "degraded", reason: "GET /spot: the service failed, status 500" });
    h.succeeded("price");
    expect(h.connection(NOW).state).toBe("degraded");
    h.succeeded("spot");
    expect([h.connection(NOW).state, h.nextRetry(NOW)]).toEqual(["ok", undefined]);
  });

  it("the price, the heartbeat, backs off no further than 2 s", () => {
    const h = new RequestHealth(2_000, noJitter);
    const waits = [1, 2, 3, 4].map(() => h.failed("price", err({ call: "GET /live-price" }), NOW) - NOW);
    expect(waits).toEqual([1_000, PRICE_BACKOFF_MAX_MS, PRICE_BACKOFF_MAX_MS, PRICE_BACKOFF_MAX_MS]);
  });

  it("a 429 holds back its endpoint for exactly resetIn, and says when all resume", () => {
    const h = new RequestHealth(2_000, noJitter);
    h.failed("price", err({ kind: "rate_limited", status: 429, retryAfterMs: 7_000, reason: "Rate limit exceeded" }), NOW);
    h.failed("status", err({ kind: "rate_limited", status: 429, retryAfterMs: 3_000 }), NOW);
    expect(h.blockedUntil()).toEqual({ price: NOW + 7_000, status: NOW + 3_000 });
    expect(h.nextRetry(NOW)).toBe(NOW + 3_000);
    // A retry time already past is nothing to wait for (the poller would spin on it).
    expect(h.nextRetry(NOW + 3_000)).toBe(NOW + 7_000);
    expect(h.nextRetry(NOW + 7_000)).toBeUndefined();
    expect(h.connection(NOW)).toEqual({ state: "rate_limited", resumeAt: NOW + 7_000, reason: "Rate limit exceeded" });
    // Once its wait is over a 429 no longer colours the header.
    expect(h.connection(NOW + 8_000).state).toBe("ok");
  });

  it("a 5xx's Retry-After is the service's word on when to come back", () => {
    const h = new RequestHealth(2_000, noJitter);
    h.failed("status", err({ status: 503, retryAfterMs: 30_000 }), NOW);
    h.failed("spot", err({ status: 503, retryAfterMs: 3_600_000 }), NOW);
    // Up to a minute: past that a pane would go untried for longer than a trader would wait.
    expect(h.blockedUntil()).toEqual({ status: NOW + 30_000, spot: NOW + RETRY_AFTER_MAX_MS });
  });

  it("an unreadable answer holds back its endpoint without saying the connection is degraded", () => {
    const h = new RequestHealth(2_000, noJitter);
    h.failed("balance", err({ kind: "schema", message: "response field balance: is missing" }), NOW);
    expect(h.blockedUntil()).toEqual({ balance: NOW + 1_000 });
    expect(h.connection(NOW).state).toBe("ok");
  });
  it("a network failure that reached the service holds back its endpoint only", () => {
    const h = new RequestHealth(2_000, noJitter);
    h.failed("status", err({ kind: "network", unreachable: false, message: "the answer was cut off" }), NOW);
    expect([h.pausedUntil, h.blockedUntil(), h.connection(NOW).state]).toEqual([0, { status: NOW + 1_000 }, "degraded"]);
  });

  it("waits for the earliest retry still to come, whichever endpoint failed first", () => {
    const h = new RequestHealth(2_000, noJitter);
    h.failed("status", err({ kind: "rate_limited", status: 429, retryAfterMs: 3_000 }), NOW);
    h.failed("price", err({ kind: "rate_limited", status: 429, retryAfterMs: 7_000 }), NOW);
    expect([h.nextRetry(NOW), h.nextRetry(NOW + 3_000)]).toEqual([NOW + 3_000, NOW + 7_000]);
    // Rate limited until the last of them lets go, though it was limited second.
    expect(h.connection(NOW)).toMatchObject({ state: "rate_limited", resumeAt: NOW + 7_000 });
  });

  it("a 429 without a reason says too many requests, until the moment its wait ends", () => {
    const h = new RequestHealth(2_000, noJitter);
    h.failed("price", err({ kind: "rate_limited", status: 429, retryAfterMs: 3_000 }), NOW);
    expect(h.connection(NOW + 2_999)).toEqual({ state: "rate_limited", resumeAt: NOW + 3_000, reason: "too many requests" });
    expect(h.connection(NOW + 3_000)).toEqual({ state: "ok" });
  });

  it("a degraded service names the endpoint that will be retried first", () => {
    const h = new RequestHealth(2_000, noJitter);
    h.failed("spot", err({ message: "the service failed, status 502" }), NOW);
    h.failed("status", err({ message: "the service failed, status 500" }), NOW);
    h.failed("status", err({ message: "the service failed, status 500" }), NOW);
    expect(h.connection(NOW)).toEqual({ state: "degraded", retryAt: NOW + 1_000, reason: "GET /spot: the service failed, status 502" });
    // The same, with the endpoint retried first failing last.
    const later = new RequestHealth(2_000, noJitter);
    later.failed("status", err({ message: "the service failed, status 500" }), NOW);
    later.failed("status", err({ message: "the service failed, status 500" }), NOW);
    later.failed("spot", err({ message: "the service failed, status 502" }), NOW);
    expect(later.connection(NOW)).toEqual({ state: "degraded", retryAt: NOW + 1_000, reason: "GET /spot: the service failed, status 502" });
  });
  it("on a tie names the endpoint that failed first", () => {
    const h = new RequestHealth(2_000, noJitter);
    h.failed("status", err({ kind: "rate_limited", status: 429, retryAfterMs: 3_000, reason: "status limit" }), NOW);
    h.failed("price", err({ kind: "rate_limited", status: 429, retryAfterMs: 3_000, reason: "price limit" }), NOW);
    expect(h.connection(NOW)).toMatchObject({ state: "rate_limited", reason: "status limit" });
    const d = new RequestHealth(2_000, noJitter);
    d.failed("spot", err({ message: "status 502" }), NOW);
    d.failed("balance", err({ message: "status 503" }), NOW);
    expect(d.connection(NOW)).toMatchObject({ state: "degraded", reason: "GET /spot: status 502" });
  });
});
