/**
 * The mutation run's setup (vitest.mutation.config.ts): every property test runs at most MUTATION_RUNS
 * cases, from a fixed seed unless it names its own. A mutant is run against every test that reaches it,
 * thousands of mutants in all; a property's first few dozen cases find what its thousands would, and the
 * fixed seed makes each mutant's outcome the same on every run, which the incremental report relies on.
 */
import { vi } from "vitest";

const MUTATION_RUNS = 25;
const MUTATION_SEED = 20_261_125;

vi.mock("fast-check", async (importOriginal) => {
  const fc = await importOriginal<typeof import("fast-check")>();
  const capped = <T>(params?: import("fast-check").Parameters<T>): import("fast-check").Parameters<T> => ({
    ...params,
    numRuns: Math.min(params?.numRuns ?? MUTATION_RUNS, MUTATION_RUNS),
    seed: params?.seed ?? MUTATION_SEED,
  });
  // One function for fast-check's three overloads (sync, async, raw); each passes its property on unchanged.
  const assert = ((property: Parameters<typeof fc.assert>[0], params?: Parameters<typeof fc.assert>[1]) =>
    fc.assert(property as never, capped(params))) as typeof fc.assert;
  return { ...fc, assert, default: { ...fc, assert } };
});
