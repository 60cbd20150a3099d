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

import { chmodSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { INK_SWAPS, inkSwapFor } from "./ink-swaps.mjs";

// Ink's modules that are ours in the bundle, as in the tests (scripts/ink-swaps.mjs).
const replaced = new Map(INK_SWAPS.map((s) => [s, 0]));
const inkModules = {
  name: "ink-modules",
  setup(b) {
    b.onResolve({ filter: /^\.\/[\w-]+\.js$/ }, (args) => {
      const swap = inkSwapFor(args.path, args.importer);
      if (swap === undefined) return undefined;
      replaced.set(swap, replaced.get(swap) + 1);
      return { path: fileURLToPath(new URL(`../${swap.replacement}.ts`, import.meta.url)) };
    });
  },
};

// Yoga's loader (emscripten) asks whether a global fetch exists before it reads its own base64 wasm.
// In Node that question loads Node's built-in undici for fetch: about 90 ms of start-up, before the
// first frame, for a fetch of a data: URL. Told there is none, it decodes the base64 itself.
let yogaFetchChecks = 0;
const yogaWithoutFetch = {
  name: "yoga-without-fetch",
  setup(b) {
    b.onLoad({ filter: /[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      const check = '"function"!=typeof fetch';
      yogaFetchChecks += source.split(check).length - 1;
      return { contents: source.replaceAll(check, "!0"), loader: "js" };
    });
  },
};

const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));

// Chunk names carry hashes: clear out the last build's.
rmSync("dist", { recursive: true, force: true });
const { metafile } = await build({
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
  // The version travels inside the bundle (src/config/version.ts): an installed copy has no package.json beside its chunks.
  define: { "process.env.NODE_ENV": '"production"', SPOTDASH_VERSION: JSON.stringify(pkg.version) },
  // cli.tsx still sets NODE_ENV at run time, for anything that reads it from the environment.
  logOverride: { "assign-to-define": "silent" },
  alias: { "react-devtools-core": "./scripts/no-devtools.js" },
  // Bundled CommonJS modules (React, undici) still call require() for Node's built-ins.
  banner: { js: 'import { createRequire as __spotdashRequire } from "node:module"; const require = __spotdashRequire(import.meta.url);' },
  plugins: [inkModules, yogaWithoutFetch],
  logLevel: "warning",
  metafile: true,
});
// An Ink that no longer imports these modules this way would silently draw and write every frame whole again.
for (const [swap, times] of replaced) {
  if (times !== 1) throw new Error(`expected to replace Ink's ${swap.module} once, replaced it ${times} times`);
}
if (yogaFetchChecks !== 2) throw new Error(`expected two fetch checks in Yoga's loader, found ${yogaFetchChecks}`);
// `import { z } from "zod"` takes zod's whole namespace, every locale with it: 350 KB more to parse at
// start-up, before the first frame. `import * as z` lets esbuild keep only what is used.
const bundled = Object.values(metafile.outputs).flatMap((o) =>
  Object.entries(o.inputs)
    .filter(([, i]) => i.bytesInOutput > 0)
    .map(([path]) => path),
);
const locales = bundled.filter((path) => /zod[\\/]v4[\\/]locales[\\/](?!en\.js)/.test(path));
if (locales.length > 0)
  throw new Error(`zod's locales are in the bundle (${locales.length} files): import zod as \`import * as z from "zod"\``);
// The bin, runnable from a clone as well as once installed.
chmodSync("dist/spotdash.js", 0o755);

// The man page, from the same tables as --help (src/config/manpage.ts); package.json's "man" installs it.
const man = await build({
  entryPoints: ["src/config/manpage.ts"],
  bundle: true,
  write: false,
  format: "esm",
  platform: "node",
  define: { SPOTDASH_VERSION: JSON.stringify(pkg.version) },
});
const { manPage } = await import(`data:text/javascript;base64,${Buffer.from(man.outputFiles[0].text).toString("base64")}`);
writeFileSync("dist/spotdash.1", manPage(new Date().toISOString().slice(0, 10)));
