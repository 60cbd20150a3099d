/**
 * Which items of a list a window of a few rows shows, keeping the selected
 * one in sight: the alerts list, the results view's games and a game's
 * positions. Pure.
 */

/** The first of `count` items a window of `rows` shows, keeping `at` in sight. */
export function windowStart(at: number, rows: number, count: number): number {
  return Math.max(0, Math.min(at - rows + 1, count - rows));
}
