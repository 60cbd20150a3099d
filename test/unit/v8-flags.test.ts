/**
 * The V8 flags the dashboard sets at run time (src/v8-flags.ts): a Node whose V8 no
 * longer knew one would print "unrecognized flag" over the screen, or crash.
 * Run on every Node the suite runs on (scripts/run-suite.mjs).
 */
import { spawnSync } from "node:child_process";
import { expect, it } from "vitest";
import { DASHBOARD_V8_FLAGS } from "../../src/v8-flags.js";

it("the dashboard's V8 flags are known to this Node's V8, silent, and keep the young generation at 2 MB", () => {
  const script = `
    const v8 = require("node:v8");
    v8.setFlagsFromString(process.argv[1]);
    const keep = [];
    for (let r = 0; r < 200; r++) { const a = []; for (let i = 0; i < 20000; i++) a.push({ i }); keep.push(a.length); }
    const young = v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_space");
    process.stdout.write(String(young.physical_space_size));`;
  const run = spawnSync(process.execPath, ["-e", script, "--", DASHBOARD_V8_FLAGS], { encoding: "utf8" });
  expect([run.status, run.stderr]).toEqual([0, ""]);
  expect(Number(run.stdout)).toBeLessThanOrEqual(4 * 1024 * 1024);
});
