/**
 * The plan for one game: each position's strike offset and stake, drawn
 * from a PRNG seeded with the strategy's name and the game's gid. The same
 * game gets the same plan after a relaunch, so a strategy that crashed
 * half-way picks up at the position it had reached instead of drawing anew
 * (and a test can say exactly what a game will get). Math.random is never
 * used: its draws cannot be replayed.
 */
import { Decimal } from "../domain/money.js";
import { MONEY_DECIMALS } from "../domain/rules.js";
import type { StakeRule, StrategyConfig, StrikeRule } from "./strategy.js";

export type PlannedStake = { kind: "amount"; amount: Decimal } | { kind: "fraction"; fraction: Decimal };

export interface PlannedPosition {
  /** 0-based: the position's place in the game's plan. */
  index: number;
  /** Added to the reference price, then rounded to a whole strike. */
  offset: Decimal;
  stake: PlannedStake;
}

/** A replayable stream of draws. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** A whole number in [lo, hi], both safe integers, lo ≤ hi. */
  int(lo: number, hi: number): number;
}

/** The plan of `strategy` for the game `gid`: positionsPerGame positions, always the same for the same two. */
export function planGame(strategy: StrategyConfig, gid: string): readonly PlannedPosition[] {
  const random = seededRandom(`${strategy.name}\u0000${gid}`);
  const rungs = strategy.strike.kind === "ladder" ? ladderOffsets(strategy.strike) : [];
  const plan: PlannedPosition[] = [];
  for (let index = 0; index < strategy.positionsPerGame; index++) {
    // One offset draw and one stake draw per position, whatever the rules: a change to one rule keeps the other's draws.
    const offset = strikeOffset(strategy.strike, rungs, index, random);
    plan.push({ index, offset, stake: plannedStake(strategy.stake, random) });
  }
  return plan;
}

/**
 * A ladder's offsets, nearest the reference first and above before below on
 * a tie: (i − (count − 1) / 2) × step, so an even count straddles the
 * reference and an odd one has a rung on it.
 */
export function ladderOffsets(rule: Extract<StrikeRule, { kind: "ladder" }>): Decimal[] {
  const centre = new Decimal(rule.count - 1).div(2);
  const offsets = Array.from({ length: rule.count }, (_, i) => new Decimal(i).minus(centre).times(rule.step));
  return offsets.sort((a, b) => a.abs().cmp(b.abs()) || b.cmp(a));
}

function strikeOffset(rule: StrikeRule, rungs: readonly Decimal[], index: number, random: Random): Decimal {
  const draw = random.int(rule.kind === "range" ? rule.min.toNumber() : 0, rule.kind === "range" ? rule.max.toNumber() : 0);
  return rule.kind === "range" ? new Decimal(draw) : rungs[index % rungs.length]!;
}

function plannedStake(rule: StakeRule, random: Random): PlannedStake {
  switch (rule.kind) {
    case "fixed":
      random.next();
      return { kind: "amount", amount: rule.amount };
    case "choices":
      return { kind: "amount", amount: rule.amounts[random.int(0, rule.amounts.length - 1)]! };
    case "range": {
      const places = stakeRangePlaces(rule);
      const unit = new Decimal(10).pow(places);
      const n = random.int(rule.min.times(unit).toNumber(), rule.max.times(unit).toNumber());
      return { kind: "amount", amount: new Decimal(n).div(unit) };
    }
    case "fraction":
      random.next();
      return { kind: "fraction", fraction: rule.fraction };
  }
}

/** The decimals a stake range is drawn in: the finest its ends are written in, at least cents, at most the currency's. */
export function stakeRangePlaces(rule: Extract<StakeRule, { kind: "range" }>): number {
  return Math.min(MONEY_DECIMALS, Math.max(2, rule.min.decimalPlaces(), rule.max.decimalPlaces()));
}

/** The whole-number strike a planned position aims at, given the reference price (the service takes whole strikes). */
export function strikeFor(planned: PlannedPosition, reference: Decimal): Decimal {
  return reference.plus(planned.offset).toDecimalPlaces(0, Decimal.ROUND_HALF_EVEN);
}

/** The stake to send: the planned amount, or the share of `balance` rounded down to 6 decimals (undefined while the balance is not known). */
export function stakeFor(planned: PlannedPosition, balance: Decimal | undefined): Decimal | undefined {
  if (planned.stake.kind === "amount") return planned.stake.amount;
  return balance?.times(planned.stake.fraction).toDecimalPlaces(MONEY_DECIMALS, Decimal.ROUND_DOWN);
}

/**
 * mulberry32 seeded with a 32-bit FNV-1a hash of `seed`: tiny, fast and
 * plenty for spreading strikes; not for anything that must be unguessable.
 */
export function seededRandom(seed: string): Random {
  let state = fnv1a(seed);
  const u32 = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  const next = (): number => u32() / 2 ** 32;
  return {
    next,
    int(lo, hi) {
      const span = hi - lo + 1;
      // Two words when one cannot cover the span evenly enough (a stake range in millionths can pass 2^32).
      const r = span <= 2 ** 24 ? next() : (u32() * 2 ** 21 + (u32() >>> 11)) / 2 ** 53;
      return lo + Math.floor(r * span);
    },
  };
}

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    h ^= byte;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}
