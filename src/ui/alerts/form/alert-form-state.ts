/**
 * The alert form's state and its keys, as pure functions: three fields (the
 * kind, the value, the option) and what a keystroke does to them, with no
 * rendering and no I/O. What the values mean (the rule, the preview, the
 * problems) is alert-form-check.ts.
 */
import type { Key } from "ink";
import { Decimal, parseDecimal, toWire } from "../../../domain/money.js";
import { editText, insertText, prefilledField, type TextEdit, type TextField } from "../../input/text-field.js";
import { type Binding, binding } from "../../keymap.js";
import { ALERT_FORM_KEYS, type AlertFormAction } from "./keys.js";

/** What the rule watches: the price rising above or falling below a level, or the time left to the close. */
export const ALERT_KINDS = ["above", "below", "closing"] as const;
export type AlertFormKind = (typeof ALERT_KINDS)[number];

/** The form's fields, in Tab's order. */
export const ALERT_FIELDS = ["kind", "value", "option"] as const;
export type AlertFormField = (typeof ALERT_FIELDS)[number];

/** The value's text, cursor and whether it is still the one the form opened with (text-field.ts). */
export type ValueField = Required<TextField>;

export interface AlertFormState {
  kind: AlertFormKind;
  focus: AlertFormField;
  /** The price level (above, below) and the seconds (closing): each kept while the other kind shows. */
  level: ValueField;
  seconds: ValueField;
  /** A price rule fires at every crossing, not only the first. */
  repeat: boolean;
  /** A countdown fires only while nothing is held in the game. */
  onlyUnheld: boolean;
  /** What the last key could not do (a paste cut short, Enter on a problem), until the next edit. */
  note?: { text: string; tone: "warn" | "bad" };
  /** The live price when the form opened: an untouched level follows the kind to its side of it (startingLevel). */
  from?: Decimal | undefined;
}

/** What the value field holds: more than any level needs, little enough to draw at once. */
export const ALERT_FIELD_MAX_LENGTH = 24;
/** A countdown's seconds unless the trader types others. */
export const DEFAULT_SECONDS = 10;

/** The form as `A` opens it: the price rising above the first level past `price`, the live price ("" while none is known). */
export function openAlertForm(price: Decimal | undefined): AlertFormState {
  return {
    kind: "above",
    focus: "value",
    level: prefilledField(startingLevel(price, "above")),
    seconds: prefilledField(String(DEFAULT_SECONDS)),
    repeat: false,
    onlyUnheld: false,
    from: price,
  };
}

/**
 * The form's starting level for a rule on `side` of the live price: the
 * first whole number past it on that side above 100 (74,121 above
 * 74,120.55, 74,120 below it), the next step of its fourth significant
 * digit below 100 (0.1235 above 0.123456); "" while no price is known. The
 * price rounded would often be on the rule's side already, and the
 * preview would open on "already above".
 */
export function startingLevel(price: Decimal | undefined, side: "above" | "below"): string {
  if (price === undefined || price.lte(0)) return "";
  const up = side === "above";
  if (price.gte(100)) return toWire(up ? price.floor().plus(1) : price.ceil().minus(1));
  const near = price.toSignificantDigits(4, up ? Decimal.ROUND_UP : Decimal.ROUND_DOWN);
  if (!near.eq(price)) return toWire(near);
  // On a step already: the next one, a unit of the fourth significant digit away.
  const unit = new Decimal(10).pow(price.e - 3);
  return toWire(up ? near.plus(unit) : near.minus(unit));
}

/** The field the value is typed into for the kind shown. */
export function valueField(s: AlertFormState): ValueField {
  return s.kind === "closing" ? s.seconds : s.level;
}

/** The option's words: price rules once / every time; countdowns always / only holding nothing. */
export function optionLabel(s: AlertFormState): string {
  if (s.kind === "closing") return s.onlyUnheld ? "holding nothing" : "always";
  return s.repeat ? "every time" : "once";
}

export const KIND_LABELS: Readonly<Record<AlertFormKind, string>> = {
  above: "price above",
  below: "price below",
  closing: "before close",
};

/**
 * What a key does to the form while editing (Enter and Esc are the mode's):
 * a key of the table acts on the focused field, any other types into the
 * value, wherever the focus is. Returns the same object when it does nothing.
 */
