/**
 * A game's weights at one price, kept whole as positions arrive, so that a
 * /status costs only the caller's positions: each position is weighed once
 * when it joins (at the weighing's price) and the game's total weight and
 * pool are running sums. When the price moves, a game of up to
 * POSITIONS_PER_TURN positions is weighed again at once; a larger one keeps
 * answering at its last weighing's price while it is weighed again in steps
 * between requests (turns.ts), so no request waits for the whole game, and
 * is weighed again at most once every LARGE_GAME_REWEIGH_MS.
 * docs/sim.md, "Projections".
 *
 * A position is weighed as the payout's entry (domain/payout.ts): its
 * stake, prediction and time placed are all a projection reads of it.
 */
import type { Decimal } from "../../domain/money.js";
import { type PayoutEntry, type PayoutGame, stakeUnits, type Weighing, weighingAt, weightOf, winningsOf } from "../../domain/payout.js";
import { endOfStep, POSITIONS_PER_TURN, runInTurns, runNow } from "./turns.js";

/**
 * A game weighed in steps is weighed again at most this often (server ms):
 * at 20,000 positions a weighing is ~30 ms of work, which at every 250 ms
 * tick of the feed would take an eighth of the core from the requests. Its
 * projections are at most about this far behind the price.
 */
export const LARGE_GAME_REWEIGH_MS = 1_000;

interface Weights {
  at: Weighing;
  of: Map<PayoutEntry, bigint>;
  total: bigint;
}

export class GameProjection {
  private current: Weights;
  private pool = 0n;
  /** A weighing in steps is under way. */
  private reweighing = false;
  /** Server ms at which the last weighing in steps began. */
  private reweighedAt = Number.NEGATIVE_INFINITY;
  private closed = false;

  constructor(
    private readonly game: PayoutGame,
    price: Decimal,
    private readonly positions: readonly PayoutEntry[],
  ) {
    this.current = { at: weighingAt(game, price), of: new Map(), total: 0n };
  }

  /** A position joined the game (after it is in `positions`). */
  add(p: PayoutEntry): void {
    const w = weightOf(this.current.at, p);
    this.current.of.set(p, w);
    this.current.total += w;
    this.pool += stakeUnits(p);
  }

  /**
   * What each of `mine` would win if the game ended at `price`, in money
   * units, asked at server ms `now`; in a large game, at the last
   * weighing's price while it is weighed again, and for
   * LARGE_GAME_REWEIGH_MS after the last weighing began.
   */
  winnings(mine: readonly PayoutEntry[], price: Decimal, now: number): bigint[] {
    if (!this.current.at.close.eq(price)) this.reweigh(price, now);
    const { of, total } = this.current;
    return mine.map((p) => winningsOf(this.pool, of.get(p)!, total));
  }

  /** The game settled: a weighing still under way is dropped. */
  close(): void {
    this.closed = true;
  }

  private reweigh(price: Decimal, now: number): void {
    const inTurns = this.positions.length > POSITIONS_PER_TURN;
    // Every /status at a new price asks; one weighing in steps at a time, and no other prepared meanwhile.
    if (inTurns && (this.reweighing || now - this.reweighedAt < LARGE_GAME_REWEIGH_MS)) return;
    const steps = this.weighing(weighingAt(this.game, price));
    if (!inTurns) {
      this.current = runNow(steps)!;
      return;
    }
    this.reweighing = true;
    this.reweighedAt = now;
    runInTurns(steps, (weights) => {
      this.reweighing = false;
      if (weights) this.current = weights;
    });
  }

  /** Every position weighed at `at`, a step at a time; null when the game settles meanwhile. */
  private *weighing(at: Weighing): Generator<void, Weights | null, void> {
    const next: Weights = { at, of: new Map(), total: 0n };
    // Positions that join meanwhile are in `positions` too: the weighing ends when it has caught up with them.
    for (let i = 0; i < this.positions.length; i++) {
      const p = this.positions[i]!;
      const w = weightOf(at, p);
      next.of.set(p, w);
      next.total += w;
      if (endOfStep(i, POSITIONS_PER_TURN)) {
        yield;
        if (this.closed) return null;
      }
    }
    return next;
  }
}
