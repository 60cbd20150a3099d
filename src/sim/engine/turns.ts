/**
 * Work over a large game's positions, done in steps so that no request waits
 * for all of it: a generator yields between steps, and is run either to the
 * end at once (a small game, a journal's replay) or one step per turn of the
 * event loop. Weighing a projection again (projection.ts) and settling a game
 * (settlement.ts) both run this way. docs/sim.md, "Projections".
 */

/**
 * Positions of work in one step (a weight is ~2 µs, a settled position
 * ~7 µs in all), and the largest game worked through at once.
 */
export const POSITIONS_PER_TURN = 2_000;

/** True after every `step`-th item, where a generator working through items yields. */
export const endOfStep = (i: number, step: number) => (i + 1) % step === 0;

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
