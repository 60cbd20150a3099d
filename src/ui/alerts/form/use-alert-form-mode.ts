/**
 * The alert form's mode (A): open at the live price, edit the three fields,
 * Enter saves the rule through the alerts controller, Esc cancels. While
 * open it takes every key (q included: it may be a typo in the value), and a
 * paste goes into the value.
 */
import { useCallback, useMemo } from "react";
import type { AlertsController, RuleAdded } from "../../../alerts/alerts-state.js";
import { describeRule, makeRule } from "../../../alerts/rules.js";
import { formatPriceExact } from "../../../domain/format.js";
import { type Snapshot, snapshotAt } from "../../../poller/snapshot.js";
import type { DashboardAction } from "../../dashboard/keys.js";
import { type Binding, binding, type Hint, hints, type KeyPress, keyName } from "../../keymap.js";
import type { Mode } from "../../mode.js";
import { useLatestState } from "../../use-latest-state.js";
import { ALERTS_UNAVAILABLE } from "../use-alerts.js";
import { type AlertFormContext, checkAlertForm } from "./alert-form-check.js";
import { type AlertFormState, alertFormKey, openAlertForm, pasteAlertText } from "./alert-form-state.js";
import type { AlertFormAction } from "./keys.js";

/** What the form reads of the dashboard: the focused market and its live price. */
/** What the footer says a save did. */
const ADDED_WORDS: Record<RuleAdded, string> = { added: "alert set", rearmed: "alert armed again", exists: "alert already set" };

export interface AlertFormSource {
  store: { getSnapshot(): Snapshot };
  serverNow(): number;
}

/** The form's context from a snapshot: the focused asset and interval, the live price. */
export function alertFormContext(s: Snapshot): AlertFormContext {
  return { asset: s.target.asset, interval: s.target.interval, price: s.price?.value.value };
}

export function useAlertFormMode(
  alerts: AlertsController | undefined,
  source: AlertFormSource,
  say: (text: string) => void,
  table: readonly Binding<AlertFormAction>[],
  dashboard: readonly Binding<DashboardAction>[],
) {
  // Keys can arrive faster than React re-renders: handlers read the latest state, never a stale closure's.
  const [form, setForm, currentForm] = useLatestState<AlertFormState | null>(null);
  const contextNow = useCallback(() => alertFormContext(snapshotAt(source.store.getSnapshot(), source.serverNow())), [source]);

  const open = useCallback(() => {
    if (alerts === undefined) say(ALERTS_UNAVAILABLE);
    else setForm(openAlertForm(contextNow().price));
  }, [alerts, say, setForm, contextNow]);

  const save = useCallback(
    (f: AlertFormState) => {
      const check = checkAlertForm(f, contextNow());
      if (!check.ok) {
        // The values stay as typed: the problem is said where the preview was.
        setForm({ ...f, note: { tone: "bad", text: `not saved: ${check.problem}` } });
        return;
      }
      const added = alerts?.addRule(check.spec);
      setForm(null);
      const words = describeRule(makeRule(check.spec), formatPriceExact);
      say(`${ADDED_WORDS[added ?? "added"]}: ${words} — ${keyName(dashboard, "alerts")} lists the alerts`);
    },
    [alerts, say, setForm, contextNow, dashboard],
  );

  const handleKey = useCallback(
    ({ input, key }: KeyPress): boolean => {
      const f = currentForm();
      if (f === null) return false;
      const action = binding(table, { input, key })?.action;
      if (action === "cancel") setForm(null);
      else if (action === "save") save(f);
      else setForm(alertFormKey(f, input, key, table));
      return true;
    },
    [currentForm, setForm, save, table],
  );

  /** A paste into the value while the form is open; false when it is closed. */
  const handlePaste = useCallback(
    (text: string, dropped: number): boolean => {
      const f = currentForm();
      if (f === null) return false;
      setForm(pasteAlertText(f, text, dropped));
      return true;
    },
    [currentForm, setForm],
  );

  const mode = useMemo<Mode>(
    () => ({
      title: `IN THE ALERT FORM (${keyName(dashboard, "alert", false)})`,
      active: () => currentForm() !== null,
      handleKey,
      bindings: table,
      hints: () => alertFormHints(table, currentForm()),
    }),
    [table, dashboard, currentForm, handleKey],
  );
  return { form, open, handlePaste, mode };
}

/** ←/→ move the cursor in the value, and change the kind or the option: the footer says which. */
function alertFormHints(table: readonly Binding<AlertFormAction>[], f: AlertFormState | null): readonly Hint[] {
  const onValue = f === null || f.focus === "value";
  return hints(
    table
      .filter((b) => onValue || !["up", "pageUp"].includes(b.action))
      .map((b) => (b.action === "left" && !onValue ? { ...b, hint: "change" } : b)),
  );
}
