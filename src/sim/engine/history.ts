/**
 * A practice account's played history (docs/sim.md, "Played history"):
 * the games history-games.ts picks and the positions history-orders.ts
 * places in them, played through the games and the ledger as they would
 * have been live — each position staked from the balance at its time, the
 * crowd's positions beside it, each game settled at its end by the payout
 * (or cancelled and refunded when its closing tick is lost), in end order.
 * The user's balance is what that play left. One journal record stands for
 * all of it; its replay plays the same games again.
 */
import type { Network } from "../../api/schemas.js";
import { Decimal } from "../../domain/money.js";
import { type Interval, minStake } from "../../domain/rules.js";
import type { PriceFeed } from "../feed/feed.js";
import { Noise } from "../feed/noise.js";
import type { HistoryRecord } from "../persistence/records.js";
import { poolAccount, userAccount } from "./accounts.js";
import type { Games } from "./games.js";
import { historyGames } from "./history-games.js";
import { type HistoryOrder, historyOrders } from "./history-orders.js";
import type { Ledger } from "./ledger.js";
import { CURRENCY } from "./markets.js";
import type { PositionRecord } from "./model.js";
import type { UserRegistry } from "./users.js";

/** A history is played on the practice network; mainnet is the real service's real money. */
export const HISTORY_NETWORK: Network = "testnet";

/** Games a day when none is said: a busy trader's day, a few sittings of short games and some hourly ones. */
export const DEFAULT_GAMES_PER_DAY = 60;

/**
 * The most days and games a day a history may hold. A game costs about as
 * much as one played live does to replay (~0.3–1 ms): 30 days at the
 * default is a second or so, at every start.
 */
export const HISTORY_LIMITS = { days: 30, gamesPerDay: 2_000 } as const;

/** A trader stakes at most this share of the balance on one position. */
const MAX_STAKE_SHARE = new Decimal("0.02");

/** Keeps the history's noise apart from the feed's and the crowd's. */
const HISTORY_SALT = 0x415709;

/** The parts of the engine a history is played through. */
export interface HistoryParts {
  games: Games;
  ledger: Ledger;
  feed: PriceFeed;
  users: UserRegistry;
}

/** Throws unless days and gamesPerDay are whole numbers within HISTORY_LIMITS. */
export function checkHistory(days: number, gamesPerDay: number): void {
  for (const [name, value, max] of [
    ["days", days, HISTORY_LIMITS.days],
    ["gamesPerDay", gamesPerDay, HISTORY_LIMITS.gamesPerDay],
  ] as const) {
    if (!Number.isInteger(value) || value < 1 || value > max)
      throw new RangeError(`history ${name} must be a whole number from 1 to ${max}, got ${value}`);
  }
}

/** Plays the record's history: every game settled by the record's time. */
export function playHistory(parts: HistoryParts, seed: number, record: HistoryRecord): void {
  const noise = new Noise(seed ^ HISTORY_SALT);
  const games = historyGames(noise, record);
  // Lost before anything is placed, as they were: a price read at that instant is the tick before.
  for (const { slot, cancelled } of games) if (cancelled) parts.feed.outage(slot.asset, slot.endsAt, slot.endsAt + 1);
  for (const order of historyOrders(noise, parts.feed, games)) {
    parts.games.advanceTo(order.placedAt, false);
    place(parts, order);
  }
  parts.games.advanceTo(record.t, false);
}

function place(parts: HistoryParts, order: HistoryOrder): void {
  const user = parts.users.get(order.userId);
  if (!user) throw new Error(`the history names no user ${order.userId}`);
  const account = userAccount(user.id);
  const stake = affordableStake(order.stake, parts.ledger.balance(account, CURRENCY, HISTORY_NETWORK), order.slot.interval);
  if (stake === null) return;
  // The crowd plays in the history's games even when it sits out the live ones: a game played alone pays back
  // the pot's share of its own stakes, a loss every time, which is no record to look at.
  const game = parts.games.activate(order.slot, HISTORY_NETWORK, CURRENCY, order.placedAt, true);
  const position: PositionRecord = {
    txid: order.txid,
    slot: order.slot,
    network: HISTORY_NETWORK,
    currency: CURRENCY,
    player: user,
    stake,
    prediction: order.prediction,
    placedAt: order.placedAt,
    wallet: user.wallet,
    winnings: null,
  };
  parts.ledger.transfer(account, poolAccount(game), CURRENCY, HISTORY_NETWORK, stake);
  parts.games.add(game, position);
}

/**
 * The stake a trader with this balance puts on a position meant to stake
 * `planned`: at most MAX_STAKE_SHARE of the balance, to the cent, never
 * under the interval's minimum; null when the balance is under it.
 */
export function affordableStake(planned: Decimal, balance: Decimal, interval: Interval): Decimal | null {
  const min = minStake(interval);
  if (balance.lt(min)) return null;
  const cap = balance.times(MAX_STAKE_SHARE).toDecimalPlaces(2, Decimal.ROUND_DOWN);
  return Decimal.max(min, Decimal.min(planned, cap));
}
