/**
 * A game's weights at one price, kept whole as positions arrive, so that a
 * /status costs only the caller's positions: each position is weighed once
 * when it joins (at the weighing's price) and the game's total weight and
 * pool are running sums. When the price moves, a game of up to
 * SYNC_WEIGHING_LIMIT positions is weighed again at once; a larger one
 * keeps answering at its last weighing's price while it is weighed again in
 * slices between requests (WEIGHING_SLICE positions a turn of the event
 * loop), so no request waits for the whole game. docs/sim.md, "Projections".
 */
import type { Decimal } from "../domain/money.js";
import { type PayoutGame, stakeUnits, type Weighing, weighingAt, weightOf, winningsOf } from "../domain/payout.js";
import type { PositionRecord } from "./model.js";

/** A game of at most this many positions is weighed again on the request that finds the price moved (~2 µs a position). */
export const SYNC_WEIGHING_LIMIT = 2_000;
/** Positions weighed per turn of the event loop while a larger game is weighed again. */
export const WEIGHING_SLICE = 2_000;

interface Weights {
  at: Weighing;
  of: Map<PositionRecord, bigint>;
  total: bigint;
}

export class GameProjection {
  private current: Weights;
  private pool = 0n;
  /** A slice-by-slice weighing is under way. */
  private reweighing = false;
  private closed = false;

  constructor(
    private readonly game: PayoutGame,
    price: Decimal,
    private readonly positions: readonly PositionRecord[],
  ) {
    this.current = { at: weighingAt(game, price), of: new Map(), total: 0n };
  }

  /** A position joined the game (after it is in `positions`). */
  add(p: PositionRecord): void {
    const w = weightOf(this.current.at, p);
    this.current.of.set(p, w);
    this.current.total += w;
    this.pool += stakeUnits(p);
  }

  /**
   * What each of `mine` would win if the game ended at `price`, in money
   * units; in a large game being weighed again, at the last weighing's price
   * until that is done.
   */
  winnings(mine: readonly PositionRecord[], price: Decimal): bigint[] {
    if (!this.current.at.close.eq(price)) this.reweigh(price);
    const { of, total } = this.current;
    return mine.map((p) => winningsOf(this.pool, of.get(p)!, total));
  }

  /** The game settled: a weighing still under way is dropped. */
  close(): void {
    this.closed = true;
  }

  private reweigh(price: Decimal): void {
    if (this.positions.length <= SYNC_WEIGHING_LIMIT) {
      this.current = weighAll(weighingAt(this.game, price), this.positions, 0, { of: new Map(), total: 0n });
      return;
    }
    if (this.reweighing) return;
    this.reweighing = true;
    const at = weighingAt(this.game, price);
    const next = { of: new Map<PositionRecord, bigint>(), total: 0n };
    let done = 0;
    const slice = () => {
      if (this.closed) return;
      // Positions that joined meanwhile are in `positions` too: the weighing ends when it has caught up with them.
      const upTo = Math.min(done + WEIGHING_SLICE, this.positions.length);
      weighAll(at, this.positions, done, next, upTo);
      done = upTo;
      if (done < this.positions.length) {
        setImmediate(slice);
        return;
      }
      this.current = { at, ...next };
      this.reweighing = false;
    };
    setImmediate(slice);
  }
}

function weighAll(
  at: Weighing,
  positions: readonly PositionRecord[],
  from: number,
  into: { of: Map<PositionRecord, bigint>; total: bigint },
  upTo = positions.length,
): Weights {
  for (let i = from; i < upTo; i++) {
    const p = positions[i]!;
    const w = weightOf(at, p);
    into.of.set(p, w);
    into.total += w;
  }
  return { at, ...into };
}
