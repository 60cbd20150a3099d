/**
 * The payout of a game's shared pool: one pure function used both to settle a
 * game (with the closing price) and to project winnings in GET /status (with
 * the live price), so a projection is exactly what settlement would pay now.
 * docs/payout.md explains the formula and why each constant has its value.
 *
 * Exact arithmetic throughout (integers, rounded down once). Every winning is rounded down to the
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

/**
 * A decimal as an integer count of 10^-e: every weight is computed in
 * integers, exactly, and rounded down once, so a share can never exceed its
 * exact value and the pot is never overpaid; integers also make weighing a
 * large game cheap enough to do as prices move (~2 µs a position).
 */
interface Scaled {
  m: bigint;
  e: number;
}

const POW10: bigint[] = [];
function pow10(n: number): bigint {
  POW10[n] ??= 10n ** BigInt(n);
  return POW10[n]!;
}

function scaled(d: Decimal): Scaled {
  const [whole, frac = ""] = d.toFixed().split(".");
  return { m: BigInt(whole! + frac), e: frac.length };
}

/** An amount in whole units of 10^-MONEY_DECIMALS; a stake with more decimals is refused. */
function moneyUnits(d: Decimal): bigint {
  const s = scaled(d);
  if (s.e > MONEY_DECIMALS) throw new RangeError(`a stake has at most ${MONEY_DECIMALS} decimals, got ${d.toFixed()}`);
  return s.m * pow10(MONEY_DECIMALS - s.e);
}

const POT_SHARE = scaled(WINNING_POT_SHARE);
const BONUS = scaled(EARLY_BONUS);
const NO_BONUS: Scaled = { m: 1n, e: 0 };

/** Per entry, its stake in money units and its prediction scaled: converted once, however often it is weighed. */
const converted = new WeakMap<PayoutEntry, { stake: bigint; prediction: Scaled }>();
function convert(e: PayoutEntry): { stake: bigint; prediction: Scaled } {
  let c = converted.get(e);
  // Stryker disable next-line ConditionalExpression: converting again gives the same figures; the memo only saves the work
  if (!c) {
    c = { stake: moneyUnits(e.stake), prediction: scaled(e.prediction) };
    converted.set(e, c);
  }
  return c;
}

/** What every weight at one closing price shares; made once per price by weighingAt. */
export interface Weighing {
  game: PayoutGame;
  close: Decimal;
  c: Scaled;
  /** (C·σ)² without its power of ten. */
  scale2: bigint;
  /** The power of ten (C·σ)² carries, squared into the miss's term. */
  scaleE2: number;
}

export function weighingAt(game: PayoutGame, closingPrice: Decimal): Weighing {
  if (!closingPrice.gt(0)) throw new RangeError(`closing price must be positive, got ${closingPrice.toString()}`);
  const c = scaled(closingPrice);
  const sigma = scaled(PRECISION_SCALE[game.interval]);
  const s = c.m * sigma.m;
  return { game, close: closingPrice, c, scale2: s * s, scaleE2: 2 * (c.e + sigma.e) };
}

/** An entry's weight at the weighing's price, in units of 10^-WEIGHT_DECIMALS, rounded down. */
export function weightOf(at: Weighing, entry: PayoutEntry): bigint {
  const { game } = at;
  const { stake, prediction } = convert(entry);
  const inGameMs = Math.min(Math.max(game.endsAt - entry.placedAt, 0), game.endsAt - game.startAt);
  const bonus = inEarlyWindow(game.interval, game.startAt, entry.placedAt) ? BONUS : NO_BONUS;
  // precision = s² / (s² + miss²), both over one power of ten: ((C·σ)²·10^2e) / ((C·σ)²·10^2e + miss²·10^scaleE2).
  const e = Math.max(prediction.e, at.c.e);
  const miss = prediction.m * pow10(e - prediction.e) - at.c.m * pow10(e - at.c.e);
  const num = at.scale2 * pow10(2 * e);
  const den = num + miss * miss * pow10(at.scaleE2);
  return (stake * BigInt(inGameMs) * bonus.m * num * pow10(WEIGHT_DECIMALS - MONEY_DECIMALS - bonus.e)) / den;
}

