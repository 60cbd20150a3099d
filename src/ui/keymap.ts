/**
 * What every mode's keys share: a key as the tables and the config file
 * write it ("q", "ctrl+r", "shift+tab", "pgdn"), whether a press is that
 * key, how the help and the footer name it, and a binding of keys to an
 * action with the words the help and the footer show. Each mode's own table
 * is in its folder (dashboard/keys.ts, form/keys.ts, …); key-tables.ts puts
 * them together and applies the trader's `[keys]`.
 */
import type { Key } from "ink";

export interface KeyPress {
  input: string;
  key: Key;
}

/** A key as written in a table or the config file: one character ("q", "?", "+"), a name ("esc", "down"), with "ctrl+" or "shift+" before it. */
export type KeySpec = string;

type Flag = keyof Pick<
  Key,
  | "escape"
  | "return"
  | "tab"
  | "backspace"
  | "delete"
  | "upArrow"
  | "downArrow"
  | "leftArrow"
  | "rightArrow"
  | "pageUp"
  | "pageDown"
  | "home"
  | "end"
>;

/** The named keys: the flag a press carries, and how the help (long) and the footer (short) write it. */
const NAMED: Record<string, { flag: Flag; long: string; short: string }> = {
  esc: { flag: "escape", long: "Esc", short: "Esc" },
  enter: { flag: "return", long: "Enter", short: "Enter" },
  tab: { flag: "tab", long: "Tab", short: "tab" },
  backspace: { flag: "backspace", long: "Backspace", short: "Backspace" },
  delete: { flag: "delete", long: "Delete", short: "Del" },
  up: { flag: "upArrow", long: "↑", short: "↑" },
  down: { flag: "downArrow", long: "↓", short: "↓" },
  left: { flag: "leftArrow", long: "←", short: "←" },
  right: { flag: "rightArrow", long: "→", short: "→" },
  pgup: { flag: "pageUp", long: "PgUp", short: "PgUp" },
  pgdn: { flag: "pageDown", long: "PgDn", short: "PgDn" },
  home: { flag: "home", long: "Home", short: "Home" },
  end: { flag: "end", long: "End", short: "End" },
};

/** The names a key may be written with in the config file. */
export const KEY_NAMES: readonly string[] = Object.keys(NAMED);

interface ParsedKey {
  ctrl: boolean;
  shift: boolean;
  /** A named key, or one printable character. */
  named?: (typeof NAMED)[string];
  char?: string;
}

const parsed = new Map<KeySpec, ParsedKey | string>();

/** Ctrl and these letters reach a program as another key. */
const TERMINAL_SENDS: Record<string, string> = { h: "Backspace", i: "Tab", j: "Enter", m: "Enter" };

/** The key a spec names, or why it names none (for the config file's error). */
export function parseKey(spec: KeySpec): ParsedKey | string {
  const known = parsed.get(spec);
  if (known !== undefined) return known;
  const result = parseSpec(spec);
  parsed.set(spec, result);
  return result;
}

function parseSpec(spec: KeySpec): ParsedKey | string {
  // A lone "+" is the plus key; "ctrl++" would be Ctrl and plus, which terminals do not send.
  const parts = spec.length > 1 ? spec.split("+") : [spec];
  const name = parts.pop() ?? "";
  const mods = parts.map((m) => m.toLowerCase());
  if (mods.some((m) => m !== "ctrl" && m !== "shift") || new Set(mods).size !== mods.length)
    return `"${spec}": only ctrl+ and shift+ may come before a key`;
  const ctrl = mods.includes("ctrl");
  const shift = mods.includes("shift");
  const named = NAMED[name.toLowerCase()];
  if (named !== undefined) return { ctrl, shift, named };
  if (Array.from(name).length !== 1 || /[\p{Cc}\s]/u.test(name))
    return `"${spec}" is not a key: one character, or one of ${KEY_NAMES.join(", ")}`;
  if (shift) return `"${spec}": write the shifted character itself ("P", not "shift+p")`;
  if (ctrl && !/^[a-z]$/i.test(name)) return `"${spec}": Ctrl goes with a letter (a terminal sends no other)`;
  const sent = ctrl ? TERMINAL_SENDS[name.toLowerCase()] : undefined;
  if (sent !== undefined) return `"${spec}": a terminal sends it as ${sent}`;
  return { ctrl, shift: false, char: ctrl ? name.toLowerCase() : name };
}

/**
 * Whether a press is the key a spec names. A named key is that key with or
 * without Shift (Shift+↓ scrolls as ↓ does), but for Tab, whose Shift is a
 * key of its own; Ctrl must be as written.
 */
