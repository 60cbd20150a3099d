/**
 * The mutation run's reporter (test/helpers/mutation-load-failures.ts), read the way Stryker's vitest runner
 * reads a run: a file that failed to load must give a failed test, and a file that loaded stays as it was.
 */
import type { RunnerTestFile } from "vitest";
import { describe, expect, it } from "vitest";
import { failUnloadedFiles, LOAD_FAILURE_TEST } from "../helpers/mutation-load-failures.js";

// The runner's own reading of a finished run; its package exports only its entry point.
const strykerHelpers = new URL("../../node_modules/@stryker-mutator/vitest-runner/dist/src/vitest-helpers.js", import.meta.url);
const { collectTestsFromSuite, convertTestToTestResult } = (await import(strykerHelpers.href)) as {
  collectTestsFromSuite: (file: RunnerTestFile) => unknown[];
  convertTestToTestResult: (test: unknown) => { name: string; status: number; failureMessage?: string };
};
const FAILED = 1; // @stryker-mutator/api's TestStatus.Failed

function file(name: string, state: "pass" | "fail", tasks: unknown[] = []): RunnerTestFile {
  return {
    type: "suite",
    id: name,
    name,
    filepath: `/repo/test/unit/${name}`,
    mode: "run",
    tasks,
    meta: {},
    result: { state, errors: state === "fail" ? [{ message: "Error: [DecimalError] Invalid argument: " }] : [] },
  } as unknown as RunnerTestFile;
}

describe("failUnloadedFiles", () => {
  it("gives a file that failed with no test one failed test carrying the file's error", () => {
    const unloaded = file("payout.test.ts", "fail");
    failUnloadedFiles([unloaded]);
    const results = collectTestsFromSuite(unloaded).map(convertTestToTestResult);
    expect(results).toEqual([
      expect.objectContaining({
        name: `payout.test.ts ${LOAD_FAILURE_TEST}`,
        status: FAILED,
        failureMessage: "Error: [DecimalError] Invalid argument: ",
      }),
    ]);
  });

  it("leaves files that loaded, passed or failed, as they were", () => {
    const test = { type: "test", name: "adds", mode: "run", result: { state: "fail" } };
    const failedTests = file("a.test.ts", "fail", [test]);
    const passed = file("b.test.ts", "pass");
    failUnloadedFiles([failedTests, passed]);
    expect(failedTests.tasks).toEqual([test]);
    expect(passed.tasks).toEqual([]);
  });

  it("says a file failed to load even when vitest kept no error for it", () => {
    const unloaded = file("c.test.ts", "fail");
    delete (unloaded.result as { errors?: unknown }).errors;
    failUnloadedFiles([unloaded]);
    expect(collectTestsFromSuite(unloaded).map(convertTestToTestResult)[0]).toMatchObject({
      status: FAILED,
      failureMessage: "the test file did not load",
    });
  });
});
