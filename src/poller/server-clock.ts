/**
 * Estimates the offset between the service's clock and ours from response
 * timestamps. A sample is serverTimestamp − (local send time + half the round
 * trip); the sample with the shortest round trip among the recent ones is the
 * least disturbed by network delay, so that one wins.
 */
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
