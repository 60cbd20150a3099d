/**
 * The rows of the positions pane: what /status reports for the live game,
 * plus positions placed moments ago that /status has not caught up with.
 * Projected winnings arrive as binary numbers; they become exact decimals
 * here, before anything is added up.
 */
import type { PlacedPosition, StatusPosition, Streak } from "../api/schemas.js";
import { StreakSchema } from "../api/schemas.js";
import { Decimal, fromWireNumber, sum, toWire } from "./money.js";

export interface PositionRow {
  txid: string;
  strike: Decimal;
  stake: Decimal;
  projected: Decimal | null;
  returnPct: Decimal | null;
  placedAt: number;
  /** Placed this session, not yet reported by /status. */
  pending: boolean;
}

export interface PositionTotals {
  count: number;
  staked: Decimal;
  projected: Decimal | null;
  returnPct: Decimal | null;
}

export function positionRows(
  gid: string | undefined,
  status: readonly StatusPosition[],
  placed: readonly PlacedPosition[],
): PositionRow[] {
  if (gid === undefined) return [];
  const seen = new Set<string>();
  const rows: PositionRow[] = [];
  for (const p of status) {
    if (p.gid !== gid || seen.has(p.txid)) continue;
    seen.add(p.txid);
    rows.push(row(p, fromWireNumber(p.w), p.r === null ? null : fromWireNumber(p.r), false));
  }
  for (const p of placed) {
    if (p.gid !== gid || seen.has(p.txid)) continue;
    seen.add(p.txid);
    rows.push(row(p, null, null, true));
  }
  return rows.sort((a, b) => a.placedAt - b.placedAt);
}

function row(p: StatusPosition | PlacedPosition, projected: Decimal | null, returnPct: Decimal | null, pending: boolean): PositionRow {
  const strike = new Decimal(p.sp);
  return {
    txid: p.txid,
    strike,
    stake: new Decimal(p.f),
    projected,
    returnPct,
    placedAt: Number(p.t),
    pending,
  };
}

/** Live price minus strike: positive when the price is above the prediction. */
export function distanceFrom(live: Decimal, row: PositionRow): Decimal {
  return live.minus(row.strike);
}

export function positionTotals(rows: readonly PositionRow[]): PositionTotals {
  const staked = sum(rows.map((r) => r.stake));
  const known = rows.filter((r) => r.projected !== null);
  const projected = known.length === rows.length && rows.length > 0 ? sum(known.map((r) => r.projected!)) : null;
  const returnPct = projected !== null && staked.gt(0) ? projected.minus(staked).div(staked).times(100) : null;
  return { count: rows.length, staked, projected, returnPct };
}

/** Streak elements whose shape we understand; the spec leaves the shape open. */
export function readableStreaks(streaks: readonly unknown[]): Streak[] {
  return streaks.flatMap((s) => {
    const parsed = StreakSchema.safeParse(s);
    return parsed.success ? [parsed.data] : [];
  });
}

/** A /status position with `w` and `r` as exact decimal strings, for output that must not carry binary floats. */
export function withExactProjection<P extends StatusPosition>(p: P): Omit<P, "w" | "r"> & { w: string; r: string | null } {
  return { ...p, w: toWire(fromWireNumber(p.w)), r: p.r === null ? null : toWire(fromWireNumber(p.r)) };
}
