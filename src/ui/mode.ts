/**
 * What a mode of the screen is to the App: whether it has the keys now,
 * what it does with one, its bindings and its footer hints. The App keeps
 * one ordered list of modes (App.tsx, useModes); a key goes down that
 * list to the first active mode that takes it, the footer shows the first
 * active mode's hints, and the help lists every mode's keys. A new mode is
 * a folder with its keys, its state, its hook returning a Mode, and one
 * entry in that list (docs/architecture.md, "Modes, and adding one").
 */
import { type Binding, type Hint, isCtrlC, type KeyPress } from "./keymap.js";

export interface Mode {
  /** The help's heading over its keys: "IN THE RESULTS VIEW (r)". */
  title: string;
  /** Whether it has the keys now; read at each key, so the keys of one burst each see the last one's change. */
  active(): boolean;
  /** Does what the key asks; false leaves it to the next mode down. */
  handleKey(press: KeyPress): boolean;
  /** Every key it answers, for the help. */
  bindings: readonly Binding[];
  /** The footer's hints while it is the first active mode. */
  hints(): readonly Hint[];
}

/** A key to the first active mode that takes it; Ctrl+C quits whatever has the keys. */
export function routeKey(modes: readonly Mode[], press: KeyPress, quit: () => void): void {
  if (isCtrlC(press)) {
    quit();
    return;
  }
  for (const m of modes) if (m.active() && m.handleKey(press)) return;
}

/** The hints of the mode that has the keys. */
export function footerHints(modes: readonly Mode[]): readonly Hint[] {
  return modes.find((m) => m.active())?.hints() ?? [];
}

/** The help's sections: each mode's title and keys, in the list's order, the dashboard's (last in the list) first. */
export function helpSections(modes: readonly Mode[]): { title: string; bindings: readonly Binding[] }[] {
  const last = modes.at(-1);
  return [...(last ? [last] : []), ...modes.slice(0, -1)].map((m) => ({ title: m.title, bindings: m.bindings }));
}
