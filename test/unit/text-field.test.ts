/**
 * src/ui/input/text-field.ts: a one-line field's cursor keys and erasing,
 * and what typed or pasted text goes in as.
 */
import { describe, expect, it } from "vitest";
import { editText, insertText, prefilledField, type TextField } from "../../src/ui/input/text-field.js";

const at = (text: string, cursor: number): TextField => ({ text, cursor });

describe("editText", () => {
  it.each([
    ["left", at("123", 2), at("123", 1)],
    ["left", at("123", 0), at("123", 0)],
    ["right", at("123", 1), at("123", 2)],
    ["right", at("123", 3), at("123", 3)],
    ["home", at("123", 2), at("123", 0)],
    ["end", at("123", 1), at("123", 3)],
    ["backspace", at("123", 2), at("13", 1)],
    ["delete", at("123", 1), at("13", 1)],
    ["eraseBefore", at("123", 2), at("3", 0)],
    ["eraseBefore", at("123", 3), at("", 0)],
  ] as const)("%s on %o gives %o", (edit, field, expected) => {
    expect(editText(field, edit)).toEqual(expected);
  });

  it("an erase with nothing to erase gives the same field back, unchanged", () => {
    const start = at("123", 0);
    const end = at("123", 3);
    expect(editText(start, "backspace")).toBe(start);
    expect(editText(end, "delete")).toBe(end);
    expect(editText(start, "eraseBefore")).toBe(start);
    expect(start).toEqual(at("123", 0));
    expect(end).toEqual(at("123", 3));
  });
});

describe("insertText", () => {
  it("goes in at the cursor, which moves past it", () => {
    expect(insertText(at("17", 1), "0", 10)).toEqual({ field: at("107", 2), cut: false });
  });

  /** What `input` typed or pasted at `cursor` of `text` leaves in a field of 20. */
  const typedAt = (text: string, cursor: number, input: string) => insertText(at(text, cursor), input, 20).field;

  it.each([
    ["\x1b[12;3A6\x1b[200~7,10\t0\n\x1b[201~", at("67,100", 6)],
    ["0,5", at("0,5", 3)],
    ["0 5", at("0 5", 3)],
    ["1_000", at("1_000", 5)],
    ["\x1b[~5", at("5", 1)],
  ])(
    "leaves out escape sequences whole and control characters; keeps a comma, a space or an underscore for the check to read: %j",
    (input, field) => {
      expect(typedAt("", 0, input)).toEqual(field);
    },
  );

  it("a space typed between digits goes in, as a space grouping thousands would be typed key by key", () => {
    const typed = ["6", "7", " ", "1", "0", "0"].reduce((f, key) => insertText(f, key, 20).field, at("", 0));
    expect(typed).toEqual(at("67 100", 6));
  });

  it.each([
    ["", 0, "  67   100  ", at("67 100 ", 7)],
    ["67 ", 3, " ", at("67 ", 3)],
    ["67 100", 0, " ", at("67 100", 0)],
    ["67 100", 2, " ", at("67 100", 2)],
    ["67 100", 2, "5 ", at("675 100", 3)],
    ["", 0, "67\u00a0100\u202f000", at("67 100 000", 10)],
  ])(
    "a run of spaces goes in as one, none at the field's start or beside a space; a no-break space as a space: %j at %i, %j",
    (text, cursor, input, field) => {
      expect(typedAt(text, cursor, input)).toEqual(field);
    },
  );

  it("a stray space over a prefilled value leaves the value in place, still prefilled", () => {
    const f = prefilledField("64050");
    expect(insertText(f, " ", 20)).toEqual({ field: f, cut: false });
  });

  it("takes full-width digits, point and comma as their ASCII: one column each, as the row is laid out", () => {
    expect(insertText(at("", 0), "６７，１００．５", 20).field).toEqual(at("67,100.5", 8));
  });

  it("takes what fits and says it cut the rest; exactly filling the field is no cut", () => {
    expect(insertText(at("12", 2), "345", 5)).toEqual({ field: at("12345", 5), cut: false });
    expect(insertText(at("12", 2), "3456", 5)).toEqual({ field: at("12345", 5), cut: true });
  });

  it("a paste that dropped some of itself is a cut, even when what was kept fits", () => {
    expect(insertText(at("", 0), "1", 5, 1).cut).toBe(true);
    expect(insertText(at("", 0), "1", 5, 0).cut).toBe(false);
  });

  it("nothing to put in gives the same field back, saying whether anything was cut", () => {
    const full = at("12345", 2);
    expect(insertText(full, "6", 5)).toEqual({ field: full, cut: true });
    expect(insertText(full, "6", 5).field).toBe(full);
    const empty = at("", 0);
    expect(insertText(empty, " \t", 5).field).toBe(empty);
  });
});

describe("a prefilled field", () => {
  it("takes text typed or pasted in place of its value, the first time only", () => {
    const f = prefilledField("62955");
    expect(f).toEqual({ text: "62955", cursor: 5, prefilled: true });
    const typed = insertText(f, "62950.5", 24).field;
    expect(typed).toEqual({ text: "62950.5", cursor: 7 });
    expect(insertText(typed, "1", 24).field.text).toBe("62950.51");
    // Nothing readable typed: the value stays, prefilled.
    expect(insertText(f, "\u0001", 24).field).toBe(f);
    expect(prefilledField("").prefilled).toBe(false);
  });
});
