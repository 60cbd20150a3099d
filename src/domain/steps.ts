/**
 * Work in steps: a generator that yields between steps, so the one who runs
 * it decides when each step runs — all at once here, or one per turn of
 * the event loop where the sim must keep answering (src/sim/turns.ts).
 */

/** True after every `step`-th item, where a generator working through items yields. */
export const endOfStep = (i: number, step: number) => (i + 1) % step === 0;

/** Every step at once. */
export function runNow<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
