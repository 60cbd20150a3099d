/**
 * Markets (asset/interval) whose listing is held back: paused until a time
 * (null: until resumed), or listed without a next game. Demo and test hooks
 * like the price scripts: not journaled (docs/sim.md, Paused markets).
 */
import { gamePeriodMs, INTERVALS, type Interval } from "../../domain/rules.js";
import type { Asset } from "./markets.js";

export class MarketSwitches {
  private readonly paused = new Map<string, number | null>();
  private readonly nextHidden = new Set<string>();

  /**
   * Pauses a market (every interval of the asset when none is given) until
   * `until` (server ms; null: until resumed). A pause lasts until the first
   * game that starts at or after `until` opens: that is the game the listing
   * announces, and none goes live before it.
   */
  pause(asset: Asset, interval: Interval | undefined, until: number | null): void {
    for (const i of interval === undefined ? INTERVALS : [interval]) {
      const period = gamePeriodMs(i);
      this.paused.set(marketKey(asset, i), until === null ? null : Math.ceil(until / period) * period);
    }
  }

  resume(asset: Asset, interval?: Interval): void {
    for (const i of interval === undefined ? INTERVALS : [interval]) this.paused.delete(marketKey(asset, i));
  }

  /** Lists a market without its next game (or with it again). */
  hideNextGame(asset: Asset, interval: Interval | undefined, hidden: boolean): void {
    for (const i of interval === undefined ? INTERVALS : [interval]) {
      if (hidden) this.nextHidden.add(marketKey(asset, i));
      else this.nextHidden.delete(marketKey(asset, i));
    }
  }

  /** Whether the market is paused at t; its resume time when it has one. */
  pausedAt(asset: Asset, interval: Interval, t: number): { until: number | null } | undefined {
    const key = marketKey(asset, interval);
    if (!this.paused.has(key)) return undefined;
    const until = this.paused.get(key)!;
    return until === null || until > t ? { until } : undefined;
  }

  showsNextGame(asset: Asset, interval: Interval): boolean {
    return !this.nextHidden.has(marketKey(asset, interval));
  }
}

function marketKey(asset: Asset, interval: Interval): string {
  return `${asset}/${interval}`;
}
