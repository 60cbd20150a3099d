/**
 * The book: every game the trader holds positions in, across the markets
 * (asset × interval) the dashboard looks through. Pure: one row per game
 * from the answers the poller keeps, for the book pane, the header's
 * summary and `spotdash book`. docs/book.md.
 */
import { formatInterval, formatMoneyChange, inCurrency, plural } from "./format.js";
import { type Decimal, sum } from "./money.js";
import { nearestStrike, type PositionRow, positionRows, positionState, positionTotals } from "./positions.js";
import { INTERVALS, type Interval } from "./rules.js";
import { type GameListing, isReadable, type Position, type StatusReport, Unreadable } from "./service-data.js";

export interface Market {
  asset: string;
  interval: Interval;
}

export function marketKey(m: Market): string {
  return `${m.asset} ${m.interval}`;
}

export function marketLabel(m: Market): string {
  return `${m.asset} ${formatInterval(m.interval)}`;
}

/** The assets the book looks through unless --assets says otherwise. */
export const DEFAULT_BOOK_ASSETS: readonly string[] = ["BTC_USDT", "ETH_USDT"];

/** The spec's intervals; 10 s games run where the service runs them (the sim), so the book looks there only then. */
export function bookIntervals(tenSeconds: boolean): Interval[] {
  return INTERVALS.filter((i) => tenSeconds || i !== 10);
}

export function bookMarkets(assets: readonly string[], intervals: readonly Interval[]): Market[] {
  return assets.flatMap((asset) => intervals.map((interval) => ({ asset, interval })));
}

/** What is known of one market: its last /status and /spot (server ms), and positions placed here that /status has not listed yet. */
export interface MarketData {
  market: Market;
  status?: { value: StatusReport; at: number } | undefined;
  listing?: { value: GameListing; at: number } | undefined;
  placed?: readonly Position[];
}

export interface BookRow {
  market: Market;
  gid: string;
  /** The game the panes show. */
  focused: boolean;
  /** ms to the lock and to the end (0 once passed); null when the listing does not say. */
  closesIn: number | null;
  endsIn: number | null;
  /** The game has ended: its result is on its way. */
  ended: boolean;
  count: number;
  staked: Decimal | Unreadable;
  projected: Decimal | null | Unreadable;
  returnPct: Decimal | null | Unreadable;
  /** The asset's live price minus the nearest strike; undefined without a price. */
  distance: Decimal | undefined;
  /** ms since the positions were fetched; undefined for positions only placed here so far. */
  age: number | undefined;
}

/**
 * One row per game held in `markets`, the game ending soonest first.
 * `prices` are each asset's latest live price; `now` is server ms.
 */
export function bookRows(
  markets: readonly MarketData[],
  prices: Readonly<Record<string, Decimal>>,
  focused: Market,
  now: number,
): BookRow[] {
  const rows = markets.flatMap((m) => marketRows(m, prices[m.market.asset], marketKey(m.market) === marketKey(focused), now));
  return rows.sort((a, b) => (a.endsIn ?? Number.MAX_SAFE_INTEGER) - (b.endsIn ?? Number.MAX_SAFE_INTEGER));
}

function marketRows(m: MarketData, price: Decimal | undefined, focused: boolean, now: number): BookRow[] {
  const status = m.status?.value.positions ?? [];
  const placed = m.placed ?? [];
  return heldGids(m).flatMap((gid) => {
    const rows = positionRows(gid, status, placed).filter((r) => r.active);
    if (rows.length === 0) return [];
    const totals = positionTotals(rows);
    const times = gameTimes(m, gid);
    return [
      {
        market: m.market,
        gid,
        focused,
        closesIn: times.closesAt === undefined ? null : Math.max(0, times.closesAt - now),
        endsIn: times.endsAt === undefined ? null : Math.max(0, times.endsAt - now),
        ended: times.endsAt !== undefined ? now >= times.endsAt : times.gone,
        count: totals.count,
        staked: totals.staked,
        projected: totals.projected,
        returnPct: totals.returnPct,
        distance: price === undefined ? undefined : nearestDistance(rows, price),
        age: m.status === undefined ? undefined : Math.max(0, now - m.status.at),
      },
    ];
  });
}

