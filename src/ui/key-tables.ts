/**
 * Every mode's key table together, as the trader binds them: the tables'
 * own keys, with the config file's `[keys]` over them. A rebinding names an
 * action (`place`, or `results.close` for another mode's) and its keys; a
 * key that would mean two things where both are live (in one mode, or in a
 * mode and the dashboard keys it lets through) is refused with the two
 * actions named. docs/config.md, "Keys".
 */
import { ALERT_FORM_KEYS } from "./alerts/form/keys.js";
import { ALERT_LIST_KEYS, ALERTS_PASS } from "./alerts/list/keys.js";
import { BOOK_KEYS, BOOK_PASS } from "./book/keys.js";
import { DASHBOARD_KEYS, type DashboardAction } from "./dashboard/keys.js";
import { FORM_KEYS } from "./form/keys.js";
import { type Binding, keyId, keyLabel, parseKey } from "./keymap.js";
import { OVERLAY_KEYS } from "./overlays/keys.js";
import { PERFORMANCE_KEYS, PERFORMANCE_PASS } from "./performance/keys.js";
import { RESULTS_KEYS, RESULTS_PASS } from "./results/keys.js";
import { CONFIRM_KEYS } from "./strategy/confirm/keys.js";

export interface KeyTables {
  dashboard: typeof DASHBOARD_KEYS;
  form: typeof FORM_KEYS;
  results: typeof RESULTS_KEYS;
  performance: typeof PERFORMANCE_KEYS;
  book: typeof BOOK_KEYS;
  overlay: typeof OVERLAY_KEYS;
  alert: typeof ALERT_FORM_KEYS;
  alerts: typeof ALERT_LIST_KEYS;
  /** The prompt that arms a strategy on mainnet. */
  strategy: typeof CONFIRM_KEYS;
}

/** A new mode's table joins here and in KeyTables: its actions become rebindable as `<name>.<action>` and are checked for clashes. */
export const DEFAULT_KEYS: KeyTables = {
  dashboard: DASHBOARD_KEYS,
  form: FORM_KEYS,
  results: RESULTS_KEYS,
  performance: PERFORMANCE_KEYS,
  book: BOOK_KEYS,
  overlay: OVERLAY_KEYS,
  alert: ALERT_FORM_KEYS,
  alerts: ALERT_LIST_KEYS,
  strategy: CONFIRM_KEYS,
};

type TableName = keyof KeyTables;
const TABLE_NAMES = Object.keys(DEFAULT_KEYS) as TableName[];

/** An action as the config file names it: the dashboard's bare (`place`), another mode's after its name (`results.close`). */
export function actionId(table: TableName, action: string): string {
  return table === "dashboard" ? action : `${table}.${action}`;
}

/** Every action the config file may rebind. */
export function actionIds(): string[] {
  return TABLE_NAMES.flatMap((t) => [...new Set(DEFAULT_KEYS[t].map((b) => actionId(t, b.action)))]);
}

/** A view's own way out is the key that opened it too: rebinding `results` moves the r of `results.close` with it. */
const OPENED_BY: readonly { table: TableName; actions: readonly string[]; opener: DashboardAction }[] = [
  { table: "results", actions: ["close", "leave"], opener: "results" },
  { table: "performance", actions: ["close"], opener: "performance" },
  { table: "book", actions: ["close"], opener: "book" },
  { table: "alerts", actions: ["close"], opener: "alerts" },
];

/**
 * The tables with `overrides` (action id → keys) over the defaults. Throws
 * a one-line message for an unknown action, a key that is none, or a clash.
 */
