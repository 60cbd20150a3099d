/**
 * A game's payout at its close, as steps (turns.ts): the weights and
 * winnings payoutUnits (domain/payout.ts) computes, then each position's
 * winnings as a Decimal and one credit per account, POSITIONS_PER_TURN
 * positions a step. games.ts runs the steps at once for a small game,
 * and one per turn of the event loop for a large one. docs/sim.md,
 * "Settlement".
 */
import type { Decimal } from "../../domain/money.js";
import {
  fromUnits,
  type PayoutEntry,
  type PayoutGame,
  type PayoutUnits,
  stakeUnits,
  weighingAt,
  weightOf,
  winningsOf,
} from "../../domain/payout.js";
import { ownerAccount } from "./accounts.js";
import type { Account } from "./ledger.js";
import type { PositionRecord } from "./model.js";
import { endOfStep, POSITIONS_PER_TURN } from "./turns.js";

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
  step = POSITIONS_PER_TURN,
): Generator<void, GamePayout, void> {
  const units = yield* payoutUnitsInSteps(game, positions, close, step);
  const winnings: Decimal[] = new Array(positions.length);
  const owed = new Map<Account, bigint>();
  for (let i = 0; i < positions.length; i++) {
    winnings[i] = fromUnits(units.winnings[i]!);
    const owner = ownerAccount(positions[i]!);
    owed.set(owner, (owed.get(owner) ?? 0n) + units.winnings[i]!);
    if (endOfStep(i, step)) yield;
  }
  const payees: Array<readonly [Account, Decimal]> = [...owed].map(([account, amount]) => [account, fromUnits(amount)] as const);
  payees.push(["house", fromUnits(units.pool - units.paid)]);
  return { winnings, payees };
}

/**
 * payoutUnits in steps, to the unit the same: it yields after every `step`
 * entries weighed, then after every `step` paid.
 */
function* payoutUnitsInSteps(
  game: PayoutGame,
  entries: readonly PayoutEntry[],
  closingPrice: Decimal,
  step: number,
): Generator<void, PayoutUnits, void> {
  const at = weighingAt(game, closingPrice);
  const weights: bigint[] = new Array(entries.length);
  let pool = 0n;
  let totalWeight = 0n;
  for (let i = 0; i < entries.length; i++) {
    weights[i] = weightOf(at, entries[i]!);
    totalWeight += weights[i]!;
    pool += stakeUnits(entries[i]!);
    if (endOfStep(i, step)) yield;
  }
  // No weight at all (nobody was in the game for any time) leaves the pot to the house.
  const winnings: bigint[] = new Array(entries.length);
  let paid = 0n;
  for (let i = 0; i < entries.length; i++) {
    winnings[i] = winningsOf(pool, weights[i]!, totalWeight);
    paid += winnings[i]!;
    if (endOfStep(i, step)) yield;
  }
  return { pool, weights, winnings, paid };
}
