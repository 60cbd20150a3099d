/**
 * The CLI as one file (dist/spotdash.js). Loading Ink, React, undici and zod
 * as hundreds of separate modules cost about as much as everything else at
 * start-up (resolving, reading, lexing CommonJS for named exports); one
 * minified file starts in about half the time (BENCHMARKS.md). Type checking
 * stays with tsc (npm run typecheck); the tests import the sources.
 */
import { build } from "esbuild";

await build({
  entryPoints: ["src/cli.tsx"],
  outfile: "dist/spotdash.js",
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
  logLevel: "warning",
});
