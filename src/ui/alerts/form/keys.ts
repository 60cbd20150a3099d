/**
 * The alert form's keys (A). Any other key types into the value field, so
 * none of them may be a character (key-tables.ts refuses one).
 */
import type { Binding } from "../../keymap.js";

export type AlertFormAction =
  | "save"
  | "cancel"
  | "nextField"
  | "previousField"
  | "left"
  | "right"
  | "up"
  | "down"
  | "pageUp"
  | "pageDown"
  | "home"
  | "end"
  | "backspace"
  | "delete"
  | "eraseBefore";

export const ALERT_FORM_KEYS: readonly Binding<AlertFormAction>[] = [
  { action: "save", keys: ["enter"], does: "save the alert as the preview says", hint: "save", rank: 1 },
  {
    action: "nextField",
    keys: ["tab"],
    does: "the next / previous field: the kind, the value, the option",
    hint: "field",
    rank: 2,
    pair: "previousField",
    hintPair: false,
  },
  { action: "previousField", keys: ["shift+tab"], does: "" },
  {
    action: "left",
    keys: ["left"],
    does: "move the cursor in the value; on the kind or the option, change it",
    hint: "move",
    rank: 3,
    pair: "right",
  },
  { action: "right", keys: ["right"], does: "" },
  { action: "up", keys: ["up"], does: "the value ±1; on the kind or the option, change it", hint: "±1", rank: 4, pair: "down" },
  { action: "down", keys: ["down"], does: "" },
  { action: "pageUp", keys: ["pgup"], does: "the value ±10", pair: "pageDown" },
  { action: "pageDown", keys: ["pgdn"], does: "" },
  { action: "home", keys: ["home"], does: "to the value's start / end", pair: "end" },
  { action: "end", keys: ["end"], does: "" },
  { action: "backspace", keys: ["backspace"], does: "erase the character before the cursor (the whole prefilled value)" },
  { action: "delete", keys: ["delete"], does: "erase the character at the cursor" },
  { action: "eraseBefore", keys: ["ctrl+u"], does: "erase from the cursor back to the value's start" },
  { action: "cancel", keys: ["esc"], does: "close the form, saving nothing", hint: "cancel", rank: 1 },
];
