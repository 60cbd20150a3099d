/**
 * Engine records → the spec's wire objects (types from api/schemas.ts). Money
 * goes out as exact decimal strings; only the fields the spec types as
 * numbers (status w and r) are converted, at the last moment.
 */
import type { GameResult, PlacedPosition, ResultPosition, StatusPosition, StatusResponse } from "../../api/schemas.js";
import { Decimal, sum, toWire } from "../../domain/money.js";
import { returnPct, returnPctOfUnits, stakeUnits, unitsToNumber } from "../../domain/payout.js";
import { WIRE_PRICE_DECIMALS } from "./markets.js";
import type { PositionRecord, SettledGame } from "./model.js";

/** r in results is a decimal string; 6 places is plenty for a percentage. */
const RESULT_R_DECIMALS = 6;

/** A position's fields but the projection (w, r). */
function fields(p: PositionRecord) {
  return {
    gid: p.slot.gid,
    c: p.currency,
    a: p.slot.asset,
    id: p.player.id,
    f: toWire(p.stake),
    sp: toWire(p.prediction),
    cm: false,
    cmt: null,
    pw: p.wallet,
    win: p.winnings === null ? null : p.winnings.toNumber(),
    t: String(p.placedAt),
    tx: null,
    txid: p.txid,
    p: null,
    created_at: new Date(p.placedAt).toISOString(),
    st: "success",
    it: p.slot.interval,
    n: p.network,
    username: p.player.username,
    avatar: p.player.avatar,
  };
}

/** POST /spot: w is the string "0" and r null until the game progresses. */
export function placedPosition(p: PositionRecord): PlacedPosition {
  return { ...fields(p), w: "0", r: null };
}

/** GET /status: w and r are numbers, projected at request time; `projected` in money units (domain/payout.ts). */
export function statusPosition(p: PositionRecord, projected: bigint): StatusPosition {
  return { ...fields(p), ...projectedFields(p, projected) };
}

function projectedFields(p: PositionRecord, projected: bigint): Pick<StatusPosition, "w" | "r"> {
  return { w: unitsToNumber(projected), r: returnPctOfUnits(projected, stakeUnits(p)) };
}

/**
 * An answer already written as JSON text, which the server sends as it is;
 * `value()` makes the same answer as an object, for a fault or a wire style
 * (http/wire-variants.ts) to bend.
 */
export class Prewritten<T> {
  constructor(
    readonly text: string,
    readonly value: () => T,
  ) {}
}

/**
 * A position's fields but w and r as JSON text, without the closing brace:
 * written once per position while it is unsettled (until then they do not
 * change; settling sets `win`).
 */
const unsettledText = new WeakMap<PositionRecord, string>();

function statusPositionText(p: PositionRecord, projected: bigint): string {
  let head = p.winnings === null ? unsettledText.get(p) : undefined;
  if (head === undefined) {
    head = JSON.stringify(fields(p)).slice(0, -1);
    if (p.winnings === null) unsettledText.set(p, head);
  }
  const { w, r } = projectedFields(p, projected);
  return `${head},"w":${JSON.stringify(w)},"r":${JSON.stringify(r)}}`;
}

/**
 * GET /status's answer, written ahead: /status sends the same positions
 * again and again, and writing their twenty-odd fields each time would be
 * most of what a request costs the sim's own code (npm run bench:sim-status).
 */
export function statusAnswer(
  mine: readonly PositionRecord[],
  projected: readonly bigint[],
  streaks: StatusResponse["streaks"],
): Prewritten<StatusResponse> {
  const positions = mine.map((p, i) => statusPositionText(p, projected[i]!)).join(",");
  return new Prewritten(`{"positions":[${positions}],"streaks":${JSON.stringify(streaks)}}`, () => ({
    positions: mine.map((p, i) => statusPosition(p, projected[i]!)),
    streaks,
  }));
}

/** Each settled game's result per user: a settled game never changes, so it is written once. */
const written = new WeakMap<SettledGame, Map<number, GameResult>>();

/** A user's result of a settled game, the same object each time it is asked for: it must not be changed. */
export function gameResult(g: SettledGame, userId: number): GameResult {
  let mine = written.get(g);
  if (!mine) {
    mine = new Map();
    written.set(g, mine);
  }
  let result = mine.get(userId);
  if (!result) {
    result = writeGameResult(g, userId);
    mine.set(userId, result);
  }
  return result;
}

function writeGameResult(g: SettledGame, userId: number): GameResult {
  const mine = [...(g.byUser.get(userId) ?? [])].sort((a, b) => a.placedAt - b.placedAt);
  const staked = sum(mine.map((p) => p.stake));
  const won = sum(mine.map((p) => p.winnings ?? new Decimal(0)));
  return {
    gid: g.slot.gid,
    interval: g.slot.interval,
    asset: g.slot.asset,
    network: g.network,
    currency: g.currency,
    open_price: g.openPrice.toFixed(WIRE_PRICE_DECIMALS),
    closing_price: g.closingPrice === null ? null : g.closingPrice.toFixed(WIRE_PRICE_DECIMALS),
    settled_at: new Date(g.settledAt).toISOString(),
    cancelled: g.cancelled,
    positions: mine.map((p) => resultPosition(p, g)),
    total_staked: toWire(staked),
    total_winnings: toWire(won),
    net_return: toWire(won.minus(staked)),
  };
}

function resultPosition(p: PositionRecord, g: SettledGame): ResultPosition {
  // A cancelled game refunds: w is the stake returned, r 0, not a win, no variance.
  const w = p.winnings ?? new Decimal(0);
  return {
    sp: toWire(p.prediction),
    f: toWire(p.stake),
    w: toWire(w),
    r: toWire(returnPct(w, p.stake).toDecimalPlaces(RESULT_R_DECIMALS)),
    win: w.gt(p.stake),
    variance: g.closingPrice === null ? null : toWire(p.prediction.minus(g.closingPrice).abs()),
    txid: p.txid,
    placed_at: new Date(p.placedAt).toISOString(),
  };
}
