/** The performance view's keys (g), and the dashboard's keys it leaves to the dashboard. */
import type { DashboardAction } from "../dashboard/keys.js";
import type { Binding } from "../keymap.js";

export type PerformanceAction = "close" | "range" | "interval" | "asset" | "network" | "down" | "up";

export const PERFORMANCE_KEYS: readonly Binding<PerformanceAction>[] = [
  { action: "close", keys: ["g", "esc"], does: "close the performance view", hint: "close", rank: 1, hintKeys: 2 },
  { action: "range", keys: ["t"], does: "cycle the range: today, 7 days, 30 days, all", hint: "range", rank: 2 },
  { action: "interval", keys: ["i"], does: "cycle the interval filter", hint: "interval", rank: 3 },
  { action: "asset", keys: ["a"], does: "cycle the asset filter", hint: "asset", rank: 3 },
  { action: "network", keys: ["n"], does: "the other network's results", hint: "network", rank: 5 },
  { action: "down", keys: ["j", "down"], does: "scroll the figures and tables", hint: "scroll", rank: 4, pair: "up" },
  { action: "up", keys: ["k", "up"], does: "" },
];

/** The dashboard's keys that work over the performance view. */
export const PERFORMANCE_PASS: readonly DashboardAction[] = ["quit", "help", "diagnostics", "refresh", "strategy"];