export function alertFormKey(
  s: AlertFormState,
  input: string,
  key: Key,
  table: readonly Binding<AlertFormAction>[] = ALERT_FORM_KEYS,
): AlertFormState {
  const action = binding(table, { input, key })?.action;
  if (action === undefined) return key.ctrl || key.meta || key.return || key.escape || key.tab ? s : insert(s, input, 0);
  if (action === "nextField" || action === "previousField") return { ...s, focus: stepField(s.focus, action === "nextField" ? 1 : -1) };
  if (s.focus === "kind") return changeKind(s, action);
  if (s.focus === "option") return changeOption(s, action);
  return editValue(s, action);
}

function stepField(f: AlertFormField, by: 1 | -1): AlertFormField {
  const i = ALERT_FIELDS.indexOf(f);
  return ALERT_FIELDS[(i + by + ALERT_FIELDS.length) % ALERT_FIELDS.length]!;
}

/** ←/→ and ↑/↓ on the kind cycle it; the other keys do nothing there. */
function changeKind(s: AlertFormState, action: AlertFormAction): AlertFormState {
  const by = action === "right" || action === "down" ? 1 : action === "left" || action === "up" ? -1 : 0;
  if (by === 0) return s;
  const i = ALERT_KINDS.indexOf(s.kind);
  const kind = ALERT_KINDS[(i + by + ALERT_KINDS.length) % ALERT_KINDS.length]!;
  // A level not yet touched moves to the new side of the price; one the trader typed stays.
  const level = s.level.prefilled && kind !== "closing" ? prefilledField(startingLevel(s.from, kind)) : s.level;
  return { ...s, kind, level, note: undefined };
}

/** ←/→ and ↑/↓ on the option flip it. */
function changeOption(s: AlertFormState, action: AlertFormAction): AlertFormState {
  if (!["left", "right", "up", "down"].includes(action)) return s;
  return s.kind === "closing" ? { ...s, onlyUnheld: !s.onlyUnheld, note: undefined } : { ...s, repeat: !s.repeat, note: undefined };
}

function editValue(s: AlertFormState, action: AlertFormAction): AlertFormState {
  const f = valueField(s);
  const set = (next: Omit<ValueField, "prefilled">): AlertFormState => ({
    ...s,
    [s.kind === "closing" ? "seconds" : "level"]: { ...next, prefilled: false },
    note: undefined,
  });
  const step = (by: number) => nudge(s, f, by, set);
  switch (action) {
    case "backspace":
      // The prefilled value goes whole: the trader types their own in its place.
      if (f.prefilled) return set({ text: "", cursor: 0 });
      return cursorEdit(s, f, action, set);
    case "left":
    case "right":
    case "home":
    case "end":
    case "delete":
    case "eraseBefore":
      return cursorEdit(s, f, action, set);
    case "up":
      return step(1);
    case "down":
      return step(-1);
    case "pageUp":
      return step(10);
    case "pageDown":
      return step(-10);
    default:
      return s;
  }
}

/** The value by whole units, never below 0 (a number the trader typed wrong is left for the check to name). */
function nudge(s: AlertFormState, f: ValueField, by: number, set: (f: Omit<ValueField, "prefilled">) => AlertFormState): AlertFormState {
  const value = parseDecimal(f.text);
  if (value === null) return s;
  const text = toWire(Decimal.max(value.plus(by), 0));
  return set({ text, cursor: text.length });
}

/** A paste goes into the value field, whichever field has the focus. */
export function pasteAlertText(s: AlertFormState, text: string, dropped: number): AlertFormState {
  return insert(s, text, dropped);
}

/**
 * Typed or pasted text into the value (text-field.ts), over the prefilled
 * value, in its place. The focus moves to the value: what is typed on the
 * kind is not lost.
 */
function insert(s: AlertFormState, input: string, dropped: number): AlertFormState {
  const name = s.kind === "closing" ? "seconds" : "level";
  const f = s[name];
  const { field: next, cut } = insertText(f, input, ALERT_FIELD_MAX_LENGTH, dropped);
  const note = cut
    ? { tone: "warn" as const, text: `the value holds ${ALERT_FIELD_MAX_LENGTH} characters: the rest was left out` }
    : undefined;
  if (next === f) return cut ? { ...s, note } : s;
  return { ...s, focus: "value", [name]: { ...next, prefilled: false }, note };
}

function cursorEdit(
  s: AlertFormState,
  f: ValueField,
  edit: TextEdit,
  set: (f: Omit<ValueField, "prefilled">) => AlertFormState,
): AlertFormState {
  const next = editText(f, edit);
  return next === f ? s : set(next);
}
