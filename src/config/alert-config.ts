/**
 * The config file's alerting set-up into AlertSettings: `[alerts]` (how and
 * where alerts go, which simple events are on; a profile's keys over the top
 * level's one by one) and the `[[alert]]` rules (the top level's and then the
 * profile's). Read after the settings, because a price rule without an asset
 * watches the asset in use and --no-bell takes the bell out of every rule.
 * A bad value stops the start with one line naming the rule and the field;
 * a value is never logged, as notify_command may carry a token.
 * docs/config.md, Alerts.
 */
import {
  type AlertRule,
  type AlertSettings,
  CHANNELS,
  type Channel,
  CLOSING_MAX_SECONDS,
  DEFAULT_ALERT_SETTINGS,
  DESKTOP_STYLES,
  type DesktopStyle,
  makeRule,
  SIMPLE_KINDS,
  type SimpleKind,
} from "../alerts/rules.js";
import { Decimal, parseDecimal } from "../domain/money.js";
import { type AlertSources, commandArgv, isTable, type Placed, type Table } from "./config-file.js";
import { ConfigError } from "./errors.js";
import { SettingsSchema } from "./schema.js";

/** What alerts read of the other settings. */
export interface AlertContext {
  /** The asset in use: a price rule's when it names none. */
  asset: string;
  /** --no-bell: the bell leaves the default delivery and every rule's. */
  noBell: boolean;
}

const TABLE_KEYS = ["deliver", "desktop", "notify_command", "notify_timeout", "only_unfocused", "cooldown", ...SIMPLE_KINDS] as const;
type TableKey = (typeof TABLE_KEYS)[number];

const EVENTS = ["price", "closing", ...SIMPLE_KINDS] as const;
const RULE_FIELDS = {
  price: ["event", "asset", "above", "below", "repeat", "deliver"],
  closing: ["event", "seconds", "only_unheld", "deliver"],
  simple: ["event", "deliver"],
} as const;

/** The limits of the numbers, in seconds. */
export const NOTIFY_TIMEOUT_MIN_S = 0.1;
export const NOTIFY_TIMEOUT_MAX_S = 60;
export const COOLDOWN_MIN_S = 5;
export const COOLDOWN_MAX_S = 86_400;
/** A float's shortest form is what was written when that had at most this many significant digits. */
const FLOAT_DIGITS = 15;

/** What a rule is read with. */
interface RuleContext {
  asset: string;
  hasCommand: boolean;
  floats: AlertSources["floats"];
}

/** The file's `[alerts]` and `[[alert]]` as AlertSettings, the defaults where it says nothing. */
export function alertSettings(sources: AlertSources, ctx: AlertContext): AlertSettings {
  const table = mergedTable(sources.tables);
  const value = <T>(key: TableKey, read: (v: unknown, label: string) => T, fallback: T): T => {
    const entry = table.get(key);
    return entry === undefined ? fallback : read(entry.value, entry.label);
  };
  const d = DEFAULT_ALERT_SETTINGS;
  const notifyCommand = value("notify_command", notifyArgv, d.notifyCommand);
  const hasCommand = notifyCommand !== null;
  const events = { ...d.events };
  for (const kind of SIMPLE_KINDS) events[kind] = value(kind, boolean, d.events[kind]);
  const rules = readRules(sources.lists, { asset: ctx.asset, hasCommand, floats: sources.floats });
  // A rule written for a simple event turns it on: that is what writing it asks.
  for (const r of rules) if (r.kind !== "price" && r.kind !== "closing") events[r.kind] = true;
  const fallback: readonly Channel[] = hasCommand ? [...d.deliver, "command"] : d.deliver;
  const deliver = value("deliver", (v, label) => channels(v, label, hasCommand), fallback);
  const withoutBell = (cs: readonly Channel[]) => (ctx.noBell ? cs.filter((c) => c !== "bell") : cs);
  return {
    events,
    rules: rules.map((r) => (r.deliver === undefined ? r : { ...r, deliver: withoutBell(r.deliver) })),
    deliver: withoutBell(deliver),
    desktop: value("desktop", desktopStyle, d.desktop),
    notifyCommand,
    notifyTimeoutMs: value("notify_timeout", notifyTimeout, d.notifyTimeoutMs),
    onlyUnfocused: value("only_unfocused", boolean, d.onlyUnfocused),
    cooldownMs: value("cooldown", cooldown, d.cooldownMs),
  };
}

