/**
 * src/ui/renderer/output.ts stands in for Ink's own Output in the built CLI: for
 * any sequence of writes and clips it must give Ink's frame, character for
 * character, both when it builds a row and when it reuses the previous
 * frame's.
 */

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import Output from "../../src/ui/renderer/output.js";

type Transformer = (line: string, index: number) => string;
interface OutputLike {
  write(x: number, y: number, text: string, options: { transformers: Transformer[] }): void;
  clip(clip: { x1?: number; x2?: number; y1?: number; y2?: number }): void;
  unclip(): void;
  get(): { output: string; height: number };
}

const inkBuild = dirname(createRequire(import.meta.url).resolve("ink"));
const InkOutput = (await import(pathToFileURL(join(inkBuild, "output.js")).href)).default as new (o: {
  width: number;
  height: number;
}) => OutputLike;

const PIECES = [
  "a",
  "Z",
  " ",
  "7",
  "█",
  "▁",
  "│",
  "╭",
  "…",
  "é",
  "⠀",
  "⣿",
  "⢸",
  "中",
  "👍",
  "e\u0301",
  "\x1b[32m",
  "\x1b[39m",
  "\x1b[1m",
  "\x1b[22m",
  "\x1b[7m",
  "\x1b[0m",
  "\x1b[90m",
];
const TRANSFORMERS: Record<string, Transformer> = {
  green: (line) => `\x1b[32m${line}\x1b[39m`,
  numbered: (line, index) => `${index}${line}`,
  bold: (line) => `\x1b[1m${line}\x1b[22m`,
};
const text = fc
  .array(
    fc.array(fc.constantFrom(...PIECES), { maxLength: 14 }).map((p) => p.join("")),
    { minLength: 1, maxLength: 4 },
  )
  .map((l) => l.join("\n"));
const maybe = (n: fc.Arbitrary<number>) => fc.option(n, { nil: undefined });
const operation = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      type: fc.constant("write" as const),
      x: fc.integer({ min: -3, max: 24 }),
      y: fc.integer({ min: -3, max: 10 }),
      text,
      transformers: fc.subarray(Object.keys(TRANSFORMERS)),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant("clip" as const),
      x1: maybe(fc.integer({ min: -1, max: 12 })),
      x2: maybe(fc.integer({ min: 0, max: 24 })),
      y1: maybe(fc.integer({ min: -1, max: 5 })),
      y2: maybe(fc.integer({ min: 0, max: 10 })),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ type: "unclip" as const }) },
);
type Op = typeof operation extends fc.Arbitrary<infer T> ? T : never;
const frame = fc.array(operation, { maxLength: 12 });

function draw(output: OutputLike, ops: readonly Op[]): string {
  let open = 0;
  for (const op of ops) {
    if (op.type === "write") output.write(op.x, op.y, op.text, { transformers: op.transformers.map((t) => TRANSFORMERS[t]!) });
    else if (op.type === "clip") {
      output.clip({ x1: op.x1, x2: op.x2, y1: op.y1, y2: op.y2 });
      open++;
    } else if (open > 0) {
      output.unclip();
      open--;
    }
  }
  const { output: text, height } = output.get();
  return `${height}\n${text}`;
}

describe("the frame output that replaces Ink's", () => {
  it("draws every frame as Ink does, including frames that reuse the previous one's rows", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 8 }),
        frame,
        frame,
        fc.boolean(),
        (width, height, first, second, repeat) => {
          // A frame drawn twice in a row takes every row from the remembered one.
          const frames = repeat ? [first, first, second] : [first, second, second];
          for (const ops of frames) expect(draw(new Output({ width, height }), ops)).toBe(draw(new InkOutput({ width, height }), ops));
        },
      ),
      { numRuns: 800 },
    );
  });

  it("draws a new row when only the frame's width changed", () => {
    // Ink drops the cells between the right edge and a write beyond it, so the same write gives a different row.
    const ops: Op[] = [{ type: "write", x: 5, y: 0, text: "\x1b[7mab\x1b[27m", transformers: [] }];
    for (const width of [8, 3, 8]) expect(draw(new Output({ width, height: 2 }), ops)).toBe(draw(new InkOutput({ width, height: 2 }), ops));
  });

  it("is the Output the bundle gives Ink's renderer", () => {
    // scripts/bundle.mjs swaps the module Ink's renderer imports as ./output.js; the import it swaps must still be there.
    expect(readFileSync(join(inkBuild, "renderer.js"), "utf8")).toMatch(/import Output from '\.\/output\.js'/);
  });
});
