/**
 * An alert as it is delivered: one object with the same names and fields
 * on the screen's list, in `notify_command`'s stdin and in
 * `spotdash watch --events` (docs/alerts.md lists them).
 */
import type { AlertKind } from "./rules.js";

/** How the screen colours it. */
export type AlertTone = "up" | "down" | "warn" | "info";

/** A field of an event, JSON-ready: money and prices as exact decimal strings. */
export type AlertField = string | number | boolean | null;

export interface AlertEvent {
  event: AlertKind;
  /** The id of the rule that fired (rules.ts, ruleId). */
  rule: string;
  /** Server epoch ms of the data that fired it. */
  at: number;
  /** A few words for a notification's title: "BTC_USDT above 75,000". */
  title: string;
  /** One line for a person, the key facts first. */
  text: string;
  /**
   * The same line naming its subject less, for a line too narrow for the first of `text`'s parts (" · "): a
   * settlement without the market, then without the game's id, so its result and amount are never cut.
   */
  shorter?: readonly string[];
  tone: AlertTone;
  /** What the event is about, each kind its own (docs/alerts.md). */
  data: Readonly<Record<string, AlertField>>;
}

/** The event as one JSON object: what notify_command reads on stdin and `watch --events` prints per line. */
export function eventJson(e: AlertEvent): Record<string, AlertField> {
  return { ...e.data, event: e.event, rule: e.rule, at: e.at, time: new Date(e.at).toISOString(), title: e.title, text: e.text };
}
