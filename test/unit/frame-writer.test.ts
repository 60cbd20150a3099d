/**
 * src/ui/renderer/frame-writer.ts: what goes to the terminal for each frame
 * (the resize tests in test/ui/resize.test.tsx hold the whole screen to a
 * fresh render; these are the writer's own rules).
 */
import { describe, expect, it } from "vitest";
import { FrameWriter } from "../../src/ui/renderer/frame-writer.js";

function terminal(columns: number, rows: number) {
  const t = { columns, rows, out: [] as string[], write: (d: string) => t.out.push(d) };
  return t;
}

describe("frame writer", () => {
  it("writes only the rows that changed, each cleared before its text, so a full-width row keeps its last cell", () => {
    const t = terminal(10, 5);
    const w = new FrameWriter(t);
    w.write("aaaaaaaaaa\nbbb\nccc");
    w.write("aaaaaaaaaa\nBBB\nccc");
    const update = t.out.at(-1)!;
    expect(update).toContain("\x1b[2;1H\x1b[0m\x1b[2KBBB");
    expect(update).not.toContain("aaaa");
    // Nothing after a row's text clears from the cursor: the cursor may sit on the row's last cell.
    expect(update.includes("\x1b[K") || update.includes("\x1b[0K")).toBe(false);
  });

  it("repaints whole on a cleared screen after a size change; a frame that does not fit only clears", () => {
    const t = terminal(10, 5);
    const w = new FrameWriter(t);
    w.write("one\ntwo");
    t.columns = 4;
    w.write("a row too wide for four");
    expect(t.out.at(-1)).toBe("\x1b[H\x1b[2J");
    w.write("abcd\nef");
    expect(t.out.at(-1)).toContain("\x1b[H\x1b[2J");
    expect(t.out.at(-1)).toContain("abcd");
    expect(w.bytesWritten).toBe(t.out.reduce((n, d) => n + Buffer.byteLength(d), 0));
  });

  it("writes nothing for a frame equal to the one on screen", () => {
    const t = terminal(10, 5);
    const w = new FrameWriter(t);
    w.write("same");
    const n = t.out.length;
    w.write("same");
    expect(t.out.length).toBe(n);
  });
});
