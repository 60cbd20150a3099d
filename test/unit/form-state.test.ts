import { describe, expect, it } from "vitest";
import { Decimal } from "../../src/domain/money.js";
import { editKey, FIELD_MAX_LENGTH, type FormState, openForm, pasteText } from "../../src/ui/form/form-state.js";
import { KeyReader } from "../../src/ui/input/key-reader.js";

const steps = { price: new Decimal(1), stake: new Decimal("0.1") };

/** Feeds terminal input through the key reader, as the dashboard does, into the form. */
function type(s: FormState, ...pieces: string[]): FormState {
  const reader = new KeyReader();
  for (const piece of pieces) {
    for (const e of reader.push(piece)) {
      if (e.kind === "key") s = editKey(s, e.input, e.key, steps);
      else if (e.kind === "paste") s = pasteText(s, e.text, e.dropped);
    }
  }
  return s;
}

describe("form editing", () => {
  it("switches fields with Tab and Shift+Tab", () => {
    expect(type(openForm("1", "2"), "\t").focus).toBe("stake");
    expect(type(openForm("1", "2"), "\x1b[Z").focus).toBe("stake");
    expect(type(openForm("1", "2"), "\t", "\x1b[Z").focus).toBe("price");
  });

  it("applies a burst of keys one by one: backspaces, tab and text", () => {
    const s = type(openForm("67000", "0.1"), "\x7f\x7f\x7f12\t\x7f\x7f\x7f2.5");
    expect(s.price.text).toBe("6712");
    expect(s.stake.text).toBe("2.5");
    expect(s.focus).toBe("stake");
  });

  it("a paste or the first character typed replaces a prefilled value; once it is edited, text goes in at the cursor", () => {
    const PASTE = (t: string) => `\x1b[200~${t}\x1b[201~`;
    expect(type(openForm("62955", "0.01"), PASTE("62950.5")).price.text).toBe("62950.5");
    expect(type(openForm("62955", "0.01"), "6", "3").price.text).toBe("63");
    expect(type(openForm("62955", "0.01"), "\t", PASTE("2")).stake.text).toBe("2");
    // The other field keeps its own prefilled value until it is typed into.
    expect(type(openForm("62955", "0.01"), "6").stake.text).toBe("0.01");
    // Edited first (Backspace, a cursor move, a nudge): the value is the trader's.
    expect(type(openForm("62955", "0.01"), "\x7f", "1").price.text).toBe("62951");
    expect(type(openForm("62955", "0.01"), "\x1b[D", "0").price.text).toBe("629505");
    expect(type(openForm("62955", "0.01"), "\x1b[A", PASTE("7")).price.text).toBe("629567");
    // A paste of nothing readable leaves the prefilled value.
    expect(type(openForm("62955", "0.01"), PASTE("\x01")).price.text).toBe("62955");
  });

  it("keeps thousands separators in pasted text for the check to read, and drops control characters", () => {
    const s = type(openForm("", "1"), "\x1b[200~67,100\x1b[201~");
    expect(s.price.text).toBe("67,100");
    expect(type(s, "\x01").price.text).toBe("67,100");
  });

  it("Delete erases to the right of the cursor, Backspace to the left", () => {
    const s = type(openForm("12345", "1"), "\x1b[D", "\x1b[D", "\x1b[3~", "\x7f");
    expect([s.price.text, s.price.cursor]).toEqual(["125", 2]);
  });

  it("nudges by the steps and never below zero", () => {
    let s = type(openForm("5", "0.1"), "\x1b[6~");
    expect(s.price.text).toBe("0");
    s = type(s, "\t", "\x1b[A");
    expect(s.stake.text).toBe("0.2");
  });

  it("leaves text that is not a number alone when nudged, for validation to name", () => {
    expect(type(openForm("abc", "1"), "\x1b[A").price.text).toBe("abc");
  });

  it(`a field holds ${FIELD_MAX_LENGTH} characters: more typed is left out, with a note`, () => {
    const s = type(openForm("", "1"), ..."1".repeat(FIELD_MAX_LENGTH + 5));
    expect(s.price.text).toBe("1".repeat(FIELD_MAX_LENGTH));
    expect(s.note).toMatchObject({ tone: "warn", text: expect.stringContaining(`holds ${FIELD_MAX_LENGTH} characters`) });
  });

  it("a 100 KB paste in any script fills the field up to its length and says the rest was left out", () => {
    for (const ch of ["é", "漢", "👍", "7"]) {
      const s = type(openForm("", "1"), "\x1b[200~", ch.repeat(50_000), ch.repeat(50_000), "\x1b[201~");
      expect(Array.from(s.price.text)).toHaveLength(FIELD_MAX_LENGTH);
      expect(s.note?.tone).toBe("warn");
    }
  });
});
