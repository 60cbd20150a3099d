/**
 * The dashboard's mode, last in the App's list: it takes the keys no other
 * mode took, through its table (keys.ts) and actions (actions.ts), and
 * keeps what they change about the view: the focused pane, the positions'
 * scroll, the chart's window.
 */
import { type Dispatch, type SetStateAction, useMemo, useState } from "react";
import type { ChartWindow } from "../chart/scales.js";
import { type Binding, binding, type Hint, type KeyPress } from "../keymap.js";
import type { Mode } from "../mode.js";
import { useLatestState } from "../use-latest-state.js";
import { type ActionContext, dashboardActions } from "./actions.js";
import { type DashboardAction, dashboardHints, type HintContext } from "./keys.js";
import type { PaneName } from "./pane-names.js";

export type DashboardModeContext = Omit<ActionContext, "focus" | "setFocus" | "setScroll" | "chartWindow" | "setChartWindow">;

export interface DashboardView {
  focus: PaneName;
  /** The scroll as kept; the App shows it within the rows there are now. */
  scroll: number;
  chartWindow: ChartWindow;
}

export function useDashboardMode(
  table: readonly Binding<DashboardAction>[],
  holding: boolean,
  hintContext: Omit<HintContext, "scrollable">,
  c: DashboardModeContext,
): { mode: Mode; view: DashboardView } {
  const [focus, setFocus] = useFocus(holding);
  const [scroll, setScroll] = useState(0);
  const [chartWindow, setChartWindow, chartWindowNow] = useLatestState<ChartWindow>("game");
  const actions = dashboardActions({ ...c, focus, setFocus, setScroll, chartWindow: chartWindowNow, setChartWindow });
  const { readonly, online, alerts, strategy } = hintContext;
  // j/k is offered only over a table that scrolls: as this frame lays it out (scrollLimit), so both forms are kept.
  const hints = useMemo<Record<"scrolls" | "fits", readonly Hint[]>>(
    () => ({
      scrolls: dashboardHints(table, { readonly, online, alerts, strategy, scrollable: true }),
      fits: dashboardHints(table, { readonly, online, alerts, strategy, scrollable: false }),
    }),
    [table, readonly, online, alerts, strategy],
  );
  const mode: Mode = {
    title: "KEYS",
    active: () => true,
    handleKey: (press: KeyPress) => {
      const b = binding(table, press);
      if (b !== undefined) actions[b.action]();
      return b !== undefined;
    },
    bindings: table,
    hints: () => (c.scrollLimit() > 0 ? hints.scrolls : hints.fits),
  };
  return { mode, view: { focus, scroll, chartWindow } };
}

/** Until Tab picks a pane, the focus is where the keys are of use: the positions table when it has rows. */
function useFocus(holding: boolean): [PaneName, Dispatch<SetStateAction<PaneName | null>>] {
  const [chosen, setFocus] = useState<PaneName | null>(null);
  return [chosen ?? (holding ? "positions" : "game"), setFocus];
}
