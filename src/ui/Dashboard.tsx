/**
 * The whole screen for one snapshot at one instant: pure presentation, so
 * tests can render any state without a poller. Each pane gets only its own
 * slice and is memoised, so a pane whose data did not change is not redrawn.
 */
import { Box } from "ink";
import { useMemo } from "react";
import { type BookRow, bookSummary } from "../domain/book.js";
import { nextGameGid } from "../domain/game.js";
import type { Decimal } from "../domain/money.js";
import type { PlacementCheck } from "../domain/placement.js";
import { noLiveGameTitle } from "../domain/placement.js";
import { otherGames, playsIn, positionRows, readableStreaks } from "../domain/positions.js";
import { lastGameCard, type Toast } from "../domain/results.js";
import { isReadable } from "../domain/service-data.js";
import { bookRead, type Snapshot, targetPrices } from "../poller/snapshot.js";
import { placingKnown, positionsRead } from "../poller/staleness.js";
import { ageAt, freshness, NowContext, serviceDown } from "./age.js";
import type { ChartWindow } from "./chart/scales.js";
import type { FormState } from "./form/form-state.js";
import { PositionForm } from "./form/PositionForm.js";
import type { Hint } from "./keymap.js";
import type { Layout } from "./layout.js";
import { BalancePane } from "./panes/BalancePane.js";
import { BookPane } from "./panes/BookPane.js";
import { DiagnosticsView } from "./panes/DiagnosticsView.js";
import { Footer } from "./panes/Footer.js";
import { GamePane } from "./panes/GamePane.js";
import { Header } from "./panes/Header.js";
import { HelpOverlay } from "./panes/HelpOverlay.js";
import { PositionsPane } from "./panes/PositionsPane.js";
import { PricePane } from "./panes/PricePane.js";
import { TooSmall } from "./panes/TooSmall.js";
import { ResultsView, type ResultsViewProps } from "./results/ResultsView.js";
import { glyphs, useTheme } from "./theme.js";

/** In the screen's reading order, which Tab follows: left to right, top to bottom. */
export const PANES = ["game", "balance", "price", "positions"] as const;
export type PaneName = (typeof PANES)[number];

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

/** Between header and footer: an overlay, the results view, the book (b, below BOOK_BESIDE_COLS), or the panes. */
function Body(p: DashboardProps) {
  const { snapshot: s, layout: l } = p;
  const height = l.topHeight + l.priceHeight + l.formHeight + l.positionsHeight;
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
  if (p.overlay === "help")
    return (
      <HelpOverlay
        width={l.cols}
        height={height}
        problems={[...Object.values(s.errors).map((e) => e!.message), ...(s.historyProblem ? [s.historyProblem] : [])]}
      />
    );
  if (p.results) return <ResultsView {...p.results} width={l.cols} height={height} />;
  const book = p.book && (
    <BookPane
      rows={p.book.rows}
      selected={p.book.selected}
      read={bookRead(s)}
      assets={[...new Set(s.book.watched.map((m) => m.asset))].join(", ")}
      down={serviceDown(s.connection)}
      currency={s.target.currency}
      width={l.bookWidth > 0 ? l.bookWidth : l.cols}
      height={height}
      focused={p.book.selected !== undefined}
    />
  );
  if (l.bookWidth === 0) return p.book?.selected !== undefined ? book : <Panes {...p} />;
  return (
    <Box height={height} flexShrink={0}>
      <Box flexDirection="column" width={l.paneCols} flexShrink={0}>
        <Panes {...p} />
      </Box>
      {book}
    </Box>
  );
}

/** The lines the positions pane wants for its content (layout.ts sizes the pane to them). */
export function positionLines(s: Snapshot): number {
  const gid = s.listing?.value.liveGame?.gid;
  const positions = s.status?.value.positions ?? [];
  const others = s.listing ? otherGames(gid, nextGameGid(s.listing.value), positions).length : 0;
  const streaks = readableStreaks(s.status?.value.streaks ?? []).length;
  const rows = positionRows(gid, positions, s.placed).length;
  // The ended game's positions under a line that says they are settling.
  const settling = s.settling ? s.settling.positions.length + 1 : 0;
  return (rows === 0 ? 1 : rows) + settling + (others > 0 ? 1 : 0) + (streaks > 0 ? 1 : 0);
}