/** The games a market's last /status and the positions placed there hold (active positions; one without a gid is the live game's). */
export function heldGids(m: MarketData): string[] {
  const live = m.listing?.value.liveGame?.gid;
  const positions = [...(m.status?.value.positions ?? []), ...(m.placed ?? [])].filter((p) => positionState(p.st).active);
  return [...new Set(positions.map((p) => p.gid ?? live).filter((g): g is string => g !== undefined))];
}

/**
 * A held game's lock and end from its market's listing: the live game's, or
 * the announced next one's (no lock time given); `gone` when the listing
 * shows it as neither (it is over). A game placed in after the last end the
 * listing knows is newer than the listing: its times are not known yet
 * (`unknown`), and the listing is out of date; so are the next game's when
 * its end cannot be read.
 */
export function gameTimes(m: MarketData, gid: string): { closesAt?: number; endsAt?: number; gone: boolean; unknown?: true } {
  if (m.listing === undefined) return { gone: false };
  const listing = m.listing.value;
  const live = listing.liveGame;
  if (live?.gid === gid) return { closesAt: live.closes_at, endsAt: live.ends_at, gone: false };
  const next = listing.nextGame;
  const nextEnd = next !== null && isReadable(next) && isReadable(next.ends_at) ? next.ends_at : undefined;
  if (next !== null && isReadable(next) && next.gid === gid)
    return nextEnd === undefined ? { gone: false, unknown: true } : { endsAt: nextEnd, gone: false };
  // Decided by the game's own time, not by which answer came last: /status may go on listing a game that has ended.
  const lastEnd = nextEnd ?? live?.ends_at;
  if (lastEnd !== undefined && placedSince(m, gid, lastEnd)) return { gone: false, unknown: true };
  return { gone: true };
}

/** Whether a position of `gid` that the market holds was placed at or after `t` (server ms). */
function placedSince(m: MarketData, gid: string, t: number): boolean {
  return [...(m.status?.value.positions ?? []), ...(m.placed ?? [])].some((p) => p.gid === gid && isReadable(p.t) && p.t >= t);
}

function nearestDistance(rows: readonly PositionRow[], price: Decimal): Decimal | undefined {
  const strikes = rows.flatMap((r) => (isReadable(r.strike) ? [r.strike] : []));
  const nearest = nearestStrike(strikes, price);
  return nearest === undefined ? undefined : price.minus(nearest);
}

/**
 * The header's line for the whole book: "3 games · 12 positions · proj
 * net +4.21 USDC", the projected net (winnings minus stakes) of the games
 * not yet ended; left out while a projection is missing. The rows' PROJ.GROSS
 * is the projected winnings before the stakes.
 */
export function bookSummary(rows: readonly BookRow[], currency: string): string {
  const positions = rows.reduce((n, r) => n + r.count, 0);
  const head = `${plural(rows.length, "game")} · ${plural(positions, "position")}`;
  const net = projectedNet(rows.filter((r) => !r.ended));
  return net === undefined ? head : `${head} · proj net ${inCurrency(formatMoneyChange(net), currency)}`;
}

/** The projected winnings minus the stakes of `rows`; undefined when there are none or a projection is missing. */
export function projectedNet(rows: readonly BookRow[]): Decimal | undefined {
  if (rows.length === 0) return undefined;
  const nets: Decimal[] = [];
  for (const r of rows) {
    if (r.projected === null || r.projected instanceof Unreadable || r.staked instanceof Unreadable) return undefined;
    nets.push(r.projected.minus(r.staked));
  }
  return sum(nets);
}
