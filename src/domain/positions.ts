/**
 * The rows of the positions pane: what /status reports for the live game,
 * plus positions placed moments ago that /status has not caught up with;
 * and what it reports for other games. Everything arrives as exact
 * decimals (the api layer reads `w` and `r` from their digits), so totals
 * are exact too.
 */
import { gamePlaces } from "./format.js";
import { Decimal, sum } from "./money.js";
import { isReadable, type Position, type StreakEntry, Unreadable } from "./service-data.js";

export interface PositionRow {
  txid: string;
  strike: Decimal | Unreadable;
  stake: Decimal | Unreadable;
  /** null: not projected yet (or placed moments ago). */
  projected: Decimal | null | Unreadable;
  returnPct: Decimal | null | Unreadable;
  placedAt: number | Unreadable;
  /** Placed this session, not yet reported by /status. */
  pending: boolean;
  /** The service's `st` when it is not "success": shown beside the row. */
  note: string | null;
  /** Counts towards totals and the 10-position cap (see positionState). */
  active: boolean;
}

export interface PositionTotals {
  /** Active positions. */
  count: number;
  staked: Decimal | Unreadable;
  /** null while some position has no projection yet. */
  projected: Decimal | null | Unreadable;
  returnPct: Decimal | null | Unreadable;
  /** The decimals the game's money figures are shown with (gamePlaces over the active stakes read). */
  places: number;
}

/**
 * What a position's `st` means. The spec shows only "success". A status that
 * says the position did not take (failed, rejected, cancelled, refunded, …)
 * makes it inactive: shown, greyed, with its status, but not counted in the
 * totals or against the cap. Any other status (pending, processing, …) is
 * taken as active and shown beside the row. docs/compatibility.md.
 */
export function positionState(st: string | null): { active: boolean; note: string | null } {
  if (st === null || st.trim().toLowerCase() === "success") return { active: true, note: null };
  const note = st.trim().slice(0, 16) || "?";
  return { active: !INACTIVE.test(st.trim()), note };
}

const INACTIVE = /^(fail(ed|ure)?|error|rejected|reverted|cancel(l)?ed|refunded|void(ed)?|expired|invalid)$/i;

/** Whether a position belongs to the game `gid` (one the service sent without a gid is taken to be in it). */
function inGame(p: Position, gid: string): boolean {
  return p.gid === null || p.gid === gid;
}

export function positionRows(gid: string | undefined, status: readonly Position[], placed: readonly Position[]): PositionRow[] {
  if (gid === undefined) return [];
  const seen = new Set<string>();
  const rows: PositionRow[] = [];
  for (const p of status) {
    if (!inGame(p, gid) || seen.has(p.txid)) continue;
    seen.add(p.txid);
    rows.push(row(p, false));
  }
  for (const p of placed) {
    if (!inGame(p, gid) || seen.has(p.txid)) continue;
    seen.add(p.txid);
    rows.push(row(p, true));
  }
  return rows.sort((a, b) => placedOrder(a) - placedOrder(b));
}

function placedOrder(r: PositionRow): number {
  return isReadable(r.placedAt) ? r.placedAt : Number.MAX_SAFE_INTEGER;
}

function row(p: Position, pending: boolean): PositionRow {
  const state = positionState(p.st);
  return {
    txid: p.txid,
    strike: p.sp,
    stake: p.f,
    // POST /spot answers w "0" and r null before any projection: not a projection of zero.
    projected: pending ? null : p.w,
    returnPct: pending ? null : p.r,
    placedAt: p.t,
    pending,
    note: state.note,
    active: state.active,
  };
}

/** The positions that count against the cap and the duplicate rule. */
/** Whether the user has any position in the game `gid`, whether placed from here or listed by /status. */
export function playsIn(gid: string, ...lists: readonly (readonly Position[])[]): boolean {
  return lists.some((list) => list.some((p) => inGame(p, gid)));
}

export function heldPositions<P extends Position>(gid: string | undefined, positions: readonly P[]): P[] {
  if (gid === undefined) return [];
  const seen = new Set<string>();
  return positions.filter((p) => {
    if (!inGame(p, gid) || seen.has(p.txid) || !positionState(p.st).active) return false;
    seen.add(p.txid);
    return true;
  });
}

/**
 * The strike nearest the price: among the user's, the one that would win
 * if the game closed now (the chart marks it, the table highlights its row).
 */