/** The `[alerts]` tables key by key, the later (the profile's) over the earlier, each value with its label. */
function mergedTable(tables: readonly Placed[]): Map<TableKey, { value: unknown; label: string }> {
  const merged = new Map<TableKey, { value: unknown; label: string }>();
  for (const { value, where } of tables) {
    if (!isTable(value)) throw new ConfigError(`alerts (in ${where})`, "must be a table: [alerts]");
    for (const [key, v] of Object.entries(value)) {
      const label = `alerts.${key} (in ${where})`;
      if (!(TABLE_KEYS as readonly string[]).includes(key))
        throw new ConfigError(label, `is not an alerts setting; known: ${TABLE_KEYS.join(", ")}`);
      merged.set(key as TableKey, { value: v, label });
    }
  }
  return merged;
}

/** Every `[[alert]]`, the top level's then the profile's; a rule written twice is kept once, at its first place, as last written. */
function readRules(lists: readonly Placed[], ctx: RuleContext): AlertRule[] {
  const byId = new Map<string, AlertRule>();
  for (const { value, where } of lists) {
    if (!Array.isArray(value) || !value.every(isTable))
      throw new ConfigError(`alert (in ${where})`, "must be [[alert]] tables (double brackets), one per rule");
    value.forEach((table, i) => {
      const rule = readRule(table, `alert #${i + 1} (in ${where})`, ctx);
      byId.set(rule.id, rule);
    });
  }
  return [...byId.values()];
}

function readRule(table: Table, name: string, ctx: RuleContext): AlertRule {
  const event = table.event;
  if (!(EVENTS as readonly unknown[]).includes(event)) {
    const given = event === undefined ? "missing" : `got ${got(event)}`;
    throw new ConfigError(`${name} event`, `must be one of ${EVENTS.join(", ")} (${given})`);
  }
  const kind = event as (typeof EVENTS)[number];
  const known: readonly string[] = RULE_FIELDS[kind === "price" || kind === "closing" ? kind : "simple"];
  for (const field of Object.keys(table)) {
    if (!known.includes(field)) throw new ConfigError(`${name} ${field}`, `is not a field of a ${kind} alert; known: ${known.join(", ")}`);
  }
  const field = <T>(key: string, read: (v: unknown, label: string) => T, fallback: T): T =>
    table[key] === undefined ? fallback : read(table[key], `${name} ${key}`);
  const deliver = field<Channel[] | undefined>("deliver", (v, label) => channels(v, label, ctx.hasCommand), undefined);
  const extra = deliver === undefined ? {} : { deliver };
  if (kind === "price") {
    const [direction, other] = table.above === undefined ? (["below", "above"] as const) : (["above", "below"] as const);
    if (table[other] !== undefined) throw new ConfigError(`${name} above, below`, "give one of them, not both");
    if (table[direction] === undefined) throw new ConfigError(`${name} above`, "a price alert needs above or below, e.g. above = 75000");
    return makeRule({
      kind,
      asset: field("asset", assetName, ctx.asset),
      direction,
      level: price(table[direction], `${name} ${direction}`, ctx.floats),
      repeat: field("repeat", boolean, false),
      ...extra,
    });
  }
  if (kind === "closing") {
    if (table.seconds === undefined) throw new ConfigError(`${name} seconds`, "a closing alert needs it, e.g. seconds = 30");
    return makeRule({
      kind,
      seconds: closingSeconds(table.seconds, `${name} seconds`),
      onlyUnheld: field("only_unheld", boolean, false),
      ...extra,
    });
  }
  return makeRule({ kind: kind satisfies SimpleKind, ...extra });
}

/** A price level exactly as written: a decimal string, or a TOML number (toml-numbers.ts), never through a float. */
function price(v: unknown, label: string, floats: RuleContext["floats"]): Decimal {
  let level: Decimal | null = null;
  if (typeof v === "string") level = parseDecimal(v);
  else if (typeof v === "bigint" || (typeof v === "number" && Number.isSafeInteger(v))) level = new Decimal(v.toString());
  else if (typeof v === "number" && Number.isFinite(v)) level = floatLevel(v, label, floats);
  if (level === null || !level.isFinite() || level.lte(0)) throw new ConfigError(label, `must be a price such as 75000 (got ${got(v)})`);
  return level;
}

