/**
 * The prompt that arms a strategy on mainnet, as pure functions: the name
 * typed so far and what a key does to it. Enter arms only when the text is
 * the strategy's name exactly, so no stray key, and no burst of them, can
 * arm it; a paste is text like any other. No rendering and no I/O.
 */
import type { Key } from "ink";
import { type Binding, binding } from "../../keymap.js";
import { CONFIRM_KEYS, type ConfirmAction } from "./keys.js";

export interface ConfirmState {
  /** The strategy's name: what must be typed. */
  name: string;
  /** Typed so far. */
  text: string;
  /** What the last Enter could not do (not its name), or a paste cut short; until the next edit. */
  note?: string;
}

/** More than any name (at most 40 characters) takes, little enough to draw at once. */
export const CONFIRM_MAX_LENGTH = 48;

export function openConfirm(name: string): ConfirmState {
  return { name, text: "" };
}

/** What Enter does: arm (the name typed) or stay open with a note. */
export type ConfirmOutcome = { kind: "arm"; confirmation: string } | { kind: "refused"; state: ConfirmState };

export function submitConfirm(s: ConfirmState): ConfirmOutcome {
  if (s.text === s.name) return { kind: "arm", confirmation: s.text };
  const note = s.text === "" ? "type its name first: nothing armed" : `"${s.text}" is not its name: nothing armed`;
  return { kind: "refused", state: { ...s, note } };
}

/**
 * What a key does to the prompt while it is open (Enter and Esc are the
 * mode's): Backspace erases, any other key types, a key with Ctrl or Meta
 * does nothing. Returns the same object when it does nothing.
 */
export function confirmKey(
  s: ConfirmState,
  input: string,
  key: Key,
  table: readonly Binding<ConfirmAction>[] = CONFIRM_KEYS,
): ConfirmState {
  const action = binding(table, { input, key })?.action;
  if (action === "backspace") return s.text === "" ? s : { name: s.name, text: Array.from(s.text).slice(0, -1).join("") };
  if (action !== undefined || key.ctrl || key.meta || key.return || key.escape || key.tab) return s;
  return insert(s, input, 0);
}

/** A paste goes into the name as text. */
export function pasteConfirm(s: ConfirmState, text: string, dropped: number): ConfirmState {
  return insert(s, text, dropped);
}

/** Typed or pasted text less control characters and line breaks, up to the field's length. */
function insert(s: ConfirmState, input: string, dropped: number): ConfirmState {
  const clean = Array.from(input.replace(/\p{Cc}\[[0-9;]*[A-Za-z~]/gu, "").replace(/[\p{Cc}]/gu, ""));
  const room = Math.max(0, CONFIRM_MAX_LENGTH - Array.from(s.text).length);
  const typed = clean.slice(0, room).join("");
  const cut = clean.length > room || dropped > 0;
  if (typed === "" && !cut) return s;
  return {
    name: s.name,
    text: s.text + typed,
    ...(cut ? { note: `the name holds ${CONFIRM_MAX_LENGTH} characters: the rest was left out` } : {}),
  };
}
