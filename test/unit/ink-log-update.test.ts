/**
 * src/ui/ink/log-update.ts stands in for Ink's own frame writer in the built
 * CLI. Whatever frames Ink hands it, a terminal must end up showing what it
 * shows with Ink's writer, character for character and colour for colour;
 * checked on xterm.js's headless terminal.
 */
import fc from "fast-check";
import { Terminal } from "@xterm/headless";
import { describe, expect, it } from "vitest";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { readFileSync } from "node:fs";
import { rowUpdates, withRowUpdates, type LogUpdateModule } from "../../src/ui/ink/log-update.js";

const inkBuild = dirname(createRequire(import.meta.url).resolve("ink"));
const inkLogUpdate = (await import(pathToFileURL(join(inkBuild, "log-update.js")).href)).default as LogUpdateModule;

const COLS = 24;
const ROWS = 12;

/** A terminal, and a stream that writes into it as a pty would (a newline also returns the carriage). */
function terminal() {
  const term = new Terminal({ cols: COLS, rows: ROWS, convertEol: true, allowProposedApi: true });
  let written = "";
  const stream = {
    isTTY: true,
    columns: COLS,
    rows: ROWS,
    write(data: string) {
      written += data;
      term.write(data);
      return true;
    },
  } as unknown as NodeJS.WriteStream;
  return {
    stream,
    bytes: () => written.length,
    /** Every cell's character, colour and weight. */
    screen: () =>
      new Promise<string[]>((resolve) =>
        term.write("", () => {
          const buffer = term.buffer.active;
          const rows: string[] = [];
          for (let y = 0; y < ROWS; y++) {
            const line = buffer.getLine(buffer.baseY + y)!;
            let row = "";
            for (let x = 0; x < COLS; x++) {
              const cell = line.getCell(x)!;
              row += `${cell.getChars() || " "}${cell.getFgColor()}${cell.isBold() ? "b" : ""}|`;
            }
            rows.push(row);
          }
          resolve(rows);
        }),
      ),
  };
}

const glyph = fc.constantFrom("a", "b", "7", " ", " ", "│", "█", "─");
const cellsOf = (n: number) => fc.array(glyph, { minLength: n, maxLength: n }).map((c) => c.join(""));
/** A row as output.ts and Ink build them: text in colour runs, each run closed; up to the full width. */
const row = fc
  .array(fc.tuple(fc.integer({ min: 1, max: 6 }), fc.constantFrom(undefined, 31, 32, 1)), { maxLength: 5 })
  .chain((runs) => {
    let room = COLS;
    const fitted = runs.map(([n, style]) => {
      const take = Math.min(n, room);
      room -= take;
      return [take, style] as const;
    });
    return fc.tuple(...fitted.map(([n, style]) => cellsOf(n).map((t) => (style === undefined || t === "" ? t : `\u001B[${style}m${t}\u001B[${style === 1 ? 22 : 39}m`))));
  })
  .map((parts) => parts.join(""));
const fullRow = cellsOf(COLS);
const frame = (height: number) => fc.array(fc.oneof(row, fullRow), { minLength: height, maxLength: height });

/** A run of frames as a dashboard draws them: mostly a few rows changed, now and then another height. */
const frames = fc.integer({ min: 1, max: ROWS - 2 }).chain((height) =>
  fc.array(
    fc.oneof(
      { weight: 5, arbitrary: fc.array(fc.tuple(fc.nat(height - 1), row), { maxLength: 3 }).map((changes) => ({ changes })) },
      { weight: 1, arbitrary: fc.integer({ min: 1, max: ROWS - 2 }).chain(frame).map((rows) => ({ rows })) },
    ),
    { minLength: 1, maxLength: 8 },
  ).chain((steps) => frame(height).map((first) => ({ first, steps }))),
);

describe("the frame writer", () => {
  it("leaves the terminal as Ink's own writer does, frame after frame", async () => {
    await fc.assert(
      fc.asyncProperty(frames, async ({ first, steps }) => {
        const ink = terminal();
        const ours = terminal();
        const inkLog = inkLogUpdate.create(ink.stream);
        const ourLog = withRowUpdates(inkLogUpdate).create(ours.stream);
        let rows = first;
        for (const step of [{ rows: first }, ...steps]) {
          if ("rows" in step) rows = step.rows;
          else {
            rows = [...rows];
            for (const [y, text] of step.changes) if (y < rows.length) rows[y] = text;
          }
          const str = `${rows.join("\n")}\n`;
          expect(ourLog(str)).toBe(inkLog(str));
          expect(await ours.screen()).toEqual(await ink.screen());
        }
      }),
      { numRuns: 150 },
    );
  });

  it("writes only the changed rows of a frame as tall as the last", async () => {
    const ink = terminal();
    const ours = terminal();
    const inkLog = inkLogUpdate.create(ink.stream);
    const ourLog = withRowUpdates(inkLogUpdate).create(ours.stream);
    const rows = Array.from({ length: 10 }, (_, i) => `row ${i} ${"─".repeat(COLS - 8)}`);
    for (const log of [inkLog, ourLog]) log(`${rows.join("\n")}\n`);
    const [inkBefore, oursBefore] = [ink.bytes(), ours.bytes()];
    rows[4] = "row 4 changed";
    for (const log of [inkLog, ourLog]) log(`${rows.join("\n")}\n`);
    expect(await ours.screen()).toEqual(await ink.screen());
    // Ink sent the whole frame again; only row 4 and the moves to it and back are needed.
    expect(ours.bytes() - oursBefore).toBeLessThan((ink.bytes() - inkBefore) / 5);
    expect(rowUpdates(rows, rows)).toBe("\r");
  });

  it("draws after clear() and sync() as Ink's writer does", async () => {
    const ink = terminal();
    const ours = terminal();
    const logs = [inkLogUpdate.create(ink.stream), withRowUpdates(inkLogUpdate).create(ours.stream)];
    for (const log of logs) {
      log("a\nb\nc\n");
      log.clear();
      log("d\ne\nf\n");
      log.sync("d\ne\nf\n");
      log("d\nE\nf\n");
    }
    expect(await ours.screen()).toEqual(await ink.screen());
  });

  it("is the writer the bundle gives Ink", () => {
    // scripts/bundle.mjs swaps the module Ink imports as ./log-update.js; the import it swaps must still be there.
    expect(readFileSync(join(inkBuild, "ink.js"), "utf8")).toMatch(/import logUpdate from '\.\/log-update\.js'/);
  });
});
