/**
 * A practice account's played history (docs/sim.md, "Played history"):
 * the games history-games.ts picks and the positions history-orders.ts
 * places in them, played through games and a ledger of their own as they
 * would have been live — each position staked from the balance at its
 * time, the crowd's positions beside it, each game settled at its end by
 * the payout (or cancelled and refunded when its closing tick is lost), in
 * end order. What the games came to is the history record's; the engine
 * files it (history-restore.ts), when the world is made and at every
 * restart alike.
 */
import type { Network } from "../../api/schemas.js";
import { Decimal, toWire } from "../../domain/money.js";
import { type Interval, minStake } from "../../domain/rules.js";
import { PriceFeed } from "../feed/feed.js";
import { Noise } from "../feed/noise.js";
import type { HistoryGameRecord } from "../persistence/records.js";
import { poolAccount, userAccount } from "./accounts.js";
import { Games } from "./games.js";
import { type HistorySpec, historyGames } from "./history-games.js";
import { type HistoryOrder, historyOrders } from "./history-orders.js";
import { Ledger } from "./ledger.js";
import { CURRENCY } from "./markets.js";
import type { PositionRecord, SettledGame } from "./model.js";
import type { UserRegistry } from "./users.js";

/** A history is played on the practice network; mainnet is the real service's real money. */
export const HISTORY_NETWORK: Network = "testnet";

/** Games a day when none is said: a busy trader's day, a few sittings of short games and some hourly ones. */
export const DEFAULT_GAMES_PER_DAY = 60;

/**
 * The most days and games a day a history may hold. Playing a game costs
 * about what settling one played live does (~0.3–1 ms): 30 days at the
 * default take a second or so when the world is made; a restart only
 * files what they came to.
 */
export const HISTORY_LIMITS = { days: 30, gamesPerDay: 2_000 } as const;

/** A trader stakes at most this share of the balance on one position. */
const MAX_STAKE_SHARE = new Decimal("0.02");

/** Keeps the history's noise apart from the feed's and the crowd's. */
const HISTORY_SALT = 0x415709;

/** The world a history is played in, apart from the engine's: its users, its own ledger, feed and games. */
interface HistoryWorld {
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

/**
 * Plays the history of `spec` (every game settled by spec.t), its users
 * starting from `balances` (user id → testnet balance), and returns what
 * its games came to, in end order.
 */
export function playHistory(seed: number, spec: HistorySpec, users: UserRegistry, balances: Map<number, Decimal>): HistoryGameRecord[] {
  const ledger = new Ledger();
  for (const [id, balance] of balances) if (balance.gt(0)) ledger.deposit(userAccount(id), CURRENCY, HISTORY_NETWORK, balance);
  const feed = new PriceFeed(seed);
  // The crowd plays in the history's games even when it sits out the live ones: a game played alone pays back
  // the pot's share of its own stakes, a loss every time, which is no record to look at.
  const world: HistoryWorld = { games: new Games(ledger, feed, new Noise(seed)), ledger, feed, users };
  const noise = new Noise(seed ^ HISTORY_SALT);
  const games = historyGames(noise, spec);
  // Lost before anything is placed, as they were: a price read at that instant is the tick before.
  for (const { slot, cancelled } of games) if (cancelled) feed.loseTick(slot.asset, slot.endsAt);
  for (const order of historyOrders(noise, feed, games)) {
    world.games.advanceTo(order.placedAt, false);
    place(world, order);
  }
  world.games.advanceTo(spec.t, false);
  return outcomes(world.games, spec.userIds);
}

function place(parts: HistoryWorld, order: HistoryOrder): void {
  const user = parts.users.get(order.userId);
  if (!user) throw new Error(`the history names no user ${order.userId}`);
  const account = userAccount(user.id);
  const stake = affordableStake(order.stake, parts.ledger.balance(account, CURRENCY, HISTORY_NETWORK), order.slot.interval);
  if (stake === null) return;
  const game = parts.games.activate(order.slot, HISTORY_NETWORK, CURRENCY, order.placedAt);
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

/** Each game the users played, once however many of them played it, as the history record keeps it. */
function outcomes(games: Games, userIds: readonly number[]): HistoryGameRecord[] {
  const played = new Set<SettledGame>(userIds.flatMap((id) => games.settledOf(id)));
  return [...played]
    .sort((a, b) => a.slot.endsAt - b.slot.endsAt || Number(a.slot.gid) - Number(b.slot.gid))
    .map((g) => ({
      gid: g.slot.gid,
      open: toWire(g.openPrice),
      close: g.closingPrice === null ? null : toWire(g.closingPrice),
      positions: g.positions
        .filter((p) => p.player.kind === "user")
        .map((p) => [p.player.id, p.txid, p.placedAt, toWire(p.prediction), toWire(p.stake), toWire(p.winnings!)] as const),
      crowd: crowdParts(g.positions),
    }));
}

/** What each crowd bot staked and won in a game, in order of its first position. */
function crowdParts(positions: readonly PositionRecord[]): Array<[number, string, string]> {
  const parts = new Map<number, { staked: Decimal; won: Decimal }>();
  for (const p of positions) {
    if (p.player.kind !== "crowd") continue;
    const part = parts.get(p.player.id) ?? { staked: new Decimal(0), won: new Decimal(0) };
    parts.set(p.player.id, { staked: part.staked.plus(p.stake), won: part.won.plus(p.winnings!) });
  }
  return [...parts].map(([id, { staked, won }]) => [id, toWire(staked), toWire(won)]);
}
