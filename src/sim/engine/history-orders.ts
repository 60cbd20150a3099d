/**
 * The positions a practice account's history placed in each of its games
 * (history-games.ts picks the games): one to four a game, most of them
 * early in the prediction phase, each a guess around the price at that
 * moment, staked as a trader with a practice float stakes. Pure: a
 * function of the noise, the feed's prices and the games.
 */
import { Decimal } from "../../domain/money.js";
import { PRECISION_SCALE } from "../../domain/payout.js";
import type { Interval } from "../../domain/rules.js";
import type { PriceFeed } from "../feed/feed.js";
import type { Noise } from "../feed/noise.js";
import type { HistoryGame } from "./history-games.js";
import type { GameSlot } from "./schedule.js";

export interface HistoryOrder {
  userId: number;
  slot: GameSlot;
  placedAt: number;
  /** What the trader meant to stake; the balance may cut it (history.ts). */
  stake: Decimal;
  prediction: Decimal;
  txid: string;
}

/** 1, 2, 3 or 4 positions in a game: the chances of at most that many. */
const POSITIONS_AT_MOST = [0.45, 0.75, 0.9, 1] as const;

/** Stakes drawn with equal chance per interval (a repeated one is likelier), in USDC. */
const STAKES: Record<Interval, readonly string[]> = {
  10: ["0.5", "1", "1", "2", "5"],
  60: ["1", "2", "2", "5", "10"],
  3600: ["2", "5", "10", "10", "20"],
  86400: ["10", "20", "25", "50"],
};

/**
 * The trader guesses as the crowd does (a normal deviate of precision
 * scales from the price at that moment, crowd.ts) but places earlier: the
 * early window's bonus and the longer time in the game about pay the rake,
 * so a record ends within a few percent of even, up or down by the seed.
 */
const GUESS_SPREAD = 1;

/** Positions go in within this share of the prediction phase, at u^PLACING_SKEW of it: early ones the likelier. */
const PLACING_SHARE = 0.9;
const PLACING_SKEW = 1.5;

/** The first coordinate of each draw, apart from those of history-games.ts (1 to 4). */
const DRAW = { count: 5, time: 6, guess: 7, stake: 8, txid: 9 } as const;

/** Every position of the games, in placing order. */
export function historyOrders(noise: Noise, feed: PriceFeed, games: readonly HistoryGame[]): HistoryOrder[] {
  return games
    .flatMap((g) => ordersOf(noise, feed, g))
    .sort((a, b) => a.placedAt - b.placedAt || a.userId - b.userId || a.txid.localeCompare(b.txid));
}

function ordersOf(noise: Noise, feed: PriceFeed, { userId, slot }: HistoryGame): HistoryOrder[] {
  const game = Number(slot.gid);
  const at = (draw: number, j: number) => noise.uniform(draw, userId, game, j);
  const count = POSITIONS_AT_MOST.findIndex((p) => at(DRAW.count, 0) < p) + 1;
  const phase = slot.closesAt - slot.startAt;
  const guessed = new Set<string>();
  const orders: HistoryOrder[] = [];
  for (let j = 0; j < count; j++) {
    const placedAt = slot.startAt + Math.floor(at(DRAW.time, j) ** PLACING_SKEW * PLACING_SHARE * phase);
    const price = feed.latest(slot.asset, placedAt).price;
    let prediction = guess(price, noise.normal(DRAW.guess, userId, game, j) * GUESS_SPREAD, slot.interval);
    // Two positions of one game never guess the same price: the ladder a trader spreads.
    while (guessed.has(prediction.toFixed())) prediction = prediction.plus(new Decimal(10).pow(-prediction.decimalPlaces()));
    guessed.add(prediction.toFixed());
    const stakes = STAKES[slot.interval];
    const stake = new Decimal(stakes[Math.floor(at(DRAW.stake, j) * stakes.length)]!);
    orders.push({ userId, slot, placedAt, stake, prediction, txid: noise.uuid(DRAW.txid, userId, game, j) });
  }
  return orders;
}

/** The price moved by z precision scales, typed as a trader types it: whole dollars for BTC, cents below $10,000. */
function guess(price: Decimal, z: number, interval: Interval): Decimal {
  const moved = price.plus(price.times(PRECISION_SCALE[interval]).times(z.toFixed(6)));
  return Decimal.max(1, moved.toDecimalPlaces(price.gte(10_000) ? 0 : 2));
}
