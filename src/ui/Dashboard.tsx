/**
 * The whole screen for one snapshot at one instant: pure presentation, so
 * tests can render any state without a poller. The layout (layout.ts)
 * decides which arrangement and how many rows each part gets; each pane
 * gets only its own slice and is memoised, so a pane whose data did not
 * change is not redrawn.
 */
import { Box } from "ink";
import { type BookRow, bookSummary } from "../domain/book.js";
import { nextGameGid } from "../domain/game.js";
import type { PlacementCheck } from "../domain/placement.js";
import { noLiveGameTitle } from "../domain/placement.js";
import { otherGames, playsIn, positionRows, readableStreaks } from "../domain/positions.js";
import type { Toast } from "../domain/results.js";
import { bookRead, type Snapshot } from "../poller/snapshot.js";
import { ageAt, NowContext } from "./age.js";
import type { ChartWindow } from "./chart/scales.js";
import { BodyPanes, Book } from "./DashboardPanes.js";
import type { FormState } from "./form/form-state.js";
import type { Hint } from "./keymap.js";
import type { Layout } from "./layout.js";
import { DiagnosticsView } from "./panes/DiagnosticsView.js";
import { Footer } from "./panes/Footer.js";
import { Header } from "./panes/Header.js";
import { HelpOverlay } from "./panes/HelpOverlay.js";
import { ServiceDown, serviceDownReason } from "./panes/ServiceDown.js";
import { TooSmall } from "./panes/TooSmall.js";
import { ResultsView, type ResultsViewProps } from "./results/ResultsView.js";

/** In the screen's reading order, which Tab follows: left to right, top to bottom. */
export const PANES = ["game", "balance", "price", "positions"] as const;
export type PaneName = (typeof PANES)[number];

/** The panes a layout shows, in Tab's order: without borders the balance is a line under the game, not a pane. */
export function panesOf(mode: Layout["mode"]): readonly PaneName[] {
  return mode === "boxed" ? PANES : PANES.filter((p) => p !== "balance");
}

export interface DashboardProps {
  snapshot: Snapshot;
  /** Server ms (the game clock). */
  now: number;
  /** Local ms, for countdowns the poller keeps in local time. */
  localNow: number;
  layout: Layout;
  backend: string;
  readonly: boolean;
  focus: PaneName;
  scroll: number;
  /** The span of time the price chart shows. */
  chartWindow?: ChartWindow;
  /** A view covering the panes: the help or the diagnostics. */
  overlay: "help" | "diagnostics" | null;
  /** The footer's hints, ranked: the footer keeps what fits. */
  hints: readonly Hint[];
  message: string | undefined;
  /** The inline position form, when open; the layout must have been computed with room for it. */
  form?: { state: FormState; check: PlacementCheck; blocked: string | undefined } | undefined;
  /** The results view, when open: it replaces the body panes (header and footer stay). */
  results?: Omit<ResultsViewProps, "width" | "height"> | undefined;
  /** The latest settlement of a game of the user's, while it shows. */
  toast?: Toast | undefined;
  /** The book's rows (bookOf) and the row its keys select while they are on. */
  book?: { rows: readonly BookRow[]; selected: number | undefined } | undefined;
  /** Warnings of the launch (a key that does not look like one): in the help's problems. */
  warnings?: readonly string[];
}

const STALE_OVERALL_MS = 5_000;

export function Dashboard(p: DashboardProps) {
  const { snapshot: s, layout: l, now } = p;
  if (l.tooSmall) return <TooSmall cols={l.cols} rows={l.rows} />;
  const lastOkAge = ageAt(now, s.lastOkAt);
  return (
    <NowContext.Provider value={now}>
      <Box flexDirection="column" width={l.cols} height={l.frameHeight}>
        <Header
          backend={p.backend}
          network={s.target.network}
          asset={s.target.asset}
          interval={s.target.interval}
          connection={s.connection}
          age={lastOkAge}
          stale={lastOkAge !== undefined && lastOkAge > STALE_OVERALL_MS}
          localNow={p.localNow}
          readonly={p.readonly}
          width={l.cols}
          book={headerBook(p)}
        />
        <Body {...p} />
        <Footer hints={p.hints} lastOkAt={s.lastOkAt} age={lastOkAge} message={p.message} toast={p.toast} width={l.cols} />
      </Box>
    </NowContext.Provider>
  );
}

