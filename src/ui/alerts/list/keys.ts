/** The alerts list's keys (L), and the dashboard's keys it leaves to the dashboard. */
import type { DashboardAction } from "../../dashboard/keys.js";
import type { Binding } from "../../keymap.js";

export type AlertListAction = "close" | "down" | "up" | "mute" | "delete" | "pageDown" | "pageUp";

export const ALERT_LIST_KEYS: readonly Binding<AlertListAction>[] = [
  { action: "close", keys: ["L", "esc"], does: "close the alerts", hint: "close", rank: 1, hintKeys: 2 },
  { action: "down", keys: ["j", "down"], does: "select a rule", hint: "select", rank: 2, pair: "up" },
  { action: "up", keys: ["k", "up"], does: "" },
  { action: "mute", keys: ["m"], does: "mute / unmute the selected rule", hint: "mute", rank: 1 },
  {
    action: "delete",
    keys: ["d", "x"],
    does: "delete the selected rule (one made here; the config file's can only be muted)",
    hint: "delete",
    rank: 2,
  },
  { action: "pageDown", keys: ["pgdn"], does: "scroll the alerts fired", hint: "fired", rank: 4, pair: "pageUp" },
  { action: "pageUp", keys: ["pgup"], does: "" },
];

/** The dashboard's keys that work over the alerts list: quitting, the overlays, refresh, and making an alert (it closes the list). */
export const ALERTS_PASS: readonly DashboardAction[] = ["quit", "help", "diagnostics", "refresh", "alert", "strategy"];
