/**
 * The results view's state and what its keys do to it, as pure functions:
 * filters, paging, the selected game and whether its positions show.
 */
import type { ResultsQuery } from "../../api/client.js";
import { hasNextPage } from "../../domain/results.js";
import { RESULTS_PAGE } from "../../domain/results-history.js";
import { INTERVALS, type Interval } from "../../domain/rules.js";
import type { ResultsPage } from "../../domain/service-data.js";
import { resultsKey } from "../../poller/reducers.js";
import type { Snapshot } from "../../poller/snapshot.js";
import type { ResultsAction } from "./keys.js";

/** The fewest games a page: a pane shorter than that scrolls its page. */
export const RESULTS_PAGE_SIZE = 10;

/**
 * Games per page for a list with `rows` rows: as many, at least
 * RESULTS_PAGE_SIZE and at most the service's largest page (RESULTS_PAGE). Worked out when the
 * view opens and kept while it is open, so a resize never changes the query
 * (and never refetches).
 */
export function pageSizeFor(rows: number): number {
  return Math.min(RESULTS_PAGE, Math.max(RESULTS_PAGE_SIZE, Math.floor(rows)));
}

export type ResultsQueryArg = Omit<ResultsQuery, "network">;

export interface ResultsViewState {
  interval: Interval | undefined;
  asset: string | undefined;
  offset: number;
  /** Index of the selected game on the page. */
  selected: number;
  /** gid of the game whose positions are shown, or null for the list. */
  detail: string | null;
  /** Index of the selected position of that game: the rows shown follow it where not all fit. */
  position: number;
  /** Games per page (pageSizeFor), from the rows the view had when it opened. */
  pageSize: number;
}

/** The view as it opens, its pages as long as the `rows` its list has. */
export function opened(rows: number): ResultsViewState {
  return { interval: undefined, asset: undefined, offset: 0, selected: 0, detail: null, position: 0, pageSize: pageSizeFor(rows) };
}

export function queryOf(v: ResultsViewState): ResultsQueryArg {
  return {
    ...(v.asset !== undefined ? { asset: v.asset } : {}),
    ...(v.interval !== undefined ? { interval: v.interval } : {}),
    limit: v.pageSize,
    offset: v.offset,
  };
}

/** The cached page for the view's query, if it has been seen. */
export function currentPage(v: ResultsViewState, s: Snapshot): { value: ResultsPage; at: number } | undefined {
  return s.results?.pages[resultsKey(queryOf(v))];
}

/**
 * While the view's page loads, the count of games the newest neighbouring
 * page (the one before or after, same filters) gave: paging on does not
 * lose "page 2 of 19" to "of ?". Undefined when neither was read.
 */
export function totalWhileLoading(v: ResultsViewState, s: Snapshot): number | null | undefined {
  const near = [v.offset - v.pageSize, v.offset + v.pageSize]
    .filter((offset) => offset >= 0)
    .map((offset) => s.results?.pages[resultsKey(queryOf({ ...v, offset }))])
    .filter((p) => p !== undefined);
  return near.sort((a, b) => b.at - a.at)[0]?.value.pagination.total;
}

function cycle<T>(list: readonly T[], current: T | undefined): T | undefined {
  if (current === undefined) return list[0];
  const i = list.indexOf(current);
  return i < 0 || i === list.length - 1 ? undefined : list[i + 1];
}

/** Whether j/k has rows to move among: two games on the page, or two positions in the game shown. */
export function selectable(v: ResultsViewState, page: ResultsPage | undefined): boolean {
  return selectableRows(v, page) > 1;
}

/** The rows j/k moves among: the page's games, or the positions of the game shown. */
function selectableRows(v: ResultsViewState, page: ResultsPage | undefined): number {
  const games = page?.games ?? [];
  return v.detail === null ? games.length : (games.find((g) => g.gid === v.detail)?.positions.length ?? 0);
}

/** What an action does to the view (null: closed), and what to say instead when it cannot. */
export function resultsAction(
  v: ResultsViewState,
  action: ResultsAction,
  page: ResultsPage | undefined,
  assets: readonly string[],
): { view: ResultsViewState | null; said?: string } {
  const games = page?.games ?? [];
  switch (action) {
    case "close":
    case "leave":
      return { view: null };
    case "back":
      return { view: { ...v, detail: null, position: 0 } };
    case "positionDown":
      return { view: { ...v, position: Math.min(Math.max(0, selectableRows(v, page) - 1), v.position + 1) } };
    case "positionUp":
      return { view: { ...v, position: Math.max(0, v.position - 1) } };
    case "down":
      return { view: { ...v, selected: Math.min(Math.max(0, games.length - 1), v.selected + 1) } };
    case "up":
      return { view: { ...v, selected: Math.max(0, v.selected - 1) } };
    case "open": {
      const g = games[Math.min(v.selected, games.length - 1)];
      return { view: g ? { ...v, detail: g.gid, position: 0 } : v };
    }
    case "nextPage":
      // Whether there is a next page is the page's to say: until it is read, the key is not taken in silence.
      if (!page) return { view: v, said: "this page is still loading: its next once it shows" };
      return hasNextPage(page) ? { view: { ...v, offset: v.offset + v.pageSize, selected: 0 } } : { view: v, said: "last page" };
    case "previousPage":
      return v.offset === 0 ? { view: v, said: "first page" } : { view: { ...v, offset: Math.max(0, v.offset - v.pageSize), selected: 0 } };
    case "interval":
      return { view: { ...v, interval: cycle(INTERVALS, v.interval), offset: 0, selected: 0 } };
    case "asset":
      return { view: { ...v, asset: cycle(assets, v.asset), offset: 0, selected: 0 } };
  }
}