/** The positions as the panes show them, rebuilt only when what they come from changes. */
function usePositionData(s: Snapshot) {
  const gid = s.listing?.value.liveGame?.gid;
  const nextGid = s.listing ? nextGameGid(s.listing.value) : undefined;
  const statusPositions = s.status?.value.positions;
  // The pane measures the distances from the price, so a new price does not rebuild the rows.
  const rows = useMemo(() => positionRows(gid, statusPositions ?? [], s.placed), [gid, statusPositions, s.placed]);
  const others = useMemo(() => otherGames(gid, nextGid, statusPositions ?? []), [gid, nextGid, statusPositions]);
  const strikes = useMemo(() => rows.flatMap((r) => (r.active && isReadable(r.strike) ? [r.strike] : [])), [rows]);
  const settling = useMemo(
    // An ended game's last projection and the next game's price would both claim a verdict: only the result will tell.
    () =>
      s.settling
        ? {
            gid: s.settling.gid,
            rows: positionRows(s.settling.gid, s.settling.positions, []).map((r) => ({ ...r, projected: null, returnPct: null })),
          }
        : undefined,
    [s.settling],
  );
  // Whether the last /status listed positions of this game: what its own refresh was planned on. A position
  // placed since does not make that answer late (the poller asks again at once).
  const statusHeld = useMemo(() => gid !== undefined && playsIn(gid, statusPositions ?? []), [gid, statusPositions]);
  // Streaks are the live game's: a /status from before the game changed speaks of positions no longer shown.
  const streaks = useMemo(() => (statusHeld ? readableStreaks(s.status?.value.streaks ?? []) : []), [s.status, statusHeld]);
  const settled = useMemo(() => new Set(s.settlements.map((n) => n.gid)), [s.settlements]);
  return { gid, rows, others, streaks, strikes, settling, statusHeld, settled };
}

type FrameOf = (name: PaneName, width: number, height: number) => { width: number; height: number; focused: boolean };

/** The game beside the balance and the last game's card. */
function TopRow(p: DashboardProps & { frame: FrameOf; strikes: readonly Decimal[] }) {
  const { snapshot: s, layout: l, now } = p;
  const lastResult = s.settlements.at(-1)?.result;
  const theme = useTheme();
  const last = useMemo(() => (lastResult ? lastGameCard(lastResult, glyphs(theme)) : undefined), [lastResult, theme]);
  return (
    <Box height={l.topHeight} flexShrink={0}>
      <GamePane
        {...p.frame("game", l.gameWidth, l.topHeight)}
        asset={s.target.asset}
        interval={s.target.interval}
        listing={s.listing?.value}
        listingAt={s.listing?.at}
        livePrice={s.price?.value.value}
        now={now}
        error={freshness(s, "spot", s.listing, now).error}
        full={l.full}
        placingKnown={placingKnown(s, now)}
        strikes={p.strikes}
      />
      <BalancePane
        {...p.frame("balance", l.balanceWidth, l.topHeight)}
        {...freshness(s, "balance", s.balance, now)}
        currency={s.target.currency}
        network={s.target.network}
        balance={s.balance?.value}
        sessionStart={s.sessionStartBalance}
        last={last}
        full={l.full}
      />
    </Box>
  );
}

function Panes(p: DashboardProps) {
  const { snapshot: s, layout: l, now } = p;
  const { gid, rows, others, streaks, strikes, settling, statusHeld, settled } = usePositionData(s);
  const live = s.listing?.value.liveGame ?? undefined;
  const livePrice = s.price?.value.value;
  const frame: FrameOf = (name, width, height) => ({ width, height, focused: p.focus === name });
  return (
    <>
      <TopRow {...p} frame={frame} strikes={strikes} />
      <PricePane
        {...frame("price", l.paneCols, l.priceHeight)}
        {...freshness(s, "price", s.price, now)}
        asset={s.target.asset}
        prices={targetPrices(s)}
        price={livePrice}
        live={live}
        interval={s.target.interval}
        strikes={strikes}
        window={p.chartWindow ?? "game"}
        chartRows={l.chartRows}
      />
      {p.form && l.formHeight > 0 ? (
        <PositionForm
          form={p.form.state}
          check={p.form.check}
          blocked={p.form.blocked}
          network={s.target.network}
          currency={s.target.currency}
          toClose={live ? Math.max(0, live.closes_at - now) : 0}
          placement={s.placement}
          connection={s.connection}
          localNow={p.localNow}
          width={l.paneCols}
          height={l.formHeight}
        />
      ) : null}
      <PositionsPane
        {...frame("positions", l.paneCols, l.positionsHeight)}
        {...freshness(s, "status", s.status, now, statusHeld)}
        read={positionsRead(s)}
        gid={gid}
        rows={rows}
        settling={settling}
        settled={settled}
        now={now}
        livePrice={livePrice}
        streaks={streaks}
        others={others}
        noLiveGame={s.listing && !live ? `${noLiveGameTitle(s.listing.value)}: positions show when one starts` : undefined}
        scroll={p.scroll}
        visibleRows={l.positionRows}
      />
    </>
  );
}