export function nearestStrike(strikes: readonly Decimal[], price: Decimal): Decimal | undefined {
  let best: Decimal | undefined;
  for (const s of strikes) if (best === undefined || s.minus(price).abs().lt(best.minus(price).abs())) best = s;
  return best;
}

/** A row's projected net, winnings minus stake; null while it has no projection it can read. */
export function projectedNetOf(r: PositionRow): Decimal | null {
  return r.projected !== null && isReadable(r.projected) && isReadable(r.stake) ? r.projected.minus(r.stake) : null;
}

/** Winning now: a projected net above zero (the ◆ mark). Not "the strike nearest the price": that one can be losing. */
export function isWinning(r: PositionRow): boolean {
  return r.active && (projectedNetOf(r)?.gt(0) ?? false);
}

/**
 * The position doing best now: the highest projected net among the active
 * ones with a projection (the latest placed on a tie); while none has one,
 * the strike nearest the price. The table keeps it in sight, the chart
 * tags it, the game pane measures the price from it.
 */
export function bestRow(rows: readonly PositionRow[], price: Decimal | undefined): PositionRow | undefined {
  const active = rows.filter((r) => r.active);
  let best: { row: PositionRow; net: Decimal } | undefined;
  for (const row of active) {
    const net = projectedNetOf(row);
    if (net !== null && (best === undefined || net.gte(best.net))) best = { row, net };
  }
  if (best !== undefined) return best.row;
  if (price === undefined) return active[0];
  const strikes = active.flatMap((r) => (isReadable(r.strike) ? [r.strike] : []));
  const nearest = nearestStrike(strikes, price);
  return active.find((r) => r.strike === nearest);
}

/** Live price minus strike: positive when the price is above the prediction. */
export function distanceFrom(live: Decimal, row: PositionRow): Decimal | Unreadable {
  return isReadable(row.strike) ? live.minus(row.strike) : row.strike;
}

const UNKNOWN_STAKE = new Unreadable("total", "a stake could not be read", "");
const UNKNOWN_PROJECTION = new Unreadable("total", "a projection could not be read", "");

export function positionTotals(rows: readonly PositionRow[]): PositionTotals {
  const active = rows.filter((r) => r.active);
  const stakes = active.map((r) => r.stake);
  const staked = stakes.every(isReadable) ? sum(stakes as Decimal[]) : UNKNOWN_STAKE;
  const projections = active.map((r) => r.projected);
  let projected: Decimal | null | Unreadable = null;
  if (projections.some((p) => p instanceof Unreadable)) projected = UNKNOWN_PROJECTION;
  else if (active.length > 0 && projections.every((p) => p !== null)) projected = sum(projections as Decimal[]);
  let returnPct: Decimal | null | Unreadable = null;
  if (projected instanceof Unreadable || (projected !== null && staked instanceof Unreadable)) returnPct = UNKNOWN_PROJECTION;
  else if (projected !== null && staked instanceof Decimal && staked.gt(0)) returnPct = projected.minus(staked).div(staked).times(100);
  return { count: active.length, staked, projected, returnPct, places: gamePlaces(stakes.filter(isReadable)) };
}

/** Streak elements whose shape we understand (the spec leaves it open). */
export function readableStreaks(streaks: readonly StreakEntry[]): { positionId: string; streak: number }[] {
  return streaks.flatMap((s) => (s.positionId !== null && s.streak !== null ? [{ positionId: s.positionId, streak: s.streak }] : []));
}

/** Positions /status reports for a game other than the live one. */
export interface OtherGame {
  gid: string;
  /** The announced next game, or one that has ended (its result is pending). */
  relation: "next" | "ended";
  count: number;
}

/**
 * /status is the live game's, but a service may still list the positions of
 * a game that has just ended (or already those of the next one): they are
 * summed up beside the table rather than dropped. docs/compatibility.md.
 */
export function otherGames(liveGid: string | undefined, nextGid: string | undefined, status: readonly Position[]): OtherGame[] {
  const byGid = new Map<string, OtherGame>();
  for (const p of status) {
    const gid = p.gid ?? (liveGid === undefined ? "?" : null);
    if (gid === null || gid === liveGid || !positionState(p.st).active) continue;
    const game = byGid.get(gid) ?? { gid, relation: gid === nextGid ? "next" : "ended", count: 0 };
    game.count++;
    byGid.set(gid, game);
  }
  return [...byGid.values()];
}
