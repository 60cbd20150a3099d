/**
 * The CLI as a bundle: dist/spotdash.js and a few chunks in dist/chunks.
 * Loading Ink, React, undici and zod as hundreds of separate modules cost
 * about as much as everything else at start-up (resolving, reading, lexing
 * CommonJS for named exports); minified bundles start in about half the time
 * (BENCHMARKS.md). The chunks follow cli.tsx's dynamic imports, so the
 * dashboard does not load the sim's or the commands' code, nor the sim the
 * dashboard's. Type checking stays with tsc (npm run typecheck); the tests
 * import the sources.
 */
import { build } from "esbuild";
import { chmodSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";

// Ink's renderer builds each frame with ./output.js; src/ui/ink/output.ts says why ours stands in.
let outputsReplaced = 0;
const inkOutput = {
  name: "ink-output",
  setup(b) {
    b.onResolve({ filter: /^\.\/output\.js$/ }, (args) => {
      if (!/[\\/]ink[\\/]build[\\/]renderer\.js$/.test(args.importer)) return undefined;
      outputsReplaced++;
      return { path: fileURLToPath(new URL("../src/ui/ink/output.ts", import.meta.url)) };
    });
  },
};

// Chunk names carry hashes: clear out the last build's.
rmSync("dist", { recursive: true, force: true });
await build({
  entryPoints: ["src/cli.tsx"],
  outdir: "dist",
  entryNames: "spotdash",
  chunkNames: "chunks/[name]-[hash]",
  splitting: true,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  jsx: "automatic",
  minify: true,
  sourcemap: true,
  // React picks its production build from NODE_ENV; fixing it here also drops the development build from the file.
  define: { "process.env.NODE_ENV": '"production"' },
  // cli.tsx still sets NODE_ENV at run time, for anything that reads it from the environment.
  logOverride: { "assign-to-define": "silent" },
  alias: { "react-devtools-core": "./scripts/no-devtools.js" },
  // Bundled CommonJS modules (React, undici) still call require() for Node's built-ins.
  banner: { js: 'import { createRequire as __spotdashRequire } from "node:module"; const require = __spotdashRequire(import.meta.url);' },
  plugins: [inkOutput],
  logLevel: "warning",
});
// An Ink that no longer imports its Output this way would silently draw every frame from nothing again.
if (outputsReplaced !== 1) throw new Error(`expected to replace Ink's output.js once, replaced it ${outputsReplaced} times`);
// The bin, runnable from a clone as well as once installed.
chmodSync("dist/spotdash.js", 0o755);
