/**
 * A game's payout at its close, as steps: every position weighed, then each
 * one's winnings, SETTLEMENT_SLICE positions a step. game-book.ts runs the
 * steps at once for a small game, and one per turn of the event loop for a
 * large one, so that settling 20,000 positions never holds a request for
 * longer than a slice. The arithmetic is payoutUnits's (domain/payout.ts),
 * to the unit. docs/sim.md, "Settlement".
 */
import type { Decimal } from "../domain/money.js";
import { fromUnits, type PayoutGame, stakeUnits, weighingAt, weightOf, winningsOf } from "../domain/payout.js";
import { ownerAccount } from "./accounts.js";
import type { Account } from "./ledger.js";
import type { PositionRecord } from "./model.js";

/** A game of at most this many positions is settled in the call that finds it ended (~7 µs a position in all). */
export const SYNC_SETTLEMENT_LIMIT = 2_000;
/** Positions weighed, or paid, in one step while a larger game settles. */
export const SETTLEMENT_SLICE = 2_000;

export interface GamePayout {
  /** Per position, in the game's order. */
  winnings: Decimal[];
  /** What the pool pays each account (owners, then the house): one credit per account, however many positions it held. */
  payees: Array<readonly [Account, Decimal]>;
}

export function* payoutSteps(
  game: PayoutGame,
  positions: readonly PositionRecord[],
  close: Decimal,
  slice = SETTLEMENT_SLICE,
): Generator<void, GamePayout, void> {
  const at = weighingAt(game, close);
  const weights: bigint[] = new Array(positions.length);
  let pool = 0n;
  let total = 0n;
  for (let i = 0; i < positions.length; i++) {
    const w = weightOf(at, positions[i]!);
    weights[i] = w;
    total += w;
    pool += stakeUnits(positions[i]!);
    if ((i + 1) % slice === 0) yield;
  }
  const winnings: Decimal[] = new Array(positions.length);
  const owed = new Map<Account, bigint>();
  let paid = 0n;
  for (let i = 0; i < positions.length; i++) {
    const units = winningsOf(pool, weights[i]!, total);
    winnings[i] = fromUnits(units);
    paid += units;
    const owner = ownerAccount(positions[i]!);
    owed.set(owner, (owed.get(owner) ?? 0n) + units);
    if ((i + 1) % slice === 0) yield;
  }
  const payees: Array<readonly [Account, Decimal]> = [...owed].map(([account, units]) => [account, fromUnits(units)] as const);
  payees.push(["house", fromUnits(pool - paid)]);
  return { winnings, payees };
}

/** Every step at once. */
export function runNow<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** One step per turn of the event loop, then `done` with the result. */
export function runInTurns<T>(steps: Generator<void, T, void>, done: (result: T) => void): void {
  const turn = () => {
    const step = steps.next();
    if (step.done) done(step.value);
    else setImmediate(turn);
  };
  setImmediate(turn);
}
