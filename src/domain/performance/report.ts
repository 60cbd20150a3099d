/**
 * Everything a performance view or `spotdash stats` shows for one selection,
 * computed in one go from the results it has.
 */
import type { GameResult } from "../service-data.js";
import { type StrikeDistance, strikeDistance } from "./distance.js";
import { type Figures, figuresOf } from "./figures.js";
import { rangeStart, type Selection, selectGames } from "./select.js";
import { cumulativeNet, type NetSeries } from "./series.js";
import { byAsset, byInterval, type Row } from "./tables.js";

export interface Performance {
  selection: Selection;
  /** The service's time the range was taken at, epoch ms. */
  nowMs: number;
  /** The range's first instant (rangeStart), null for "all". */
  since: number | null;
  figures: Figures;
  byInterval: Row<number>[];
  byAsset: Row<string>[];
  distance: StrikeDistance;
  series: NetSeries;
}

export function performanceOf(games: readonly GameResult[], selection: Selection, nowMs: number): Performance {
  const selected = selectGames(games, selection, nowMs);
  return {
    selection,
    nowMs,
    since: rangeStart(selection.range, nowMs),
    figures: figuresOf(selected),
    byInterval: byInterval(selected),
    byAsset: byAsset(selected),
    distance: strikeDistance(selected),
    series: cumulativeNet(selected),
  };
}
