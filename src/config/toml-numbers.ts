/**
 * The decimals a TOML file writes, by the float the parser makes of them:
 * smol-toml reads `75000.123456789012` as a JS number, whose shortest form
 * (75000.123456789) is not what the trader wrote. A price level must be what
 * was written, so the file's text is looked through for the literal that
 * parsed to that float.
 */
import { Decimal } from "../domain/money.js";

/** A TOML float literal: a fraction or an exponent, digits grouped by underscores. */
const FLOAT = /(?<![\w.])[+-]?\d[\d_]*(?:\.\d[\d_]*)?(?:[eE][+-]?\d[\d_]*)?(?![\w.])/g;

/** Each float of `text` (strings and comments too: a stray match only adds a candidate) → the decimals written for it. */
export function floatLiterals(text: string): Map<number, Set<string>> {
  const out = new Map<number, Set<string>>();
  for (const [literal] of text.matchAll(FLOAT)) {
    if (!/[.eE]/.test(literal)) continue;
    const plain = literal.replaceAll("_", "");
    const value = Number.parseFloat(plain);
    if (!Number.isFinite(value)) continue;
    const written = new Decimal(plain).toFixed();
    const seen = out.get(value);
    if (seen) seen.add(written);
    else out.set(value, new Set([written]));
  }
  return out;
}
