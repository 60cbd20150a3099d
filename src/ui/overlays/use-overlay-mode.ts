/**
 * The overlays' mode: while the help or the diagnostics covers the panes,
 * Esc closes it and j/k and the page keys scroll it where the terminal is
 * too short for it; every other key goes on to the mode under it (the
 * overlay's own key, passed through to the dashboard, closes it there).
 */
import { useCallback, useMemo, useRef, useState } from "react";
import type { DashboardAction } from "../dashboard/keys.js";
import { type Binding, binding, type Hint, hints, type KeyPress, keyLabel, keyName } from "../keymap.js";
import type { Mode } from "../mode.js";
import { useLatestState } from "../use-latest-state.js";
import type { OverlayAction } from "./keys.js";
import { NO_OVERLAY, type Overlay, type OverlayState, scrollOverlay, toggleOverlay } from "./overlay-state.js";

export interface OverlayMode {
  mode: Mode;
  /** Which overlay shows, and its scroll within the lines that do not fit as it was last drawn. */
  state: OverlayState;
  toggle(which: Overlay): void;
  close(): void;
  /** The overlay's lines that do not fit and the lines it shows, as it was last drawn: how far it scrolls, and a page. */
  setOverflow(lines: number, visible: number): void;
}

export function useOverlayMode(table: readonly Binding<OverlayAction>[], dashboard: readonly Binding<DashboardAction>[]): OverlayMode {
  const [state, setState, stateNow] = useLatestState<OverlayState>(NO_OVERLAY);
  const overflow = useRef({ lines: 0, visible: 1 });
  // Whether it scrolls, as a state: the footer's j/k is offered only then, and the overflow is measured after a frame.
  const [, setScrolls] = useState(false);
  const toggle = useCallback((which: Overlay) => setState((s) => toggleOverlay(s, which)), [setState]);
  const close = useCallback(() => setState(NO_OVERLAY), [setState]);
  const setOverflow = useCallback((lines: number, visible: number) => {
    overflow.current = { lines, visible };
    setScrolls(lines > 0);
  }, []);
  const mode = useMemo<Mode>(
    () => ({
      title: `OVER THE HELP (${keyName(dashboard, "help", false)}) AND THE DIAGNOSTICS (${keyName(dashboard, "diagnostics", false)})`,
      active: () => stateNow().overlay !== null,
      handleKey: (press: KeyPress) => {
        const b = binding(table, press);
        if (b === undefined) return false;
        // A page keeps its last line in sight at the top of the next.
        const page = Math.max(1, overflow.current.visible - 1);
        const by = { close: 0, down: 1, up: -1, pageDown: page, pageUp: -page }[b.action];
        if (b.action === "close") close();
        else setState((s) => scrollOverlay(s, by, overflow.current.lines));
        return true;
      },
      bindings: table,
      hints: () => overlayHints(stateNow().overlay ?? "help", table, dashboard, overflow.current.lines > 0),
    }),
    [table, dashboard, stateNow, setState, close],
  );
  // A terminal grown since the last key: the overlay is drawn from the lines that now do not fit.
  const shown = state.scroll > overflow.current.lines ? scrollOverlay(state, 0, overflow.current.lines) : state;
  return { mode, state: shown, toggle, close, setOverflow };
}

/**
 * Over an overlay, the footer offers the way back (its own key or Esc: what
 * it closes is on screen), its scrolling, the other overlay and quit;
 * at 60 columns the way back, the scrolling and quit fit beside the data's
 * age (a short terminal is where it scrolls).
 */
function overlayHints(
  overlay: Overlay,
  table: readonly Binding<OverlayAction>[],
  dashboard: readonly Binding<DashboardAction>[],
  scrolls: boolean,
): Hint[] {
  const other: DashboardAction = overlay === "help" ? "diagnostics" : "help";
  const close = table.find((b) => b.action === "close")?.keys[0];
  const own = dashboard.find((b) => b.action === overlay)?.keys[0];
  const keys = [own, close].flatMap((k) => (k === undefined ? [] : [keyLabel(k, true)]));
  const scroll = scrolls ? hints(table.filter((b) => b.action === "down" || b.action === "up")) : [];
  return [
    { text: `${keys.join("/")} close`, rank: 1 },
    ...scroll,
    ...[other, "quit"].flatMap((a) => hints(dashboard.filter((b) => b.action === a))),
  ];
}
