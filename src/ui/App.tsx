/**
 * The dashboard's container: reads the store, runs the 1 Hz ticker, follows
 * the terminal size and turns keys into intents for the poller. It never
 * calls the API itself.
 */
import { useApp, useStdout } from "ink";
import { type Dispatch, type SetStateAction, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { playsIn } from "../domain/positions.js";
import { mergeSessionGames, type SessionSummary, sessionSummary } from "../domain/results.js";
import type { GameResult } from "../domain/service-data.js";
import type { PlaceRequest } from "../poller/placements.js";
import type { PlacementOutcome, Snapshot, Target } from "../poller/snapshot.js";
import { isStale } from "../poller/staleness.js";
import type { Store } from "../poller/store.js";
import { Dashboard, type DashboardProps, type PaneName } from "./Dashboard.js";
import { dashboardActions, type Overlay } from "./dashboard-actions.js";
import { placementCheck, usePositionForm } from "./form/use-position-form.js";
import { useFrames, useKeys, useTerminalSize } from "./hooks.js";
import type { Paste } from "./input/key-reader.js";
import { binding, DASHBOARD_KEYS, dashboardHints, FORM_HINTS, isCtrlC, isEscape, OVERLAY_HINTS, resultsHints } from "./keymap.js";
import { computeLayout } from "./layout.js";
import { currentPage, type ResultsQueryArg, type ResultsViewState, useResultsView } from "./results/use-results-view.js";
import { useSettlementToast } from "./results/use-settlement-toast.js";

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
}

const MESSAGE_MS = 3_000;

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
    (prev.listing === undefined) !== (next.listing === undefined)
  );
}

export function App(p: AppProps) {
  const { exit } = useApp();
  const serverNow = useCallback(() => p.controller.serverNow(), [p.controller]);
  const [phaseMs, setPhaseMs] = useState(0);
  const snapshot = useFrames(p.controller.store, serverNow, phaseMs, drawAtOnce);
  const gamePhaseMs = (snapshot.listing?.value.liveGame?.start_at ?? 0) % 1000;
  useEffect(() => setPhaseMs(gamePhaseMs), [gamePhaseMs]);
  // Frames come from the ticker and the store; the instant itself is read fresh on every frame.
  const now = serverNow();
  const size = useTerminalSize();
  // Until Tab picks a pane, the focus is where the keys are of use: the positions table when it has rows.
  const [chosenFocus, setFocus] = useState<PaneName | null>(null);
  const liveGid = snapshot.listing?.value.liveGame?.gid;
  const holding = liveGid !== undefined && playsIn(liveGid, snapshot.placed, snapshot.status?.value.positions ?? []);
  const focus: PaneName = chosenFocus ?? (holding ? "positions" : "game");
  const [scroll, setScroll] = useState(0);
  const [overlay, setOverlay, overlayNow] = useLatestState<Overlay>(null);
  const [message, say] = useMessage();

  const blocked = p.walletMissing ? "no wallet address: set METAFIDE_USER_ADDRESS to place positions" : undefined;
  const positionForm = usePositionForm(p.controller, blocked);
  const layout = computeLayout(size.cols, size.rows, positionForm.form !== null);
  const results = useResultsView(p.controller, p.assets, say);

  const { stdout } = useStdout();
  const bell = useMemo(() => (p.noBell ? undefined : (p.bell ?? (() => void stdout.write("\x07")))), [p.noBell, p.bell, stdout]);
  const toast = useSettlementToast(snapshot.settlements, bell);

  const summary = useSessionSummary(snapshot);

  const onPaste = (paste: Paste) => {
    // A paste goes into the form's field; anywhere else it would be a flood of commands.
    if (!positionForm.handlePaste(paste.text, paste.dropped)) say("paste ignored: only the position form (p) takes text");
  };

  const actions = dashboardActions({
    exit,
    say,
    focus,
    setFocus,
    setScroll,
    setOverlay,
    controller: p.controller,
    assets: p.assets,
    readonly: p.readonly,
    openForm: positionForm.open,
    openResults: results.open,
  });

  useKeys((input, key) => {
    const press = { input, key };
    if (isCtrlC(press)) {
      exit();
      return;
    }
    // An open form takes every key (q included: it may be a typo in a field).
    if (positionForm.handleKey(input, key)) return;
    // Esc closes the help or the diagnostics first, also over the results view.
    if (overlayNow() !== null && isEscape(press)) {
      setOverlay(null);
      return;
    }
    // The results view takes every key too, except q, ?, D, Ctrl+R and Ctrl+C.
    if (results.handleKey(press)) return;
    const b = binding(DASHBOARD_KEYS, press);
    if (b !== undefined) actions[b.action]();
  }, onPaste);

  const hints = positionForm.form
    ? FORM_HINTS[positionForm.form.step]
    : overlay !== null
      ? OVERLAY_HINTS[overlay]
      : results.view
        ? resultsHints(results.view.detail !== null)
        : dashboardHints({ readonly: p.readonly, holding });
  const resultsProps = results.view ? resultsViewProps(results.view, snapshot, summary, now) : undefined;

  return (
    <Dashboard
      snapshot={snapshot}
      now={now}
      localNow={now - snapshot.clockOffset}
      layout={layout}
      backend={p.backend}
      readonly={p.readonly}
      focus={focus}
      scroll={scroll}
      overlay={overlay}
      hints={hints}
      message={message}
      results={resultsProps}
      toast={toast}
      form={positionForm.form ? { state: positionForm.form, check: placementCheck(positionForm.form, snapshot, now), blocked } : undefined}
    />
  );
}

/**
 * State whose latest value can be read before the next render: the keys of
 * a burst are handled one after another, and each must see what the one
 * before it did.
 */
function useLatestState<T>(initial: T): [T, Dispatch<SetStateAction<T>>, () => T] {
  const [value, setValue] = useState(initial);
  const latest = useRef(initial);
  const set = useCallback((next: SetStateAction<T>) => {
    latest.current = typeof next === "function" ? (next as (prev: T) => T)(latest.current) : next;
    setValue(latest.current);
  }, []);
  const read = useCallback(() => latest.current, []);
  return [value, set, read];
}

/** A message in the footer for a few seconds (what a key did, or why it did nothing). */
function useMessage(): [string | undefined, (text: string) => void] {
  const [message, setMessage] = useState<string | undefined>();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const say = useCallback((text: string) => {
    setMessage(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setMessage(undefined), MESSAGE_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [message, say];
}

/**
 * The session's games (src/domain/results.ts), merged as they come: kept
 * across renders, so that games survive the poller's bounded notice list.
 * The merge is idempotent, so rendering it again changes nothing.
 */
function useSessionSummary(snapshot: Snapshot): SessionSummary {
  const start = useRef<number | undefined>(undefined);
  const games = useRef<ReadonlyMap<string, GameResult>>(new Map());
  start.current ??= snapshot.lastOkAt;
  games.current = mergeSessionGames(games.current, {
    notices: snapshot.settlements,
    pages: Object.values(snapshot.results?.pages ?? {}).map((d) => d.value),
    sessionStart: start.current,
  });
  const known = games.current;
  return useMemo(() => sessionSummary(known.values()), [known]);
}

/** What the results view shows of the store: its page, that page's age and whether it is out of date. */
function resultsViewProps(view: ResultsViewState, snapshot: Snapshot, summary: SessionSummary, now: number): DashboardResults {
  const page = currentPage(view, snapshot);
  const lastSettled = snapshot.settlements.at(-1)?.at;
  const outdated = page !== undefined && lastSettled !== undefined && page.at < lastSettled;
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
