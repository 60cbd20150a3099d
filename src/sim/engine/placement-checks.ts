/**
 * The rules that refuse a position, each with the error the client sees.
 * They run before anything is journaled: a record that cannot be applied
 * would stop every later start.
 */
import type { Network } from "../../api/schemas.js";
import { Decimal, toWire } from "../../domain/money.js";
import { MAX_POSITIONS_PER_GAME, minStake } from "../../domain/rules.js";
import type { PriceFeed } from "../feed/feed.js";
import { userAccount } from "./accounts.js";
import { SimError } from "./errors.js";
import type { Games } from "./games.js";
import type { Ledger } from "./ledger.js";
import type { MarketSwitches } from "./market-switches.js";
import { CURRENCY } from "./markets.js";
import type { PlaceRequest } from "./requests.js";
import { decodeGid, type GameSlot, slotPhase } from "./schedule.js";
import type { SimUser } from "./users.js";

/** The engine's parts the checks read: positions held, balances, paused markets, the live price. */
export interface PlacingView {
  readonly games: Games;
  readonly ledger: Ledger;
  readonly markets: MarketSwitches;
  readonly feed: PriceFeed;
}

/**
 * How far from the live price a strike may be, as a share of it: ours, the
 * spec sets no bound. Half the price either way is far past any move a
 * game of a day can make, and refuses a strike typed with its digits wrong.
 */
export const STRIKE_BAND = new Decimal("0.5");

/** The strikes the sim takes at this live price: [price × (1 − band), price × (1 + band)]. */
export function strikeBounds(price: Decimal): { low: Decimal; high: Decimal } {
  return { low: price.times(Decimal.sub(1, STRIKE_BAND)), high: price.times(Decimal.add(1, STRIKE_BAND)) };
}

/** The game a position goes into, or the SimError that refuses it. */
export function placeableSlot(view: PlacingView, user: SimUser, req: PlaceRequest, t: number): GameSlot {
  const slot = decodeGid(req.gid);
  if (!slot || slot.asset !== req.a || slot.interval !== req.it) {
    throw new SimError(422, "Invalid request", `gid: ${req.gid} is not a ${req.a} ${req.it} s game; take the gid from GET /spot`, ["gid"]);
  }
  refuseClosedGame(view, slot, t);
  const { low, high } = strikeBounds(view.feed.latest(slot.asset, t).price);
  if (req.sp.lt(low) || req.sp.gt(high)) {
    const message = `sp: ${toWire(req.sp)} is more than ${STRIKE_BAND.times(100)} % from the live price; strikes from ${toWire(low.toDecimalPlaces(2))} to ${toWire(high.toDecimalPlaces(2))} are taken`;
    throw new SimError(422, "Invalid request", message, ["sp"]);
  }
  const mine = view.games.positionsOf(user.id, slot.gid, req.n);
  if (mine.length >= MAX_POSITIONS_PER_GAME) {
    throw new SimError(
      409,
      "Position limit reached",
      `at most ${MAX_POSITIONS_PER_GAME} positions per game; game ${slot.gid} already holds ${mine.length} of yours`,
    );
  }
  if (mine.some((p) => p.prediction.eq(req.sp) && p.stake.eq(req.f))) {
    throw new SimError(
      409,
      "Duplicate position",
      `you already hold a position at ${toWire(req.sp)} with stake ${toWire(req.f)} in game ${slot.gid}`,
    );
  }
  const available = view.ledger.balance(userAccount(user.id), req.c, req.n);
  if (available.lt(req.f)) {
    const message = `stake ${toWire(req.f)} ${req.c} exceeds your ${req.n} balance of ${toWire(available)}`;
    throw new SimError(422, "Insufficient balance", message, ["f"]);
  }
  return slot;
}

/** Whether the user has room and funds for a minimum stake in `slot` (the game's phase aside). */
export function couldPlace(view: PlacingView, user: SimUser, slot: GameSlot, network: Network): boolean {
  return (
    view.games.positionsOf(user.id, slot.gid, network).length < MAX_POSITIONS_PER_GAME &&
    view.ledger.balance(userAccount(user.id), CURRENCY, network).gte(minStake(slot.interval))
  );
}

function refuseClosedGame(view: PlacingView, slot: GameSlot, t: number): void {
  const phase = slotPhase(slot, t);
  if (view.markets.pausedAt(slot.asset, slot.interval, t)) {
    throw new SimError(409, "Market paused", `${slot.asset} ${slot.interval} s games are paused; no position can be placed`);
  }
  if (phase === "next") {
    throw new SimError(409, "Game not started", `game ${slot.gid} opens at ${iso(slot.startAt)}; place into the live game`);
  }
  if (phase === "settling" && view.games.isCancelled(slot)) {
    throw new SimError(409, "Game cancelled", `game ${slot.gid} was cancelled and its stakes refunded`);
  }
  if (phase !== "accepting") {
    throw new SimError(409, "Game closed", `predictions for game ${slot.gid} closed at ${iso(slot.closesAt)}`);
  }
}

function iso(t: number): string {
  return new Date(t).toISOString();
}
