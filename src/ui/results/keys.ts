/**
 * The results view's keys, in its list of games and in one game's
 * positions, and the dashboard's keys it leaves to the dashboard.
 */
import type { DashboardAction } from "../dashboard/keys.js";
import type { Binding } from "../keymap.js";

export type ResultsAction =
  | "close"
  | "leave"
  | "back"
  | "down"
  | "up"
  | "open"
  | "nextPage"
  | "previousPage"
  | "interval"
  | "asset"
  | "positionDown"
  | "positionUp";

export type ResultsBinding = Binding<ResultsAction> & { in: "list" | "detail" };

export const RESULTS_KEYS: readonly ResultsBinding[] = [
  { action: "close", in: "list", keys: ["r", "esc"], does: "close the results view", hint: "close", rank: 1, hintKeys: 2 },
  { action: "down", in: "list", keys: ["j", "down"], does: "select a game", hint: "select", rank: 2, pair: "up" },
  { action: "up", in: "list", keys: ["k", "up"], does: "" },
  { action: "open", in: "list", keys: ["enter"], does: "show the selected game's positions", hint: "positions", rank: 3 },
  { action: "nextPage", in: "list", keys: ["n", "pgdn"], does: "next / previous page", hint: "page", rank: 3, pair: "previousPage" },
  { action: "previousPage", in: "list", keys: ["N", "pgup"], does: "" },
  { action: "interval", in: "list", keys: ["i"], does: "cycle the interval filter", hint: "interval", rank: 4 },
  { action: "asset", in: "list", keys: ["a"], does: "cycle the asset filter", hint: "asset", rank: 5 },
  { action: "back", in: "detail", keys: ["esc", "backspace", "delete"], does: "back to the list", hint: "back", rank: 1, hintKeys: 2 },
  { action: "leave", in: "detail", keys: ["r"], does: "close the results view from a game's positions", hint: "close", rank: 2 },
  {
    action: "positionDown",
    in: "detail",
    keys: ["j", "down"],
    does: "select a position: the rows follow",
    hint: "select",
    rank: 3,
    pair: "positionUp",
  },
  { action: "positionUp", in: "detail", keys: ["k", "up"], does: "" },
];

/** The dashboard's keys that work over the results view, as its footer offers them. */
export const RESULTS_PASS: Record<"list" | "detail", readonly DashboardAction[]> = {
  list: ["refresh", "quit", "help", "diagnostics", "strategy"],
  detail: ["quit", "help", "diagnostics", "refresh", "strategy"],
};
