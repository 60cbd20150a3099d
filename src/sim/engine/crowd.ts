/**
 * The simulated crowd: other players who put positions into every game so
 * pools, projections and payouts move like a real game. A game's crowd orders
 * are a pure function of (seed, gid, network); their predictions use the price
 * at the moment each order is placed, so the crowd only knows the past.
 */
import { NETWORKS, type Network } from "../../api/schemas.js";
import { Decimal } from "../../domain/money.js";
import { PRECISION_SCALE } from "../../domain/payout.js";
import { type Interval, minStake } from "../../domain/rules.js";
import type { Noise } from "../feed/noise.js";
import type { GameSlot } from "./schedule.js";
import { avatarFor, type Player, walletFor } from "./users.js";

const NAMES = [
  "moonwalker",
  "satstacker",
  "wickhunter",
  "chartist",
  "hodl_hana",
  "delta_dan",
  "gammaray",
  "tickwatcher",
  "meanrev",
  "breakout_bo",
  "vega_vee",
  "scalpel",
];

/** Far above any user id, so a crowd id never collides with a real player's. */
const CROWD_ID_BASE = 900_000;

export const CROWD: readonly Player[] = NAMES.map((name, i) => ({
  id: CROWD_ID_BASE + i + 1,
  kind: "crowd",
  wallet: walletFor(`crowd:${name}`),
  username: name,
  avatar: avatarFor(`crowd:${name}`),
}));

/** Testnet is busy; mainnet sees a few players per game. */
const ORDERS_PER_GAME: Record<Network, readonly [number, number]> = {
  testnet: [3, 8],
  mainnet: [1, 3],
};

/** Stakes are the interval's minimum times one of these. */
const STAKE_MULTIPLES = [1, 2, 5, 10, 20, 50] as const;

/** Keeps the crowd's noise apart from the price feed's. */
const CROWD_TAG = 3;

export interface CrowdOrder {
  bot: Player;
  placedAt: number;
  stake: Decimal;
  /** How many precision scales the bot's guess lands from the then-current price. */
  z: number;
  txid: string;
}

export function crowdOrders(noise: Noise, slot: GameSlot, network: Network): CrowdOrder[] {
  const at = [CROWD_TAG, Number(slot.gid), NETWORKS.indexOf(network)];
  const [lo, hi] = ORDERS_PER_GAME[network];
  const count = lo + Math.floor(noise.uniform(...at) * (hi - lo + 1));
  const phase = slot.closesAt - slot.startAt;
  const orders: CrowdOrder[] = [];
  for (let i = 0; i < count; i++) {
    orders.push({
      bot: CROWD[Math.floor(noise.uniform(...at, i, 1) * CROWD.length)]!,
      placedAt: slot.startAt + Math.floor(noise.uniform(...at, i, 2) * phase),
      stake: minStake(slot.interval).times(STAKE_MULTIPLES[Math.floor(noise.uniform(...at, i, 3) * STAKE_MULTIPLES.length)]!),
      z: noise.normal(...at, i, 4),
      txid: noise.uuid(...at, i, 5),
    });
  }
  return orders.sort((a, b) => a.placedAt - b.placedAt);
}

/** A whole-number guess (the way the official clients send strike prices). */
export function crowdPrediction(price: Decimal, z: number, interval: Interval): Decimal {
  const guess = price.plus(price.times(PRECISION_SCALE[interval]).times(z.toFixed(6)));
  return Decimal.max(1, guess.toDecimalPlaces(0));
}
