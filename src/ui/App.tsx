/**
 * The dashboard's container: reads the store (and the alerter's), runs the
 * 1 Hz ticker, follows the terminal size and keeps the modes. Keys go down
 * one ordered list of modes (useModes: the forms, the strategy's prompt, the
 * overlays, the results view, the alerts list, the book, the dashboard) to the first that takes
 * them; the footer and the help are made from the same list. It never calls
 * the API itself.
 */
import { useApp } from "ink";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { AlertsController, AlertsState } from "../alerts/alerts-state.js";
import { alertTextAt } from "../alerts/detect/game-events.js";
import { nextGameGid } from "../domain/game.js";
import { bestRow } from "../domain/positions.js";
import { type SessionSummary, sessionSummary } from "../domain/results.js";
import { resultsPageOutdated } from "../poller/reducers.js";
import { bookOf, holdsLiveGame, type Snapshot, snapshotAt } from "../poller/snapshot.js";
import { isStale, placingUnknown } from "../poller/staleness.js";
import { checkAlertForm } from "./alerts/form/alert-form-check.js";
import { alertFormContext, useAlertFormMode } from "./alerts/form/use-alert-form-mode.js";
import { firedFit } from "./alerts/list/alert-list-state.js";
import { useAlertListMode } from "./alerts/list/use-alert-list-mode.js";
import { alertOnLine, useAlerts } from "./alerts/use-alerts.js";
import { useBookMode } from "./book/use-book-mode.js";
import type { DashboardController } from "./controller.js";
import { Dashboard } from "./Dashboard.js";
import type { DashboardAction } from "./dashboard/keys.js";
import { PANES, type PaneName, panesOf } from "./dashboard/pane-names.js";
import { type PositionView, positionView, scrollLimit, scrollWindow } from "./dashboard/position-view.js";
import { useDashboardMode } from "./dashboard/use-dashboard-mode.js";
import type { DashboardProps } from "./dashboard-props.js";
import { checkForm, previewLapsed } from "./form/form-flow.js";
import type { FormState } from "./form/form-state.js";
import { useFormMode } from "./form/use-form-mode.js";
import { useFrames } from "./frame-clock.js";
import { useKeys } from "./input/use-keys.js";
import { DEFAULT_KEYS, type KeyTables } from "./key-tables.js";
import { type Binding, keyName } from "./keymap.js";
import { KeysContext } from "./keys-context.js";
import { computeLayout, type Layout, type LayoutChoice, type LayoutNeeds } from "./layout.js";
import { footerHints, helpSections, type Mode, routeKey } from "./mode.js";
import { useOverlayMode } from "./overlays/use-overlay-mode.js";
import { usePerformanceMode } from "./performance/use-performance-mode.js";
import { usePerformanceView } from "./performance/use-performance-view.js";
import { resultsListRows } from "./results/ResultsView.js";
import { currentPage, type ResultsViewState, totalWhileLoading } from "./results/results-state.js";
import { useResultsMode } from "./results/use-results-mode.js";
import { useSettlementToast } from "./results/use-settlement-toast.js";
import { useConfirmMode } from "./strategy/confirm/use-confirm-mode.js";
import { noStrategy, type StrategyController } from "./strategy/controller.js";
import { useStrategyLine } from "./strategy/use-strategy.js";
import { useMessage } from "./use-message.js";
import { useTerminalSize } from "./use-terminal-size.js";

export interface AppProps {
  controller: DashboardController;
  /** "SIM 127.0.0.1:8787" or the service's host. */
  backend: string;
  assets: readonly string[];
  readonly: boolean;
  /** Without a wallet address the form explains what is missing instead of posting. */
  walletMissing: boolean;
  /** --layout: a layout, or auto (by the size). */
  layout?: LayoutChoice;
  /** Every mode's keys as the trader bound them (the config file's [keys]); the defaults unless given. */
  keys?: KeyTables;
  /** What the launch warned of (a key that does not look like one): said until the first key, and in the help. */
  warnings?: readonly string[];
  /** The alerter: its rules, the alerts fired and the alert line; without it `A` and `L` say alerts are not available. */
  alerts?: AlertsController;
  /** The strategy for the market the dashboard opened on: its line, `S` to arm or pause it, ARMED in the header; without it `S` says there is none. */
  strategy?: StrategyController;
}

type DashboardResults = NonNullable<DashboardProps["results"]>;

