/**
 * Terminal input as events, one per key. What arrives from the terminal is
 * chunks: several keys in one read ("jj", three Tabs, a held key, typing
 * over ssh), an escape sequence split across reads, a paste of any size.
 * Ink splits a chunk at escape sequences and holds back a sequence's first
 * half until the rest arrives (within the same turn of the event loop; a
 * sequence split wider apart, over a slow link, is put together here); this
 * takes Ink's pieces and makes:
 *
 *   - each key its own event (a run of text becomes one event per
 *     character, control characters included);
 *   - a bracketed paste (between ESC[200~ and ESC[201~, which the dashboard
 *     asks the terminal for) one paste event;
 *   - a long run of text that came without the brackets (a terminal that
 *     does not bracket pastes) one paste event too: nobody types that many
 *     characters between two reads;
 *   - a focus report (CSI I, CSI O, sent once the dashboard asks for them)
 *     a focus event, never a key.
 *
 * A paste keeps its first PASTE_KEEP characters and counts the rest, so its
 * cost is the same for 100 bytes or 100 MB, in any script.
 */
import type { Key } from "ink";

/** A paste: its first PASTE_KEEP characters, and how many more (UTF-16 units) there were. */
export interface Paste {
  text: string;
  dropped: number;
}

export type InputEvent = { kind: "key"; input: string; key: Key } | ({ kind: "paste" } & Paste) | { kind: "focus"; focused: boolean };

/** More than any form field holds; the rest of a paste is counted, not kept. */
export const PASTE_KEEP = 256;
/** A run of text longer than this in one read is a paste, not typing. */
export const TYPED_RUN_MAX = 32;

const ESC = "\u001B";
const PASTE_START = `${ESC}[200~`;
const PASTE_END = `${ESC}[201~`;
const FOCUS_IN = `${ESC}[I`;
const FOCUS_OUT = `${ESC}[O`;

const NO_KEY: Key = Object.freeze({
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
  super: false,
  hyper: false,
  capsLock: false,
  numLock: false,
});

type Named = keyof Pick<Key, "upArrow" | "downArrow" | "leftArrow" | "rightArrow" | "pageDown" | "pageUp" | "home" | "end" | "delete">;

/** The final byte of a CSI or SS3 key sequence, or the number before its "~". */
const SEQUENCE_KEYS: Record<string, Named> = {
  A: "upArrow",
  B: "downArrow",
  C: "rightArrow",
  D: "leftArrow",
  H: "home",
  F: "end",
  "1~": "home",
  "7~": "home",
  "4~": "end",
  "8~": "end",
  "3~": "delete",
  "5~": "pageUp",
  "6~": "pageDown",
};

