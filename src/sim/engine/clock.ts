/**
 * The sim's only source of time. The engine reads it on every request and
 * catches its state up lazily, so a ManualClock gives tests full control of
 * games, prices and rate limits without sleeping.
 */

export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

export const systemClock: Clock = {
  now: () => Date.now(),
};

export class ManualClock implements Clock {
  private t: number;

  constructor(start: number) {
    this.t = start;
  }

  now(): number {
    return this.t;
  }

  advance(ms: number): void {
    this.t += ms;
  }

  /** Moving backwards is allowed here; the engine never lets its own time go back. */
  set(t: number): void {
    this.t = t;
  }
}
