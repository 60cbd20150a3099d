import { describe, expect, it } from "vitest";
import type { Key } from "ink";
import { editKey, openForm } from "../../src/ui/form/form-state.js";
import { Decimal } from "../../src/domain/money.js";

const steps = { price: new Decimal(1), stake: new Decimal("0.1") };
const key = (over: Partial<Key> = {}) => ({ upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, home: false, end: false, return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false, super: false, hyper: false, capsLock: false, numLock: false, ...over }) as Key;

describe("form editing", () => {
  it("applies a chunk of keys one by one: backspaces, tab and text", () => {
    const s = editKey(openForm("67000", "0.1"), "\x7f\x7f\x7f12\t\x7f\x7f\x7f2.5", key(), steps);
    expect(s.price.text).toBe("6712");
    expect(s.stake.text).toBe("2.5");
    expect(s.focus).toBe("stake");
  });

  it("drops thousands separators and control characters from pasted text", () => {
    const s = editKey(openForm("", "1"), "67,100", key(), steps);
    expect(s.price.text).toBe("67100");
    expect(editKey(s, "\x01", key(), steps).price.text).toBe("67100");
  });

  it("nudges by the steps and never below zero", () => {
    let s = openForm("5", "0.1");
    s = editKey(s, "", key({ pageDown: true }), steps);
    expect(s.price.text).toBe("0");
    s = editKey({ ...s, focus: "stake" }, "", key({ upArrow: true }), steps);
    expect(s.stake.text).toBe("0.2");
  });

  it("leaves text that is not a number alone when nudged, for validation to name", () => {
    const s = editKey(openForm("abc", "1"), "", key({ upArrow: true }), steps);
    expect(s.price.text).toBe("abc");
  });
});
