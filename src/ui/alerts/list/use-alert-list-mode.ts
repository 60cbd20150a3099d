/**
 * The alerts list's mode (L): the rules and the last alerts fired, a rule
 * selected with j/k to mute or delete through the alerts controller. It
 * takes every key but the dashboard's it lets through (ALERTS_PASS); the
 * key that makes an alert closes the list on its way to the dashboard.
 */
import { useCallback, useMemo } from "react";
import type { AlertsController } from "../../../alerts/alerts-state.js";
import type { DashboardAction } from "../../dashboard/keys.js";
import { type Binding, binding, hints, type KeyPress, keyName } from "../../keymap.js";
import type { Mode } from "../../mode.js";
import { useLatestState } from "../../use-latest-state.js";
import { ALERTS_UNAVAILABLE } from "../use-alerts.js";
import { type AlertListState, alertListAction, LIST_OPENED } from "./alert-list-state.js";
import { ALERTS_PASS, type AlertListAction } from "./keys.js";

/** How many fired alerts the list shows now, and how far they scroll: from the frame last drawn. */
export type FiredFit = () => { rows: number; limit: number };

export function useAlertListMode(
  alerts: AlertsController | undefined,
  say: (text: string) => void,
  table: readonly Binding<AlertListAction>[],
  dashboard: readonly Binding<DashboardAction>[],
  firedFit: FiredFit,
) {
  const [list, setList, currentList] = useLatestState<AlertListState | null>(null);
  const open = useCallback(() => {
    if (alerts === undefined) say(ALERTS_UNAVAILABLE);
    else setList(LIST_OPENED);
  }, [alerts, say, setList]);

  const mode = useMemo<Mode>(() => {
    const passed = dashboard.filter((b) => ALERTS_PASS.includes(b.action));
    const makeKey = dashboard.filter((b) => b.action === "alert");
    return {
      title: `IN THE ALERTS LIST (${keyName(dashboard, "alerts", false)})`,
      active: () => currentList() !== null,
      handleKey: (press: KeyPress) => {
        const v = currentList();
        if (v === null || alerts === undefined) return false;
        if (binding(passed, press)) {
          // The form opens where the panes are: the list gives way to it.
          if (binding(makeKey, press)) setList(null);
          return false;
        }
        const b = binding(table, press);
        if (b === undefined) return true;
        const fit = firedFit();
        const rules = alerts.store.getSnapshot().rules;
        const next = alertListAction(v, b.action, { rules, firedRows: fit.rows, firedLimit: fit.limit, muteKey: keyName(table, "mute") });
        setList(next.list);
        if (next.call) alerts[next.call.op](next.call.id);
        if (next.said) say(next.said);
        // Every other key is held while the list has them, as the results view does.
        return true;
      },
      bindings: table,
      hints: () => {
        // Each key offered only where it would act: two rules to choose between, a rule, fired alerts past the page.
        const rules = alerts?.store.getSnapshot().rules.length ?? 0;
        const paged = firedFit().limit > 0;
        const acts: Record<AlertListAction, boolean> = {
          close: true,
          down: rules > 1,
          up: rules > 1,
          mute: rules > 0,
          delete: rules > 0,
          pageDown: paged,
          pageUp: paged,
        };
        return [...hints(table.filter((b) => acts[b.action])), ...hints(passed.filter((b) => b.action === "quit"))];
      },
    };
  }, [alerts, say, table, dashboard, firedFit, currentList, setList]);

  return { list, open, mode };
}
