/**
 * The position form's state and its editing keys, as pure functions: what a
 * keystroke does to two text fields, with no rendering and no I/O.
 */
import type { Key } from "ink";
import { Decimal, parseDecimal, toWire } from "../../domain/money.js";

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

/** Applies an editing key (one key: input/key-reader.ts splits bursts); returns the same object when the key does nothing here. */
export function editKey(s: FormState, input: string, key: Key, steps: NudgeSteps): FormState {
  if (key.tab) return { ...s, focus: s.focus === "price" ? "stake" : "price" };
  const f = s[s.focus];
  const set = (next: Field): FormState => ({ ...s, [s.focus]: next, note: undefined });

  if (key.leftArrow) return set({ ...f, cursor: Math.max(0, f.cursor - 1) });
  if (key.rightArrow) return set({ ...f, cursor: Math.min(f.text.length, f.cursor + 1) });
  if (key.home) return set({ ...f, cursor: 0 });
  if (key.end) return set({ ...f, cursor: f.text.length });
  if (key.backspace) {
    if (f.cursor === 0) return s;
    return set({ text: f.text.slice(0, f.cursor - 1) + f.text.slice(f.cursor), cursor: f.cursor - 1 });
  }
  if (key.delete) {
    if (f.cursor === f.text.length) return s;
    return set({ text: f.text.slice(0, f.cursor) + f.text.slice(f.cursor + 1), cursor: f.cursor });
  }
  const step = s.focus === "price" ? steps.price : steps.stake;
  const nudge = key.upArrow ? step : key.downArrow ? step.neg() : key.pageUp ? step.times(10) : key.pageDown ? step.times(-10) : null;
  if (nudge !== null) {
    const value = parseDecimal(f.text);
    if (value === null) return s;
    const next = Decimal.max(value.plus(nudge), 0);
    return set(field(toWire(next)));
  }
  if (key.ctrl || key.meta || key.return || key.escape) return s;
  return insert(s, input, 0);
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
