/**
 * The figures per interval and per asset. Each game is in exactly one row
 * (a game whose interval or asset cannot be read is in the row keyed null),
 * so the rows' counts and sums add up to the whole set's.
 *
 * Order: intervals ascending (10 s, 1 m, 1 h, 1 d); assets by name
 * (a table that does not reorder itself as results come in). The null row,
 * when there is one, comes last.
 */
import type { GameResult } from "../service-data.js";
import { isReadable } from "../service-data.js";
import { type Figures, figuresOfPlayed } from "./figures.js";
import { type PlayedGame, playedGames } from "./played.js";

export interface Row<K> {
  /** The interval (seconds) or the asset; null: it cannot be read. */
  key: K | null;
  figures: Figures;
}

export function byInterval(games: readonly GameResult[]): Row<number>[] {
  return rowsBy(
    playedGames(games),
    (g) => (isReadable(g.result.interval) ? g.result.interval : null),
    (a, b) => a - b,
  );
}

export function byAsset(games: readonly GameResult[]): Row<string>[] {
  return rowsBy(
    playedGames(games),
    (g) => (isReadable(g.result.asset) ? g.result.asset : null),
    // Stryker disable next-line EqualityOperator: group keys are distinct, so a < b and a <= b never differ
    (a, b) => (a < b ? -1 : 1),
  );
}

function rowsBy<K>(played: readonly PlayedGame[], keyOf: (g: PlayedGame) => K | null, compare: (a: K, b: K) => number): Row<K>[] {
  const groups = new Map<K | null, PlayedGame[]>();
  for (const g of played) {
    const key = keyOf(g);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [g]);
    else group.push(g);
  }
  const keys = [...groups.keys()].sort((a, b) => (a === null ? 1 : b === null ? -1 : compare(a, b)));
  return keys.map((key) => ({ key, figures: figuresOfPlayed(groups.get(key)!) }));
}
