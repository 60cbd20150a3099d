/**
 * vendor/ansi-tokenize-cached stands in for @alcalzone/ansi-tokenize under
 * Ink: it must return exactly what upstream returns, first time and from its
 * cache, for any mix of text, glyphs, wide characters, emoji and SGR codes.
 */

import { realpathSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import * as cached from "@alcalzone/ansi-tokenize";
import * as upstream from "ansi-tokenize-upstream";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

const PIECES = [
  "a",
  "Z",
  " ",
  "7",
  "~",
  "█",
  "▁",
  "┈",
  "│",
  "╭",
  "…",
  "–",
  "·",
  "▲",
  "★",
  "é",
  "⠀",
  "⣿",
  "⢸",
  "中",
  "👍",
  "e\u0301",
  "❤\ufe0f",
  "🇩🇪",
  "\u200b",
  "\x1b[32m",
  "\x1b[39m",
  "\x1b[1m",
  "\x1b[22m",
  "\x1b[7m",
  "\x1b[27m",
  "\x1b[0m",
  "\x1b[1;31m",
  "\x1b[90m",
  "\x1b[38;5;100m",
  "\x1b[2m",
];
const line = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((p) => p.join(""));
const blank = () => ({ type: "char" as const, value: " ", fullWidth: false, styles: [] });

describe("the cached ansi tokenizer", () => {
  it("is the package Ink loads", () => {
    const ink = createRequire(import.meta.url).resolve("ink");
    const tokenizer = createRequire(ink).resolve("@alcalzone/ansi-tokenize");
    expect(realpathSync(tokenizer)).toBe(fileURLToPath(new URL("../../vendor/ansi-tokenize-cached/index.js", import.meta.url)));
  });

  it("tokenises and styles every line as upstream does, fresh and remembered", () => {
    fc.assert(
      fc.property(line, (s) => {
        const expected = upstream.styledCharsFromTokens(upstream.tokenize(s));
        for (let pass = 0; pass < 2; pass++) {
          const tokens = cached.tokenize(s);
          expect(tokens).toEqual(upstream.tokenize(s));
          expect(cached.styledCharsFromTokens(tokens)).toEqual(expected);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("writes a row of cells back out as upstream does", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(line, fc.constant(null)), { maxLength: 6 }), (parts) => {
        // A row as Ink builds it: runs of written characters between blank cells.
        const mine = parts.flatMap((p) => (p === null ? [blank(), blank()] : cached.styledCharsFromTokens(cached.tokenize(p))));
        const theirs = parts.flatMap((p) => (p === null ? [blank(), blank()] : upstream.styledCharsFromTokens(upstream.tokenize(p))));
        expect(cached.styledCharsToString(mine)).toBe(upstream.styledCharsToString(theirs));
      }),
      { numRuns: 500 },
    );
  });

  it("reads a simple line as runs that style each character as upstream does, and declines any other", () => {
    fc.assert(
      fc.property(line, (s) => {
        const runs = cached.styledRuns(s);
        const expected = upstream.styledCharsFromTokens(upstream.tokenize(s));
        if (runs === undefined) {
          // Only lines with graphemes of several code points (or escapes other than colours) are declined.
          expect(/中|👍|\u0301|\ufe0f|🇩|\u200b/u.test(s)).toBe(true);
          return;
        }
        expect(runs.every((r) => r.text.length > 0)).toBe(true);
        const chars = runs.flatMap((r) => [...r.text].map((value) => ({ value, styles: r.styles })));
        expect(chars).toEqual(expected.map((c) => ({ value: c.value, styles: c.styles })));
      }),
      { numRuns: 500 },
    );
  });

  it("forgets the oldest lines beyond its bound", () => {
    for (let i = 0; i < cached.MAX_LINES + 50; i++) cached.tokenize(`line ${i}`);
    expect(cached.rememberedLines()).toBe(cached.MAX_LINES);
  });
});
