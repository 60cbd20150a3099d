/**
 * A strategy as the config file declares it (`[[strategy]]`): which market
 * it trades, how it picks strikes and stakes, when in a game it places, and
 * the limits that stop it. Pure data, every amount an exact Decimal, so the
 * planner (plan.ts), the limits (limits.ts) and decide (decide.ts) never
 * meet a float. config/strategy-config.ts builds it; docs/strategies.md
 * maps the operator's bot template onto it.
 */
import type { Network } from "../api/schemas.js";
import { Decimal } from "../domain/money.js";
import type { Interval } from "../domain/rules.js";

/** What a strike is placed around: the live price, the live game's ai_price, or its open_price. */
export const AROUND = ["live", "ai", "open"] as const;
export type Around = (typeof AROUND)[number];

export type StrikeRule =
  /**
   * `count` evenly spaced strikes `step` apart, centred on the reference;
   * positions take them nearest first and, when there are more positions
   * than strikes, go round them again.
   */
  | { kind: "ladder"; around: Around; step: Decimal; count: number }
  /** Each position's offset from the reference drawn as a whole number in [min, max] (the bot's PRICE_RANGES). */
  | { kind: "range"; around: Around; min: Decimal; max: Decimal };

export type StakeRule =
  | { kind: "fixed"; amount: Decimal }
  /** Drawn in [min, max] in steps of the finest decimal written (at least a cent). */
  | { kind: "range"; min: Decimal; max: Decimal }
  /** One of these, drawn for each position (the bot's POSITIONS_RANGE). */
  | { kind: "choices"; amounts: readonly Decimal[] }
  /** This share of the balance when the position is placed, rounded down to 6 decimals. */
  | { kind: "fraction"; fraction: Decimal };

export interface StrategyTiming {
  /** Only while the early-precision window is open (the bot's ENABLE_EARLY_PRECISION). */
  earlyOnly: boolean;
  /** Not before this many seconds into the game. */
  fromSeconds: number | undefined;
  /** Not from this many seconds into the game on. */
  untilSeconds: number | undefined;
  /**
   * Aim at the announced next game and place from its start, never joining
   * a game already half through (the bot's placeOnNextGame for 10 s games).
   */
  nextGame: boolean;
}

/** Every amount in the market's currency; undefined = no such limit. */
export interface StrategyLimits {
  maxStakePerGame: Decimal | undefined;
  maxStakePerSession: Decimal | undefined;
  /** A UTC day of the service's clock. */
  maxStakePerDay: Decimal | undefined;
  /** Stop once the session's settled games have lost this much in all (a positive amount). */
  stopAfterNetLoss: Decimal | undefined;
  /** Stop after this many settled games in a row that paid back less than they staked. */
  stopAfterLosingGames: number | undefined;
}

export interface StrategyMarket {
  asset: string;
  interval: Interval;
  network: Network;
  currency: string;
}

export interface StrategyConfig {
  /** Unique among the strategies: `spotdash auto NAME`, the spend file's name, the plan's seed. */
  name: string;
  market: StrategyMarket;
  /** 1..10 (the service's cap), counting every position held in the game. */
  positionsPerGame: number;
  strike: StrikeRule;
  stake: StakeRule;
  when: StrategyTiming;
  limits: StrategyLimits;
  /** Decide and log, never send. */
  paper: boolean;
  /** Where it was declared, for messages: `/home/me/.config/spotdash/config.toml [profile.x]`. */
  where: string;
}

/** The bot template's PRICE_RANGES: the strike offsets when a strategy names none. */
export const BOT_PRICE_RANGES: Readonly<Record<Interval, { min: number; max: number }>> = {
  10: { min: -10, max: 10 },
  60: { min: -10, max: 10 },
  3600: { min: -40, max: 50 },
  86400: { min: -40, max: 50 },
};

/**
 * The bot template's POSITIONS_RANGE: the stakes when a strategy names
 * none. Its 60 s list (0.01–0.04) is under the 60 s minimum of 0.1, so
 * ours is ten times it (docs/strategies.md).
 */
export const BOT_STAKE_CHOICES: Readonly<Record<Interval, readonly string[]>> = {
  10: ["0.01", "0.02", "0.03", "0.04"],
  60: ["0.1", "0.2", "0.3", "0.4"],
  3600: ["1", "2", "3", "4"],
  86400: ["5", "6", "7", "8"],
};

export function defaultStrike(interval: Interval): StrikeRule {
  const r = BOT_PRICE_RANGES[interval];
  return { kind: "range", around: "live", min: new Decimal(r.min), max: new Decimal(r.max) };
}

export function defaultStake(interval: Interval): StakeRule {
  return { kind: "choices", amounts: BOT_STAKE_CHOICES[interval].map((a) => new Decimal(a)) };
}

export const NO_LIMITS: StrategyLimits = {
  maxStakePerGame: undefined,
  maxStakePerSession: undefined,
  maxStakePerDay: undefined,
  stopAfterNetLoss: undefined,
  stopAfterLosingGames: undefined,
};
