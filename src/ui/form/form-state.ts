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
export type FormStep = "edit" | "preview" | "sending" | "done";

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

const NO_KEY: Key = {
  upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, home: false, end: false,
  return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false,
  super: false, hyper: false, capsLock: false, numLock: false,
};

/**
 * Applies an editing key; returns the same object when the key does nothing
 * here. Keys sent faster than they are read (a fast typist, tmux send-keys,
 * a paste) arrive as one chunk such as "\x7f\x7f67\t": it is applied one
 * character at a time, so control characters never land in a field.
 */
export function editKey(s: FormState, input: string, key: Key, steps: NudgeSteps): FormState {
  if (input.length > 1 && /[\x00-\x1f\x7f]/.test(input) && !input.startsWith("\u001b")) {
    let next = s;
    for (const ch of input) {
      const k: Key = ch === "\x7f" || ch === "\b" ? { ...NO_KEY, backspace: true } : ch === "\t" ? { ...NO_KEY, tab: true } : NO_KEY;
      next = ch === "\r" || ch === "\n" ? next : editOne(next, k.backspace || k.tab ? "" : ch, k, steps);
    }
    return next;
  }
  return editOne(s, input, key, steps);
}

function editOne(s: FormState, input: string, key: Key, steps: NudgeSteps): FormState {
  if (key.tab) return { ...s, focus: s.focus === "price" ? "stake" : "price" };
  const f = s[s.focus];
  const set = (next: Field): FormState => ({ ...s, [s.focus]: next, note: undefined });

  if (key.leftArrow) return set({ ...f, cursor: Math.max(0, f.cursor - 1) });
  if (key.rightArrow) return set({ ...f, cursor: Math.min(f.text.length, f.cursor + 1) });
  if (key.home) return set({ ...f, cursor: 0 });
  if (key.end) return set({ ...f, cursor: f.text.length });
  // Ink 6.8 reports Backspace (\x7f) as `delete`; both erase to the left.
  if (key.backspace || key.delete) {
    if (f.cursor === 0) return s;
    return set({ text: f.text.slice(0, f.cursor - 1) + f.text.slice(f.cursor), cursor: f.cursor - 1 });
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
  // Typed or pasted text goes in as it is (a typo is for validation to name),
  // except thousands separators, so a pasted "67,100" reads as 67100, and
  // control characters, which would be invisible in the field.
  const typed = input.replace(/[,_\s\x00-\x1f\x7f]/g, "");
  if (typed === "") return s;
  return set({ text: f.text.slice(0, f.cursor) + typed + f.text.slice(f.cursor), cursor: f.cursor + typed.length });
}
