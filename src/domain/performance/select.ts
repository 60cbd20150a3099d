/**
 * Which games a performance view or `spotdash stats` looks at: a time range
 * and, optionally, one asset, interval or network.
 *
 * Ranges, by the game's settlement time (server ms) against `nowMs` (the
 * service's clock, as the dashboard keeps it):
 *   - "today": settled at or after 00:00 UTC of nowMs's day: the UTC day, the
 *     same day the strategies' daily limits count (src/strategy/limits.ts);
 *   - "7d" / "30d": settled at or after nowMs − 7 × 24 h / 30 × 24 h;
 *   - "all": every game.
 * No upper bound: a game settled a moment "after" nowMs (a clock a little
 * behind) is in every range. A game whose settlement time cannot be read
 * (or that has none) is only in "all". A game whose asset, interval or
 * network cannot be read is left out when that filter is given.
 */

import { settledAt } from "../results.js";
import type { GameResult } from "../service-data.js";

/** The ranges in the order a UI cycles through them; `id` is also the CLI's `--range` value. */
export const RANGES = [
  { id: "today", label: "today" },
  { id: "7d", label: "7 days" },
  { id: "30d", label: "30 days" },
  { id: "all", label: "all" },
] as const;

export type Range = (typeof RANGES)[number]["id"];

export interface Selection {
  range: Range;
  /** Only this asset ("BTC_USDT"); undefined: every asset. */
  asset?: string;
  /** Only this interval, in seconds; undefined: every interval. */
  interval?: number;
  /** Only this network ("testnet", "mainnet"); undefined: every network. */
  network?: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function isRange(text: string): text is Range {
  return RANGES.some((r) => r.id === text);
}

/** "7 days" for "7d". */
export function rangeLabel(range: Range): string {
  return RANGES.find((r) => r.id === range)!.label;
}

/** The earliest settlement time in the range (server ms), null for "all". */
export function rangeStart(range: Range, nowMs: number): number | null {
  switch (range) {
    case "today": {
      const d = new Date(nowMs);
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
    }
    case "7d":
      return nowMs - 7 * DAY_MS;
    case "30d":
      return nowMs - 30 * DAY_MS;
    case "all":
      return null;
  }
}

/** The games of the selection, in the order given. */
export function selectGames(games: readonly GameResult[], selection: Selection, nowMs: number): GameResult[] {
  const since = rangeStart(selection.range, nowMs);
  return games.filter((g) => {
    if (since !== null) {
      const at = settledAt(g);
      if (at === null || at < since) return false;
    }
    if (selection.asset !== undefined && g.asset !== selection.asset) return false;
    if (selection.interval !== undefined && g.interval !== selection.interval) return false;
    return selection.network === undefined || g.network === selection.network;
  });
}