/** What cannot wait for the next second's frame: the first data, a placement's progress, the connection's state. */
function drawAtOnce(prev: Snapshot, next: Snapshot): boolean {
  return (
    prev.placement !== next.placement ||
    prev.connection.state !== next.connection.state ||
    prev.target !== next.target ||
    // A settlement's toast, and a results page the open view waits for.
    prev.settlements !== next.settlements ||
    prev.results !== next.results ||
    FIRST_ANSWERS.some((k) => (prev[k] === undefined) !== (next[k] === undefined)) ||
    // A position just placed gets its first projection: what the trader waits for after Enter.
    (prev.placed.length > 0 && prev.status !== next.status)
  );
}

/** A pane's first data (at launch, after a switch) is drawn when it comes, not at the next second's frame. */
const FIRST_ANSWERS = ["listing", "status", "price", "balance"] as const;

/** Why the form cannot reach its preview now, if it cannot: no wallet, or placing not known (placingUnknown). */
function placingBlocked(walletMissing: boolean, unknown: string | undefined): string | undefined {
  return walletMissing ? "no wallet address: set METAFIDE_USER_ADDRESS to place positions" : unknown;
}

export function App(p: AppProps) {
  const { exit } = useApp();
  const keys = p.keys ?? DEFAULT_KEYS;
  const { snapshot: latest, now } = useDashboardFrames(p.controller);
  // As of this frame: a 10 s game's next game is shown from its start, before its listing arrives.
  const snapshot = snapshotAt(latest, now);
  const size = useTerminalSize();
  const holding = holdsLiveGame(snapshot);
  // What the launch warned of (a key that does not look like one) stands until the first key.
  const [message, say, clearMessage] = useMessage(p.warnings?.length ? `warning: ${p.warnings.join("; ")}` : undefined);
  // What the last frame drew, for the keys: Tab's panes, how far the positions and the fired alerts scroll.
  const drawn = useRef<Drawn>(NOTHING_DRAWN);
  const unknown = placingUnknown(snapshot, now);
  const alerts = useAlerts(p.alerts, say);
  const blocked = placingBlocked(p.walletMissing, unknown);
  const liveGid = snapshot.listing?.value.liveGame?.gid;
  const all = useModes(p, { exit, say, holding, liveGid, online: unknown === undefined, blocked, drawn });
  const { modes, form, alertForm, overlays, results, performance, book, dashboard, confirm } = all;
  useRoutedKeys(modes, [form, alertForm, confirm], { exit, say, clearMessage, keys: keys.dashboard, focus: p.alerts?.setFocused });
  const alertNow = alertOnLine(alerts, now - snapshot.clockOffset);
  const strategy = useStrategyLine(p.strategy, confirm.confirm, snapshot.target.currency);
  const toast = useSettlementToast(snapshot.settlements, keyName(keys.dashboard, "results"));
  const summary = useMemo(() => sessionSummary(snapshot.session.games.values()), [snapshot.session.games]);
  const positions = usePositionView(snapshot);
  const bookRows = bookOf(snapshot, now);
  const layout = computeLayout(size.cols, size.rows, {
    ...tableNeeds(positions, bookRows.length, p.layout),
    formOpen: form.form !== null || alertForm.form !== null,
    alertLine: alertNow !== undefined,
    strategyLine: strategy !== undefined,
    confirmOpen: strategy?.confirm !== undefined,
  });
  const window = scrollWindow(positions, layout);
  const limit = scrollLimit(window.list, bestRow(positions.rows, snapshot.price?.value.value), window.room);
  const perf = usePerformanceView(performance.view, snapshot, now, layout);
  drawn.current = drawnFrame(layout, limit, alerts, perf?.scrollLimit ?? 0, bookRows.length);
  return (
    <KeysContext.Provider value={keys}>
      <Dashboard
        snapshot={snapshot}
        now={now}
        localNow={now - snapshot.clockOffset}
        layout={layout}
        backend={p.backend}
        readonly={p.readonly}
        focus={dashboard.view.focus}
        scroll={Math.min(dashboard.view.scroll, limit)}
        positions={positions}
        chartWindow={dashboard.view.chartWindow}
        overlay={overlays.state.overlay}
        overlayView={{ sections: helpSections(modes), scroll: overlays.state.scroll, onOverflow: overlays.setOverflow }}
        hints={footerHints(modes)}
        message={message}
        results={results.view ? resultsViewProps(results.view, snapshot, summary, now) : undefined}
        performance={perf?.props}
        toast={toast}
        book={{ rows: bookRows, selected: book.selected }}
        warnings={p.warnings}
        form={form.form ? formView(form.form, snapshot, now, blocked) : undefined}
        {...alertViews(all, alerts, snapshot)}
        alertLine={alertNow && { ...alertNow, text: alertTextAt(alertNow, now, { gid: liveGid, held: holding }) }}
        strategy={strategy}
      />
    </KeysContext.Provider>
  );
}

