/**
 * The alerts list's state and what its keys do, as pure functions: the
 * selected rule (an index kept inside the rules there are), how far the
 * fired alerts are scrolled, and what a key asks of the alerter.
 */
import type { RuleEntry } from "../../../alerts/alerts-state.js";
import { describeRule } from "../../../alerts/rules.js";
import { formatPriceExact } from "../../../domain/format.js";
import type { AlertListAction } from "./keys.js";

export interface AlertListState {
  /** The selected rule's index; drawn and acted on within the rules there are now. */
  selected: number;
  /** The first fired alert shown, newest first. */
  firedScroll: number;
}

export const LIST_OPENED: AlertListState = { selected: 0, firedScroll: 0 };

/** The pane's border and title, and the two headings (RULES, FIRED). */
export const LIST_CHROME = 3 + 2;

/**
 * The rows the rules and the fired alerts get in a list `height` rows high:
 * all of both when they fit (an empty list its one line); else the rules at
 * least half, or all they want when the fired alerts leave it.
 */
export function listSplit(height: number, rules: number, fired: number): { rules: number; fired: number } {
  const room = Math.max(0, height - LIST_CHROME);
  const r = Math.max(1, rules);
  const f = Math.max(1, fired);
  if (r + f <= room) return { rules: r, fired: f };
  if (room <= 1) return { rules: room, fired: 0 };
  const ruleRows = Math.min(r, room - 1, Math.max(Math.ceil(room / 2), room - f));
  return { rules: ruleRows, fired: room - ruleRows };
}

/** The selection within the rules there are now. */
export function selectedRule(s: AlertListState, rules: number): number {
  return Math.max(0, Math.min(rules - 1, s.selected));
}

export interface AlertListContext {
  rules: readonly RuleEntry[];
  /** The fired alerts' rows shown, and how far they scroll (listSplit). */
  firedRows: number;
  firedLimit: number;
  /** The mute key as bound, for what a refused delete says. */
  muteKey: string;
}

export type AlertCall = { op: "toggleMute" | "deleteRule"; id: string };

/** The list after a key (null: closed), what to ask of the alerter, and what to say in the footer. */
export function alertListAction(
  s: AlertListState,
  action: AlertListAction,
  c: AlertListContext,
): { list: AlertListState | null; call?: AlertCall; said?: string } {
  const at = selectedRule(s, c.rules.length);
  const scroll = (by: number) => Math.max(0, Math.min(c.firedLimit, Math.min(s.firedScroll, c.firedLimit) + by));
  switch (action) {
    case "close":
      return { list: null };
    case "down":
      return { list: { ...s, selected: selectedRule({ ...s, selected: at + 1 }, c.rules.length) } };
    case "up":
      return { list: { ...s, selected: Math.max(0, at - 1) } };
    case "pageDown":
      return { list: { ...s, firedScroll: scroll(Math.max(1, c.firedRows)) } };
    case "pageUp":
      return { list: { ...s, firedScroll: scroll(-Math.max(1, c.firedRows)) } };
    case "mute":
    case "delete":
      return ruleAction(s, action, c.rules[at], c.muteKey);
  }
}

function ruleAction(
  s: AlertListState,
  action: "mute" | "delete",
  entry: RuleEntry | undefined,
  muteKey: string,
): { list: AlertListState; call?: AlertCall; said?: string } {
  if (entry === undefined) return { list: s, said: "no rules to act on" };
  const words = describeRule(entry.rule, formatPriceExact);
  if (action === "mute") {
    const did = entry.spent ? "armed again" : entry.muted ? "unmuted" : "muted";
    return { list: s, call: { op: "toggleMute", id: entry.rule.id }, said: `${did}: ${words}` };
  }
  if (entry.origin === "config") return { list: s, said: `rules of the config file can only be muted (${muteKey})` };
  if (entry.origin === "default")
    return { list: s, said: `the default events can only be muted (${muteKey}), or turned off in the config file` };
  return { list: s, call: { op: "deleteRule", id: entry.rule.id }, said: `deleted: ${words}` };
}

/** The fired alerts' rows in a list `height` rows high, and how far they scroll: what the page keys step by. */
export function firedFit(
  height: number,
  alerts: { rules: readonly unknown[]; fired: readonly unknown[] },
): { rows: number; limit: number } {
  const rows = listSplit(height, alerts.rules.length, alerts.fired.length).fired;
  return { rows, limit: Math.max(0, alerts.fired.length - rows) };
}
