import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { inkSwapFor } from "./scripts/ink-swaps.mjs";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as { version: string };

export default defineConfig({
  // The version the bundle has compiled in (scripts/bundle.mjs, src/config/version.ts).
  define: { SPOTDASH_VERSION: JSON.stringify(pkg.version) },
  plugins: [
    {
      // The tests render with the Ink modules the bundle ships (scripts/ink-swaps.mjs), not Ink's own.
      name: "ink-modules",
      enforce: "pre",
      resolveId(source, importer) {
        const swap = inkSwapFor(source, importer);
        return swap === undefined ? null : fileURLToPath(new URL(`./${swap.replacement}.ts`, import.meta.url));
      },
      // Ink's (and ink-spinner's) published source maps name sources they do not publish, and Vite warns of each.
      load(id) {
        if (!/[\\/]node_modules[\\/]ink(-spinner)?[\\/]build[\\/].*\.js$/.test(id)) return null;
        return readFileSync(id, "utf8").replace(/\/\/# sourceMappingURL=\S+\s*$/, "");
      },
    },
  ],
  test: {
    include: ["test/**/*.test.{ts,tsx}"],
    // Most integration tests wait on a sim's clock rather than the CPU: three files at once, even on two cores.
    maxWorkers: 3,
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Ink goes through Vite's module graph, so that the plugin above can swap its modules.
    server: { deps: { inline: ["ink"] } },
    // Colour on, so the tests can see that --no-color really turns it off.
    env: { FORCE_COLOR: "1" },
  },
});
