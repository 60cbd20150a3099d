/**
 * The value readers' boundaries (src/api/read/values.ts): the largest and finest numbers taken, zero and
 * its sign, whitespace around what the service wrote, and the words each refusal and preview uses.
 */
import { describe, expect, it } from "vitest";
import { JsonNumber } from "../../src/api/json.js";
import { EXPECTED, isPlainObject, preview, readBoolean, readDecimal, readEpochMs, readId, readInteger } from "../../src/api/read/values.js";

describe("numbers at their bounds", () => {
  it("takes a decimal below 1e30 with up to 40 decimals, and refuses past either", () => {
    expect(readDecimal("9.99e29")?.toFixed()).toBe("999000000000000000000000000000");
    expect([readDecimal("1e30"), readDecimal("-1e30")]).toEqual([undefined, undefined]);
    const forty = `0.${"0".repeat(39)}1`;
    expect(readDecimal(forty)?.toFixed()).toBe(forty);
    expect(readDecimal(`0.${"0".repeat(40)}1`)).toBeUndefined();
  });

  it("reads a leading-dot decimal of any length", () => {
    expect([".5", " .25", "-.125"].map((t) => readDecimal(t)?.toFixed())).toEqual(["0.5", "0.25", "-0.125"]);
  });

  it("refuses a whole number with a fraction too fine for a float to keep", () => {
    expect([readInteger("1.0000000000000000001"), readInteger("1.5"), readInteger("2.0")]).toEqual([undefined, undefined, 2]);
  });

  it("reads a negative zero as zero, unsigned", () => {
    expect(Object.is(readInteger("-0"), 0)).toBe(true);
    expect(Object.is(readInteger(-0), 0)).toBe(true);
  });

  it("takes the epoch itself and an id of 0, and refuses below them", () => {
    expect([readEpochMs(0), readEpochMs(-1), readId(0), readId(-1)]).toEqual([0, undefined, "0", undefined]);
  });
});

describe("text around values", () => {
  it("reads an ISO time and a boolean's word with spaces around them", () => {
    expect(readEpochMs(" 2026-02-19T10:00:00Z ")).toBe(Date.UTC(2026, 1, 19, 10, 0, 0));
    expect(readEpochMs("on 2026-02-19T10:00:00Z")).toBeUndefined();
    // A date and time with a space for the T is local time to Date.parse: whose zone it is, the service does not say.
    expect(readEpochMs("2026-02-19 10:00:00")).toBeUndefined();
    // Only a time that starts with its four-digit year: an expanded year is not a form the service sends.
    expect(readEpochMs("+002026-02-19T10:00:00Z")).toBeUndefined();
    expect([readEpochMs(true), readEpochMs({ at: 1 }), readEpochMs(null)]).toEqual([undefined, undefined, undefined]);
    expect([readBoolean(" True "), readBoolean("NO "), readBoolean("maybe")]).toEqual([true, false, undefined]);
  });
});

describe("what a refusal says", () => {
  it("names the forms each kind accepts", () => {
    expect(EXPECTED).toEqual({
      decimal: "expected a decimal number (string or number)",
      integer: "expected a whole number (number or digit string)",
      epoch: "expected epoch milliseconds (number, digit string or ISO 8601 time)",
      boolean: "expected a boolean (true/false, 1/0 or their strings)",
      text: "expected text",
      id: "expected an identifier (string or whole number)",
      object: "expected an object",
      array: "expected an array",
    });
  });

  it("previews a value with its JSON type, cut after 40 characters", () => {
    expect([preview(null), preview([1]), preview(new JsonNumber("1.50")), preview("x"), preview({ a: 1 })]).toEqual([
      "null (null)",
      "[1] (array)",
      "1.50 (number)",
      '"x" (string)',
      '{"a":1} (object)',
    ]);
    const forty = "a".repeat(38);
    expect(preview(forty)).toBe(`"${forty}" (string)`);
    expect(preview(`${forty}bc`)).toBe(`"${forty}b… (string)`);
  });

  it("takes only a JSON object for an object", () => {
    expect([{}, null, [], new JsonNumber("1"), "x"].map(isPlainObject)).toEqual([true, false, false, false, false]);
  });
});
