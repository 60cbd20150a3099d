/**
 * Every mode's key table together, as the trader binds them: the tables'
 * own keys, with the config file's `[keys]` over them. A rebinding names an
 * action (`place`, or `results.close` for another mode's) and its keys; a
 * key that would mean two things where both are live (in one mode, or in a
 * mode and the dashboard keys it lets through) is refused with the two
 * actions named. docs/config.md, "Keys".
 */
import { BOOK_KEYS, BOOK_PASS } from "./book/keys.js";
import { DASHBOARD_KEYS, type DashboardAction } from "./dashboard/keys.js";
import { FORM_KEYS, type FormAction } from "./form/keys.js";
import { type Binding, KEY_NAMES, keyId, keyLabel, parseKey } from "./keymap.js";
import { OVERLAY_KEYS } from "./overlays/keys.js";
import { RESULTS_KEYS, RESULTS_PASS } from "./results/keys.js";

export interface KeyTables {
  dashboard: typeof DASHBOARD_KEYS;
  form: typeof FORM_KEYS;
  results: typeof RESULTS_KEYS;
  book: typeof BOOK_KEYS;
  overlay: typeof OVERLAY_KEYS;
}

export const DEFAULT_KEYS: KeyTables = {
  dashboard: DASHBOARD_KEYS,
  form: FORM_KEYS,
  results: RESULTS_KEYS,
  book: BOOK_KEYS,
  overlay: OVERLAY_KEYS,
};

type TableName = keyof KeyTables;

/** An action as the config file names it: the dashboard's bare (`place`), another mode's after its name (`results.close`). */
export function actionId(table: TableName, action: string): string {
  return table === "dashboard" ? action : `${table}.${action}`;
}

/** Every action the config file may rebind. */
export function actionIds(tables: KeyTables = DEFAULT_KEYS): string[] {
  return (Object.keys(tables) as TableName[]).flatMap((t) => [...new Set(tables[t].map((b) => actionId(t, b.action)))]);
}

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
  const rebind = <B extends Binding>(t: TableName, table: readonly B[]): B[] =>
    table.map((b) => {
      const keys = overrides.get(actionId(t, b.action));
      return keys === undefined ? b : { ...b, keys };
    });
  const tables: KeyTables = {
    dashboard: rebind("dashboard", DASHBOARD_KEYS),
    form: rebind("form", FORM_KEYS),
    results: rebind("results", RESULTS_KEYS),
    book: rebind("book", BOOK_KEYS),
    overlay: rebind("overlay", OVERLAY_KEYS),
  };
  const clash = findClash(tables);
  if (clash !== undefined) throw new Error(clash);
  return tables;
}

/** The first key that means two things where both are live, as one line; undefined when none does. */
export function findClash(t: KeyTables): string | undefined {
  const passed = (actions: readonly DashboardAction[]) =>
    t.dashboard.filter((b) => actions.includes(b.action)).map((b) => ({ id: actionId("dashboard", b.action), keys: b.keys }));
  const own = <B extends Binding>(name: TableName, table: readonly B[]) =>
    table.map((b) => ({ id: actionId(name, b.action), keys: b.keys }));
  const places: { id: string; keys: readonly string[] }[][] = [
    own("dashboard", t.dashboard),
    [
      ...own(
        "results",
        t.results.filter((b) => b.in === "list"),
      ),
      ...passed(RESULTS_PASS.list),
    ],
    [
      ...own(
        "results",
        t.results.filter((b) => b.in === "detail"),
      ),
      ...passed(RESULTS_PASS.detail),
    ],
    [...own("book", t.book), ...passed(BOOK_PASS)],
    own(
      "form",
      t.form.filter((b) => b.in !== "preview"),
    ),
    own(
      "form",
      t.form.filter((b) => b.in !== "edit"),
    ),
    own("overlay", t.overlay),
  ];
  for (const place of places) {
    const seen = new Map<string, string>();
    for (const { id, keys } of place) {
      for (const k of keys) {
        const other = seen.get(keyId(k));
        if (other !== undefined && other !== id) return `${other} and ${id} are both ${keyLabel(k)}`;
        seen.set(keyId(k), id);
      }
    }
  }
  const typed = t.form.find((b) => b.action !== ("confirm" satisfies FormAction) && b.keys.some(isCharacter));
  if (typed !== undefined) return `${actionId("form", typed.action)} cannot be a character: it would type into the form's fields`;
  return undefined;
}

function isCharacter(spec: string): boolean {
  const k = parseKey(spec);
  return typeof k !== "string" && k.char !== undefined && !k.ctrl;
}

/** For the config file's error: how keys are written. */
export const KEY_SPEC_HELP = `one character, or ctrl+LETTER, or one of ${KEY_NAMES.join(", ")} (shift+tab too)`;
