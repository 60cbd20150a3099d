/** src/ui/spans.ts: widths, styling and truncation of the lines the panes draw. */
import fc from "fast-check";
import stringWidth from "string-width";
import { describe, expect, it } from "vitest";
import {
  cutAtWord,
  fitGroups,
  fitParts,
  normalise,
  type Piece,
  packGroups,
  paint,
  piecesWidth,
  samePieces,
  span,
  spansWidth,
  textWidth,
  wrapWords,
} from "../../src/ui/spans.js";
import { stripAnsi } from "../helpers/ink.js";

const colour = { color: true, ascii: false };
const plain = { color: false, ascii: true };
const CHARS = ["a", " ", "9", "█", "▁", "┈", "│", "…", "–", "▲", "★", "中", "👍", "e\u0301", "❤\ufe0f", "한", "\u1100\u1161"];
const text = fc.array(fc.constantFrom(...CHARS), { maxLength: 30 }).map((c) => c.join(""));
const spans = fc.array(fc.record({ text, tone: fc.constantFrom(undefined, "up" as const, "dim" as const), bold: fc.boolean() }), {
  maxLength: 5,
});

describe("textWidth", () => {
  it("agrees with string-width on any mix of glyphs, wide characters and emoji", () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(textWidth(t)).toBe(stringWidth(t));
      }),
      { numRuns: 500 },
    );
  });
});

