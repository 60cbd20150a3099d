/**
 * The whole screen for one snapshot at one instant: pure presentation, so
 * tests can render any state without a poller. Each pane gets only its own
 * slice and is memoised, so a pane whose data did not change is not redrawn.
 */
import { Box } from "ink";
import { useMemo } from "react";
import { nextGameGid } from "../domain/game.js";
import type { PlacementCheck } from "../domain/placement.js";
import { noLiveGameTitle } from "../domain/placement.js";
import { otherGames, positionRows, readableStreaks } from "../domain/positions.js";
import type { Toast } from "../domain/results.js";
import { isReadable } from "../domain/service-data.js";
import type { Snapshot } from "../poller/snapshot.js";
import { isStale } from "../poller/staleness.js";
import type { FormState } from "./form/form-state.js";
import { PositionForm } from "./form/PositionForm.js";
import type { Layout } from "./layout.js";
import { ageAt, NowContext } from "./Pane.js";
import { BalancePane } from "./panes/BalancePane.js";
import { DiagnosticsView } from "./panes/DiagnosticsView.js";
import { Footer } from "./panes/Footer.js";
import { GamePane } from "./panes/GamePane.js";
import { Header } from "./panes/Header.js";
import { HelpOverlay } from "./panes/HelpOverlay.js";
import { PositionsPane } from "./panes/PositionsPane.js";
import { PricePane } from "./panes/PricePane.js";
import { TooSmall } from "./panes/TooSmall.js";
import { ResultsView, type ResultsViewProps } from "./results/ResultsView.js";

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
  /** A view covering the panes: the help or the diagnostics. */
  overlay: "help" | "diagnostics" | null;
  hints: string;
  message: string | undefined;
  /** The inline position form, when open; the layout must have been computed with room for it. */
  form?: { state: FormState; check: PlacementCheck; blocked: string | undefined } | undefined;
  /** The results view, when open: it replaces the body panes (header and footer stay). */
  results?: Omit<ResultsViewProps, "width" | "height"> | undefined;
  /** The latest settlement of a game of the user's, while it shows. */
  toast?: Toast | undefined;
}

const STALE_OVERALL_MS = 5_000;

export function Dashboard(p: DashboardProps) {
  const { snapshot: s, layout: l, now } = p;
  const live = s.listing?.value.liveGame ?? undefined;
  const gid = live?.gid;
  const nextGid = s.listing ? nextGameGid(s.listing.value) : undefined;
  const statusPositions = s.status?.value.positions;
  const livePrice = s.price?.value.value;
  // The pane measures the distances from the price, so a new price does not rebuild the rows.
  const rows = useMemo(() => positionRows(gid, statusPositions ?? [], s.placed), [gid, statusPositions, s.placed]);
  const others = useMemo(() => otherGames(gid, nextGid, statusPositions ?? []), [gid, nextGid, statusPositions]);
  const streaks = useMemo(() => readableStreaks(s.status?.value.streaks ?? []), [s.status]);
  const strikes = useMemo(() => rows.flatMap((r) => (r.active && isReadable(r.strike) ? [r.strike] : [])), [rows]);

  if (l.tooSmall) return <TooSmall cols={l.cols} rows={l.rows} />;

  const holding = rows.length > 0;
  const lastOkAge = ageAt(now, s.lastOkAt);
  const bodyHeight = l.topHeight + l.priceHeight + l.formHeight + l.positionsHeight;

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
        />
        {p.overlay === "diagnostics" ? (
          <DiagnosticsView
            diagnostics={s.diagnostics}
            errors={s.errors}
            connection={s.connection}
            backend={p.backend}
            clockOffset={s.clockOffset}
            localNow={p.localNow}
            width={l.cols}
            height={bodyHeight}
          />
        ) : p.overlay === "help" ? (
          <HelpOverlay width={l.cols} height={bodyHeight} problems={Object.values(s.errors).map((e) => e!.message)} />
        ) : p.results ? (
          <ResultsView {...p.results} width={l.cols} height={bodyHeight} />
        ) : (
          <>
            <Box height={l.topHeight} flexShrink={0}>
              <GamePane
                asset={s.target.asset}
                interval={s.target.interval}
                listing={s.listing?.value}
                listingAt={s.listing?.at}
                livePrice={livePrice}
                now={now}
                error={s.errors.spot?.message}
                full={l.full}
                width={l.gameWidth}
                height={l.topHeight}
                focused={p.focus === "game"}
              />
              <BalancePane
                currency={s.target.currency}
                network={s.target.network}
                balance={s.balance?.value}
                sessionStart={s.sessionStartBalance}
                at={s.balance?.at}
                stale={isStale(s.balance, "balance", now)}
                error={s.errors.balance?.message}
                full={l.full}
                width={l.balanceWidth}
                height={l.topHeight}
                focused={p.focus === "balance"}
              />
            </Box>
            <PricePane
              asset={s.target.asset}
              prices={s.prices}
              price={livePrice}
              openPrice={live?.open_price}
              aiPrice={live?.ai_price}
              strikes={strikes}
              at={s.price?.at}
              stale={isStale(s.price, "price", now)}
              error={s.errors.price?.message}
              width={l.cols}
              height={l.priceHeight}
              chartRows={l.chartRows}
              focused={p.focus === "price"}
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
                width={l.cols}
                height={l.formHeight}
              />
            ) : null}
            <PositionsPane
              gid={gid}
              rows={rows}
              livePrice={livePrice}
              streaks={streaks}
              others={others}
              noLiveGame={s.listing && !live ? `${noLiveGameTitle(s.listing.value)}: positions show when one starts` : undefined}
              scroll={p.scroll}
              visibleRows={l.positionRows}
              at={s.status?.at}
              stale={isStale(s.status, "status", now, holding)}
              error={s.errors.status?.message}
              width={l.cols}
              height={l.positionsHeight}
              focused={p.focus === "positions"}
            />
          </>
        )}
        <Footer hints={p.hints} lastOkAt={s.lastOkAt} age={lastOkAge} message={p.message} toast={p.toast} width={l.cols} />
      </Box>
    </NowContext.Provider>
  );
}
