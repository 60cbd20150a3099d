/**
 * The position form's keys at each step. Any other key types into the
 * focused field, so no key of the editing step may be a character
 * (key-tables.ts refuses one).
 */
import type { Binding } from "../keymap.js";

export type FormAction =
  | "submit"
  | "send"
  | "confirm"
  | "cancel"
  | "field"
  | "left"
  | "right"
  | "home"
  | "end"
  | "backspace"
  | "delete"
  | "eraseBefore"
  | "up"
  | "down"
  | "pageUp"
  | "pageDown";

/** A form key's step: editing the fields, or looking at the preview; none: both. */
export type FormBinding = Binding<FormAction> & { in?: "edit" | "preview" };

export const FORM_KEYS: readonly FormBinding[] = [
  { action: "submit", in: "edit", keys: ["enter"], does: "check the values and show the preview", hint: "preview", rank: 1 },
  { action: "field", in: "edit", keys: ["tab", "shift+tab"], does: "the other field", hint: "field", rank: 2 },
  { action: "left", in: "edit", keys: ["left"], does: "move the cursor", hint: "move", rank: 4, pair: "right" },
  { action: "right", in: "edit", keys: ["right"], does: "" },
  {
    action: "up",
    in: "edit",
    keys: ["up"],
    does: "the price ±1, the stake ± the interval's minimum stake",
    hint: "±1",
    rank: 3,
    pair: "down",
  },
  { action: "down", in: "edit", keys: ["down"], does: "" },
  { action: "pageUp", in: "edit", keys: ["pgup"], does: "ten times as much", hint: "±10", rank: 5, pair: "pageDown" },
  { action: "pageDown", in: "edit", keys: ["pgdn"], does: "" },
  { action: "home", in: "edit", keys: ["home"], does: "to the field's start / end", pair: "end" },
  { action: "end", in: "edit", keys: ["end"], does: "" },
  { action: "backspace", in: "edit", keys: ["backspace"], does: "erase the character before the cursor" },
  { action: "delete", in: "edit", keys: ["delete"], does: "erase the character at the cursor" },
  { action: "eraseBefore", in: "edit", keys: ["ctrl+u"], does: "erase from the cursor back to the field's start" },
  { action: "send", in: "preview", keys: ["enter"], does: "send the previewed position (testnet)", hint: "submit", rank: 1 },
  { action: "confirm", in: "preview", keys: ["y"], does: "send the previewed position on mainnet, where Enter does not" },
  { action: "cancel", keys: ["esc"], does: "close the form", hint: "cancel", rank: 1 },
];

/** The form's keys at a step. */
export function formBindings(table: readonly FormBinding[], step: "edit" | "preview"): FormBinding[] {
  return table.filter((b) => b.in === undefined || b.in === step);
}
