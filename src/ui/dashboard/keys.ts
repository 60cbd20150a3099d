/**
 * The dashboard's keys: what each does, how the help and the footer name
 * it, and which of them the footer offers now. The handlers dispatch
 * through this table (actions.ts), so the three cannot disagree.
 */
import { type Binding, type Hint, hints } from "../keymap.js";

export type DashboardAction =
  | "quit"
  | "help"
  | "diagnostics"
  | "nextPane"
  | "previousPane"
  | "scrollDown"
  | "scrollUp"
  | "interval"
  | "asset"
  | "zoomOut"
  | "zoomIn"
  | "refresh"
  | "place"
  | "repeat"
  | "results"
  | "performance"
  | "book"
  | "alert"
  | "alerts"
  | "strategy";

export const DASHBOARD_KEYS: readonly Binding<DashboardAction>[] = [
  { action: "quit", keys: ["q", "ctrl+c"], does: "quit", hint: "quit", rank: 1 },
  { action: "help", keys: ["?"], does: "toggle this help", hint: "help", rank: 2 },
  {
    action: "nextPane",
    keys: ["tab"],
    does: "move between panes, the selected one's title marked: game, balance where it has a box of its own, price, positions",
    hint: "pane",
    rank: 7,
    pair: "previousPane",
    hintPair: false,
  },
  { action: "previousPane", keys: ["shift+tab"], does: "" },
  { action: "scrollDown", keys: ["j", "down"], does: "scroll the positions table", hint: "scroll", rank: 4, pair: "scrollUp" },
  { action: "scrollUp", keys: ["k", "up"], does: "" },
  { action: "interval", keys: ["i"], does: "cycle the game interval (10s, 1m, 1h, 1d)", hint: "interval", rank: 4 },
  { action: "asset", keys: ["a"], does: "cycle the asset", hint: "asset", rank: 5 },
  {
    action: "zoomOut",
    keys: ["+", "="],
    does: "a longer / shorter chart window: the game, 5 min, 1 h, 24 h (as far as the history reaches)",
    hint: "chart",
    rank: 6,
    pair: "zoomIn",
  },
  { action: "zoomIn", keys: ["-", "_"], does: "" },
  {
    action: "refresh",
    keys: ["ctrl+r"],
    does: "refresh everything now (at most every 5 s, inside the request budget)",
    hint: "refresh",
    rank: 7,
  },
  { action: "place", keys: ["p"], does: "place a position (a paste goes into its field)", hint: "place", rank: 2 },
  {
    action: "repeat",
    keys: ["P"],
    does: "place the last stake again, at the live price: straight to its preview",
    hint: "repeat",
    rank: 6,
  },
  { action: "results", keys: ["r"], does: "results and history", hint: "results", rank: 3 },
  {
    action: "performance",
    keys: ["g"],
    does: "performance: net over time, the figures by interval and asset",
    hint: "performance",
    rank: 6,
  },
  { action: "book", keys: ["b"], does: "the book: every game held, in every market", hint: "book", rank: 6 },
  { action: "alert", keys: ["A"], does: "make an alert: a price level or a countdown to the close", hint: "alert", rank: 7 },
  { action: "alerts", keys: ["L"], does: "the alerts: rules and the last fired, to mute or delete", hint: "alerts", rank: 7 },
  {
    action: "strategy",
    keys: ["S"],
    does: "arm or pause the strategy (on mainnet, arming asks for its name)",
    hint: "strategy",
    rank: 6,
  },
  {
    action: "diagnostics",
    keys: ["D"],
    does: "diagnostics: each call's last failure and the values that could not be read",
    hint: "diagnostics",
    rank: 8,
  },
];

/** What decides which dashboard hints apply now. */
export interface HintContext {
  /** --readonly: nothing can be placed. */
  readonly: boolean;
  /** The positions table has more rows than room: j/k would scroll it. */
  scrollable: boolean;
  /** The service answers with fresh data (placingKnown): offline, `p` is not offered. */
  online: boolean;
  /** An alerter runs: without one, `A` and `L` are not offered. */
  alerts?: boolean;
  /** A strategy runs: without one, `S` is not offered. */
  strategy?: boolean;
}

const APPLIES: Partial<Record<DashboardAction, (c: HintContext) => boolean>> = {
  place: (c) => !c.readonly && c.online,
  repeat: (c) => !c.readonly && c.online,
  scrollDown: (c) => c.scrollable,
  alert: (c) => c.alerts === true,
  alerts: (c) => c.alerts === true,
  strategy: (c) => c.strategy === true,
};

export function dashboardHints(table: readonly Binding<DashboardAction>[], c: HintContext): Hint[] {
  return hints(table.filter((b) => APPLIES[b.action]?.(c) ?? true));
}

/** The bindings of some actions of the table: the keys a mode leaves to the dashboard. */
export function dashboardBindings(
  table: readonly Binding<DashboardAction>[],
  actions: readonly DashboardAction[],
): Binding<DashboardAction>[] {
  return table.filter((b) => actions.includes(b.action));
}
