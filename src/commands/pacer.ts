/**
 * The one-shot commands' request pacer: the poller's spacing and 429 rule for
 * a handful of calls made in sequence. One request at a time; each start at
 * least the poller's spacing after the previous one (1 s plus its guard at
 * --max-rps 1), widened by how much later than usual the previous request
 * may have reached the service, exactly as the poller does. A 429 waits
 * resetIn / Retry-After (or the poller's backoff when the service gave no
 * figure) and sends the same GET again; a POST never goes through here.
 */
import { isApiError } from "../api/errors.js";
import { backoffDelay } from "../poller/backoff.js";
import { SPACING_GUARD_MS } from "../poller/poller.js";

/** How often one request is sent again after 429 before the command gives up. */
export const MAX_RATE_LIMIT_RETRIES = 3;

export interface PacerOptions {
  maxRps: number;
  /** Called at every request start (tests check the spacing with it). */
  onRequest?: (at: number) => void;
  /** Told about every 429 wait, for a line on stderr. */
  onRateLimited?: (waitMs: number) => void;
  /** Aborts a wait (SIGINT). */
  signal?: AbortSignal;
}

export class Pacer {
  readonly spacingMs: number;
  private lastStart = -Infinity;
  private pausedUntil = 0;
  private arrivalSlack = 0;
  private rtts: number[] = [];
  private failures = 0;

  constructor(private readonly opts: PacerOptions) {
    const rps = Math.min(1, opts.maxRps);
    if (!(rps > 0)) throw new Error("maxRps must be greater than 0");
    this.spacingMs = Math.ceil(1000 / rps) + SPACING_GUARD_MS;
  }

  /** Local ms before which the next request must not start. */
  get nextSlot(): number {
    return Math.max(this.lastStart + this.spacingMs + this.arrivalSlack, this.pausedUntil);
  }

  /** Waits until the next request may start (used before handing over to the poller). */
  async waitTurn(): Promise<void> {
    const wait = this.nextSlot - Date.now();
    if (wait > 0) await sleep(wait, this.opts.signal);
  }

  /** Sends one GET in its slot; on 429 waits as told and sends it again. */
  async call<T>(send: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      await this.waitTurn();
      this.lastStart = Date.now();
      this.opts.onRequest?.(this.lastStart);
      try {
        const value = await send();
        this.failures = 0;
        this.noteRoundTrip(Date.now() - this.lastStart);
        return value;
      } catch (e) {
        this.noteRoundTrip(Date.now() - this.lastStart);
        if (!isApiError(e) || e.kind !== "rate_limited" || attempt >= MAX_RATE_LIMIT_RETRIES) throw e;
        const wait = e.retryAfterMs ?? backoffDelay(++this.failures, 2_000);
        this.pausedUntil = Date.now() + wait;
        this.opts.onRateLimited?.(wait);
      }
    }
  }

  private noteRoundTrip(rtt: number): void {
    this.rtts.push(rtt);
    if (this.rtts.length > 20) this.rtts.shift();
    const quickest = this.rtts.length > 1 ? Math.min(...this.rtts) : 0;
    this.arrivalSlack = Math.max(0, rtt - quickest);
  }
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}
