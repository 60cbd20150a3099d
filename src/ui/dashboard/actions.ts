/**
 * What each dashboard key does (the keys are keys.ts's): intents for the
 * poller, and the view's own state (focus, scroll, chart window, the
 * overlays). Every change is a function of the latest state, so the keys of
 * a burst, handled before the next render, each count.
 */
import type { Dispatch, SetStateAction } from "react";
import { formatInterval } from "../../domain/format.js";
import { INTERVALS } from "../../domain/rules.js";
import { targetPrices } from "../../poller/snapshot.js";
import { type ChartWindow, stepWindow } from "../chart/scales.js";
import type { DashboardController } from "../controller.js";
import type { Overlay } from "../overlays/overlay-state.js";
import type { DashboardAction } from "./keys.js";
import type { PaneName } from "./pane-names.js";
import { scrollBy, stepPane } from "./view-state.js";

export interface ActionContext {
  exit(): void;
  say(text: string): void;
  /** The pane focused now (the default one until Tab picks another). */
  focus: PaneName;
  setFocus: Dispatch<SetStateAction<PaneName | null>>;
  setScroll: Dispatch<SetStateAction<number>>;
  /** How far the positions table scrolls now: the rows that do not fit (positionsScrollLimit). */
  scrollLimit(): number;
  toggleOverlay(which: Overlay): void;
  closeOverlay(): void;
  /** The chart's window now (the latest, also between the keys of one burst). */
  chartWindow(): ChartWindow;
  setChartWindow(w: ChartWindow): void;
  controller: Pick<DashboardController, "store" | "refresh" | "retarget" | "serverNow">;
  assets: readonly string[];
  readonly: boolean;
  openForm(quick: boolean): void;
  openResults(): void;
  /** The performance view (g). */
  openPerformance(): void;
  /** The book's keys on or off (b). */
  toggleBook(): void;
  /** The alert form (A) and the alerts list (L); each says so when there is no alerter. */
  openAlertForm(): void;
  openAlerts(): void;
  /** Arms or pauses the strategy (S); on mainnet arming opens the prompt for its name. */
  toggleStrategy(): void;
  /** The panes the layout shows now, in Tab's order (panesOf). */
  panes(): readonly PaneName[];
}

export function dashboardActions(c: ActionContext): Record<DashboardAction, () => void> {
  const step = (by: number) => c.setFocus((f) => stepPane(c.panes(), f ?? c.focus, by));
  const scroll = (by: number) => {
    // The positions table is the one pane that scrolls: j/k scroll it from anywhere, and focus it.
    c.setFocus("positions");
    c.setScroll((s) => scrollBy(s, by, c.scrollLimit()));
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
      c.closeOverlay();
      c.openForm(quick);
    }
  };
  return {
    quit: c.exit,
    help: () => c.toggleOverlay("help"),
    diagnostics: () => c.toggleOverlay("diagnostics"),
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
    // A view or a form opened over an overlay closes the overlay first.
    results: overOverlay(c, c.openResults),
    performance: overOverlay(c, c.openPerformance),
    book: overOverlay(c, c.toggleBook),
    alert: overOverlay(c, c.openAlertForm),
    alerts: overOverlay(c, c.openAlerts),
    strategy: overOverlay(c, c.toggleStrategy),
  };
}

function overOverlay(c: Pick<ActionContext, "closeOverlay">, open: () => void): () => void {
  return () => {
    c.closeOverlay();
    open();
  };
}
