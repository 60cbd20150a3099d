/**
 * The performance view's mode (g): open and close, and its keys through
 * performance-state.ts. Opening tells the poller (setPerformanceOpen), which
 * then reads games settled elsewhere while it is open; the history itself
 * comes through the store.
 */
import { useCallback, useMemo } from "react";
import { isReadable } from "../../domain/service-data.js";
import type { Snapshot } from "../../poller/snapshot.js";
import type { DashboardAction } from "../dashboard/keys.js";
import { type Binding, binding, hints, type KeyPress, keyName } from "../keymap.js";
import type { Mode } from "../mode.js";
import { useLatestState } from "../use-latest-state.js";
import { PERFORMANCE_PASS, type PerformanceAction } from "./keys.js";
import { openedOn, type PerformanceState, performanceAction } from "./performance-state.js";

export interface PerformanceController {
  store: { getSnapshot(): Snapshot };
  /** The view opened (true) or closed. */
  setPerformanceOpen?(open: boolean): void;
}

/** The assets of the network's kept games, by name: what `a` cycles through. */
export function assetsKept(s: Snapshot, network: PerformanceState["network"]): string[] {
  const assets = new Set<string>();
  for (const g of s.resultsHistory[network].kept.games.values()) if (isReadable(g.asset)) assets.add(g.asset);
  return [...assets].sort();
}

export function usePerformanceMode(
  controller: PerformanceController,
  say: (text: string) => void,
  table: readonly Binding<PerformanceAction>[],
  dashboard: readonly Binding<DashboardAction>[],
  scrollLimit: () => number,
) {
  const [view, setViewState, currentView] = useLatestState<PerformanceState | null>(null);
  const setView = useCallback(
    (next: PerformanceState | null) => {
      const was = currentView() !== null;
      setViewState(next);
      if (was !== (next !== null)) controller.setPerformanceOpen?.(next !== null);
    },
    [controller, setViewState, currentView],
  );
  const open = useCallback(() => setView(openedOn(controller.store.getSnapshot().target.network)), [controller, setView]);

  const mode = useMemo<Mode>(() => {
    const passed = dashboard.filter((b) => PERFORMANCE_PASS.includes(b.action));
    return {
      title: `IN THE PERFORMANCE VIEW (${keyName(dashboard, "performance", false)})`,
      active: () => currentView() !== null,
      handleKey: (press: KeyPress) => {
        const v = currentView();
        if (v === null || binding(passed, press)) return false;
        const b = binding(table, press);
        if (b !== undefined) {
          const next = performanceAction(v, b.action, assetsKept(controller.store.getSnapshot(), v.network), scrollLimit());
          setView(next.state);
          if (next.said) say(next.said);
        }
        // Every other key is held: the panes it would act on are not on screen.
        return true;
      },
      bindings: table,
      hints: () => [...hints(table), ...hints(passed.filter((b) => b.action === "quit"))],
    };
  }, [controller, say, table, dashboard, setView, currentView, scrollLimit]);

  return { view, open, mode };
}
