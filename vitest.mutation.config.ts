import { defineConfig } from "vitest/config";
import base from "./vitest.config.js";

/**
 * The tests the mutation run (npm run mutate, stryker.config.mjs) runs against each mutant: the unit and UI
 * tests, which state what the mutated modules decide. The integration and e2e tests start sims and tmux and
 * would make each mutant cost seconds; the modules under mutation are pure, so these tests reach them directly.
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ["test/unit/**/*.test.{ts,tsx}", "test/ui/**/*.test.{ts,tsx}"],
    // Random resizes waited out in real time: 10 s a mutant, for a layout its own tests and the other UI tests state.
    exclude: [...(base.test?.exclude ?? []), "test/ui/resize.test.tsx"],
    // Stryker's instrumentation counts every mutant a test reaches: the scheduler's simulated hours run ten times slower.
    testTimeout: 120_000,
    setupFiles: ["test/helpers/mutation-setup.ts"],
  },
});