/** The open position form as the Dashboard draws it: its values checked, and why its preview can no longer be sent, if it cannot. */
function formView(f: FormState, snapshot: Snapshot, now: number, blocked: string | undefined): NonNullable<DashboardProps["form"]> {
  const lapsed = f.step === "preview" && f.order ? previewLapsed(f.order, snapshot, now) : undefined;
  return { state: f, check: checkForm(f, snapshot, now), blocked, lapsed };
}

function drawnFrame(layout: Layout, scrollLimit: number, alerts: AlertsState, performanceScroll: number, bookRows: number): Drawn {
  return {
    panes: panesOf(layout.mode),
    scrollLimit,
    fired: firedFit(layout.bodyHeight, alerts),
    performanceScroll,
    resultsRows: resultsListRows(layout.bodyHeight),
    bookRows,
  };
}

/** What the layout needs of the positions table and the book, and the layout asked for. */
function tableNeeds(positions: PositionView, bookRows: number, choice: LayoutChoice | undefined): LayoutNeeds {
  return { positionLines: positions.lines, positionChrome: positions.chrome, bookRows, choice };
}

/** Before the first frame. */
const NOTHING_DRAWN: Drawn = {
  panes: PANES,
  scrollLimit: 0,
  fired: { rows: 0, limit: 0 },
  performanceScroll: 0,
  resultsRows: 0,
  bookRows: 0,
};

/** What the last frame drew that the keys need: Tab's panes, how far the positions scroll, the fired alerts' rows. */
interface Drawn {
  panes: readonly PaneName[];
  scrollLimit: number;
  fired: { rows: number; limit: number };
  /** How far the performance view's figures scroll. */
  performanceScroll: number;
  /** The games the results view's list has rows for at this size: its pages are as long when it opens. */
  resultsRows: number;
  /** The book's rows: its footer offers j/k and Enter by them. */
  bookRows: number;
}

interface ModeNeeds {
  exit(): void;
  say(text: string): void;
  holding: boolean;
  /** The live game this frame draws. */
  liveGid: string | undefined;
  online: boolean;
  blocked: string | undefined;
  drawn: { current: Drawn };
}

/**
 * The modes, in the order keys go down them: the forms and the prompt that
 * arms a strategy on mainnet take every key while open, an overlay its own, the results view, the alerts
 * list and the book every key but the dashboard's they let through, the
 * dashboard the rest.
 */
function useModes(p: AppProps, n: ModeNeeds) {
  const keys = p.keys ?? DEFAULT_KEYS;
  const { controller } = p;
  const form = useFormMode(controller, n.blocked, n.say, keys.form, keys.dashboard, n.liveGid);
  const alertForm = useAlertFormMode(p.alerts, controller, n.say, keys.alert, keys.dashboard);
  const confirm = useConfirmMode(p.strategy, n.say, keys.strategy, keys.dashboard, noStrategy(p));
  const overlays = useOverlayMode(keys.overlay, keys.dashboard);
  const results = useResultsMode(controller, p.assets, n.say, keys.results, keys.dashboard);
  const fired = useCallback(() => n.drawn.current.fired, [n.drawn]);
  const alertList = useAlertListMode(p.alerts, n.say, keys.alerts, keys.dashboard, fired);
  const bookRowsNow = useCallback(() => bookOf(controller.store.getSnapshot(), controller.serverNow()), [controller]);
  const bookDrawn = useCallback(() => n.drawn.current.bookRows, [n.drawn]);
  const book = useBookMode(controller, bookRowsNow, bookDrawn, n.say, keys.book, keys.dashboard);
  const performanceScroll = useCallback(() => n.drawn.current.performanceScroll, [n.drawn]);
  const performance = usePerformanceMode(controller, n.say, keys.performance, keys.dashboard, performanceScroll);
  const dashboard = useDashboardMode(
    keys.dashboard,
    n.holding,
    { readonly: p.readonly, online: n.online, alerts: p.alerts !== undefined, strategy: p.strategy !== undefined },
    {
      exit: n.exit,
      say: n.say,
      controller,
      assets: p.assets,
      readonly: p.readonly,
      scrollLimit: () => n.drawn.current.scrollLimit,
      panes: () => n.drawn.current.panes,
      toggleOverlay: overlays.toggle,
      closeOverlay: overlays.close,
      openForm: form.open,
      openResults: () => results.open(n.drawn.current.resultsRows),
      openPerformance: performance.open,
      toggleBook: book.toggle,
      openAlertForm: alertForm.open,
      openAlerts: alertList.open,
      toggleStrategy: confirm.toggle,
    },
  );
  const modes: readonly Mode[] = [
    form.mode,
    alertForm.mode,
    confirm.mode,
    overlays.mode,
    results.mode,
    performance.mode,
    alertList.mode,
    book.mode,
    dashboard.mode,
  ];
  return { modes, form, alertForm, confirm, overlays, results, performance, alertList, book, dashboard };
}

