/**
 * The account's settled games, kept across launches, and how a read of
 * GET /results brings them up to date. Pure: the poller and `spotdash
 * stats` send the requests, history/results-file.ts keeps the file.
 *
 * A read asks full pages (RESULTS_PAGE games), newest first, from offset 0:
 *   - a game not kept, or kept with other figures, is kept (replacing it);
 *   - a page holding a game already kept with the same figures, and settled
 *     before the last finished read reached (`through`), is the read's last:
 *     everything older is kept already — so long as the pages have come
 *     newest first by settlement time (the spec's "most recent first"); if
 *     they have not, the read goes on to the end. A game kept from a
 *     settlement the dashboard watched is newer than that, so it never ends
 *     a read early past games played elsewhere;
 *   - until a read has once reached the oldest page (`through` null) it goes
 *     on to the last page, so a first read cut short is finished by the next;
 *   - a page reaching the total is the last; without a total, one shorter
 *     than the page size the service says it used, or an empty one;
 *   - a page of games the read has all seen already (a service ignoring
 *     the offset) ends it without marking the history whole.
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

/** A read under way: the next page's offset, the newest settlement it has seen, the games it has seen. */
export interface ResultsRead {
  offset: number;
  newest: number;
  /** Settled time of the last game of the previous page (null: none yet): pages must go on getting older. */
  oldest: number | null;
  /** Every gid this read has been given: a page with none new ends it (a service ignoring the offset). */
  seen: ReadonlySet<string>;
  /** The pages have come newest first by settlement time: only then may a kept game end the read early. */
  ordered: boolean;
}

export const FIRST_PAGE: ResultsRead = { offset: 0, newest: 0, oldest: null, seen: new Set(), ordered: true };

export interface MergedPage {
  kept: KeptResults;
  /** Games this page added or replaced, in the page's order. */
  changed: GameResult[];
  /** The read's next page, or null: it is over (and `kept.through` moved, unless it had to give up). */
  next: ResultsRead | null;
}

/**
 * A page of `read` into what is kept. `total` is its pagination total (null
 * when the service gave none), `limit` the page size the service says it
 * used (a service giving fewer than asked is not at its last page for that).
 */
export function mergePage(
  kept: KeptResults,
  read: ResultsRead,
  page: { games: readonly GameResult[]; total: number | null; limit: number },
  figuresOf: FiguresOf,
): MergedPage {
  const games = new Map(kept.games);
  const changed: GameResult[] = [];
  const seen = new Set(read.seen);
  let { newest, oldest, ordered } = read;
  let metKept = false;
  const fresh = page.games.some((g) => !read.seen.has(g.gid));
  for (const g of page.games) {
    seen.add(g.gid);
    if (!isSettled(g)) continue;
    const at = settledAt(g);
    if (at !== null) {
      newest = Math.max(newest, at);
      if (oldest !== null && at > oldest) ordered = false;
      oldest = at;
    }
    const was = games.get(g.gid);
    if (was !== undefined && figuresOf(was) === figuresOf(g)) {
      // Strictly older than the last read reached: games of that very instant may straddle its last page.
      metKept ||= kept.through !== null && at !== null && at < kept.through;
      continue;
    }
    games.set(g.gid, g);
    changed.push(g);
  }
  const reached = read.offset + page.games.length;
  const end = page.total !== null ? reached >= page.total : page.games.length < Math.max(1, page.limit);
  const map = changed.length === 0 ? kept.games : games;
  if (page.games.length > 0 && !fresh && !end) {
    // The same games again past their page: the service does not page. Over, without claiming the history whole.
    return { kept: { ...kept, games: map }, changed, next: null };
  }
  if (!(end || page.games.length === 0 || (metKept && ordered))) {
    return { kept: { ...kept, games: map }, changed, next: { offset: reached, newest, oldest, seen, ordered } };
  }
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
