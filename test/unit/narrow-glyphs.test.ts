/** src/ui/narrow-glyphs.ts: the widths spotdash assumes without asking string-width. */

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import stringWidth from "string-width";
import { describe, expect, it } from "vitest";
import { BRAILLE, NARROW_GLYPHS } from "../../src/ui/narrow-glyphs.js";
import { textWidth } from "../../src/ui/spans.js";

const SOURCES = ["src/ui", "src/domain"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** A file's code without its comments (prose may use any character; only drawn text matters). */
function code(file: string): string {
  return readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

describe("NARROW_GLYPHS", () => {
  it("are one cell each, as string-width measures them", () => {
    for (const c of NARROW_GLYPHS) expect([c, stringWidth(c)]).toEqual([c, 1]);
    for (const c of NARROW_GLYPHS) expect([c, textWidth(c)]).toEqual([c, 1]);
    for (let code = BRAILLE.first; code <= BRAILLE.last; code++) {
      const c = String.fromCharCode(code);
      expect([c, stringWidth(c), textWidth(c)]).toEqual([c, 1, 1]);
    }
  });

  it("hold every character beyond ASCII that the UI and the formatting draw", () => {
    const drawn = new Set<string>();
    for (const dir of SOURCES) for (const file of sourceFiles(dir)) for (const c of code(file)) if (c.charCodeAt(0) > 0x7e) drawn.add(c);
    expect([...drawn].filter((c) => !NARROW_GLYPHS.includes(c))).toEqual([]);
    // Ink's round border, drawn by Ink itself but measured in output.ts.
    for (const c of "╭╮╰╯─│") expect(NARROW_GLYPHS).toContain(c);
  });
});

describe("the screen's code", () => {
  it("formats numbers by hand: Intl's number formats load about 6 MB of locale data into the process", () => {
    for (const dir of SOURCES)
      for (const file of sourceFiles(dir)) expect([file, /Intl\.NumberFormat|toLocaleString/.test(code(file))]).toEqual([file, false]);
  });
});
