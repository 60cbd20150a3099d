/**
 * A vitest reporter for the mutation run (vitest.mutation.config.ts): a test file that fails to load counts as
 * a failed test.
 *
 * Stryker's vitest runner (9.6, and 10.0 the same) builds a mutant's result from the tests each file
 * collected, and a file whose import throws collects none. A mutant that makes a module throw as it loads,
 * such as `new Decimal("")` for one of the payout's constants, would then count as survived, though no test
 * file that imports the module can even start (stryker-js#6150). Once the run ends, each such file gets one
 * failed test carrying the file's own error, which Stryker reads as a kill. Files that loaded are untouched.
 */
import type { RunnerTestCase, RunnerTestFile } from "vitest";
import type { Reporter, Vitest } from "vitest/node";

/** The name of the failed test given to a file that could not load. */
export const LOAD_FAILURE_TEST = "the test file loads";

/** Gives each file that failed with no test collected one failed test carrying the file's errors. */
export function failUnloadedFiles(files: readonly RunnerTestFile[]): void {
  for (const file of files) {
    if (file.result?.state !== "fail" || file.tasks.length > 0) continue;
    // Only the fields Stryker reads from a test (its name, suite, file, mode and result); nothing else reads
    // a test once the run has ended, so the context vitest builds for a running test is left out.
    const test = {
      type: "test",
      id: `${file.id}_load`,
      name: LOAD_FAILURE_TEST,
      mode: "run",
      file,
      suite: file,
      meta: {},
      result: { state: "fail", errors: file.result.errors ?? [{ message: "the test file did not load" }] },
    } as unknown as RunnerTestCase;
    file.tasks.push(test);
  }
}

export default class MutationLoadFailures implements Reporter {
  private vitest: Vitest | undefined;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(): void {
    if (this.vitest !== undefined) failUnloadedFiles(this.vitest.state.getFiles());
  }
}