/** The book's line for the header: while games are held outside the focused one and no book pane shows them. */
function headerBook(p: DashboardProps): string | undefined {
  const rows = p.book?.rows ?? [];
  if (p.layout.bookWidth > 0 || !rows.some((r) => !r.focused)) return undefined;
  const { read, of } = bookRead(p.snapshot);
  return `${bookSummary(rows, p.snapshot.target.currency)}${read < of ? ` (${read} of ${of} markets read)` : ""}`;
}

/**
 * Between header and footer: an overlay, the results view, what keeps the
 * panes from loading at all (the service unreachable, the key refused,
 * before any answer), the book (b, where it has no column of its own), or
 * the panes.
 */
function Body(p: DashboardProps) {
  const { snapshot: s, layout: l } = p;
  const height = l.frameHeight - 2;
  if (p.overlay === "diagnostics") {
    return (
      <DiagnosticsView
        diagnostics={s.diagnostics}
        errors={s.errors}
        connection={s.connection}
        backend={p.backend}
        clockOffset={s.clockOffset}
        localNow={p.localNow}
        width={l.cols}
        height={height}
      />
    );
  }
  if (p.overlay === "help") {
    const problems = [
      ...(p.warnings ?? []),
      ...Object.values(s.errors).map((e) => e!.message),
      ...(s.historyProblem ? [s.historyProblem] : []),
    ];
    return <HelpOverlay width={l.cols} height={height} problems={problems} />;
  }
  if (p.results) return <ResultsView {...p.results} width={l.cols} height={height} />;
  const down = s.lastOkAt === undefined ? serviceDownReason(s.connection) : undefined;
  if (down !== undefined) return <ServiceDown reason={down} backend={p.backend} localNow={p.localNow} width={l.cols} height={height} />;
  if (l.bookWidth === 0 && p.book?.selected !== undefined) return <Book {...p} width={l.cols} height={height} framed={l.framed} />;
  return <BodyPanes {...p} height={height} />;
}

/** The lines the positions pane wants for its rows (layout.ts sizes the pane to them): the table's rows, and a line each for what sits under them. */
export function positionLines(s: Snapshot): number {
  const gid = s.listing?.value.liveGame?.gid;
  const positions = s.status?.value.positions ?? [];
  const others = s.listing ? otherGames(gid, nextGameGid(s.listing.value), positions).length : 0;
  const rowList = positionRows(gid, positions, s.placed);
  const rows = rowList.length;
  // A streak of a position on a row is drawn on that row; only the others take a line (PositionsPane), and only
  // while the last /status is this game's.
  const shown = new Set([...rowList, ...(s.settling?.positions ?? [])].map((r) => r.txid));
  const streaks =
    gid !== undefined && playsIn(gid, positions)
      ? readableStreaks(s.status?.value.streaks ?? []).filter((st) => !shown.has(st.positionId)).length
      : 0;
  // The ended game's positions under a line that says they are settling.
  const settling = s.settling ? s.settling.positions.length + 1 : 0;
  const under = settling + (others > 0 ? 1 : 0) + (streaks > 0 ? 1 : 0);
  // Nothing at all: 0, the pane's one "no positions" line and no table around it. With lines under it, that line is one of them.
  return rows === 0 && under === 0 ? 0 : Math.max(1, rows) + under;
}

/** "no live game for BTC_USDT 1m: positions show when one starts", when the listing says no game is live. */
export function noLiveGameLine(s: Snapshot): string | undefined {
  return s.listing && !s.listing.value.liveGame ? `${noLiveGameTitle(s.listing.value)}: positions show when one starts` : undefined;
}
