/**
 * The payout of a game's shared pool: one pure function used both to settle a
 * game (with the closing price) and to project winnings in GET /status (with
 * the live price), so a projection is exactly what settlement would pay now.
 * docs/payout.md explains the formula and why each constant has its value.
 *
 * Exact decimal arithmetic throughout. Every winning is rounded down to the
 * currency's decimals and the house takes the rake plus the rounding dust, so
 * winnings + house = pool to the last unit.
 */
import { Decimal } from "./money.js";
import { type Interval, inEarlyWindow, MONEY_DECIMALS } from "./rules.js";

/** Share of the pool paid back to players (the public split's "winning pot"). */
export const WINNING_POT_SHARE = new Decimal("0.909");

/** Weight multiplier for positions placed inside the early-precision window. */
export const EARLY_BONUS = new Decimal("1.25");

/**
 * Precision scale σ per interval: the relative miss at which a prediction's
 * weight halves. About one standard deviation of a ~50 %/year asset's move
 * over the game.
 */
export const PRECISION_SCALE: Record<Interval, Decimal> = {
  10: new Decimal("0.0003"),
  60: new Decimal("0.0007"),
  3600: new Decimal("0.005"),
  86400: new Decimal("0.025"),
};

/** Weights are cut to this many decimals so that their sum is exact. */
const WEIGHT_DECIMALS = 30;

// Private high-precision arithmetic that only ever rounds towards zero, so a
// computed share can never exceed its exact value and the pot is never overpaid.
const D = Decimal.clone({ precision: 120, rounding: Decimal.ROUND_DOWN });

export interface PayoutGame {
  interval: Interval;
  startAt: number;
  endsAt: number;
}

export interface PayoutEntry {
  stake: Decimal;
  /** Predicted closing price. */
  prediction: Decimal;
  /** Epoch ms the position was placed. */
  placedAt: number;
}

export interface Payout {
  /** Sum of stakes. */
  pool: Decimal;
  /** pool × WINNING_POT_SHARE. */
  pot: Decimal;
  /** pool − pot. */
  rake: Decimal;
  /** pot − Σ winnings: what rounding down left over. */
  dust: Decimal;
  /** What the house takes: rake + dust = pool − Σ winnings. */
  house: Decimal;
  /** One per entry, same order, rounded down to MONEY_DECIMALS. */
  winnings: Decimal[];
  /** One per entry: stake × ms in game × early bonus × precision (only their ratios matter). */
  weights: Decimal[];
}

/** Return percentage of a position, r = (w − f) / f × 100 (the public formula of GET /status). */
export function returnPct(winnings: Decimal, stake: Decimal): Decimal {
  return winnings.minus(stake).div(stake).times(100);
}

export function computePayout(game: PayoutGame, entries: readonly PayoutEntry[], closingPrice: Decimal): Payout {
  if (!closingPrice.gt(0)) throw new RangeError(`closing price must be positive, got ${closingPrice.toString()}`);
  const close = new D(closingPrice);
  const scale = close.times(PRECISION_SCALE[game.interval]);
  const scale2 = scale.times(scale);

  // Only ratios of weights matter, so common factors are left out to keep the
  // arithmetic exact wherever the shares are: time in game stays in ms rather
  // than a share of the game, and 1 / (1 + (miss/scale)²) is scale² / (scale² + miss²).
  const weights = entries.map((e) => {
    const inGameMs = Math.min(Math.max(game.endsAt - e.placedAt, 0), game.endsAt - game.startAt);
    const bonus = inEarlyWindow(game.interval, game.startAt, e.placedAt) ? EARLY_BONUS : 1;
    const miss = new D(e.prediction).minus(close);
    const precision = scale2.div(scale2.plus(miss.times(miss)));
    return new D(e.stake).times(inGameMs).times(bonus).times(precision).toDecimalPlaces(WEIGHT_DECIMALS, D.ROUND_DOWN);
  });

  const pool = entries.reduce((acc, e) => acc.plus(e.stake), new D(0));
  const pot = pool.times(WINNING_POT_SHARE);
  const totalWeight = weights.reduce((acc, w) => acc.plus(w), new D(0));
  // No weight at all (nobody was in the game for any time) leaves the pot to the house.
  const winnings = weights.map((w) =>
    totalWeight.isZero() ? new D(0) : pot.times(w).div(totalWeight).toDecimalPlaces(MONEY_DECIMALS, D.ROUND_DOWN),
  );
  const paid = winnings.reduce((acc, w) => acc.plus(w), new D(0));

  return {
    pool: new Decimal(pool),
    pot: new Decimal(pot),
    rake: new Decimal(pool.minus(pot)),
    dust: new Decimal(pot.minus(paid)),
    house: new Decimal(pool.minus(paid)),
    winnings: winnings.map((w) => new Decimal(w)),
    weights: weights.map((w) => new Decimal(w)),
  };
}
