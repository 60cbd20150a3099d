/**
 * What the performance view shows: the range, the filters and how far its
 * figures are scrolled. Pure: a key and the state give the next state and
 * what to say.
 */
import { NETWORKS, type Network } from "../../api/schemas.js";
import { formatInterval } from "../../domain/format.js";
import { RANGES, type Range, rangeLabel } from "../../domain/performance/index.js";
import { INTERVALS } from "../../domain/rules.js";
import type { PerformanceAction } from "./keys.js";

export interface PerformanceState {
  range: Range;
  /** Seconds; undefined: every interval. */
  interval: number | undefined;
  /** undefined: every asset. */
  asset: string | undefined;
  network: Network;
  /** Lines of the figures scrolled past. */
  scroll: number;
}

/** The range it opens on: a week answers "how am I doing" without a day's noise. */
export const OPENING_RANGE: Range = "7d";

export function openedOn(network: Network): PerformanceState {
  return { range: OPENING_RANGE, interval: undefined, asset: undefined, network, scroll: 0 };
}

function cycle<T>(list: readonly T[], current: T): T {
  return list[(list.indexOf(current) + 1) % list.length]!;
}

/** The key's next state, or null to close; `assets`: the assets in the history, `scrollLimit`: the lines that do not fit. */
export function performanceAction(
  s: PerformanceState,
  action: PerformanceAction,
  assets: readonly string[],
  scrollLimit: number,
): { state: PerformanceState | null; said?: string } {
  switch (action) {
    case "close":
      return { state: null };
    case "range": {
      const range = cycle(
        RANGES.map((r) => r.id),
        s.range,
      );
      return { state: { ...s, range, scroll: 0 }, said: `performance over ${rangeLabel(range)}` };
    }
    case "interval": {
      const interval = cycle<number | undefined>([undefined, ...INTERVALS], s.interval);
      return {
        state: { ...s, interval, scroll: 0 },
        said: interval === undefined ? "every interval" : `${formatInterval(interval)} games`,
      };
    }
    case "asset": {
      const asset = cycle<string | undefined>([undefined, ...assets], s.asset);
      return { state: { ...s, asset, scroll: 0 }, said: asset ?? "every asset" };
    }
    case "network": {
      const network = cycle(NETWORKS, s.network);
      return { state: { ...s, network, scroll: 0 }, said: `${network} results` };
    }
    case "down":
      return { state: { ...s, scroll: Math.min(scrollLimit, s.scroll + 1) } };
    case "up":
      return { state: { ...s, scroll: Math.max(0, s.scroll - 1) } };
  }
}