/** Keys down the modes; a paste to the open form (or the prompt for a strategy's name), the places that take text. */
function useRoutedKeys(
  modes: readonly Mode[],
  forms: readonly { handlePaste(text: string, dropped: number): boolean }[],
  c: {
    exit(): void;
    say(text: string): void;
    /** The last key's message, or the launch's warning, goes with the next key. */
    clearMessage(): void;
    keys: readonly Binding<DashboardAction>[];
    focus: ((focused: boolean) => void) | undefined;
  },
) {
  const formKeys = `${keyName(c.keys, "place")}, ${keyName(c.keys, "alert")}`;
  useKeys(
    (input, key) => {
      c.clearMessage();
      routeKey(modes, { input, key }, c.exit);
    },
    // Anywhere else a paste would be a flood of commands.
    (paste) =>
      forms.some((f) => f.handlePaste(paste.text, paste.dropped)) || c.say(`paste ignored: only the forms (${formKeys}) take text`),
    // The terminal's focus reports, for alerts delivered only while the pane is not looked at.
    (focused) => c.focus?.(focused),
  );
}

/** The alert form and the alerts list as the Dashboard draws them, while open; the alerter's problem for the help. */
function alertViews(
  m: Pick<ReturnType<typeof useModes>, "alertForm" | "alertList">,
  alerts: AlertsState,
  snapshot: Snapshot,
): Pick<DashboardProps, "alertForm" | "alertList" | "alertsProblem"> {
  const f = m.alertForm.form;
  return {
    alertForm: f ? { form: f, check: checkAlertForm(f, alertFormContext(snapshot)) } : undefined,
    alertList: m.alertList.list ? { state: m.alertList.list, alerts } : undefined,
    alertsProblem: alerts.problem,
  };
}

/** The positions table's view of the snapshot (position-view.ts), rebuilt only when what it comes from changes. */
function usePositionView(s: Snapshot) {
  const gid = s.listing?.value.liveGame?.gid;
  const nextGid = s.listing ? nextGameGid(s.listing.value) : undefined;
  const { status, placed, settling, settlements } = s;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the view reads these of the snapshot, not the rest
  return useMemo(() => positionView(s), [gid, nextGid, status, placed, settling, settlements]);
}

/**
 * The snapshot to draw and the server instant it is drawn for. Frames come
 * from the ticker (in step with the game's own second) and from urgent
 * changes of the store; the instant is read fresh on every frame.
 */
function useDashboardFrames(controller: DashboardController): { snapshot: Snapshot; now: number } {
  const serverNow = useCallback(() => controller.serverNow(), [controller]);
  const [phaseMs, setPhaseMs] = useState(0);
  const snapshot = useFrames(controller.store, serverNow, phaseMs, drawAtOnce);
  const gamePhaseMs = (snapshot.listing?.value.liveGame?.start_at ?? 0) % 1000;
  useEffect(() => setPhaseMs(gamePhaseMs), [gamePhaseMs]);
  return { snapshot, now: serverNow() };
}

/** What the results view shows of the store: its page, that page's age and whether it is out of date. */
function resultsViewProps(view: ResultsViewState, snapshot: Snapshot, summary: SessionSummary, now: number): DashboardResults {
  const page = currentPage(view, snapshot);
  const outdated = page !== undefined && resultsPageOutdated(snapshot, page);
  return {
    view,
    page,
    totalWhileLoading: page === undefined ? totalWhileLoading(view, snapshot) : undefined,
    network: snapshot.target.network,
    currency: snapshot.target.currency,
    summary,
    age: page === undefined ? undefined : Math.max(0, now - page.at),
    stale: outdated || isStale(page, "results", now),
    staleReason: outdated ? "a game settled since this page was fetched: refreshing…" : undefined,
    error: snapshot.errors.results?.message,
  };
}
