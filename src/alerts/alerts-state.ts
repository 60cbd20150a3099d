/**
 * What the screen reads of the alerts, and what its keys ask of them: the
 * rules with their state, the last alerts fired, the one shown on the alert
 * line. The alerter (alerter.ts) keeps it; no pane acts on the rules itself.
 */
import type { Store } from "../poller/store.js";
import type { AlertEvent } from "./events.js";
import type { AlertRule, Channel, RuleSpec } from "./rules.js";

export interface FiredAlert {
  event: AlertEvent;
  /** Where it went besides the screen (none while the pane is focused with only_unfocused). */
  channels: readonly Channel[];
}

export type RuleOrigin = "default" | "config" | "dashboard";

export interface RuleEntry {
  rule: AlertRule;
  /** default: a simple event on by default; config: an [[alert]] of the file; dashboard: made with the alert form. */
  origin: RuleOrigin;
  muted: boolean;
  /** A once-only price rule that has fired: it waits to be deleted. */
  spent: boolean;
}

export interface AlertsState {
  rules: readonly RuleEntry[];
  /** The last alerts fired, oldest first (kept in the state directory, at most FIRED_KEPT). */
  fired: readonly FiredAlert[];
  /** The alert on the alert line, until the local ms `until`. */
  line?: { alert: AlertEvent; until: number };
  /** What keeps alerts from working fully (notify_command failing, the alerts file unwritable); said once. */
  problem?: string;
}

/** How many fired alerts are kept. */
export const FIRED_KEPT = 50;
/** How long the alert line shows an alert. */
export const ALERT_LINE_MS = 10_000;

export const EMPTY_ALERTS: AlertsState = { rules: [], fired: [] };

/** What making a rule did: a new rule, a spent or muted one armed again, or nothing (it is in force already). */
export type RuleAdded = "added" | "rearmed" | "exists";

/** The alerts as the screen's keys reach them. */
export interface AlertsController {
  store: Store<AlertsState>;
  /** A rule made on the screen: in force at once, kept in the state directory. */
  addRule(spec: RuleSpec): RuleAdded;
  /** Deletes a rule made on the screen; rules of the config file are muted instead. */
  deleteRule(id: string): void;
  /** Mutes or unmutes a rule; a spent once-only rule is armed again. */
  toggleMute(id: string): void;
  /** The terminal's focus report (CSI I / CSI O). */
  setFocused(focused: boolean): void;
}
