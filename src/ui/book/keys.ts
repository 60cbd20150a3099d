/** The book's keys (b), and the dashboard's keys it leaves to the dashboard. */
import type { DashboardAction } from "../dashboard/keys.js";
import type { Binding } from "../keymap.js";

export type BookAction = "close" | "down" | "up" | "focus";

export const BOOK_KEYS: readonly Binding<BookAction>[] = [
  { action: "close", keys: ["b", "esc"], does: "leave the book", hint: "close", rank: 1, hintKeys: 2 },
  { action: "down", keys: ["j", "down"], does: "select a game", hint: "select", rank: 2, pair: "up" },
  { action: "up", keys: ["k", "up"], does: "" },
  { action: "focus", keys: ["enter"], does: "show the selected game in the panes", hint: "show", rank: 1 },
];

/** The dashboard's keys that work while the book has the keys: quitting, the overlays, refresh, placing. */
export const BOOK_PASS: readonly DashboardAction[] = ["quit", "help", "diagnostics", "refresh", "place", "repeat", "strategy"];