export function isKey(spec: KeySpec, p: KeyPress): boolean {
  const k = parseKey(spec);
  if (typeof k === "string") return false;
  if (k.named !== undefined)
    return p.key[k.named.flag] && p.key.ctrl === k.ctrl && (p.key.shift === k.shift || (!k.shift && k.named.flag !== "tab"));
  return k.ctrl ? p.key.ctrl && p.input === k.char : !p.key.ctrl && !p.key.meta && p.input === k.char;
}

/** One form for each key, so "Ctrl+R" and "ctrl+r" are found to be the same key. */
export function keyId(spec: KeySpec): string {
  const k = parseKey(spec);
  if (typeof k === "string") return spec;
  return `${k.ctrl ? "ctrl+" : ""}${k.shift ? "shift+" : ""}${k.named ? k.named.flag : k.char}`;
}

/** How the help ("Ctrl+R", "Shift+Tab", "↓") or the footer ("^R") names a key. */
export function keyLabel(spec: KeySpec, short = false): string {
  const k = parseKey(spec);
  if (typeof k === "string") return spec;
  const name = k.named ? (short ? k.named.short : k.named.long) : k.ctrl ? k.char!.toUpperCase() : k.char!;
  if (k.ctrl) return short ? `^${name}` : `Ctrl+${name}`;
  return k.shift ? `Shift+${name}` : name;
}

export const isEscape = (p: KeyPress): boolean => isKey("esc", p);
export const isCtrlC = (p: KeyPress): boolean => isKey("ctrl+c", p);

export interface Binding<A extends string = string> {
  action: A;
  /** Its keys, as the tables and the config file write them; the first is the one the footer names. */
  keys: readonly KeySpec[];
  /** What it does, for the help. "" for the second of a pair, which the first's row names. */
  does: string;
  /** The footer's word for it ("quit": "q quit"); none when the footer leaves it out. */
  hint?: string;
  /** How long the hint holds on in a narrow footer: 1 goes last (see Hint). Rank 5 unless given. */
  rank?: number;
  /** The other half of a pair (scroll down / up): its keys are named beside these, "j / k" in the help and "j/k" in the footer. */
  pair?: A;
  /** How many of its keys the hint names ("r/Esc close"): 1 unless given. */
  hintKeys?: number;
  /** false: the hint names this binding's keys only ("tab pane", not "tab/Shift+tab pane"). */
  hintPair?: boolean;
}

/** A footer hint, and its rank: when the footer is short of room, the highest ranks go first, whole. */
export interface Hint {
  text: string;
  rank: number;
}

/** How the help (long) or the footer (short) names an action's first key; "?" when the trader left it without one. */
export function keyName<A extends string>(table: readonly Binding<A>[], action: A, short = true): string {
  const key = table.find((b) => b.action === action)?.keys[0];
  return key === undefined ? "?" : keyLabel(key, short);
}

/** The binding a press is the key of. */
export function binding<B extends Binding>(table: readonly B[], p: KeyPress): B | undefined {
  return table.find((b) => b.keys.some((k) => isKey(k, p)));
}

function partner<B extends Binding>(table: readonly B[], b: B): B | undefined {
  return b.pair === undefined ? undefined : table.find((o) => o.action === b.pair);
}

/** The help's rows: each binding with its keys ("j / k, ↓ / ↑" for a pair); a binding with no keys left is not listed. */
export function helpRows(table: readonly Binding[]): (readonly [string, string])[] {
  return table.flatMap((b) => {
    if (b.does === "" || b.keys.length === 0) return [];
    const other = partner(table, b);
    const keys = other
      ? b.keys.map((k, i) => (other.keys[i] === undefined ? keyLabel(k) : `${keyLabel(k)} / ${keyLabel(other.keys[i]!)}`))
      : b.keys.map((k) => keyLabel(k));
    return [[keys.join(", "), b.does] as const];
  });
}

/** The footer's hints of a table, in its order: "q quit", "j/k scroll". */
export function hints(table: readonly Binding[]): Hint[] {
  return table.flatMap((b) => {
    if (b.hint === undefined || b.keys.length === 0) return [];
    const own = b.keys.slice(0, b.hintKeys ?? 1).map((k) => keyLabel(k, true));
    const other = b.hintPair === false ? undefined : partner(table, b)?.keys[0];
    const keys = [...own, ...(other === undefined ? [] : [keyLabel(other, true)])];
    return [{ text: `${keys.join("/")} ${b.hint}`, rank: b.rank ?? 5 }];
  });
}
