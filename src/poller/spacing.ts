/**
 * When the next request may start: at least 1000 / maxRps ms after the
 * previous one left, plus a small guard, plus "arrival slack" — how much
 * later than usual the previous request may have reached the service (its
 * round trip minus the quickest recent one), so the service never sees two
 * arrivals closer than the budget. A request leaves when the client writes
 * it to a connected socket (ExchangeTimes): the connection's setup, a fresh
 * connection's handshake, is before that, not in the round trip. The poller
 * and the one-shot commands' pacer share this rule.
 */
import { type ExchangeTimes, writtenSince } from "../api/client.js";

/** Starts are spaced a hair above the budget so timer jitter cannot bunch two into one server second. */
export const SPACING_GUARD_MS = 15;
const RTT_SAMPLES = 20;

/** The least time between two starts at `maxRps` (at most 1): the budget's interval and the guard. */
export function spacingFor(maxRps = 1): number {
  const rps = Math.min(1, maxRps);
  if (!(rps > 0)) throw new Error("maxRps must be greater than 0");
  return Math.ceil(1000 / rps) + SPACING_GUARD_MS;
}

export class RequestSpacing {
  readonly spacingMs: number;
  private lastStart = -Infinity;
  private arrivalSlack = 0;
  private rtts: number[] = [];

  constructor(maxRps = 1) {
    this.spacingMs = spacingFor(maxRps);
  }

  /** Local ms of the latest start recorded. */
  get lastStarted(): number {
    return this.lastStart;
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

  /**
   * Records that the request started last has finished (answered or
   * failed), with the client's last exchange times when it has them.
   * Without them its round trip counts from its start, connection included.
   * With one sample, from the write or not, there is nothing to compare
   * against: all of it may have been delay.
   */
  finished(at = Date.now(), times?: ExchangeTimes): void {
    const own = writtenSince(times, this.lastStart);
    const sent = own?.sentAt;
    if (sent !== undefined) this.lastStart = sent;
    const rtt = (own?.answeredAt ?? at) - this.lastStart;
    this.rtts.push(rtt);
    if (this.rtts.length > RTT_SAMPLES) this.rtts.shift();
    // With one sample there is no quicker trip to measure it against: all of it may have been delay before
    // the service counted the request (a first request meets cold code on the way), so all of it is slack.
    const quickest = this.rtts.length > 1 ? Math.min(...this.rtts) : 0;
    this.arrivalSlack = Math.max(0, rtt - quickest);
  }
}
