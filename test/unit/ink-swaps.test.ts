/**
 * The tests render with the modules the bundle ships: Ink's renderer, loaded
 * here, builds its frames with src/ui/renderer/output.ts (vitest.config.ts
 * swaps it in, as scripts/bundle.mjs does for the bundle).
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { INK_SWAPS } from "../../scripts/ink-swaps.mjs";
import Output from "../../src/ui/renderer/output.js";

const inkBuild = dirname(createRequire(import.meta.url).resolve("ink"));

describe("Ink's modules in the tests", () => {
  it("Ink's renderer imports our Output, as the bundle's does", async () => {
    expect(INK_SWAPS.map((s) => s.replacement)).toEqual(["src/ui/renderer/output", "src/ui/renderer/sanitize-ansi"]);
    const renderer = await import(pathToFileURL(join(inkBuild, "renderer.js")).href);
    const seen: unknown[] = [];
    const original = Output.prototype.get;
    Output.prototype.get = function (this: InstanceType<typeof Output>) {
      seen.push(this);
      return original.call(this);
    };
    try {
      const dom = await import(pathToFileURL(join(inkBuild, "dom.js")).href);
      const root = dom.createNode("ink-root");
      root.yogaNode.calculateLayout(10, 1);
      renderer.default(root, false);
    } finally {
      Output.prototype.get = original;
    }
    expect(seen).toHaveLength(1);
  });
});
