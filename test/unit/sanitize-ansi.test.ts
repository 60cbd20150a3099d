/**
 * src/ui/renderer/sanitize-ansi.ts stands in for Ink's sanitizeAnsi under
 * Ink's squash-text-nodes.js: for any mix of text, glyphs, SGR codes, other
 * escapes, C1 controls and broken sequences it returns what Ink's returns.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import inkSanitizeAnsi from "../../node_modules/ink/build/sanitize-ansi.js";
import sanitizeAnsi from "../../src/ui/renderer/sanitize-ansi.js";

const PIECES = [
  "a",
  " ",
  "7",
  ";",
  "m",
  "[",
  "⣿",
  "│",
  "中",
  "👍",
  "\u001B[31m",
  "\u001B[1;38;2;255;0;0m",
  "\u001B[38:5:196m",
  "\u001B[39m",
  "\u001B[m",
  "\u001B[2J",
  "\u001B[?25l",
  "\u001B[1 m",
  "\u001B]8;;https://x\u0007",
  "\u001B]8;;\u001B\\",
  "\u001BP1$r\u001B\\",
  "\u001B",
  "\u001B[",
  "\u009B31m",
  "\u0085",
  "\u009C",
  "\u0080",
];

describe("sanitizeAnsi", () => {
  it("returns what Ink's returns, for text with and without escapes", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }), (pieces) => {
        const text = pieces.join("");
        expect(sanitizeAnsi(text)).toBe(inkSanitizeAnsi(text));
      }),
      { numRuns: 2_000 },
    );
  });

  it("gives back the very text when it has no controls but colours, and strips what Ink strips", () => {
    const coloured = "\u001B[32m⣿⣿\u001B[39m │ 67,000.00";
    expect([sanitizeAnsi(coloured), sanitizeAnsi("a\u001B[2Jb"), sanitizeAnsi("x\u0085y")]).toEqual([
      coloured,
      inkSanitizeAnsi("a\u001B[2Jb"),
      inkSanitizeAnsi("x\u0085y"),
    ]);
    expect(sanitizeAnsi("a\u001B[2Jb")).toBe("ab");
  });
});
