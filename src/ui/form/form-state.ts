/**
 * The position form's state and its editing keys, as pure functions: what a
 * keystroke does to two text fields, with no rendering and no I/O.
 */
import type { Key } from "ink";
import { Decimal, parseDecimal, toWire } from "../../domain/money.js";
import { binding } from "../keymap.js";
import { FORM_KEYS, type FormAction, type FormBinding, formBindings } from "./keys.js";

export interface Field {
  text: string;
  /** Insertion point, 0..text.length. */
  cursor: number;
}

export type FieldName = "price" | "stake";
export type FormStep = "edit" | "preview" | "sending";

export interface FormState {
  price: Field;
  stake: Field;
  focus: FieldName;
  step: FormStep;
  /** What was previewed and is sent on confirmation. */
  order?: { gid: string; sp: string; f: string };
  /** The last answer from the service, shown until the next edit or submit. */
  note?: { text: string; tone: "good" | "bad" | "warn" };
}

export function openForm(price: string, stake: string): FormState {
  return { price: field(price), stake: field(stake), focus: "price", step: "edit" };
}

function field(text: string): Field {
  return { text, cursor: text.length };
}

export interface NudgeSteps {
  /** Up/Down on the price: ±1; PgUp/PgDn: ±10. */
  price: Decimal;
  /** Up/Down on the stake: ± the interval's minimum stake; PgUp/PgDn: ×10. */
  stake: Decimal;
}

/** What a field holds: more than any price or stake needs, little enough to draw at once. */
export const FIELD_MAX_LENGTH = 24;

/**
 * Applies an editing key (one key: input/key-reader.ts splits bursts) by
 * its action in the form's table; a key that is no action types itself.
 * Returns the same object when the key does nothing here.
 */
export function editKey(s: FormState, input: string, key: Key, steps: NudgeSteps, table: readonly FormBinding[] = FORM_KEYS): FormState {
  const action = binding(formBindings(table, "edit"), { input, key })?.action;
  if (action === undefined) return key.ctrl || key.meta || key.return || key.escape || key.tab ? s : insert(s, input, 0);
  return editAction(s, action, steps);
}

function editAction(s: FormState, action: FormAction, steps: NudgeSteps): FormState {
  const f = s[s.focus];
  const set = (next: Field): FormState => ({ ...s, [s.focus]: next, note: undefined });
  const step = s.focus === "price" ? steps.price : steps.stake;
  const nudge = (by: Decimal): FormState => {
    const value = parseDecimal(f.text);
    return value === null ? s : set(field(toWire(Decimal.max(value.plus(by), 0))));
  };
  switch (action) {
    case "field":
      return { ...s, focus: s.focus === "price" ? "stake" : "price" };
    case "left":
      return set({ ...f, cursor: Math.max(0, f.cursor - 1) });
    case "right":
      return set({ ...f, cursor: Math.min(f.text.length, f.cursor + 1) });
    case "home":
      return set({ ...f, cursor: 0 });
    case "end":
      return set({ ...f, cursor: f.text.length });
    case "backspace":
      return f.cursor === 0 ? s : set({ text: f.text.slice(0, f.cursor - 1) + f.text.slice(f.cursor), cursor: f.cursor - 1 });
    case "delete":
      return f.cursor === f.text.length ? s : set({ text: f.text.slice(0, f.cursor) + f.text.slice(f.cursor + 1), cursor: f.cursor });
    case "up":
      return nudge(step);
    case "down":
      return nudge(step.neg());
    case "pageUp":
      return nudge(step.times(10));
    case "pageDown":
      return nudge(step.times(-10));
    default:
      // Submit, send, confirm and cancel are the flow's (form-flow.ts).
      return s;
  }
}

/** A paste into the focused field: what fits goes in, and a note says when some did not. */
export function pasteText(s: FormState, text: string, dropped: number): FormState {
  return insert(s, text, dropped);
}

/**
 * Typed or pasted text goes in as it is (a typo is for validation to name),
 * except thousands separators, so a pasted "67,100" reads as 67100, and
 * control characters and spaces, which would be invisible in the field. The
 * field keeps at most FIELD_MAX_LENGTH characters.
 */
function insert(s: FormState, input: string, dropped: number): FormState {
  const f = s[s.focus];
  // Escape sequences a paste carried go first, whole, then the separators and the other control characters.
  const clean = Array.from(input.replace(/\p{Cc}\[[0-9;]*[A-Za-z~]/gu, "").replace(/[,_\s\p{Cc}]/gu, ""));
  const room = Math.max(0, FIELD_MAX_LENGTH - Array.from(f.text).length);
  const typed = clean.slice(0, room).join("");
  const cut = clean.length > room || dropped > 0;
  const note = cut
    ? { tone: "warn" as const, text: `the ${s.focus} field holds ${FIELD_MAX_LENGTH} characters: the rest was left out` }
    : undefined;
  if (typed === "") return cut ? { ...s, note } : s;
  return { ...s, [s.focus]: { text: f.text.slice(0, f.cursor) + typed + f.text.slice(f.cursor), cursor: f.cursor + typed.length }, note };
}
