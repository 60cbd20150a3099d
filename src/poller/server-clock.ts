/**
 * Estimates the offset between the service's clock and ours from response
 * timestamps. A sample is serverTimestamp − (local send time + half the round
 * trip); the sample with the shortest round trip among the recent ones is the
 * least disturbed by network delay, so that one wins.
 */
import { type ExchangeTimes, writtenSince } from "../api/client.js";

interface Sample {
  offset: number;
  rtt: number;
}

const KEEP = 8;

export class ServerClock {
  private samples: Sample[] = [];
  private best: Sample | undefined;

  constructor(private readonly localNow: () => number = () => Date.now()) {}

  /** sentAt / receivedAt are local times around the request; serverTs the response's timestamp. */
  addSample(sentAt: number, receivedAt: number, serverTs: number): void {
    const rtt = Math.max(0, receivedAt - sentAt);
    this.samples.push({ offset: serverTs - (sentAt + rtt / 2), rtt });
    if (this.samples.length > KEEP) this.samples.shift();
    this.best = this.samples.reduce((a, b) => (b.rtt < a.rtt ? b : a));
  }

  /**
   * A sample from one exchange, called at `calledAt`: around the request's
   * write and its answer's start when the client has them (ExchangeTimes),
   * not around the call. A launch's first call also loads the HTTP client
   * and connects before the write, and meets a main thread busy loading the
   * screen after the answer: each moved the estimate by half its length,
   * and the first sample stays the only one until the next listing. A
   * response without a timestamp is no sample.
   */
  addExchange(calledAt: number, times: ExchangeTimes | undefined, serverTs: number | null): void {
    if (serverTs === null) return;
    const own = writtenSince(times, calledAt);
    if (own?.sentAt !== undefined && own.answeredAt !== undefined) this.addSample(own.sentAt, own.answeredAt, serverTs);
    else this.addSample(calledAt, this.localNow(), serverTs);
  }

  /** server time minus local time, in ms; 0 until the first sample. */
  get offset(): number {
    return this.best === undefined ? 0 : Math.round(this.best.offset);
  }

  get synced(): boolean {
    return this.best !== undefined;
  }

  /** Local ms → server ms. */
  toServer(local: number): number {
    return local + this.offset;
  }

  serverNow = (): number => this.toServer(this.localNow());
}