/** A game's pool (money units) and the pot it pays out (units of 10^-(MONEY_DECIMALS + the share's decimals)). */
export function potOf(pool: bigint): bigint {
  return pool * POT_SHARE.m;
}

/** What a weight wins of the pot, in money units, rounded down; nothing when no one weighs anything. */
export function winningsOf(pool: bigint, weight: bigint, totalWeight: bigint): bigint {
  return totalWeight === 0n ? 0n : (potOf(pool) * weight) / (totalWeight * pow10(POT_SHARE.e));
}

export function stakeUnits(entry: PayoutEntry): bigint {
  return convert(entry).stake;
}

/**
 * Money units as the nearest binary number, as fromUnits(units).toNumber()
 * gives it: both are the one correctly rounded double of units / 10^decimals
 * while units is exactly a double (under 2^53); past that, through the Decimal.
 */
export function unitsToNumber(units: bigint, decimals = MONEY_DECIMALS): number {
  const n = Number(units);
  return Number.isSafeInteger(n) ? n / 10 ** decimals : fromUnits(units, decimals).toNumber();
}

/**
 * returnPct of two amounts in money units, as the nearest binary number: while
 * (w − f)·100 and f are both exact doubles (under 2^53), one IEEE division
 * rounds their exact ratio correctly, with no decimal work at all; past
 * that, through the Decimal.
 */
export function returnPctOfUnits(winnings: bigint, stake: bigint): number {
  const n = Number((winnings - stake) * 100n);
  const d = Number(stake);
  // Stryker disable next-line ConditionalExpression,LogicalOperator: either way the same double for any stake a game takes (under 2^53 units, 9 billion)
  return Number.isSafeInteger(n) && Number.isSafeInteger(d) ? n / d : returnPct(fromUnits(winnings), fromUnits(stake)).toNumber();
}

/** Money units as a Decimal. */
export function fromUnits(units: bigint, decimals = MONEY_DECIMALS): Decimal {
  return new Decimal(`${units}e-${decimals}`);
}

/** A game's payout in integers: money units, weights in units of 10^-WEIGHT_DECIMALS. */
export interface PayoutUnits {
  pool: bigint;
  /** One per entry, same order. */
  weights: bigint[];
  winnings: bigint[];
  paid: bigint;
}

/** The payout in integers. computePayout's Decimals come from this. */
export function payoutUnits(game: PayoutGame, entries: readonly PayoutEntry[], closingPrice: Decimal): PayoutUnits {
  const at = weighingAt(game, closingPrice);
  const weights = entries.map((e) => weightOf(at, e));
  const pool = entries.reduce((acc, e) => acc + stakeUnits(e), 0n);
  const totalWeight = weights.reduce((acc, w) => acc + w, 0n);
  // No weight at all (nobody was in the game for any time) leaves the pot to the house.
  const winnings = weights.map((w) => winningsOf(pool, w, totalWeight));
  return { pool, weights, winnings, paid: winnings.reduce((acc, w) => acc + w, 0n) };
}

export function computePayout(game: PayoutGame, entries: readonly PayoutEntry[], closingPrice: Decimal): Payout {
  const { pool, weights, winnings, paid } = payoutUnits(game, entries, closingPrice);
  const potDecimals = MONEY_DECIMALS + POT_SHARE.e;
  const shift = pow10(POT_SHARE.e);
  return {
    pool: fromUnits(pool),
    pot: fromUnits(potOf(pool), potDecimals),
    rake: fromUnits(pool * shift - potOf(pool), potDecimals),
    dust: fromUnits(potOf(pool) - paid * shift, potDecimals),
    house: fromUnits(pool - paid),
    winnings: winnings.map((w) => fromUnits(w)),
    weights: weights.map((w) => fromUnits(w, WEIGHT_DECIMALS)),
  };
}
