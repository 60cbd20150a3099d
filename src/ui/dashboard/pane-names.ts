/** The dashboard's panes, in the screen's reading order, which Tab follows: left to right, top to bottom. */
import type { LayoutMode } from "../layout.js";

export const PANES = ["game", "balance", "price", "positions"] as const;
export type PaneName = (typeof PANES)[number];

/** The panes a layout shows, in Tab's order: without borders the balance is a line under the game, not a pane. */
export function panesOf(mode: LayoutMode): readonly PaneName[] {
  return mode === "boxed" ? PANES : PANES.filter((p) => p !== "balance");
}