describe("paint", () => {
  it("styles each span and resets what it set", () => {
    const out = paint(colour, normalise(["open ", span("67,000.00", { bold: true }), span(" ▲", { tone: "up" })]), 80);
    expect(out).toBe("open \x1b[1m67,000.00\x1b[22m\x1b[32m ▲\x1b[39m");
  });

  it("draws no colour without colour, but keeps bold and inverse", () => {
    const out = paint(plain, normalise([span(" MAINNET ", { tone: "mainnet", bold: true, inverse: true })]), 80);
    expect(out).toBe("\x1b[1m\x1b[7m MAINNET \x1b[27m\x1b[22m");
  });

  it("never draws wider than asked, keeps everything that fits, and marks a cut with …", () => {
    fc.assert(
      fc.property(spans, fc.integer({ min: 0, max: 60 }), (ss, max) => {
        const line = normalise(ss);
        const shown = stripAnsi(paint(colour, line, max));
        const full = line.map((s) => s.text).join("");
        expect(stringWidth(shown)).toBeLessThanOrEqual(max);
        if (spansWidth(line) <= max) expect(shown).toBe(full);
        else if (max > 0) {
          expect(shown.endsWith("…")).toBe(true);
          expect(full.startsWith(shown.slice(0, -1))).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe("normalise", () => {
  it("drops empty pieces and applies the line's style under each span's own", () => {
    expect(normalise(["a", false, null, undefined, "", span("b", { tone: "up" })], { tone: "dim", bold: true })).toEqual([
      { text: "a", tone: "dim", bold: true, inverse: undefined },
      { text: "b", tone: "up", bold: true, inverse: undefined },
    ]);
  });
});

describe("samePieces", () => {
  const piece: fc.Arbitrary<Piece> = fc.oneof(
    fc.constantFrom("a", "b", "", false as const, null, undefined),
    fc.record({
      text: fc.constantFrom("a", "b"),
      tone: fc.constantFrom(undefined, "up" as const),
      bold: fc.constantFrom(undefined, true),
      inverse: fc.constantFrom(undefined, true),
    }),
  );
  const pieces = fc.oneof(piece, fc.array(piece, { maxLength: 3 }));
  const drawn = (p: Piece | readonly Piece[]) => paint(colour, normalise(Array.isArray(p) ? p : [p as Piece]), 80);

  it("calls two lines the same only when they draw the same (a Line it calls the same is not redrawn)", () => {
    fc.assert(
      fc.property(pieces, pieces, (a, b) => {
        if (samePieces(a, b)) expect(drawn(a)).toBe(drawn(b));
      }),
      { numRuns: 2000 },
    );
  });

  it("calls fresh copies of the same pieces the same, and any change of text or style different", () => {
    fc.assert(fc.property(pieces, (a) => samePieces(a, structuredClone(a))));
    const line: Piece[] = ["open ", span("67,000.00", { bold: true }), false];
    expect(samePieces(line, ["open ", span("67,000.00", { bold: true }), false])).toBe(true);
    expect(samePieces(line, ["open ", span("67,000.01", { bold: true }), false])).toBe(false);
    expect(samePieces(line, ["open ", span("67,000.00"), false])).toBe(false);
    expect(samePieces(line, ["open ", span("67,000.00", { bold: true, tone: "up" }), false])).toBe(false);
    expect(samePieces(line, ["open ", span("67,000.00", { bold: true })])).toBe(false);
    expect(samePieces("a", ["a"])).toBe(false);
  });
});

describe("cutAtWord", () => {
  it("keeps a line that fits, and cuts one that does not after its last whole word", () => {
    expect(cutAtWord("predictions closed", 18)).toBe("predictions closed");
    expect(cutAtWord("predictions closed: #…876400 BTC_USDT 10s, nothing held", 50)).toBe("predictions closed: #…876400 BTC_USDT 10s…");
    // A separator left at the end goes with the cut: "now 63,957.29, already below…", not "below:…".
    expect(cutAtWord("now 63,957.29, already below: fires at the next crossing down", 30)).toBe("now 63,957.29, already below…");
  });

  it("cuts a word wider than the line where the line ends, rather than leave most of it empty", () => {
    expect(cutAtWord(`BTC_USDT ${"x".repeat(60)}`, 30)).toBe(`BTC_USDT ${"x".repeat(20)}…`);
  });

  it("is what fitParts falls back on where not even the first part fits whole", () => {
    expect(fitParts("the balance changes by something done elsewhere · staked 0.02", " · ", 40)).toBe(
      "the balance changes by something done…",
    );
    const prop = fc.property(fc.string({ maxLength: 80 }), fc.integer({ min: 2, max: 60 }), (text, width) => {
      expect(textWidth(cutAtWord(text, width))).toBeLessThanOrEqual(width);
    });
    fc.assert(prop);
  });
});

describe("fitGroups", () => {
  const groups = fc.array(
    fc.array(fc.oneof(text, fc.record({ text, tone: fc.constantFrom(undefined, "up" as const) })), { maxLength: 3 }),
    { maxLength: 8 },
  );

  it("keeps the longest run of whole groups from the start that fits the width, never part of one", () => {
    fc.assert(
      fc.property(groups, fc.integer({ min: 0, max: 120 }), (gs, width) => {
        const out = fitGroups(gs, width);
        expect(piecesWidth(out)).toBeLessThanOrEqual(width);
        // The oracle: the most groups from the start whose widths together fit (widths only add up, so that is
        // also where the first group that does not fit stops it).
        let kept = 0;
        while (kept < gs.length && piecesWidth(gs.slice(0, kept + 1).flat()) <= width) kept++;
        expect(samePieces(out, gs.slice(0, kept).flat())).toBe(true);
      }),
    );
  });

  it("drops the group that does not fit and all after it", () => {
    expect(fitGroups([["closes 0:08 "], ["ends in 0:23 "], ["!"]], 14)).toEqual(["closes 0:08 "]);
    expect(fitGroups([["closes 0:08 "], ["ends in 0:23 "], ["!"]], 26)).toEqual(["closes 0:08 ", "ends in 0:23 ", "!"]);
  });
});

describe("packGroups", () => {
  const groups = fc.array(
    fc.array(fc.oneof(text, fc.record({ text, tone: fc.constantFrom(undefined, "up" as const) })), { maxLength: 3 }),
    {
      maxLength: 8,
    },
  );

  it("puts every group whole, in order; a line fits the width or holds one group; a line ends only where the next group would not fit", () => {
    const SEP = span(" · ", { tone: "dim" });
    const split = (line: Piece[]) => {
      const out: Piece[][] = [[]];
      for (const p of line) p === SEP ? out.push([]) : out.at(-1)!.push(p);
      return out;
    };
    fc.assert(
      fc.property(groups, fc.integer({ min: 1, max: 60 }), (gs, width) => {
        const lines = packGroups(gs, width, SEP);
        const parted = lines.map(split);
        expect(parted.flat().length).toBe(gs.length);
        for (const [i, g] of parted.flat().entries()) expect(samePieces(g, gs[i]!)).toBe(true);
        parted.forEach((groupsOnLine, i) => {
          if (groupsOnLine.length > 1) expect(piecesWidth(lines[i]!)).toBeLessThanOrEqual(width);
          const next = parted[i + 1]?.[0];
          if (next !== undefined) expect(piecesWidth(lines[i]!) + 3 + piecesWidth(next)).toBeGreaterThan(width);
        });
      }),
    );
  });

  it("starts a new line where the next group would not fit", () => {
    expect(packGroups([["WON"], ["BTC_USDT 1h"], ["open 62,633.51 → close 62,383.34"]], 30, " · ")).toEqual([
      ["WON", " · ", "BTC_USDT 1h"],
      ["open 62,633.51 → close 62,383.34"],
    ]);
    expect(packGroups([["a"], ["b"]], 5, " · ")).toEqual([["a", " · ", "b"]]);
    expect(packGroups([["a"], ["b"]], 4, " · ")).toEqual([["a"], ["b"]]);
  });
});

describe("wrapWords", () => {
  it("keeps a number with the unit after it", () => {
    expect(wrapWords("the game, 5 min, 1 h, 24 h (as far as it reaches)", 18)).toBe("the game, 5 min,\n1 h, 24 h (as far\nas it reaches)");
    expect(wrapWords("in 10 s or so", 5)).toBe("in\n10 s\nor so");
  });

  it("breaks at spaces, dropping the space at each break, and leaves a word wider than a line whole", () => {
    expect(wrapWords("arm or pause the strategy (on mainnet, arming asks for its name)", 38)).toBe(
      "arm or pause the strategy (on mainnet,\narming asks for its name)",
    );
    expect(wrapWords("short", 38)).toBe("short");
    expect(wrapWords("a verylongwordindeed b", 5)).toBe("a\nverylongwordindeed\nb");
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z]{1,8}$/), { maxLength: 20 }), fc.integer({ min: 8, max: 40 }), (words, width) => {
        const lines = wrapWords(words.join(" "), width).split("\n");
        for (const l of lines) expect(l.length).toBeLessThanOrEqual(width);
        for (const l of lines) expect(l.startsWith(" ")).toBe(false);
        expect(lines.join(" ")).toBe(words.join(" "));
      }),
    );
  });
});
