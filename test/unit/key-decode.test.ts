/**
 * src/ui/input/key-reader.ts, event by event: the whole key each character
 * and each sequence decodes to (every flag, not only the one named), and a
 * paste's keeping at its exact edges. key-reader.test.ts states the reader
 * over Ink's pieces; this file the decoding.
 */
import type { Key } from "ink";
import { describe, expect, it } from "vitest";
import { decodeCharacter, decodeSequence, type InputEvent, KeyReader, PASTE_KEEP } from "../../src/ui/input/key-reader.js";

const NONE: Key = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
  super: false,
  hyper: false,
  capsLock: false,
  numLock: false,
};
const key = (input: string, flags: Partial<Key> = {}): InputEvent => ({ kind: "key", input, key: { ...NONE, ...flags } });
const ESC = "\x1b";

describe("decodeCharacter", () => {
  it.each([
    ["\r", key("", { return: true })],
    ["\n", key("", { return: true })],
    ["\t", key("", { tab: true })],
    ["\x7f", key("", { backspace: true })],
    ["\b", key("", { backspace: true })],
    [ESC, key("", { escape: true })],
    ["\x01", key("a", { ctrl: true })],
    ["\x12", key("r", { ctrl: true })],
    ["\x1a", key("z", { ctrl: true })],
    ["\x00", key("", { ctrl: true })],
    ["\x1c", key("", { ctrl: true })],
    ["\x1f", key("", { ctrl: true })],
    [" ", key(" ")],
    ["a", key("a")],
    ["7", key("7")],
    ["A", key("A", { shift: true })],
    ["É", key("É", { shift: true })],
    ["😀", key("😀")],
  ] as const)("%j", (ch, expected) => {
    expect(decodeCharacter(ch)).toEqual(expected);
  });
});

describe("decodeSequence", () => {
  it.each([
    [ESC, key("", { escape: true })],
    [`${ESC}[Z`, key("", { tab: true, shift: true })],
    [`${ESC}[A`, key("", { upArrow: true })],
    [`${ESC}OB`, key("", { downArrow: true })],
    [`${ESC}${ESC}[C`, key("", { rightArrow: true, meta: true })],
    [`${ESC}[1;2D`, key("", { leftArrow: true, shift: true })],
    [`${ESC}[1;3H`, key("", { home: true, meta: true })],
    [`${ESC}[1;5F`, key("", { end: true, ctrl: true })],
    [`${ESC}[1;8A`, key("", { upArrow: true, shift: true, meta: true, ctrl: true })],
    [`${ESC}[3~`, key("", { delete: true })],
    [`${ESC}[5;5~`, key("", { pageUp: true, ctrl: true })],
    [`${ESC}[6~`, key("", { pageDown: true })],
    [`${ESC}[I`, { kind: "focus", focused: true }],
    [`${ESC}[O`, { kind: "focus", focused: false }],
    [`${ESC}x`, key("x", { meta: true })],
    [`${ESC}X`, key("X", { meta: true, shift: true })],
    [`${ESC}\x02`, key("b", { meta: true, ctrl: true })],
    [`${ESC}😀`, key("😀", { meta: true })],
  ] as const)("%j", (seq, expected) => {
    expect(decodeSequence(seq)).toEqual(expected);
  });

  it.each([
    ["a key it does not use", `${ESC}[15~`],
    ["a sequence with text after it", `${ESC}[Ax`],
    ["a third ESC in front", `${ESC}${ESC}${ESC}[A`],
    ["ESC and two characters", `${ESC}ab`],
  ])("%s is nothing", (_name, seq) => {
    expect(decodeSequence(seq)).toBeUndefined();
  });
});

describe("a paste at the edges of what it keeps", () => {
  const paste = (...reads: string[]) => {
    const r = new KeyReader();
    return reads.flatMap((read) => r.push(read));
  };

  it("keeps exactly its first characters across reads, then nothing more, in order", () => {
    const a = "a".repeat(200);
    const b = "b".repeat(100);
    expect(paste(`${ESC}[200~${a}`, `${b}${ESC}[201~`)).toEqual([
      { kind: "paste", text: a + "b".repeat(PASTE_KEEP - 200), dropped: 300 - PASTE_KEEP },
    ]);
  });

  it("a read that exactly fills what is kept drops nothing", () => {
    expect(paste(`${ESC}[200~${"a".repeat(PASTE_KEEP)}`, `${ESC}[201~`)).toEqual([
      { kind: "paste", text: "a".repeat(PASTE_KEEP), dropped: 0 },
    ]);
  });

  it("a character cut at the edge is dropped whole, and nothing after the first drop is kept", () => {
    const head = "a".repeat(PASTE_KEEP - 1);
    expect(paste(`${ESC}[200~${head}😀`, `b${ESC}[201~`)).toEqual([{ kind: "paste", text: head, dropped: 3 }]);
  });

  it("a held sequence start completed by the next read is that key, and an ESC after it is Escape", () => {
    expect(paste(`${ESC}[`, `A${ESC}`)).toEqual([key("", { upArrow: true }), key("", { escape: true })]);
  });
});
