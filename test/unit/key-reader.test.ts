/**
 * src/ui/input/key-reader.ts: terminal input, in the pieces Ink's input
 * parser hands on, becomes one event per key and one per paste.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createInputParser } from "../../node_modules/ink/build/input-parser.js";
import { type InputEvent, KeyReader, PASTE_KEEP, TYPED_RUN_MAX } from "../../src/ui/input/key-reader.js";

/** A short name for an event: "j", "tab", "S-tab", "C-r", "M-up", "paste(5+0)", "focus-in". */
function name(e: InputEvent): string {
  if (e.kind === "paste") return `paste(${e.text.length}+${e.dropped})`;
  if (e.kind === "focus") return e.focused ? "focus-in" : "focus-out";
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

/**
 * Raw terminal reads, each in its own turn of the event loop, through Ink's
 * parser and then the reader, as the dashboard gets them: Ink lets go of a
 * sequence's held first half when the turn ends without the rest.
 */
const readRaw = (...chunks: string[]) => {
  const ink = createInputParser();
  const r = new KeyReader();
  return chunks
    .flatMap((chunk) => {
      const pieces = ink.push(chunk);
      const held = ink.flushPendingEscape();
      return held === undefined ? pieces : [...pieces, held];
    })
    .flatMap((p) => r.push(p))
    .map(name);
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

  it("takes Esc pressed twice in one read as two escapes: it closes two levels, as two reads do", () => {
    expect(readRaw("\x1b\x1b")).toEqual(["escape", "escape"]);
    expect(readRaw("\x1b", "\x1b")).toEqual(["escape", "escape"]);
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

  it("focus reports are focus events, never keys", () => {
    expect(read("\x1b[I", "\x1b[O")).toEqual(["focus-in", "focus-out"]);
    expect(read("j", "\x1b[O", "k", "\x1b[I", "\x1b[A")).toEqual(["j", "focus-out", "k", "focus-in", "up"]);
    // Split across reads, and the keys after the report in the same read.
    expect(read("\x1b[", "I")).toEqual(["focus-in"]);
    expect(read("\x1b[", "Ojk")).toEqual(["focus-out", "j", "k"]);
    // SS3 O is not a focus report: ESC O B is the down arrow.
    expect(read("\x1bOB", "\x1b[O")).toEqual(["down", "focus-out"]);
  });

  it("focus reports mixed with keys in raw reads, through Ink's parser", () => {
    expect(readRaw("j\x1b[Ik\x1b[Oq")).toEqual(["j", "focus-in", "k", "focus-out", "q"]);
    expect(readRaw("\x1b[O\x1b[I\x1b[A")).toEqual(["focus-out", "focus-in", "up"]);
    expect(readRaw("jj\x1b[", "Ok")).toEqual(["j", "j", "focus-out", "k"]);
    expect(readRaw("\x1b[I", "\x1b[", "I")).toEqual(["focus-in", "focus-in"]);
    // Inside a bracketed paste the bytes are the paste's text.
    expect(readRaw("\x1b[200~a\x1b[Ib\x1b[201~")).toEqual(["paste(5+0)"]);
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
