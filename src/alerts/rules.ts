/**
 * What can call the trader, and what a rule for it says: the kinds of
 * event, which of them are on before the trader says anything, and the
 * rules the trader writes (a price level, a countdown to the close). One
 * place for every rule the spec leaves to us: docs/alerts.md.
 */
import type { Decimal } from "../domain/money.js";

/** The events that need no setting but on or off: each is one rule of its own. */
export const SIMPLE_KINDS = ["settled", "turned", "early_window", "balance", "service", "key_refused", "rate_limited"] as const;
export type SimpleKind = (typeof SIMPLE_KINDS)[number];

/** Every event an alert can be about. */
export type AlertKind = SimpleKind | "price" | "closing";

/**
 * On or off before the trader says: what reaches them about their money and
 * about the dashboard going blind is on; what fires every game (the early
 * window, a projection flipping) is off.
 */
export const SIMPLE_DEFAULTS: Readonly<Record<SimpleKind, boolean>> = {
  settled: true,
  turned: false,
  early_window: false,
  balance: true,
  service: true,
  key_refused: true,
  rate_limited: true,
};

/** Where an alert goes besides the screen, which always shows it. */
export const CHANNELS = ["bell", "desktop", "command"] as const;
export type Channel = (typeof CHANNELS)[number];

/** The desktop notification's escape sequence: OSC 9, OSC 777, kitty's OSC 99; auto picks by the terminal. */
export const DESKTOP_STYLES = ["auto", "osc9", "osc777", "osc99", "off"] as const;
export type DesktopStyle = (typeof DESKTOP_STYLES)[number];

export type PriceDirection = "above" | "below";

export type AlertRule =
  | { id: string; kind: SimpleKind; deliver?: readonly Channel[] }
  | {
      id: string;
      kind: "price";
      asset: string;
      direction: PriceDirection;
      level: Decimal;
      /** Fires at every crossing (after the cooldown), not only the first. */
      repeat: boolean;
      deliver?: readonly Channel[];
    }
  | {
      id: string;
      kind: "closing";
      /** Fires this many seconds before predictions close in the focused game. */
      seconds: number;
      /** Only while nothing is held in that game. */
      onlyUnheld: boolean;
      deliver?: readonly Channel[];
    };

export type PriceRule = Extract<AlertRule, { kind: "price" }>;
export type ClosingRule = Extract<AlertRule, { kind: "closing" }>;

/** The whole alerting set-up: the config file's `[alerts]` and `[[alert]]`, with the flags' say (--no-bell). */
export interface AlertSettings {
  /** Which simple events are on. */
  events: Readonly<Record<SimpleKind, boolean>>;
  /** The `[[alert]]` rules (price levels, countdowns, and simple events with their own delivery). */
  rules: readonly AlertRule[];
  /** Where alerts go when a rule does not say. */
  deliver: readonly Channel[];
  desktop: DesktopStyle;
  /** argv run with each event as JSON on stdin; null when none. */
  notifyCommand: readonly string[] | null;
  /** How long notify_command may run before it is killed. */
  notifyTimeoutMs: number;
  /** Bell, desktop and command only while the terminal says the pane is not focused. */
  onlyUnfocused: boolean;
  /** A rule does not fire again within this long of its last firing. */
  cooldownMs: number;
}

/** A rule's cooldown unless the config file says otherwise: a price wobbling on a level fires once a minute at most. */
export const DEFAULT_COOLDOWN_MS = 60_000;
/** notify_command's time limit unless the config file says otherwise. */
export const DEFAULT_NOTIFY_TIMEOUT_MS = 5_000;
/** The longest countdown to a close a rule may ask for: a day, the longest game. */
export const CLOSING_MAX_SECONDS = 86_400;
/** How long the service must be unreachable before it is an alert. */
export const SERVICE_DOWN_MS = 30_000;
/** How long rate limiting must last before it is an alert. */
export const RATE_LIMITED_MS = 60_000;

export const DEFAULT_ALERT_SETTINGS: AlertSettings = {
  events: SIMPLE_DEFAULTS,
  rules: [],
  deliver: ["bell"],
  desktop: "auto",
  notifyCommand: null,
  notifyTimeoutMs: DEFAULT_NOTIFY_TIMEOUT_MS,
  onlyUnfocused: false,
  cooldownMs: DEFAULT_COOLDOWN_MS,
};

/** A rule's id from what it says, so the same rule written twice is one rule, and its mute outlives a relaunch. */
export function ruleId(r: DistributiveOmit<AlertRule, "id">): string {
  switch (r.kind) {
    case "price":
      return `price:${r.asset}:${r.direction}:${r.level.toString()}${r.repeat ? ":every" : ""}`;
    case "closing":
      return `closing:${r.seconds}${r.onlyUnheld ? ":unheld" : ""}`;
    default:
      return r.kind;
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type RuleSpec = DistributiveOmit<AlertRule, "id">;

/** A rule with its id. */
export function makeRule(spec: RuleSpec): AlertRule {
  return { ...spec, id: ruleId(spec) } as AlertRule;
}

/** What a rule watches for, in a few words: "BTC_USDT above 75,000", "10 s before close". */
export function describeRule(r: AlertRule, formatLevel: (d: Decimal) => string): string {
  switch (r.kind) {
    case "price":
      return `${r.asset} ${r.direction} ${formatLevel(r.level)}${r.repeat ? ", every time" : ", once"}`;
    case "closing":
      return `${r.seconds} s before predictions close${r.onlyUnheld ? ", holding nothing" : ""}`;
    default:
      return SIMPLE_WORDS[r.kind];
  }
}

/** The simple events in words, for the alert list and the docs. */
export const SIMPLE_WORDS: Readonly<Record<SimpleKind, string>> = {
  settled: "a held game settled",
  turned: "a held game turns winning or losing",
  early_window: "the early precision window opens",
  balance: "the balance changes by something done elsewhere",
  service: `the service unreachable for ${SERVICE_DOWN_MS / 1000} s, and back`,
  key_refused: "the key refused",
  rate_limited: `rate limited for more than ${RATE_LIMITED_MS / 1000} s`,
};

/** The rules in force: one per simple event that is on, and every written rule; a rule written twice counts once. */
export function rulesInForce(settings: Pick<AlertSettings, "events" | "rules">, made: readonly AlertRule[] = []): AlertRule[] {
  const byId = new Map<string, AlertRule>();
  for (const kind of SIMPLE_KINDS) if (settings.events[kind]) byId.set(kind, { id: kind, kind });
  for (const r of [...settings.rules, ...made]) byId.set(r.id, r);
  return [...byId.values()];
}
