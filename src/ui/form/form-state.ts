/**
 * The position form's state and its editing keys, as pure functions: what a
 * keystroke does to two text fields, with no rendering and no I/O.
 */
import type { Key } from "ink";
import { Decimal, parseDecimal, toWire } from "../../domain/money.js";
import { editText, insertText, prefilledField, type TextField } from "../input/text-field.js";
import { binding } from "../keymap.js";
import { FORM_KEYS, type FormAction, type FormBinding, formBindings } from "./keys.js";

/** A field's text, cursor and whether it still holds the value the form opened with (text-field.ts). */
export type Field = TextField;

export type FieldName = "price" | "stake";
export type FormStep = "edit" | "preview" | "sending";

export interface FormState {
  price: Field;
  stake: Field;
  focus: FieldName;
  step: FormStep;
  /** What was previewed and is sent on confirmation. */
  order?: { gid: string; sp: string; f: string };
  /** The last answer from the service, shown until the next edit or submit; one with `gid` (the game live when it was said) until another game goes live. */
  note?: { text: string; tone: "good" | "bad" | "warn"; gid?: string };
}

export function openForm(price: string, stake: string): FormState {
  return {
    price: prefilledField(price),
    stake: prefilledField(stake),
    focus: "price",
    step: "edit",
  };
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
  // Any edit, a cursor move included, makes the value the trader's: typing then goes where the cursor is.
  const set = (next: Field): FormState => ({ ...s, [s.focus]: { ...next, prefilled: false }, note: undefined });
  const step = s.focus === "price" ? steps.price : steps.stake;
  const nudge = (by: Decimal): FormState => {
    const value = parseDecimal(f.text);
    return value === null ? s : set(field(toWire(Decimal.max(value.plus(by), 0))));
  };
  switch (action) {
    case "field":
      return { ...s, focus: s.focus === "price" ? "stake" : "price" };
    case "left":
    case "right":
    case "home":
    case "end":
    case "backspace":
    case "delete":
    case "eraseBefore": {
      const next = editText(f, action);
      return next === f ? s : set(next);
    }
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

/** Typed or pasted text into the focused field (text-field.ts); a note says when some did not fit. */
function insert(s: FormState, input: string, dropped: number): FormState {
  const f = s[s.focus];
  const { field: next, cut } = insertText(f, input, FIELD_MAX_LENGTH, dropped);
  const note = cut
    ? { tone: "warn" as const, text: `the ${s.focus} field holds ${FIELD_MAX_LENGTH} characters: the rest was left out` }
    : undefined;
  if (next === f) return cut ? { ...s, note } : s;
  return { ...s, [s.focus]: next, note };
}
