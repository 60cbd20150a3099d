/**
 * What each dashboard key does (the keys themselves are keymap.ts's): intents
 * for the poller, and the App's own state (focus, scroll, overlays). Every
 * state change is a function of the previous state, so the keys of a burst,
 * handled before the next render, each count.
 */
import type { Dispatch, SetStateAction } from "react";
import { formatInterval } from "../domain/format.js";
import { INTERVALS } from "../domain/rules.js";
import { targetPrices } from "../poller/snapshot.js";
import type { DashboardController } from "./App.js";
import { type ChartWindow, stepWindow } from "./chart/scales.js";
import type { PaneName } from "./Dashboard.js";
import { binding, DASHBOARD_KEYS, type DashboardAction, isCtrlC, isEscape, type KeyPress, type Overlay } from "./keymap.js";

/** The views that cover the panes until Esc (help, diagnostics). */

export interface ActionContext {
  exit(): void;
  say(text: string): void;
  /** The pane focused now (the default one until Tab picks another). */
  focus: PaneName;
  setFocus: Dispatch<SetStateAction<PaneName | null>>;
  setScroll: Dispatch<SetStateAction<number>>;
  setOverlay: Dispatch<SetStateAction<Overlay | null>>;
  /** The chart's window now (the latest, also between the keys of one burst). */
  chartWindow(): ChartWindow;
  setChartWindow(w: ChartWindow): void;
  controller: Pick<DashboardController, "store" | "refresh" | "retarget" | "serverNow">;
  assets: readonly string[];
  readonly: boolean;
  openForm(quick: boolean): void;
  openResults(): void;
  /** The book's keys on or off (b). */
  toggleBook(): void;
  /** The panes the layout shows now, in Tab's order (panesOf). */
  panes(): readonly PaneName[];
}

export function dashboardActions(c: ActionContext): Record<DashboardAction, () => void> {
  const step = (by: number) =>
    c.setFocus((f) => {
      const panes = c.panes();
      return panes[(panes.indexOf(f ?? c.focus) + by + panes.length) % panes.length]!;
    });
  const scroll = (by: number) => {
    // The positions table is the one pane that scrolls: j/k scroll it from anywhere, and focus it.
    c.setFocus("positions");
    c.setScroll((s) => Math.max(0, s + by));
  };
  const retarget = (change: { interval: (typeof INTERVALS)[number] } | { asset: string }, said: string) => {
    c.controller.retarget(change);
    c.setScroll(0);
    c.say(said);
  };
  const zoom = (direction: 1 | -1) => {
    const s = c.controller.store.getSnapshot();
    const prices = targetPrices(s);
    const latest = prices.at(-1)?.t ?? c.controller.serverNow();
    const now = c.chartWindow();
    const next = stepWindow(now, direction, prices.at(0)?.t, latest);
    if (next === now) c.say(direction > 0 ? "no longer window: the price history reaches back no further" : "the shortest window already");
    else c.setChartWindow(next);
  };
  const place = (quick: boolean) => {
    if (c.readonly) c.say("read-only mode (--readonly): placing is disabled");
    else {
      c.setOverlay(null);
      c.openForm(quick);
    }
  };
  return {
    quit: c.exit,
    close: () => c.setOverlay(null),
    help: () => c.setOverlay((o) => (o === "help" ? null : "help")),
    diagnostics: () => c.setOverlay((o) => (o === "diagnostics" ? null : "diagnostics")),
    nextPane: () => step(1),
    previousPane: () => step(-1),
    scrollDown: () => scroll(1),
    scrollUp: () => scroll(-1),
    refresh: () => c.say(c.controller.refresh() ? "refreshing…" : "refresh throttled: at most one every 5 s"),
    interval: () => {
      const i = INTERVALS.indexOf(c.controller.store.getSnapshot().target.interval);
      const interval = INTERVALS[(i + 1) % INTERVALS.length]!;
      retarget({ interval }, `interval ${formatInterval(interval)}`);
    },
    asset: () => {
      const current = c.controller.store.getSnapshot().target.asset;
      const list = c.assets.includes(current) ? c.assets : [current, ...c.assets];
      const asset = list[(list.indexOf(current) + 1) % list.length]!;
      retarget({ asset }, `asset ${asset}`);
    },
    zoomOut: () => zoom(1),
    zoomIn: () => zoom(-1),
    place: () => place(false),
    repeat: () => place(true),
    results: () => {
      c.setOverlay(null);
      c.openResults();
    },
    book: () => {
      c.setOverlay(null);
      c.toggleBook();
    },
  };
}

export interface KeyRoutes {
  exit(): void;
  /** The position form, if open: true when it took the key. */
  form(input: string, key: KeyPress["key"]): boolean;
  overlayOpen: boolean;
  setOverlay(o: Overlay | null): void;
  /** The results view, if open: true when it took the key. */
  results: { handleKey(p: KeyPress): boolean };
  /** The book, while its keys are on: true when it took the key. */
  book: (p: KeyPress) => boolean;
  actions: Record<DashboardAction, () => void>;
}

/** A key goes to the first that takes it, from the top of the screen down. */
export function routeKey(press: KeyPress, to: KeyRoutes): void {
  if (isCtrlC(press)) {
    to.exit();
    return;
  }
  // An open form takes every key (q included: it may be a typo in a field).
  if (to.form(press.input, press.key)) return;
  // Esc closes the help or the diagnostics first, also over the results view.
  if (to.overlayOpen && isEscape(press)) {
    to.setOverlay(null);
    return;
  }
  // The results view takes every key too, except q, ?, D, Ctrl+R and Ctrl+C.
  if (to.results.handleKey(press)) return;
  if (to.book(press)) return;
  const b = binding(DASHBOARD_KEYS, press);
  if (b !== undefined) to.actions[b.action]();
}
