/**
 * Exact decimal arithmetic for money and prices. Everything that adds,
 * compares or formats balances, stakes and winnings goes through here;
 * binary floating point never touches money.
 */
import { Decimal as DecimalJs } from "decimal.js";

// A private clone so our precision and rounding never leak into other users of decimal.js.
export const Decimal = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_EVEN });
export type Decimal = InstanceType<typeof Decimal>;

const DECIMAL_INPUT = /^\s*-?(\d+(\.\d*)?|\.\d+)\s*$/;

/** Parses what a person typed; null when it is not a plain decimal number. */
export function parseDecimal(text: string): Decimal | null {
  if (!DECIMAL_INPUT.test(text)) return null;
  return new Decimal(text.trim());
}

/** Canonical wire form: plain notation, no exponent, no trailing zeros. */
export function toWire(d: Decimal): string {
  const s = d.toFixed();
  return s === "-0" ? "0" : s;
}

/** Fixed decimals with thousands separators, for the screen. */
export function formatAmount(d: Decimal, decimals: number): string {
  const fixed = d.toFixed(decimals, Decimal.ROUND_HALF_EVEN);
  const negative = fixed.startsWith("-");
  const [intPart, frac] = (negative ? fixed.slice(1) : fixed).split(".");
  const grouped = (intPart ?? "0").replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const body = frac === undefined ? grouped : `${grouped}.${frac}`;
  return negative && !/^[0,.]*$/.test(body) ? `-${body}` : body;
}

/** Signed form for changes: "+1.20", "-0.35", "0.00". */
export function formatSigned(d: Decimal, decimals: number): string {
  const body = formatAmount(d, decimals);
  return d.gt(0) && !/^[0,.]*$/.test(body) ? `+${body}` : body;
}

export function sum(values: readonly Decimal[]): Decimal {
  return values.reduce<Decimal>((acc, v) => acc.plus(v), new Decimal(0));
}
