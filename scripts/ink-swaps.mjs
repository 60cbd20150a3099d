/**
 * The modules of Ink that spotdash replaces, in one table for everything that
 * loads Ink: the bundle (scripts/bundle.mjs), the tests (vitest.config.ts)
 * and the benchmarks (bench/renderer-variant.mjs). So what is tested and
 * measured is what ships. src/ui/renderer/README.md says why each is kept.
 */
export const INK_SWAPS = [
  // Ink's renderer builds each frame's text with ./output.js; ours remembers unchanged rows.
  { importer: "renderer.js", module: "./output.js", replacement: "src/ui/renderer/output" },
  // Ink sanitises every text node of every frame, a string per character; ours answers spotdash's text by two regexps.
  { importer: "squash-text-nodes.js", module: "./sanitize-ansi.js", replacement: "src/ui/renderer/sanitize-ansi" },
];

/** The swap for `specifier` imported from the file `importer`, or undefined. */
export function inkSwapFor(specifier, importer) {
  if (importer === undefined) return undefined;
  const from = importer.replaceAll("\\", "/");
  return INK_SWAPS.find((s) => specifier === s.module && from.endsWith(`/ink/build/${s.importer}`));
}
