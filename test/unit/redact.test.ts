/** api/redact.ts: every key in a text goes, however many, in any form the text carries it. */
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { oneLine, REDACTED, redact, registerSecret, Secret } from "../../src/api/redact.js";

describe("redact", () => {
  it("removes every key-shaped value, the second and the last too", () => {
    const a = `metafide_${"a".repeat(32)}`;
    const b = `metafide_${"B".repeat(32)}`;
    const text = `first ${a}, second ${b}, first again ${a}`;
    expect(redact(text)).toBe(`first ${REDACTED}, second ${REDACTED}, first again ${REDACTED}`);
  });

  it("removes every occurrence of a registered secret of any shape", () => {
    registerSecret("hunter2-not-a-key-shape");
    expect(redact("a hunter2-not-a-key-shape b hunter2-not-a-key-shape")).toBe(`a ${REDACTED} b ${REDACTED}`);
    // Too short to be a key: redacting it would take ordinary words.
    registerSecret("abc");
    expect(redact("abc abc")).toBe("abc abc");
    // Eight characters is long enough.
    registerSecret("k8-chars");
    expect(redact("x k8-chars y")).toBe(`x ${REDACTED} y`);
  });

  it("oneLine turns each run of control characters into one space and trims the ends", () => {
    expect(oneLine("bad\r\n\tvalue\u001b[31m red\n")).toBe("bad value [31m red");
    expect(oneLine("\n  plain  \n")).toBe("plain");
  });

  it("a Secret never prints its value", () => {
    const s = new Secret(`metafide_${"c".repeat(32)}`);
    expect([String(s), `${s}`, JSON.stringify({ s }), inspect(s)].every((t) => !t.includes("cccc"))).toBe(true);
  });
});
