/**
 * One reading rule per kind of value: what we accept on the wire and what
 * it becomes. Liberal in form, exact in value: a decimal may come as a
 * string or a JSON number, in plain or exponent notation, and is read from
 * its digits; an id may come as a number or a digit string. Each returns
 * undefined when the value is not of its kind. docs/compatibility.md lists
 * these rules field by field.
 */
import { Decimal } from "../../domain/money.js";
import { isJsonNumber, JsonNumber } from "../json.js";
import { redact } from "../redact.js";

/** What a reader expects, for messages: "expected a decimal number". */
export type Kind = "decimal" | "integer" | "epoch" | "boolean" | "text" | "id" | "object" | "array";

export const EXPECTED: Record<Kind, string> = {
  decimal: "expected a decimal number (string or number)",
  integer: "expected a whole number (number or digit string)",
  epoch: "expected epoch milliseconds (number, digit string or ISO 8601 time)",
  boolean: "expected a boolean (true/false, 1/0 or their strings)",
  text: "expected text",
  id: "expected an identifier (string or whole number)",
  object: "expected an object",
  array: "expected an array",
};

/** Plain or exponent notation, an optional sign: "67036.0478", "-0", "6.8e+4", "1E-7", ".5". */
const DECIMAL_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Prices and amounts far outside anything a market quotes are refused rather
 * than formatted: "1e999999" is valid JSON, and its digits would fill memory.
 */
const MAX_MAGNITUDE = new Decimal("1e30");
const MAX_DECIMALS = 40;

/** The digits of a number-like value, or undefined. */
function numberText(v: unknown): string | undefined {
  if (isJsonNumber(v)) return v.source;
  if (typeof v === "number") return Number.isFinite(v) ? String(v) : undefined;
  if (typeof v === "string") {
    const t = v.trim();
    return DECIMAL_TEXT.test(t) ? t : undefined;
  }
  return undefined;
}

export function readDecimal(v: unknown): Decimal | undefined {
  const text = numberText(v);
  if (text === undefined) return undefined;
  const d = new Decimal(text);
  if (!d.isFinite() || d.abs().gte(MAX_MAGNITUDE) || d.decimalPlaces() > MAX_DECIMALS) return undefined;
  // -0 is 0: a sign on nothing would print as "-0.00".
  return d.isZero() ? new Decimal(0) : d;
}

export function readInteger(v: unknown): number | undefined {
  const text = numberText(v);
  if (text === undefined) return undefined;
  const d = new Decimal(text);
  if (!d.isInteger()) return undefined;
  const n = d.toNumber();
  return Number.isSafeInteger(n) ? (Object.is(n, -0) ? 0 : n) : undefined;
}

/** The last millisecond a JavaScript Date can hold; a time past it cannot be formatted. */
const MAX_EPOCH_MS = 8.64e15;

/** Epoch ms: a whole number ≥ 0 (number or digit string), or an ISO 8601 time with a date. */
export function readEpochMs(v: unknown): number | undefined {
  const inRange = (t: number | undefined) => (t !== undefined && t >= 0 && t <= MAX_EPOCH_MS ? t : undefined);
  const n = readInteger(v);
  if (n !== undefined) return inRange(n);
  if (typeof v !== "string") return undefined;
  const text = v.trim();
  if (/^\d{4}-\d{2}-\d{2}T/.test(text)) {
    const t = Date.parse(text);
    return Number.isFinite(t) ? inRange(t) : undefined;
  }
  return undefined;
}

const TRUE_TEXT = new Set(["true", "1", "yes"]);
const FALSE_TEXT = new Set(["false", "0", "no"]);

export function readBoolean(v: unknown): boolean | undefined {
  if (typeof v === "boolean") return v;
  if (isJsonNumber(v) || typeof v === "number") {
    const n = Number(v);
    return n === 1 ? true : n === 0 ? false : undefined;
  }
  if (typeof v === "string") {
    const t = v.trim().toLowerCase();
    return TRUE_TEXT.has(t) ? true : FALSE_TEXT.has(t) ? false : undefined;
  }
  return undefined;
}

/** Text as sent; a number is read as its digits (a code or name the service wrote unquoted). */
export function readText(v: unknown): string | undefined {
  if (typeof v === "string") return v;
  if (isJsonNumber(v)) return v.source;
  return undefined;
}

/** An identifier: a non-empty string, or a whole number written as its digits ("489886"). */
export function readId(v: unknown): string | undefined {
  if (typeof v === "string") {
    const t = v.trim();
    return t === "" ? undefined : t;
  }
  const n = readInteger(v);
  return n === undefined || n < 0 ? undefined : String(n);
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v) && !(v instanceof JsonNumber);
}

const PREVIEW_CHARS = 40;

/** A received value for a message: `"soon" (string)`, `12 (number)`, short and redacted. */
export function preview(v: unknown): string {
  const type = v === null ? "null" : Array.isArray(v) ? "array" : isJsonNumber(v) ? "number" : typeof v;
  let text: string;
  if (isJsonNumber(v)) text = v.source;
  else {
    try {
      text = JSON.stringify(v) ?? String(v);
    } catch {
      text = String(v);
    }
  }
  // Redacted before it is cut: a cut could leave a key's first characters
  // that the redactor no longer recognises as a key.
  text = redact(text);
  if (text.length > PREVIEW_CHARS) text = `${text.slice(0, PREVIEW_CHARS)}…`;
  return `${text} (${type})`;
}
