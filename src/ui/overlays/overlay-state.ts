/**
 * What covers the panes (help, diagnostics) and how far it is
 * scrolled, as pure functions of the keys: tested as tables of presses.
 */

/** What the dashboard shows over its panes; each is toggled by its dashboard key. */
export type Overlay = "help" | "diagnostics";

export interface OverlayState {
  overlay: Overlay | null;
  /** The overlay's first line shown: 0 until scrolled, at most `limit` (the lines that do not fit). */
  scroll: number;
}

export const NO_OVERLAY: OverlayState = { overlay: null, scroll: 0 };

/** The overlay's key toggles it: opens it at its top, closes it when it shows, replaces the other. */
export function toggleOverlay(s: OverlayState, which: Overlay): OverlayState {
  return s.overlay === which ? NO_OVERLAY : { overlay: which, scroll: 0 };
}

/** Scrolls by `by` lines within 0…limit; an offset past a limit that has shrunk (a taller terminal) counts from the limit. */
export function scrollOverlay(s: OverlayState, by: number, limit: number): OverlayState {
  const top = Math.max(0, limit);
  const from = Math.min(Math.max(0, s.scroll), top);
  return { ...s, scroll: Math.min(top, Math.max(0, from + by)) };
}
