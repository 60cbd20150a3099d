/**
 * The keys of the prompt that arms a strategy on mainnet (S). Any other key
 * types into the name, so none of them may be a character (key-tables.ts
 * refuses one).
 */
import type { Binding } from "../../keymap.js";

export type ConfirmAction = "arm" | "cancel" | "backspace";

export const CONFIRM_KEYS: readonly Binding<ConfirmAction>[] = [
  { action: "arm", keys: ["enter"], does: "arm the strategy, if the name typed is its name", hint: "arm", rank: 1 },
  { action: "backspace", keys: ["backspace"], does: "erase the last character typed" },
  { action: "cancel", keys: ["esc"], does: "close the prompt, arming nothing", hint: "cancel", rank: 1 },
];
