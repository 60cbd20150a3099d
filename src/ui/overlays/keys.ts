/**
 * The keys over an overlay (help, diagnostics): Esc closes it, and j/k and
 * the page keys scroll it when the terminal is too short for it. Every
 * other key goes on to the mode under it (the overlay's own key closes it
 * there).
 */
import type { Binding } from "../keymap.js";

export type OverlayAction = "close" | "down" | "up" | "pageDown" | "pageUp";

export const OVERLAY_KEYS: readonly Binding<OverlayAction>[] = [
  { action: "close", keys: ["esc"], does: "close the help or the diagnostics", hint: "close", rank: 1 },
  { action: "down", keys: ["j", "down"], does: "scroll the help or the diagnostics a line", hint: "scroll", rank: 2, pair: "up" },
  { action: "up", keys: ["k", "up"], does: "" },
  { action: "pageDown", keys: ["pgdn"], does: "scroll the help or the diagnostics a page", pair: "pageUp" },
  { action: "pageUp", keys: ["pgup"], does: "" },
];
