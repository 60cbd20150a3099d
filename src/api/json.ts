/**
 * JSON that keeps every number's digits. The service sends money both as
 * decimal strings and as JSON numbers (`w` and `r` of /status, the live
 * price); JSON.parse would turn "4.587819563491935" into the nearest binary
 * float before anyone could read it exactly. Here a number stays the text it
 * was sent as (a JsonNumber), and the readers in read/ decide what it is:
 * an exact Decimal for money, a safe integer for times and ids.
 *
 * lossless-json does the parsing: a small, dependency-free, well-kept parser
 * whose number hook is exactly this. Writing goes through it too, so a
 * JsonNumber is written back with the digits it came with.
 */
import { parse, stringify } from "lossless-json";
import { type Decimal, toWire } from "../domain/money.js";

/** A JSON number as the text it was written with ("6.8e+4", "-0", "68000.5"). */
export class JsonNumber {
  constructor(readonly source: string) {}

  /** For the few readers of values nobody computes with (extras shown as they came). */
  valueOf(): number {
    return Number(this.source);
  }

  toJSON(): number {
    return Number(this.source);
  }
}

export function isJsonNumber(v: unknown): v is JsonNumber {
  return v instanceof JsonNumber;
}

const keepDigits = (source: string) => new JsonNumber(source);

/**
 * A key written twice keeps its last value, as JSON.parse does (lossless-json
 * would throw, and one repeated key would make a whole response unreadable).
 */
const lastWins = ({ newValue }: { newValue: unknown }) => newValue;

/** Parses JSON text; numbers come back as JsonNumber. Throws SyntaxError on bad JSON. */
export function parseJson(text: string): unknown {
  return parse(text, null, { parseNumber: keepDigits, onDuplicateKey: lastWins });
}

/** A Decimal to be written as a JSON number, exactly (the spec types a few amounts as numbers). */
export function asJsonNumber(d: Decimal): JsonNumber {
  return new JsonNumber(toWire(d));
}

const WRITERS = [{ test: isJsonNumber, stringify: (v: unknown) => (v as JsonNumber).source }];

/** JSON text in which every JsonNumber is written with its own digits. */
export function stringifyJson(value: unknown): string {
  return stringify(value, null, undefined, WRITERS) ?? "null";
}
