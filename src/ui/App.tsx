/**
 * The dashboard's container: reads the store, runs the 1 Hz ticker, follows
 * the terminal size and turns keys into intents for the poller. It never
 * calls the API itself.
 */
import { useApp, useStdout } from "ink";
import { type Dispatch, type SetStateAction, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { type SessionSummary, sessionSummary } from "../domain/results.js";
import type { PlaceRequest } from "../poller/placements.js";
import { resultsPageOutdated } from "../poller/reducers.js";
import { bookOf, holdsLiveGame, type PlacementOutcome, type Snapshot, snapshotAt, type Target } from "../poller/snapshot.js";
import { isStale, placingKnown } from "../poller/staleness.js";
import type { Store } from "../poller/store.js";
import { useBookKeys } from "./book/use-book-keys.js";
import type { ChartWindow } from "./chart/scales.js";
import { Dashboard, type DashboardProps, PANES, type PaneName, panesOf, positionLines } from "./Dashboard.js";
import { dashboardActions, type KeyRoutes, routeKey } from "./dashboard-actions.js";
import { checkForm } from "./form/form-flow.js";
import { usePositionForm } from "./form/use-position-form.js";
import { useFrames } from "./frame-clock.js";
import { useKeys } from "./input/use-keys.js";
import { footerHints, type Overlay } from "./keymap.js";
import { computeLayout, type LayoutChoice } from "./layout.js";
import { currentPage, type ResultsQueryArg, type ResultsViewState, useResultsView } from "./results/use-results-view.js";
import { useSettlementToast } from "./results/use-settlement-toast.js";
import { useLatestState } from "./use-latest-state.js";
import { useMessage } from "./use-message.js";
import { useTerminalSize } from "./use-terminal-size.js";

export interface DashboardController {
  store: Store<Snapshot>;
  serverNow(): number;
  refresh(): boolean;
  retarget(change: Partial<Pick<Target, "asset" | "interval">>): void;
  place(req: PlaceRequest): Promise<PlacementOutcome>;
  /** Open (a query) or close (null) the results view; /results is fetched only while it is open. */
  setResultsQuery?(query: ResultsQueryArg | null): void;
}

export interface AppProps {
  controller: DashboardController;
  /** "SIM 127.0.0.1:8787" or the service's host. */
  backend: string;
  assets: readonly string[];
  readonly: boolean;
  /** Without a wallet address the form explains what is missing instead of posting. */
  walletMissing: boolean;
  /** --no-bell: no terminal bell when a game of the user's settles. */
  noBell?: boolean;
  /** Rings the bell (default: BEL to the terminal); tests record it instead. */
  bell?: () => void;
  /** --layout: a layout, or auto (by the size). */
  layout?: LayoutChoice;
  /** What the launch warned of (a key that does not look like one): said until the first key, and in the help. */
  warnings?: readonly string[];
}

type DashboardResults = NonNullable<DashboardProps["results"]>;

/** What cannot wait for the next second's frame: the first data, a placement's progress, the connection's state. */
function drawAtOnce(prev: Snapshot, next: Snapshot): boolean {
  return (
    prev.placement !== next.placement ||
    prev.connection.state !== next.connection.state ||
    prev.target !== next.target ||
    // A settlement's toast and bell, and a results page the open view waits for.
    prev.settlements !== next.settlements ||
    prev.results !== next.results ||
    FIRST_ANSWERS.some((k) => (prev[k] === undefined) !== (next[k] === undefined)) ||
    // A position just placed gets its first projection: what the trader waits for after Enter.
    (prev.placed.length > 0 && prev.status !== next.status)
  );
}

/** A pane's first data (at launch, after a switch) is drawn when it comes, not at the next second's frame. */
const FIRST_ANSWERS = ["listing", "status", "price", "balance"] as const;

/** Why the form cannot reach its preview now, if it cannot. */
function placingBlocked(walletMissing: boolean, snapshot: Snapshot, now: number): string | undefined {
  if (walletMissing) return "no wallet address: set METAFIDE_USER_ADDRESS to place positions";
  return placingKnown(snapshot, now) ? undefined : "placing unknown: the service is not answering, or the game listing is out of date";
}

export function App(p: AppProps) {
  const { exit } = useApp();
  const frame = useDashboardFrames(p.controller);
  const { now } = frame;
  // As of this frame: a 10 s game's next game is shown from its start, before its listing arrives.
  const snapshot = snapshotAt(frame.snapshot, now);
  const size = useTerminalSize();
  const holding = holdsLiveGame(snapshot);
  const view = useViewState(holding);
  const [message, say] = useMessage();
  // Tab's panes: the ones the last frame's layout showed.
  const panes = useRef<readonly PaneName[]>(PANES);
  const [notice, clearNotice] = useNotice(p.warnings);

  const blocked = placingBlocked(p.walletMissing, snapshot, now);
  const positionForm = usePositionForm(p.controller, blocked, say);
  const results = useResultsView(p.controller, p.assets, say);
  const bookKeys = useBookKeys(p.controller, say);
  const toast = useSettlementToast(snapshot.settlements, useBell(p));
  const summary = useMemo(() => sessionSummary(snapshot.session.games.values()), [snapshot.session.games]);
  useAppKeys(p, { exit, view, positionForm, results, bookKeys, panes, say, clearNotice });
  const { form } = positionForm;
  const { overlay } = view;
  const bookRows = bookOf(snapshot, now);
  const layout = computeLayout(size.cols, size.rows, {
    formOpen: form !== null,
    positionLines: positionLines(snapshot),
    bookRows: bookRows.length,
    choice: p.layout,
  });
  panes.current = panesOf(layout.mode);
  const resultsDetail = results.view ? results.view.detail !== null : undefined;
  const hints = footerHints({
    readonly: p.readonly,
    holding,
    online: placingKnown(snapshot, now),
    form: form?.step,
    overlay,
    resultsDetail,
    bookOpen: bookKeys.selected !== undefined,
  });
  return (
    <Dashboard
      snapshot={snapshot}
      now={now}
      localNow={now - snapshot.clockOffset}
      layout={layout}
      backend={p.backend}
      readonly={p.readonly}
      focus={view.focus}
      scroll={view.scroll}
      chartWindow={view.chartWindowShown}
      overlay={overlay}
      hints={hints}
      message={message ?? notice}
      results={results.view ? resultsViewProps(results.view, snapshot, summary, now) : undefined}
      toast={toast}
      book={{ rows: bookRows, selected: bookKeys.selected }}
      warnings={p.warnings}
      form={form ? { state: form, check: checkForm(form, snapshot, now), blocked } : undefined}
    />
  );
}

/** Keys and pastes, routed (dashboard-actions.ts): the form, the overlays, the results view, the book, the dashboard's own actions. */
function useAppKeys(
  p: AppProps,
  a: {
    exit: () => void;
    view: ReturnType<typeof useViewState>;
    positionForm: ReturnType<typeof usePositionForm>;
    results: ReturnType<typeof useResultsView>;
    bookKeys: ReturnType<typeof useBookKeys>;
    panes: { current: readonly PaneName[] };
    say: (text: string) => void;
    clearNotice: () => void;
  },
) {
  const { controller } = p;
  const routes: KeyRoutes = {
    exit: a.exit,
    form: a.positionForm.handleKey,
    overlayOpen: a.view.overlayNow() !== null,
    setOverlay: a.view.setOverlay,
    results: a.results,
    book: (press) => a.bookKeys.handleKey(press, bookOf(controller.store.getSnapshot(), controller.serverNow())),
    actions: dashboardActions({
      ...a.view,
      ...{ openForm: a.positionForm.open, openResults: a.results.open, toggleBook: a.bookKeys.toggle, panes: () => a.panes.current },
      ...{ exit: a.exit, say: a.say, controller, assets: p.assets, readonly: p.readonly },
    }),
  };
  useKeys(
    (input, key) => {
      a.clearNotice();
      routeKey({ input, key }, routes);
    },
    // A paste goes into the form's field; anywhere else it would be a flood of commands.
    (paste) => a.positionForm.handlePaste(paste.text, paste.dropped) || a.say("paste ignored: only the position form (p) takes text"),
  );
}

/** The launch's warnings stay in the footer until the trader has pressed a key: a few seconds' message could be missed. */
function useNotice(warnings: readonly string[] | undefined): [string | undefined, () => void] {
  const [notice, setNotice] = useState(warnings?.length ? `warning: ${warnings.join("; ")}` : undefined);
  return [notice, useCallback(() => setNotice(undefined), [])];
}

/** What the keys change about the view: the focused pane, the table's scroll, the chart's window, the overlay. */
function useViewState(holding: boolean) {
  const [focus, setFocus] = useFocus(holding);
  const [scroll, setScroll] = useState(0);
  const [chartWindowShown, setChartWindow, chartWindow] = useLatestState<ChartWindow>("game");
  const [overlay, setOverlay, overlayNow] = useLatestState<Overlay | null>(null);
  return { focus, setFocus, scroll, setScroll, chartWindowShown, chartWindow, setChartWindow, overlay, setOverlay, overlayNow };
}

/** Until Tab picks a pane, the focus is where the keys are of use: the positions table when it has rows. */
function useFocus(holding: boolean): [PaneName, Dispatch<SetStateAction<PaneName | null>>] {
  const [chosen, setFocus] = useState<PaneName | null>(null);
  return [chosen ?? (holding ? "positions" : "game"), setFocus];
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

/** The terminal bell for settlements (BEL to the terminal unless --no-bell; tests pass their own). */
function useBell(p: Pick<AppProps, "noBell" | "bell">): (() => void) | undefined {
  const { stdout } = useStdout();
  return useMemo(() => (p.noBell ? undefined : (p.bell ?? (() => void stdout.write("\x07")))), [p.noBell, p.bell, stdout]);
}

/** What the results view shows of the store: its page, that page's age and whether it is out of date. */
function resultsViewProps(view: ResultsViewState, snapshot: Snapshot, summary: SessionSummary, now: number): DashboardResults {
  const page = currentPage(view, snapshot);
  const outdated = page !== undefined && resultsPageOutdated(snapshot, page);
  return {
    view,
    page,
    network: snapshot.target.network,
    currency: snapshot.target.currency,
    summary,
    age: page === undefined ? undefined : Math.max(0, now - page.at),
    stale: outdated || isStale(page, "results", now),
    staleReason: outdated ? "a game settled since this page was fetched: refreshing…" : undefined,
    error: snapshot.errors.results?.message,
  };
}
