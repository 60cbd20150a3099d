/** The footer's hints cut to its width by rank, never mid-hint. */
import type { Hint } from "./keymap.js";
import { textWidth } from "./spans.js";

/**
 * The hints that fit in `width` columns, in their own order: taken by rank
 * (a rank's hints in table order) until the next one does not fit, so a
 * hint never shows while a more important one is left out, and none is cut.
 */
export function fitHints(all: readonly Hint[], width: number): string {
  const kept = new Set<Hint>();
  let used = 0;
  for (const h of [...all].sort((a, b) => a.rank - b.rank)) {
    const w = textWidth(h.text) + (kept.size > 0 ? 2 : 0);
    if (used + w > width) break;
    kept.add(h);
    used += w;
  }
  return all
    .filter((h) => kept.has(h))
    .map((h) => h.text)
    .join("  ");
}
