/**
 * What the dashboard's keys change about its view, as pure functions: the
 * focused pane (Tab) and the positions table's scroll (j/k), kept within
 * the rows there are whatever the keys and the data do.
 */
import type { PaneName } from "./pane-names.js";

/** The pane `by` steps from `current` in Tab's order, round the end; from a pane the layout no longer shows, Tab starts at the first. */
export function stepPane(panes: readonly PaneName[], current: PaneName, by: number): PaneName {
  const at = panes.indexOf(current);
  return panes[(at + by + panes.length * Math.abs(by)) % panes.length]!;
}

/**
 * The scroll after `by` more rows, within 0…limit. An offset kept from
 * before the rows shrank counts from the limit, so the first `k` after it
 * moves at once.
 */
export function scrollBy(offset: number, by: number, limit: number): number {
  const top = Math.max(0, limit);
  return Math.min(top, Math.max(0, Math.min(Math.max(0, offset), top) + by));
}
