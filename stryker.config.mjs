// @ts-check
/**
 * Mutation testing of the modules that decide what the trader sees and what is sent (npm run mutate).
 * docs/testing.md says how to read the report and how equivalent mutants are recorded.
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutation.config.ts" },
  checkers: ["typescript"],
  tsconfigFile: "tsconfig.mutation.json",
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  coverageAnalysis: "perTest",
  mutate: [
    "src/domain/**/*.ts",
    "src/api/read/**/*.ts",
    "src/api/redact.ts",
    "src/poller/policy.ts",
    "src/poller/reducers.ts",
    "src/poller/placements.ts",
    "src/poller/spacing.ts",
    "src/poller/health.ts",
    "src/ui/chart/scales.ts",
    "src/ui/layout.ts",
    "src/ui/input/**/*.ts",
    "src/strategy/decide.ts",
    "src/strategy/limits.ts",
    "src/strategy/plan.ts",
    "src/strategy/target.ts",
    "src/strategy/settled-share.ts",
    "src/alerts/rules.ts",
    "src/alerts/detect/**/*.ts",
  ],
  // A re-run tests only the mutants whose code or covering tests changed since the last run.
  incremental: true,
  incrementalFile: "reports/stryker-incremental.json",
  reporters: ["html", "json", "clear-text", "progress"],
  htmlReporter: { fileName: "reports/mutation/mutation.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  thresholds: { high: 90, low: 85, break: null },
  // Stryker splits these between type checkers and test runners: one of each on two cores.
  concurrency: 2,
  timeoutMS: 10_000,
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
};
