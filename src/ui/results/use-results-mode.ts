/**
 * The results view's mode: open and close, and its keys through
 * results-state.ts. Its query goes to the poller (setResultsQuery), which
 * fetches /results only while the view is open; the pages come back through
 * the store and stay cached after it closes.
 */
import { useCallback, useMemo } from "react";
import { resultsKey } from "../../poller/reducers.js";
import type { Snapshot } from "../../poller/snapshot.js";
import type { DashboardAction } from "../dashboard/keys.js";
import { type Binding, binding, hints, type KeyPress, keyName } from "../keymap.js";
import type { Mode } from "../mode.js";
import { useLatestState } from "../use-latest-state.js";
import { RESULTS_PASS, type ResultsBinding } from "./keys.js";
import { currentPage, opened, queryOf, type ResultsQueryArg, type ResultsViewState, resultsAction, selectable } from "./results-state.js";

export interface ResultsController {
  store: { getSnapshot(): Snapshot };
  /** Open (a query) or close (null) the results view; the poller fetches only while open. */
  setResultsQuery?(query: ResultsQueryArg | null): void;
}

/** The dashboard's keys the footer offers over the list and over a game's positions. */
const FOOTER_PASS: Record<"list" | "detail", readonly DashboardAction[]> = { list: ["refresh", "quit"], detail: ["quit"] };

export function useResultsMode(
  controller: ResultsController,
  assets: readonly string[],
  say: (text: string) => void,
  table: readonly ResultsBinding[],
  dashboard: readonly Binding<DashboardAction>[],
) {
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
  /** Opens the view with pages as long as the `rows` its list has (results-state.ts pageSizeFor). */
  const open = useCallback((rows: number) => setView(opened(rows)), [setView]);

  const mode = useMemo<Mode>(() => {
    const where = (v: ResultsViewState) => (v.detail === null ? "list" : "detail");
    const passed = (actions: readonly DashboardAction[]) => dashboard.filter((b) => actions.includes(b.action));
    const placeKeys = passed(["place", "repeat"]);
    return {
      title: `IN THE RESULTS VIEW (${keyName(dashboard, "results", false)})`,
      active: () => currentView() !== null,
      handleKey: (press: KeyPress) => {
        const v = currentView();
        if (v === null || binding(passed(RESULTS_PASS[where(v)]), press)) return false;
        const b = binding(
          table.filter((t) => t.in === where(v)),
          press,
        );
        if (b !== undefined) {
          const next = resultsAction(v, b.action, currentPage(v, controller.store.getSnapshot())?.value, assets);
          setView(next.view);
          if (next.said) say(next.said);
        } else if (binding(placeKeys, press)) say(`close the results view (${keyName(table, "close")}) to place a position`);
        // Every other key is swallowed: the panes it would act on are not on screen.
        return true;
      },
      bindings: table,
      hints: () => {
        const v = currentView();
        const w = v ? where(v) : "list";
        // "j/k select" only where there is more than one row to select.
        const moves = v !== null && selectable(v, currentPage(v, controller.store.getSnapshot())?.value);
        const own = table.filter((t) => t.in === w && (moves || (t.action !== "down" && t.action !== "positionDown")));
        return [...hints(own), ...FOOTER_PASS[w].flatMap((a) => hints(passed([a])))];
      },
    };
  }, [controller, assets, say, table, dashboard, setView, currentView]);

  return { view, open, mode };
}
