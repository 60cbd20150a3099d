/**
 * When the next request may start: at least 1000 / maxRps ms after the
 * previous start, plus a small guard against timer jitter, plus "arrival
 * slack" — how much later than usual the previous request may have reached
 * the service (its round trip minus the quickest recent one, e.g. a fresh
 * connection), so the service never sees two arrivals closer than the
 * budget. The poller and the one-shot commands' pacer share this rule.
 */

/** Starts are spaced a hair above the budget so timer jitter cannot bunch two into one server second. */
export const SPACING_GUARD_MS = 15;
const RTT_SAMPLES = 20;

export class RequestSpacing {
  readonly spacingMs: number;
  private lastStart = -Infinity;
  private arrivalSlack = 0;
  private rtts: number[] = [];

  constructor(maxRps = 1) {
    const rps = Math.min(1, maxRps);
    if (!(rps > 0)) throw new Error("maxRps must be greater than 0");
    this.spacingMs = Math.ceil(1000 / rps) + SPACING_GUARD_MS;
  }

  /** Local ms before which the next request must not start. */
  get nextStart(): number {
    return this.lastStart + this.spacingMs + this.arrivalSlack;
  }

  /** Records a start; returns its time. */
  started(at = Date.now()): number {
    this.lastStart = at;
    return at;
  }

  /** Records that the request started last has finished (answered or failed). */
  finished(at = Date.now()): void {
    const rtt = at - this.lastStart;
    this.rtts.push(rtt);
    if (this.rtts.length > RTT_SAMPLES) this.rtts.shift();
    // With one sample there is nothing to compare against: assume it was all delay.
    const quickest = this.rtts.length > 1 ? Math.min(...this.rtts) : 0;
    this.arrivalSlack = Math.max(0, rtt - quickest);
  }
}
