/**
 * The dashboard's container: reads the store, runs the 1 Hz ticker, follows
 * the terminal size and turns keys into intents for the poller. It never
 * calls the API itself.
 */
import { useApp, useStdout } from "ink";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { formatInterval } from "../domain/format.js";
import { playsIn } from "../domain/positions.js";
import { mergeSessionGames, sessionSummary } from "../domain/results.js";
import { INTERVALS } from "../domain/rules.js";
import type { GameResult } from "../domain/service-data.js";
import type { PlaceRequest } from "../poller/placements.js";
import type { PlacementOutcome, Snapshot, Target } from "../poller/snapshot.js";
import { isStale } from "../poller/staleness.js";
import type { Store } from "../poller/store.js";
import { Dashboard, type DashboardProps, PANES, type PaneName } from "./Dashboard.js";
import { placementCheck, usePositionForm } from "./form/use-position-form.js";
import { useFrames, useKeys, useTerminalSize } from "./hooks.js";
import type { Paste } from "./input/key-reader.js";
import {
  binding,
  DASHBOARD_KEYS,
  type DashboardAction,
  dashboardHints,
  FORM_HINTS,
  isCtrlC,
  isEscape,
  OVERLAY_HINTS,
  resultsHints,
} from "./keymap.js";
import { computeLayout } from "./layout.js";
import { currentPage, type ResultsQueryArg, useResultsView } from "./results/use-results-view.js";
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

/** The views that cover the panes until Esc (help, diagnostics). */
type Overlay = "help" | "diagnostics" | null;

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
  const [overlay, setOverlay] = useState<Overlay>(null);
  const [message, setMessage] = useState<string | undefined>();
  const messageTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const say = useCallback((text: string) => {
    setMessage(text);
    clearTimeout(messageTimer.current);
    messageTimer.current = setTimeout(() => setMessage(undefined), MESSAGE_MS);
  }, []);
  useEffect(() => () => clearTimeout(messageTimer.current), []);

  const blocked = p.walletMissing ? "no wallet address: set METAFIDE_USER_ADDRESS to place positions" : undefined;
  const positionForm = usePositionForm(p.controller, blocked);
  const layout = computeLayout(size.cols, size.rows, positionForm.form !== null);
  const results = useResultsView(p.controller, p.assets, say);

  const { stdout } = useStdout();
  const bell = useMemo(() => (p.noBell ? undefined : (p.bell ?? (() => void stdout.write("\x07")))), [p.noBell, p.bell, stdout]);
  const toast = useSettlementToast(snapshot.settlements, bell);

  // The session's games (see src/domain/results.ts): kept across renders, so the poller's bounded notice list loses none.
  const sessionStart = useRef<number | undefined>(undefined);
  sessionStart.current ??= snapshot.lastOkAt;
  const sessionGames = useRef<ReadonlyMap<string, GameResult>>(new Map());
  sessionGames.current = mergeSessionGames(sessionGames.current, {
    notices: snapshot.settlements,
    pages: Object.values(snapshot.results?.pages ?? {}).map((d) => d.value),
    sessionStart: sessionStart.current,
  });
  const games = sessionGames.current;
  const summary = useMemo(() => sessionSummary(games.values()), [games]);

  const onPaste = (paste: Paste) => {
    // A paste goes into the form's field; anywhere else it would be a flood of commands.
    if (!positionForm.handlePaste(paste.text, paste.dropped)) say("paste ignored: only the position form (p) takes text");
  };

  const actions: Record<DashboardAction, () => void> = {
    quit: exit,
    close: () => setOverlay(null),
    help: () => setOverlay((o) => (o === "help" ? null : "help")),
    diagnostics: () => setOverlay((o) => (o === "diagnostics" ? null : "diagnostics")),
    // From the state, not this render's `focus`: the keys of a burst are handled before the next render.
    nextPane: () => setFocus((f) => PANES[(PANES.indexOf(f ?? focus) + 1) % PANES.length]!),
    previousPane: () => setFocus((f) => PANES[(PANES.indexOf(f ?? focus) + PANES.length - 1) % PANES.length]!),
    // The positions table is the one pane that scrolls: j/k scroll it from anywhere, and focus it.
    scrollDown: () => {
      setFocus("positions");
      setScroll((s) => s + 1);
    },
    scrollUp: () => {
      setFocus("positions");
      setScroll((s) => Math.max(0, s - 1));
    },
    refresh: () => say(p.controller.refresh() ? "refreshing…" : "refresh throttled: at most one every 5 s"),
    interval: () => {
      const i = INTERVALS.indexOf(p.controller.store.getSnapshot().target.interval);
      const interval = INTERVALS[(i + 1) % INTERVALS.length]!;
      p.controller.retarget({ interval });
      setScroll(0);
      say(`interval ${formatInterval(interval)}`);
    },
    asset: () => {
      const current = p.controller.store.getSnapshot().target.asset;
      const list = p.assets.includes(current) ? p.assets : [current, ...p.assets];
      const asset = list[(list.indexOf(current) + 1) % list.length]!;
      p.controller.retarget({ asset });
      setScroll(0);
      say(`asset ${asset}`);
    },
    place: () => openForm(false),
    repeat: () => openForm(true),
    results: () => {
      setOverlay(null);
      results.open();
    },
  };
  const openForm = (quick: boolean) => {
    if (p.readonly) say("read-only mode (--readonly): placing is disabled");
    else {
      setOverlay(null);
      positionForm.open(quick);
    }
  };

  useKeys((input, key) => {
    const press = { input, key };
    if (isCtrlC(press)) {
      exit();
      return;
    }
    // An open form takes every key (q included: it may be a typo in a field).
    if (positionForm.handleKey(input, key)) return;
    // Esc closes the help or the diagnostics first, also over the results view.
    if (overlay !== null && isEscape(press)) {
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
  let resultsProps: DashboardResults | undefined;
  if (results.view) {
    const page = currentPage(results.view, snapshot);
    const lastSettled = snapshot.settlements.at(-1)?.at;
    const outdated = page !== undefined && lastSettled !== undefined && page.at < lastSettled;
    resultsProps = {
      view: results.view,
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
