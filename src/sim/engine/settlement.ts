/**
 * A game's payout at its close, as steps (turns.ts): payoutUnitsInSteps's
 * weights and winnings, then each position's winnings as a Decimal and one
 * credit per account, POSITIONS_PER_TURN positions a step. game-book.ts runs
 * the steps at once for a small game, and one per turn of the event loop
 * for a large one. docs/sim.md, "Settlement".
 */
import type { Decimal } from "../../domain/money.js";
import { fromUnits, type PayoutGame, payoutUnitsInSteps } from "../../domain/payout.js";
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
