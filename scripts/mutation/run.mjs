/**
 * npm run mutate: Stryker (stryker.config.mjs) with scripts/mutation/typescript-hook.mjs in every process it
 * starts, so that its checker finds a TypeScript with a compiler API. Arguments go on to `stryker run`.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const register = fileURLToPath(new URL("./register.mjs", import.meta.url));
const stryker = fileURLToPath(new URL("../../node_modules/@stryker-mutator/core/bin/stryker.js", import.meta.url));
const env = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import=${register}`.trim() };
const result = spawnSync(process.execPath, [stryker, "run", ...process.argv.slice(2)], { stdio: "inherit", env });
process.exit(result.status ?? 1);
