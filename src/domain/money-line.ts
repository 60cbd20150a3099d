/**
 * "Am I up?", answered once and the same everywhere: what the focused game
 * would pay if it closed now, and what the session has come to. Pure and
 * exact. docs/glance.md ("Money") says how each figure is labelled.
 *
 *   - if closed now: the focused game's projected net, the projected
 *     winnings (`w`) minus the stakes of its active positions, and that as
 *     a share of the stakes;
 *   - session: the settled net of the games that settled during the session
 *     (sessionSummary's net: the results view's figure, to the cent) plus
 *     the projected net of the games still open. The balance's change since
 *     launch is not it: an open stake has left the balance but is not lost,
 *     and a game staked before launch pays into it.
 */
import type { BookRow } from "./book.js";
import { projectedNet } from "./book.js";
import { type Decimal, sum } from "./money.js";
import type { PositionTotals } from "./positions.js";
import type { SessionSummary } from "./results.js";
import { isReadable } from "./service-data.js";

export interface ClosedNow {
  /** Projected winnings minus stakes. */
  net: Decimal;
  /** net / staked × 100; null when nothing is staked. */
  pct: Decimal | null;
  /** The decimals the game's figures are shown with (PositionTotals.places): the positions' total shows the same net. */
  places: number;
}

/** The focused game's projected net, or null while a projection is missing (just placed) or unreadable, or nothing is held. */
export function ifClosedNow(t: PositionTotals): ClosedNow | null {
  // Nothing held has no projection (positionTotals): null like one just placed.
  if (t.projected === null || !isReadable(t.projected) || !isReadable(t.staked)) return null;
  const net = t.projected.minus(t.staked);
  return { net, pct: t.staked.isZero() ? null : net.div(t.staked).times(100), places: t.places };
}

export interface SessionMoney {
  /** The settled net of the session's games: the results view's figure. */
  settled: Decimal;
  /**
   * The projected net of the games still open (0 when none is); null while one of their projections is
   * missing; undefined while the games held are not all known (positions or markets not yet read), or a
   * game the trader played has ended and its result is not in (it is in neither part until then).
   */
  open: Decimal | null | undefined;
  /** settled + open; null or undefined while open is. */
  total: Decimal | null | undefined;
}

/**
 * The session's money: `openRows` are the games held and not ended (bookOf, every market); `allRead`
 * whether every market's positions have been read, without which the open part is not known; `resultPending`
 * whether a game the trader played has ended and its result is not in (resultPending in snapshot.ts: the
 * games the poller's settlement watch waits on, which it gives up on after ten minutes, so that a game a
 * /status goes on listing long after it settled holds the net back no longer than that).
 */
export function sessionMoney(summary: SessionSummary, openRows: readonly BookRow[], allRead: boolean, resultPending = false): SessionMoney {
  if (!allRead || resultPending) return { settled: summary.net, open: undefined, total: undefined };
  const live = openRows.filter((r) => !r.ended);
  const open = live.length === 0 ? sum([]) : (projectedNet(live) ?? null);
  return { settled: summary.net, open, total: open === null ? null : summary.net.plus(open) };
}
