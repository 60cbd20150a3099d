/**
 * The panes between header and footer, arranged as the layout says
 * (layout.ts): boxed, with the book and the positions in a column of their
 * own on a wide terminal; sections under one-line titles; or one line a
 * pane. What the panes show is derived here once (usePaneData), so the
 * arrangements differ only in where things go.
 */
import { Box } from "ink";
import { useMemo } from "react";
import { dayOf } from "../../domain/format.js";
import { noLiveGameTitle } from "../../domain/placement.js";
import { lastGameCard } from "../../domain/results.js";
import type { Snapshot } from "../../poller/snapshot.js";
import { bookRead, targetPrices } from "../../poller/snapshot.js";
import { balanceOutdated, placingKnown } from "../../poller/staleness.js";
import { freshness, serviceDown, staleAge } from "../age.js";
import { BookPane } from "../book/BookPane.js";
import type { DashboardProps } from "../dashboard-props.js";
import type { PaneFrame } from "../Pane.js";
import { FormSlot } from "./FormSlot.js";
import { LinesBody } from "./LinesBody.js";
import { moneyFreshness, type PaneData, usePaneData } from "./pane-data.js";
import type { PaneName } from "./pane-names.js";
import { BalancePane, MoneyLine } from "./panes/BalancePane.js";
import { GamePane } from "./panes/GamePane.js";
import { PositionsPane } from "./panes/PositionsPane.js";
import { PricePane } from "./panes/PricePane.js";

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
      <FormSlot {...p} />
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
      priceStaleAge={staleAge(s.price, "price", now)}
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
        outdated={balanceOutdated(s)}
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

function Positions(p: PartProps & { width: number }) {
  const { snapshot: s, layout: l, now } = p;
  const d = p.data;
  // Until the live game's positions are read, an older /status (the last game's, the book's look at a market
  // switched to) dates nothing on screen: the pane waits, rather than say "STALE 4m" over "loading".
  const fresh = freshness(s, "status", d.read ? s.status : undefined, now, d.view.statusHeld);
  return (
    <PositionsPane
      {...p.frame("positions", p.width, l.positionsHeight)}
      {...fresh}
      read={d.read}
      view={d.view}
      today={dayOf(now)}
      livePrice={s.price?.value.value}
      noLiveGame={noLiveGameLine(s)}
      accepting={d.accepting}
      offerPlace={d.accepting && p.form === undefined}
      scroll={p.scroll}
      visibleRows={l.positionRows}
    />
  );
}

/** "no live game for BTC_USDT 1m: positions show when one starts", when the listing says no game is live. */
function noLiveGameLine(s: Snapshot): string | undefined {
  return s.listing && !s.listing.value.liveGame ? `${noLiveGameTitle(s.listing.value)}: positions show when one starts` : undefined;
}
