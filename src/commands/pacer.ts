/**
 * The one-shot commands' request pacer: the poller's spacing and 429 rule for
 * a handful of calls made in sequence. One request at a time; each start at
 * least the poller's spacing after the previous one (1 s plus its guard at
 * --max-rps 1), widened by how much later than usual the previous request
 * may have reached the service, exactly as the poller does. A 429 waits
 * resetIn / Retry-After (or the poller's backoff when the service gave no
 * figure) and sends the same GET again; a POST never goes through here.
 */
import type { ExchangeTimes } from "../api/client.js";
import { isApiError } from "../api/errors.js";
import { backoffDelay } from "../poller/backoff.js";
import { RequestSpacing } from "../poller/spacing.js";

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
  /** The client's last exchange times (ApiClient.lastExchange): each request is spaced from when it went out. */
  lastExchange?: () => ExchangeTimes | undefined;
}

export class Pacer {
  private readonly spacing: RequestSpacing;
  private pausedUntil = 0;
  private failures = 0;

  constructor(private readonly opts: PacerOptions) {
    this.spacing = new RequestSpacing(opts.maxRps);
  }

  /** Local ms the latest request was let go, after its wait. */
  get lastStart(): number {
    return this.spacing.lastStarted;
  }

  /** Local ms before which the next request must not start. */
  get nextSlot(): number {
    return Math.max(this.spacing.nextStart, this.pausedUntil);
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
      this.opts.onRequest?.(this.spacing.started());
      try {
        const value = await send();
        this.failures = 0;
        this.spacing.finished(Date.now(), this.opts.lastExchange?.());
        return value;
      } catch (e) {
        this.spacing.finished(Date.now(), this.opts.lastExchange?.());
        if (!isApiError(e) || e.kind !== "rate_limited" || attempt >= MAX_RATE_LIMIT_RETRIES) throw e;
        const wait = e.retryAfterMs ?? backoffDelay(++this.failures, 2_000);
        this.pausedUntil = Date.now() + wait;
        this.opts.onRateLimited?.(wait);
      }
    }
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
