import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { NARROW_GLYPHS } from "../../src/ui/narrow-glyphs.js";
import { SYMBOLS } from "../../src/ui/symbols.js";

const all = Object.values(SYMBOLS);

describe("SYMBOLS", () => {
  it("gives each mark one meaning, in Unicode and in ASCII alike", () => {
    expect(new Set(all.map((s) => s.glyph)).size).toBe(all.length);
    expect(new Set(all.map((s) => s.ascii.trim())).size).toBe(all.length);
  });

  it("draws only characters whose width the first frame knows", () => {
    for (const s of all) for (const c of s.glyph.replace(/[ -~]/g, "")) expect(NARROW_GLYPHS, c).toContain(c);
  });

  it("is the table docs/glance.md shows, mark for mark and meaning for meaning", () => {
    const doc = readFileSync(new URL("../../docs/glance.md", import.meta.url), "utf8");
    const section = doc.slice(doc.indexOf("## Symbols"));
    const rows = section
      .split("\n")
      .filter((l) => l.startsWith("| `"))
      .map((l) => l.split("|").map((c) => c.trim().replace(/^`|`$/g, "")));
    expect(rows.map((r) => [r[1], r[2], r[3]])).toEqual(all.map((s) => [s.glyph, s.ascii.trim(), s.meaning]));
  });
});
