/**
 * src/ui/input/key-reader.ts: terminal input, in the pieces Ink's input
 * parser hands on, becomes one event per key and one per paste.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type InputEvent, KeyReader, PASTE_KEEP, TYPED_RUN_MAX } from "../../src/ui/input/key-reader.js";

/** A short name for an event: "j", "tab", "S-tab", "C-r", "M-up", "paste(5+0)". */
function name(e: InputEvent): string {
  if (e.kind === "paste") return `paste(${e.text.length}+${e.dropped})`;
  const k = e.key;
  const named = Object.entries(k).find(([n, v]) => v === true && !["ctrl", "shift", "meta"].includes(n))?.[0];
  const base = named === undefined ? e.input : named.replace("Arrow", "");
  const mods = `${k.ctrl ? "C-" : ""}${k.meta ? "M-" : ""}${k.shift && named !== undefined ? "S-" : ""}`;
  return mods + base;
}

const read = (...pieces: string[]) => {
  const r = new KeyReader();
  return pieces.flatMap((p) => r.push(p)).map(name);
};

describe("key reader", () => {
  it("splits a burst into its keys", () => {
    expect(read("jj")).toEqual(["j", "j"]);
    expect(read("\t\t\t")).toEqual(["tab", "tab", "tab"]);
    expect(read("\x7f\x7f67\r")).toEqual(["backspace", "backspace", "6", "7", "return"]);
    expect(read("q")).toEqual(["q"]);
    expect(read("P")).toEqual(["P"]);
  });

  it("names control keys and sequences", () => {
    expect(read("\x03", "\x12", "\x1b", "\x1b[Z", "\x1b[A", "\x1bOB", "\x1b[5~", "\x1b[6~", "\x1b[3~", "\x1b[H", "\x1b[4~")).toEqual([
      "C-c",
      "C-r",
      "escape",
      "S-tab",
      "up",
      "down",
      "pageUp",
      "pageDown",
      "delete",
      "home",
      "end",
    ]);
    expect(read("\x1b[1;5C", "\x1b\x1b[A", "\x1bp")).toEqual(["C-right", "M-up", "M-p"]);
  });

  it("puts a sequence split across reads back together, and keeps what follows it", () => {
    expect(read("\x1b[", "A")).toEqual(["up"]);
    expect(read("\x1b[1;", "5Cjk")).toEqual(["C-right", "j", "k"]);
    expect(read("\x1bO", "B")).toEqual(["down"]);
    expect(read("\x1b[1;", "5", "A", "j")).toEqual(["C-up", "j"]);
    // A start that never finishes is dropped, not typed.
    expect(read("\x1b[", "\x1b[B")).toEqual(["down"]);
  });

  it("ignores sequences it does not know, without losing the keys around them", () => {
    expect(read("j", "\x1b[99x", "k")).toEqual(["j", "k"]);
  });

  it("a bracketed paste is one event, however it is split", () => {
    expect(read("\x1b[200~", "67,100", "\x1b[201~", "j")).toEqual(["paste(6+0)", "j"]);
    expect(read("\x1b[200~", "a", "\x1b[A", "b", "\x1b[201~")).toEqual(["paste(5+0)"]);
  });

  it("a paste ends even when its end marker is split across reads, and the keys after it are keys", () => {
    expect(read("\x1b[200~", "67100", "\x1b[201", "~", "q")).toEqual(["paste(5+0)", "q"]);
    expect(read("\x1b[200~", "671\x1b", "[201~j")).toEqual(["paste(3+0)", "j"]);
    // Text that only looks like the marker's start is kept.
    expect(read("\x1b[200~", "a\x1b[2", "0x", "\x1b[201~")).toEqual(["paste(6+0)"]);
  });

  it(`keeps ${PASTE_KEEP} characters of a paste and counts the rest`, () => {
    expect(read("\x1b[200~", "x".repeat(100_000), "\x1b[201~")).toEqual([`paste(${PASTE_KEEP}+${100_000 - PASTE_KEEP})`]);
  });

  it("a long run without brackets is a paste too: nobody types that fast", () => {
    expect(read("y".repeat(TYPED_RUN_MAX + 1))).toEqual([`paste(${TYPED_RUN_MAX + 1}+0)`]);
    expect(read("y".repeat(TYPED_RUN_MAX))).toHaveLength(TYPED_RUN_MAX);
  });

  it("never cuts a character in two, and never keeps more than it says", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "grapheme", maxLength: 400 }), { maxLength: 6 }), (pieces) => {
        const r = new KeyReader();
        const events = ["\x1b[200~", ...pieces, "\x1b[201~"].flatMap((p) => r.push(p));
        expect(events).toHaveLength(1);
        const paste = events[0]!;
        if (paste.kind !== "paste") throw new Error("not a paste");
        expect(paste.text.length).toBeLessThanOrEqual(PASTE_KEEP);
        expect(paste.text.length + paste.dropped).toBe(pieces.join("").length);
        expect(/[\uD800-\uDBFF]$/.test(paste.text)).toBe(false);
      }),
    );
  });
});