function floatLevel(v: number, label: string, floats: RuleContext["floats"]): Decimal {
  const written = [...(floats.get(v) ?? [])];
  if (written.length === 1) return new Decimal(written[0]!);
  // Two decimals in the file make this float: which was meant here cannot be told. Not found: the shortest form, if surely what was written.
  const shortest = new Decimal(String(v));
  if (written.length > 1 || shortest.sd() > FLOAT_DIGITS)
    throw new ConfigError(label, `cannot be kept exactly as a TOML number; write it as a string, e.g. "75000.123456789012" (got ${v})`);
  return shortest;
}

function assetName(v: unknown, label: string): string {
  const parsed = SettingsSchema.shape.asset.safeParse(v);
  if (!parsed.success) throw new ConfigError(label, `${parsed.error.issues[0]!.message} (got ${got(v)})`);
  return parsed.data;
}

function closingSeconds(v: unknown, label: string): number {
  const n = seconds(v);
  if (!Number.isInteger(n) || n < 1 || n > CLOSING_MAX_SECONDS)
    throw new ConfigError(label, `must be a whole number of seconds from 1 to ${CLOSING_MAX_SECONDS} (got ${got(v)})`);
  return n;
}

function notifyTimeout(v: unknown, label: string): number {
  const n = seconds(v);
  if (!(n >= NOTIFY_TIMEOUT_MIN_S && n <= NOTIFY_TIMEOUT_MAX_S))
    throw new ConfigError(label, `must be seconds, from ${NOTIFY_TIMEOUT_MIN_S} to ${NOTIFY_TIMEOUT_MAX_S} (got ${got(v)})`);
  return Math.round(n * 1000);
}

function cooldown(v: unknown, label: string): number {
  const n = seconds(v);
  if (!(n >= COOLDOWN_MIN_S && n <= COOLDOWN_MAX_S))
    throw new ConfigError(label, `must be seconds from ${COOLDOWN_MIN_S} to ${COOLDOWN_MAX_S} (got ${got(v)})`);
  return Math.round(n * 1000);
}

/** A number of seconds as a TOML number or a string of digits; NaN otherwise. */
function seconds(v: unknown): number {
  if (typeof v === "number") return v;
  if (typeof v === "string" && /^\s*\d+(\.\d+)?\s*$/.test(v)) return Number(v);
  return Number.NaN;
}

function boolean(v: unknown, label: string): boolean {
  if (typeof v !== "boolean") throw new ConfigError(label, `must be true or false (got ${got(v)})`);
  return v;
}

function desktopStyle(v: unknown, label: string): DesktopStyle {
  if (!(DESKTOP_STYLES as readonly unknown[]).includes(v))
    throw new ConfigError(label, `must be one of ${DESKTOP_STYLES.join(", ")} (got ${got(v)})`);
  return v as DesktopStyle;
}

/** `["bell", "desktop"]` or one channel as a string; an empty list leaves the alert on the screen alone. */
function channels(v: unknown, label: string, hasCommand: boolean): Channel[] {
  const list = typeof v === "string" ? [v] : v;
  const example = `a list of ${CHANNELS.join(", ")}, e.g. ["bell", "desktop"]`;
  if (!Array.isArray(list)) throw new ConfigError(label, `must be ${example} (got ${got(v)})`);
  for (const c of list)
    if (!(CHANNELS as readonly unknown[]).includes(c)) throw new ConfigError(label, `must be ${example} (got ${got(c)})`);
  if (list.includes("command") && !hasCommand) throw new ConfigError(label, '"command" needs a notify_command in [alerts]');
  return [...new Set(list as Channel[])];
}

function notifyArgv(v: unknown, label: string): string[] {
  return commandArgv(v, label, '"notify-send spotdash" or ["/home/me/bin/alert", "--loud"]');
}

/** A value as an error shows it: strings quoted and cut short (the error's redactor removes a key), tables and lists by kind. */
function got(v: unknown): string {
  if (typeof v === "string") return JSON.stringify(v.length > 60 ? `${v.slice(0, 60)}…` : v);
  if (Array.isArray(v)) return "a list";
  if (v instanceof Date) return "a date";
  if (isTable(v)) return "a table";
  return String(v);
}
