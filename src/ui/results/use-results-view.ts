/**
 * The results view's behaviour: open and close, filters, paging, selection
 * and the positions of one game. Its query goes to the poller
 * (setResultsQuery), which fetches /results only while the view is open;
 * the pages come back through the store and stay cached after it closes.
 */
import { useCallback } from "react";
import type { ResultsQuery } from "../../api/client.js";
import { hasNextPage } from "../../domain/results.js";
import { INTERVALS, type Interval } from "../../domain/rules.js";
import type { ResultsPage } from "../../domain/service-data.js";
import { resultsKey } from "../../poller/reducers.js";
import type { Snapshot } from "../../poller/snapshot.js";
import { type KeyPress, passesThroughResults, type ResultsAction, resultsBinding } from "../keymap.js";
import { useLatestState } from "../use-latest-state.js";

/** Games per page: fixed, so a resize never changes the query (and never refetches). */
export const RESULTS_PAGE_SIZE = 10;

export type ResultsQueryArg = Omit<ResultsQuery, "network">;

export interface ResultsController {
  store: { getSnapshot(): Snapshot };
  /** Open (a query) or close (null) the results view; the poller fetches only while open. */
  setResultsQuery?(query: ResultsQueryArg | null): void;
}

export interface ResultsViewState {
  interval: Interval | undefined;
  asset: string | undefined;
  offset: number;
  /** Index of the selected game on the page. */
  selected: number;
  /** gid of the game whose positions are shown, or null for the list. */
  detail: string | null;
}

export function queryOf(v: ResultsViewState): ResultsQueryArg {
  return {
    ...(v.asset !== undefined ? { asset: v.asset } : {}),
    ...(v.interval !== undefined ? { interval: v.interval } : {}),
    limit: RESULTS_PAGE_SIZE,
    offset: v.offset,
  };
}

/** The cached page for the view's query, if it has been seen. */
export function currentPage(v: ResultsViewState, s: Snapshot): { value: ResultsPage; at: number } | undefined {
  return s.results?.pages[resultsKey(queryOf(v))];
}

function cycle<T>(list: readonly T[], current: T | undefined): T | undefined {
  if (current === undefined) return list[0];
  const i = list.indexOf(current);
  return i < 0 || i === list.length - 1 ? undefined : list[i + 1];
}

export function useResultsView(controller: ResultsController, assets: readonly string[], say: (text: string) => void) {
  // Keys can arrive faster than React re-renders: handlers read the latest state from here.
  const [view, setViewState, currentView] = useLatestState<ResultsViewState | null>(null);
  const setView = useCallback(
    (next: ResultsViewState | null) => {
      const prev = currentView();
      setViewState(next);
      if (next === null) {
        if (prev !== null) controller.setResultsQuery?.(null);
      } else if (prev === null || resultsKey(queryOf(prev)) !== resultsKey(queryOf(next))) {
        controller.setResultsQuery?.(queryOf(next));
      }
    },
    [controller, setViewState, currentView],
  );

  const open = useCallback(() => setView({ interval: undefined, asset: undefined, offset: 0, selected: 0, detail: null }), [setView]);
  const close = useCallback(() => setView(null), [setView]);

  /** Keys while the view is open; false for keys it leaves to the App (q, ?, D, Ctrl+R, Ctrl+C). */
  const handleKey = useCallback(
    (press: KeyPress): boolean => {
      const v = currentView();
      if (v === null) return false;
      if (passesThroughResults(press)) return false;
      const page = currentPage(v, controller.store.getSnapshot())?.value;
      const games = page?.games ?? [];
      const actions: Record<ResultsAction, () => void> = {
        close,
        back: () => setView({ ...v, detail: null }),
        down: () => setView({ ...v, selected: Math.min(Math.max(0, games.length - 1), v.selected + 1) }),
        up: () => setView({ ...v, selected: Math.max(0, v.selected - 1) }),
        open: () => {
          const g = games[Math.min(v.selected, games.length - 1)];
          if (g) setView({ ...v, detail: g.gid });
        },
        nextPage: () => {
          if (!page) return;
          if (!hasNextPage(page)) say("last page");
          else setView({ ...v, offset: v.offset + RESULTS_PAGE_SIZE, selected: 0 });
        },
        previousPage: () => {
          if (v.offset === 0) say("first page");
          else setView({ ...v, offset: Math.max(0, v.offset - RESULTS_PAGE_SIZE), selected: 0 });
        },
        interval: () => setView({ ...v, interval: cycle(INTERVALS, v.interval), offset: 0, selected: 0 }),
        asset: () => setView({ ...v, asset: cycle(assets, v.asset), offset: 0, selected: 0 }),
        place: () => say("close the results view (r) to place a position"),
      };
      // Every other key is swallowed: the panes it would act on are not on screen.
      const b = resultsBinding(press, v.detail !== null);
      if (b !== undefined) actions[b.action]();
      return true;
    },
    [controller, assets, close, say, setView, currentView],
  );

  return { view, open, close, handleKey };
}
