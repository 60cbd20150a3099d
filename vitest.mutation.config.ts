import { defineConfig } from "vitest/config";
import base from "./vitest.config.js";

/**
 * The tests the mutation run (npm run mutate, stryker.config.mjs) runs against each mutant: the unit tests,
 * which state what the mutated modules decide. Each mutant's run imports every test file that reaches it
 * afresh; a UI test file brings Ink and React (about a second), the integration and e2e tests a sim and tmux.
 * A behaviour only those tests state is a unit test missing.
 */
// Stryker runs the tests in worker threads, where a test cannot move the zone (process.env.TZ) as it can in
// vitest's own forks: the run takes a zone 5:45 from UTC, so that a clock tick's shift by the local offset,
// dropped or turned round, shows on a machine kept in UTC.
process.env.TZ = "Asia/Kathmandu";

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ["test/unit/**/*.test.{ts,tsx}"],
    // Stryker's instrumentation counts every mutant a test reaches: the scheduler's simulated hours run ten times slower.
    testTimeout: 120_000,
    setupFiles: ["test/helpers/mutation-setup.ts"],
    // A test file that cannot load is a failing test, not an absent one (test/helpers/mutation-load-failures.ts).
    reporters: ["default", "./test/helpers/mutation-load-failures.ts"],
  },
});
