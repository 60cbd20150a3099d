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
import { chmodSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

// Two of Ink's modules are ours in the bundle; src/ui/ink/output.ts and log-update.ts say why.
const ours = (path) => fileURLToPath(new URL(`../src/ui/ink/${path}`, import.meta.url));
const swaps = [
  // Ink's renderer builds each frame with ./output.js: ours stands in for it.
  { importer: "renderer.js", module: "./output.js", path: () => ours("output.ts"), replaced: 0 },
  // Ink writes each frame with ./log-update.js: ours wraps it (namespace below).
  { importer: "ink.js", module: "./log-update.js", path: (importer) => join(dirname(importer), "log-update.js"), namespace: "row-updates", replaced: 0 },
];
const inkModules = {
  name: "ink-modules",
  setup(b) {
    for (const swap of swaps) {
      const filter = new RegExp(`^${swap.module.replace(/[.]/g, "\\.")}$`);
      b.onResolve({ filter }, (args) => {
        if (!args.importer.endsWith(join("ink", "build", swap.importer))) return undefined;
        swap.replaced++;
        return { path: swap.path(args.importer), namespace: swap.namespace ?? "file" };
      });
    }
    b.onLoad({ filter: /.*/, namespace: "row-updates" }, (args) => ({
      contents: `import ink from ${JSON.stringify(args.path)};\nimport { withRowUpdates } from ${JSON.stringify(ours("log-update.ts"))};\nexport default withRowUpdates(ink);\n`,
      resolveDir: dirname(args.path),
      loader: "js",
    }));
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
  define: { "process.env.NODE_ENV": '"production"' },
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
for (const swap of swaps) {
  if (swap.replaced !== 1) throw new Error(`expected to replace Ink's ${swap.module} once, replaced it ${swap.replaced} times`);
}
if (yogaFetchChecks !== 2) throw new Error(`expected two fetch checks in Yoga's loader, found ${yogaFetchChecks}`);
// `import { z } from "zod"` takes zod's whole namespace, every locale with it: 350 KB more to parse at
// start-up, before the first frame. `import * as z` lets esbuild keep only what is used.
const bundled = Object.values(metafile.outputs).flatMap((o) => Object.entries(o.inputs).filter(([, i]) => i.bytesInOutput > 0).map(([path]) => path));
const locales = bundled.filter((path) => /zod[\\/]v4[\\/]locales[\\/](?!en\.js)/.test(path));
if (locales.length > 0) throw new Error(`zod's locales are in the bundle (${locales.length} files): import zod as \`import * as z from "zod"\``);
// The bin, runnable from a clone as well as once installed.
chmodSync("dist/spotdash.js", 0o755);