/** The start of a CSI or SS3 sequence whose end has not arrived. */
// Stryker disable next-line Regex: Ink's parser starts a piece at each ESC, so no piece has text before a start to match unanchored
// biome-ignore lint/suspicious/noControlCharactersInRegex: terminal sequences begin with ESC
const SEQUENCE_START = /^\u001B?\u001B(\[\[?[\d;]*|O)$/;
/** A whole sequence at the start of a piece. */
// Stryker disable next-line Regex: it is only run on a held start (which begins with ESC) and a piece without an ESC of its own
// biome-ignore lint/suspicious/noControlCharactersInRegex: terminal sequences begin with ESC
const SEQUENCE = /^\u001B?\u001B(\[\[?[\d;]*[A-Za-z~]|O[A-Za-z])/;

export class KeyReader {
  private paste: Paste | undefined;
  /**
   * Text held back until the next piece: the first part of a sequence that
   * Ink let go of before the rest arrived (over a slow link), or, inside a
   * paste, what could be the first part of the paste's end marker.
   */
  private held = "";

  /** Takes one of Ink's input pieces; returns the events it completes. */
  push(piece: string): InputEvent[] {
    const joined = this.held + piece;
    this.held = "";
    if (this.paste !== undefined) return this.inPaste(joined);
    if (SEQUENCE_START.test(joined)) {
      this.held = joined;
      return [];
    }
    // A held start that the next piece completes: the sequence, then whatever came after it in the same read.
    // Stryker disable next-line ConditionalExpression,LogicalOperator: with nothing held, a piece from Ink's parser is one sequence or none, which one() decodes alike
    const whole = joined !== piece && !piece.startsWith(ESC) ? SEQUENCE.exec(joined)?.[0] : undefined;
    if (whole !== undefined) return [...this.one(whole), ...this.push(joined.slice(whole.length))];
    // A start the next piece did not complete (a new sequence began) is dropped, not typed.
    return this.one(piece);
  }

  /** One of Ink's pieces, nothing held. */
  private one(piece: string): InputEvent[] {
    if (piece.startsWith(PASTE_START)) {
      this.paste = { text: "", dropped: 0 };
      return this.inPaste(piece.slice(PASTE_START.length));
    }
    // Esc pressed twice in one read (a fast double press, tmux's send-keys): two escapes; no key here is Alt+Esc.
    if (piece === ESC + ESC) return [decodeCharacter(ESC), decodeCharacter(ESC)];
    if (piece.startsWith(ESC)) {
      const key = decodeSequence(piece);
      return key === undefined ? [] : [key];
    }
    if (piece.length > TYPED_RUN_MAX) {
      const paste = { text: "", dropped: 0 };
      keep(paste, piece);
      return [{ kind: "paste", ...paste }];
    }
    return Array.from(piece, decodeCharacter);
  }

  private inPaste(text: string): InputEvent[] {
    const paste = this.paste!;
    const end = text.indexOf(PASTE_END);
    if (end === -1) {
      // The end marker may arrive split across reads: its first part waits for the rest.
      const tail = markerStart(text);
      keep(paste, text.slice(0, text.length - tail));
      this.held = text.slice(text.length - tail);
      return [];
    }
    keep(paste, text.slice(0, end));
    this.paste = undefined;
    return [{ kind: "paste", ...paste }, ...this.push(text.slice(end + PASTE_END.length))];
  }
}

/** How many of the text's last characters could begin the paste's end marker. */
function markerStart(text: string): number {
  // Stryker disable next-line all: how much waits for the next read changes where the paste's text is split, never what it keeps
  for (let n = Math.min(PASTE_END.length - 1, text.length); n > 0; n--) {
    // Stryker disable next-line all: as above
    if (PASTE_END.startsWith(text.slice(text.length - n))) return n;
  }
  return 0;
}

/** Appends up to PASTE_KEEP characters in all, in order; counts the rest (in UTF-16 units: no need to walk them). */
function keep(paste: Paste, text: string): void {
  // Once something was left out, everything after it is too: what is kept is the paste's beginning.
  const room = paste.dropped > 0 ? 0 : PASTE_KEEP - paste.text.length;
  // Stryker disable next-line EqualityOperator: a read that exactly fits goes through the cut unchanged (Node's decoder never ends a read inside a pair)
  if (text.length <= room) {
    paste.text += text;
    return;
  }
  // Never cut a surrogate pair in two.
  let cut = Math.max(0, room);
  // Stryker disable next-line ConditionalExpression,EqualityOperator: at 0 there is no character before the cut to test
  if (cut > 0 && /[\uD800-\uDBFF]/.test(text[cut - 1]!)) cut--;
  paste.text += text.slice(0, cut);
  paste.dropped += text.length - cut;
}

const key = (input: string, flags: Partial<Key>): InputEvent => ({ kind: "key", input, key: { ...NO_KEY, ...flags } });

/** One character typed: text, or a control key. */
export function decodeCharacter(ch: string): InputEvent {
  switch (ch) {
    case "\r":
    case "\n":
      return key("", { return: true });
    case "\t":
      return key("", { tab: true });
    case "\x7f":
    case "\b":
      return key("", { backspace: true });
    case ESC:
      return key("", { escape: true });
  }
  const code = ch.codePointAt(0)!;
  // Ctrl+A … Ctrl+Z arrive as 1 … 26.
  if (code >= 1 && code <= 26) return key(String.fromCharCode(code + 96), { ctrl: true });
  if (code < 32) return key("", { ctrl: true });
  return key(ch, { shift: ch !== ch.toLowerCase() });
}

/** An escape sequence (Ink passes each whole): a named key, Alt+key, a focus report, or undefined for one we do not use. */
export function decodeSequence(seq: string): InputEvent | undefined {
  if (seq === ESC) return key("", { escape: true });
  // Ink's parser passes CSI I and CSI O on like any CSI; Ink itself gives them no meaning.
  if (seq === FOCUS_IN || seq === FOCUS_OUT) return { kind: "focus", focused: seq === FOCUS_IN };
  if (seq === `${ESC}[Z`) return key("", { tab: true, shift: true });
  // ESC [ params final, or ESC O final; a second ESC in front is Alt.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal sequences begin with ESC
  const m = /^(\u001B?)\u001B[[O](\[?)([\d;]*)([A-Za-z~])$/.exec(seq);
  if (m) {
    const [, alt, , params, final] = m as unknown as [string, string, string, string, string];
    const parts = params.split(";");
    const name = SEQUENCE_KEYS[final === "~" ? `${parts[0]}~` : final];
    if (name === undefined) return undefined;
    // The modifier parameter is 1 + (shift 1, alt 2, ctrl 4).
    const mod = Math.max(0, Number(parts[1] ?? 1) - 1);
    return key("", { [name]: true, shift: (mod & 1) !== 0, meta: alt !== "" || (mod & 2) !== 0, ctrl: (mod & 4) !== 0 });
  }
  // Alt+character: ESC then the character.
  const rest = seq.slice(1);
  if (Array.from(rest).length === 1) {
    const inner = decodeCharacter(rest);
    if (inner.kind === "key") return { ...inner, key: { ...inner.key, meta: true } };
  }
  return undefined;
}
