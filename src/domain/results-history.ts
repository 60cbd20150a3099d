/**
 * The account's settled games, kept across launches, and how a read of
 * GET /results brings them up to date. Pure: the poller and `spotdash
 * stats` send the requests, history/results-file.ts keeps the file.
 *
 * A read asks full pages (RESULTS_PAGE games), newest first, from offset 0:
 *   - a game not kept, or kept with other figures, is kept (replacing it);
 *   - a page holding a game already kept with the same figures, and settled
 *     no later than the last finished read reached (`through`), is the
 *     read's last: everything older is kept already. A game kept from a
 *     settlement the dashboard watched is newer than that, so it never ends
 *     a read early past games played elsewhere;
 *   - until a read has once reached the oldest page (`through` null) it goes
 *     on to the last page, so a first read cut short is finished by the next;
 *   - a short page, or one reaching the total, is the last.
 * docs/performance.md, "History".
 */
import { isSettled, settledAt } from "./results.js";
import type { GameResult } from "./service-data.js";

/** The largest page GET /results gives (service-spec.md: limit 1 to 100). */
export const RESULTS_PAGE = 100;

export interface KeptResults {
  /** gid → its settled game. */
  games: ReadonlyMap<string, GameResult>;
  /**
   * Server ms of the newest game the last finished read saw (0 for an empty
   * history): every game settled by then is kept. null: no read has finished.
   */
  through: number | null;
}

export const NO_RESULTS: KeptResults = { games: new Map(), through: null };

/** How two answers about one game are compared: their figures as one canonical text. */
export type FiguresOf = (g: GameResult) => string;

/** A read under way: the next page's offset and the newest settlement it has seen. */
export interface ResultsRead {
  offset: number;
  newest: number;
}

export const FIRST_PAGE: ResultsRead = { offset: 0, newest: 0 };

export interface MergedPage {
  kept: KeptResults;
  /** Games this page added or replaced, in the page's order. */
  changed: GameResult[];
  /** The read's next page, or null: it is over (and `kept.through` moved). */
  next: ResultsRead | null;
}

/** A page of `read` into what is kept; `total` is its pagination total (null when the service gave none). */
export function mergePage(
  kept: KeptResults,
  read: ResultsRead,
  page: { games: readonly GameResult[]; total: number | null },
  figuresOf: FiguresOf,
): MergedPage {
  const games = new Map(kept.games);
  const changed: GameResult[] = [];
  let newest = read.newest;
  let metKept = false;
  for (const g of page.games) {
    if (!isSettled(g)) continue;
    const at = settledAt(g);
    if (at !== null) newest = Math.max(newest, at);
    const was = games.get(g.gid);
    if (was !== undefined && figuresOf(was) === figuresOf(g)) {
      metKept ||= kept.through !== null && at !== null && at <= kept.through;
      continue;
    }
    games.set(g.gid, g);
    changed.push(g);
  }
  const reached = read.offset + page.games.length;
  const last = page.games.length < RESULTS_PAGE || (page.total !== null && reached >= page.total) || metKept;
  const map = changed.length === 0 ? kept.games : games;
  if (!last) return { kept: { ...kept, games: map }, changed, next: { offset: reached, newest } };
  return { kept: { games: map, through: Math.max(newest, kept.through ?? 0) }, changed, next: null };
}

/** Games the dashboard learnt of otherwise (a settlement it watched): kept like a page's, never moving `through`. */
export function withGames(kept: KeptResults, games: readonly GameResult[], figuresOf: FiguresOf): KeptResults {
  const fresh = games.filter((g) => {
    const was = kept.games.get(g.gid);
    return isSettled(g) && (was === undefined || figuresOf(was) !== figuresOf(g));
  });
  if (fresh.length === 0) return kept;
  const map = new Map(kept.games);
  for (const g of fresh) map.set(g.gid, g);
  return { ...kept, games: map };
}
