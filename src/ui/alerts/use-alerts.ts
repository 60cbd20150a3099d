/**
 * The alerts as the screen reads them: the alerter's store, followed with
 * useSyncExternalStore (the empty state when the dashboard runs without an
 * alerter), the alert the alert line shows now, and each alert's tone.
 */
import { useCallback, useEffect, useSyncExternalStore } from "react";
import { type AlertsController, type AlertsState, EMPTY_ALERTS } from "../../alerts/alerts-state.js";
import type { AlertEvent, AlertTone } from "../../alerts/events.js";
import type { Tone } from "../palettes.js";

/** What `A` and `L` say when the dashboard runs without an alerter. */
export const ALERTS_UNAVAILABLE = "alerts are not available here";

const NO_SUBSCRIPTION = () => undefined;

/** The alerter's state, drawn as it changes; what keeps alerts from working fully is said once in the footer when it comes (the help keeps it). */
export function useAlerts(alerts: AlertsController | undefined, say: (text: string) => void): AlertsState {
  const subscribe = useCallback((l: () => void) => (alerts ? alerts.store.subscribe(l) : NO_SUBSCRIPTION), [alerts]);
  const get = useCallback(() => (alerts ? alerts.store.getSnapshot() : EMPTY_ALERTS), [alerts]);
  const state = useSyncExternalStore(subscribe, get);
  const { problem } = state;
  useEffect(() => {
    if (problem !== undefined) say(`alerts: ${problem}`);
  }, [problem, say]);
  return state;
}

/** The alert the alert line shows at the local instant `localNow`: the latest, until its time is up. */
export function alertOnLine(s: AlertsState, localNow: number): AlertEvent | undefined {
  return s.line !== undefined && s.line.until > localNow ? s.line.alert : undefined;
}

export const ALERT_TONES: Readonly<Record<AlertTone, Tone>> = { up: "up", down: "down", warn: "warn", info: "accent" };