export function bindKeys(overrides: ReadonlyMap<string, readonly string[]>): KeyTables {
  const known = new Set(actionIds());
  for (const [id, keys] of overrides) {
    if (!known.has(id)) throw new Error(`${id} is not an action; actions: ${[...known].join(", ")}`);
    for (const k of keys) {
      const p = parseKey(k);
      if (typeof p === "string") throw new Error(`${id}: ${p}`);
    }
  }
  const keysOf = (t: TableName, b: Binding): readonly string[] => {
    const own = overrides.get(actionId(t, b.action));
    if (own !== undefined) return own;
    const opened = OPENED_BY.find((o) => o.table === t && o.actions.includes(b.action));
    const opener = opened && overrides.get(opened.opener);
    if (!opened || opener === undefined) return b.keys;
    const was = DASHBOARD_KEYS.find((d) => d.action === opened.opener)?.keys ?? [];
    return [...new Set(b.keys.flatMap((k) => (was.includes(k) ? opener : [k])))];
  };
  const tables = Object.fromEntries(
    TABLE_NAMES.map((t) => [t, (DEFAULT_KEYS[t] as readonly Binding[]).map((b) => ({ ...b, keys: keysOf(t, b) }))]),
  ) as unknown as KeyTables;
  const clash = findClash(tables);
  if (clash !== undefined) throw new Error(clash);
  return tables;
}

type Place = { id: string; keys: readonly string[] }[];

/** Where keys must not mean two things: each table alone, unless it is one of these, which have more to them. */
function placesOf(t: KeyTables): Place[] {
  const own = (name: TableName, table: readonly Binding[]): Place => table.map((b) => ({ id: actionId(name, b.action), keys: b.keys }));
  const passed = (actions: readonly DashboardAction[]) =>
    own(
      "dashboard",
      t.dashboard.filter((b) => actions.includes(b.action)),
    );
  const special: Partial<Record<TableName, Place[]>> = {
    results: (["list", "detail"] as const).map((w) => [
      ...own(
        "results",
        t.results.filter((b) => b.in === w),
      ),
      ...passed(RESULTS_PASS[w]),
    ]),
    performance: [[...own("performance", t.performance), ...passed(PERFORMANCE_PASS)]],
    book: [[...own("book", t.book), ...passed(BOOK_PASS)]],
    alerts: [[...own("alerts", t.alerts), ...passed(ALERTS_PASS)]],
    form: [
      own(
        "form",
        t.form.filter((b) => b.in !== "preview"),
      ),
      own(
        "form",
        t.form.filter((b) => b.in !== "edit"),
      ),
    ],
    // The overlays let every other key through: the overlay toggles and quit must stay theirs.
    overlay: [[...own("overlay", t.overlay), ...passed(["quit", "help", "diagnostics"])]],
  };
  return TABLE_NAMES.flatMap((name) => special[name] ?? [own(name, t[name] as readonly Binding[])]);
}

/** The first key that means two things where both are live, as one line; undefined when none does. */
export function findClash(t: KeyTables): string | undefined {
  for (const place of placesOf(t)) {
    const seen = new Map<string, string>();
    for (const { id, keys } of place) {
      for (const k of keys) {
        const other = seen.get(keyId(k));
        if (other !== undefined && other !== id) return `${other} and ${id} are both ${keyLabel(k)}`;
        seen.set(keyId(k), id);
      }
    }
  }
  // Ctrl+C quits whatever has the keys: bound elsewhere it would never act.
  const ctrlC = TABLE_NAMES.flatMap((name) =>
    (t[name] as readonly Binding[])
      .filter((b) => !(name === "dashboard" && b.action === "quit") && b.keys.some((k) => keyId(k) === keyId("ctrl+c")))
      .map((b) => actionId(name, b.action)),
  );
  if (ctrlC[0] !== undefined) return `${ctrlC[0]} cannot be Ctrl+C: it always quits`;
  const typed = t.form.find((b) => b.in !== "preview" && b.keys.some(isCharacter));
  if (typed !== undefined) return `${actionId("form", typed.action)} cannot be a character: it would type into the form's fields`;
  const typedAlert = t.alert.find((b) => b.keys.some(isCharacter));
  if (typedAlert !== undefined)
    return `${actionId("alert", typedAlert.action)} cannot be a character: it would type into the alert's value`;
  const typedName = t.strategy.find((b) => b.keys.some(isCharacter));
  if (typedName !== undefined)
    return `${actionId("strategy", typedName.action)} cannot be a character: it would type into the strategy's name`;
  return undefined;
}

function isCharacter(spec: string): boolean {
  const k = parseKey(spec);
  return typeof k !== "string" && k.char !== undefined && !k.ctrl;
}
