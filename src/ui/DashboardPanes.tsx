/**
 * The panes between header and footer, arranged as the layout says
 * (layout.ts): boxed, with the book and the positions in a column of their
 * own on a wide terminal; sections under one-line titles; or one line a
 * pane. What the panes show is derived here once (usePaneData), so the
 * arrangements differ only in where things go.
 */
import { Box } from "ink";
import { useMemo, useRef } from "react";
import { nextGameGid } from "../domain/game.js";
import { type ClosedNow, ifClosedNow, sessionMoney } from "../domain/money-line.js";
import { bestRow, isWinning, otherGames, playsIn, positionRows, positionTotals, readableStreaks } from "../domain/positions.js";
import { lastGameCard, sessionSummary } from "../domain/results.js";
import { isReadable } from "../domain/service-data.js";
import { bookOf, bookRead, targetPrices } from "../poller/snapshot.js";
import { placingKnown, positionsRead } from "../poller/staleness.js";
import { freshness, serviceDown } from "./age.js";
import { type DashboardProps, noLiveGameLine, type PaneName } from "./Dashboard.js";
import { PositionForm } from "./form/PositionForm.js";
import { LinesBody } from "./LinesBody.js";
import type { PaneFrame } from "./Pane.js";
import { BalancePane, type Money, MoneyLine } from "./panes/BalancePane.js";
import { BookPane } from "./panes/BookPane.js";
import { GamePane } from "./panes/GamePane.js";
import { PositionsPane } from "./panes/PositionsPane.js";
import { PricePane } from "./panes/PricePane.js";

export type PaneData = ReturnType<typeof usePaneData>;

/** What the panes show of the snapshot, rebuilt only when what it comes from changes. */
function usePaneData(p: DashboardProps) {
  const s = p.snapshot;
  const gid = s.listing?.value.liveGame?.gid;
  const nextGid = s.listing ? nextGameGid(s.listing.value) : undefined;
  const statusPositions = s.status?.value.positions;
  const price = s.price?.value.value;
  // The pane measures the distances from the price, so a new price does not rebuild the rows.
  const rows = useMemo(() => positionRows(gid, statusPositions ?? [], s.placed), [gid, statusPositions, s.placed]);
  const others = useMemo(() => otherGames(gid, nextGid, statusPositions ?? []), [gid, nextGid, statusPositions]);
  const strikes = useMemo(() => rows.flatMap((r) => (r.active && isReadable(r.strike) ? [r.strike] : [])), [rows]);
  const bestOf = bestRow(rows, price);
  const bestStrike = bestOf && isReadable(bestOf.strike) ? bestOf.strike : undefined;
  const winning = bestOf !== undefined && isWinning(bestOf);
  const best = useMemo(() => (bestStrike === undefined ? undefined : { strike: bestStrike, winning }), [bestStrike, winning]);
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
  const read = positionsRead(s);
  const money = useMoney(p, rows, read);
  return { gid, rows, others, streaks, strikes, best, settling, statusHeld, settled, read, money };
}

function useMoney(p: DashboardProps, rows: ReturnType<typeof positionRows>, read: boolean): Money {
  const s = p.snapshot;
  const summary = useMemo(() => sessionSummary(s.session.games.values()), [s.session.games]);
  const bookRows = p.book?.rows ?? bookOf(s, p.now);
  // Until the focused game's positions and every market's have been read, the open games are not known.
  const book = bookRead(s);
  const session = sessionMoney(summary, bookRows, read && book.read >= book.of);
  // Rows that are all inactive hold nothing: "nothing held", not a projection that never comes.
  const totals = positionTotals(rows);
  const closedNow: ClosedNow | null | "none" | undefined = !read ? undefined : totals.count === 0 ? "none" : ifClosedNow(totals);
  // The figures, not their objects: a frame whose money did not change leaves the panes as they are.
  return useSameValue({ closedNow, session }, moneyText);
}

/** The money's figures as text, to tell an unchanged frame's money from a new one. */
function moneyText(m: Money): string {
  return JSON.stringify(m);
}

/** `value`, or the one returned last time while it reads the same (`key`): memoised panes see the same object. */
function useSameValue<T>(value: T, key: (v: T) => string): T {
  const last = useRef<{ key: string; value: T } | undefined>(undefined);
  const k = key(value);
  if (last.current?.key !== k) last.current = { key: k, value };
  return last.current.value;
}

/** The balance's error and staleness, as the money line shows them. */
export function moneyFreshness(s: DashboardProps["snapshot"], now: number) {
  const f = freshness(s, "balance", s.balance, now);
  return { error: f.error, stale: f.stale };
}

type FrameOf = (name: PaneName, width: number, height: number) => PaneFrame;

export function BodyPanes(p: DashboardProps & { height: number }) {
  const l = p.layout;
  const data = usePaneData(p);
  const frame: FrameOf = (name, width, height) => ({ width, height, focused: p.focus === name, framed: l.framed });
  if (l.mode === "lines") return <LinesBody {...p} data={data} />;
  const positions = <Positions {...p} data={data} frame={frame} width={l.bookWidth > 0 ? l.bookWidth : l.paneCols} />;
  const left = (
    <>
      <TopRow {...p} data={data} frame={frame} />
      <Price {...p} data={data} frame={frame} />
      <Form {...p} />
    </>
  );
  if (l.bookWidth === 0) {
    return (
      <Box flexDirection="column" height={p.height} flexShrink={0}>
        {left}
        {positions}
      </Box>
    );
  }
  return (
    <Box height={p.height} flexShrink={0}>
      <Box flexDirection="column" width={l.paneCols} flexShrink={0}>
        {left}
      </Box>
      <Box flexDirection="column" width={l.bookWidth} flexShrink={0}>
        <Book {...p} width={l.bookWidth} height={l.bookHeight} framed />
        {positions}
      </Box>
    </Box>
  );
}

interface PartProps extends DashboardProps {
  data: PaneData;
  frame: FrameOf;
}

/** Boxed: the game beside the balance. Sections: the game's lines over the money line. */
function TopRow(p: PartProps) {
  const { snapshot: s, layout: l, now } = p;
  const lastResult = s.settlements.at(-1)?.result;
  const last = useMemo(() => (lastResult ? lastGameCard(lastResult) : undefined), [lastResult]);
  const framed = l.framed;
  const game = (
    <GamePane
      {...p.frame("game", l.gameWidth, framed ? l.topHeight : l.topHeight - 1)}
      asset={s.target.asset}
      interval={s.target.interval}
      listing={s.listing?.value}
      listingAt={s.listing?.at}
      livePrice={s.price?.value.value}
      now={now}
      error={freshness(s, "spot", s.listing, now).error}
      placingKnown={placingKnown(s, now)}
      best={p.data.best}
    />
  );
  if (!framed) {
    return (
      <Box flexDirection="column" height={l.topHeight} flexShrink={0}>
        {game}
        <MoneyLine
          balance={s.balance?.value.balance}
          {...moneyFreshness(s, now)}
          money={p.data.money}
          currency={s.target.currency}
          width={l.paneCols}
        />
      </Box>
    );
  }
  return (
    <Box height={l.topHeight} flexShrink={0}>
      {game}
      <BalancePane
        {...p.frame("balance", l.balanceWidth, l.topHeight)}
        {...freshness(s, "balance", s.balance, now)}
        currency={s.target.currency}
        network={s.target.network}
        balance={s.balance?.value}
        money={p.data.money}
        last={last}
      />
    </Box>
  );
}

function Price(p: PartProps) {
  const { snapshot: s, layout: l, now } = p;
  return (
    <PricePane
      {...p.frame("price", l.paneCols, l.priceHeight)}
      {...freshness(s, "price", s.price, now)}
      asset={s.target.asset}
      prices={targetPrices(s)}
      price={s.price?.value.value}
      live={s.listing?.value.liveGame ?? undefined}
      interval={s.target.interval}
      strikes={p.data.strikes}
      best={p.data.best}
      window={p.chartWindow ?? "game"}
      chartRows={l.chartRows}
      priceLine={l.framed}
    />
  );
}

/** The book: in its own column, or the whole body while a row is selected where it has no column. */
export function Book(p: DashboardProps & { width: number; height: number; framed: boolean }) {
  const s = p.snapshot;
  return (
    <BookPane
      rows={p.book?.rows ?? []}
      selected={p.book?.selected}
      read={bookRead(s)}
      assets={[...new Set(s.book.watched.map((m) => m.asset))].join(", ")}
      down={serviceDown(s.connection)}
      currency={s.target.currency}
      width={p.width}
      height={p.height}
      focused={p.book?.selected !== undefined}
      framed={p.framed}
    />
  );
}

export function Form(p: DashboardProps) {
  const { snapshot: s, layout: l, now } = p;
  const live = s.listing?.value.liveGame ?? undefined;
  if (!p.form || l.formHeight === 0) return null;
  return (
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
      framed={l.framed}
    />
  );
}

function Positions(p: PartProps & { width: number }) {
  const { snapshot: s, layout: l, now } = p;
  const d = p.data;
  return (
    <PositionsPane
      {...p.frame("positions", p.width, l.positionsHeight)}
      {...freshness(s, "status", s.status, now, d.statusHeld)}
      read={d.read}
      gid={d.gid}
      rows={d.rows}
      settling={d.settling}
      settled={d.settled}
      now={now}
      livePrice={s.price?.value.value}
      streaks={d.streaks}
      others={d.others}
      noLiveGame={noLiveGameLine(s)}
      scroll={p.scroll}
      visibleRows={l.positionRows}
    />
  );
}
