/**
 * Exact decimal arithmetic for money and prices. Everything that adds,
 * compares or formats balances, stakes and winnings goes through here;
 * binary floating point never touches money.
 */
import { Decimal as DecimalJs } from "decimal.js";

// A private clone so our precision and rounding never leak into other users of decimal.js.
export const Decimal = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_EVEN });
export type Decimal = InstanceType<typeof Decimal>;

// The whole part plain ("69000") or in groups of three, one separator throughout: a comma as en-US writes
// it ("69,000"), a space as SI and most of Europe do ("69 000"), an underscore as code does; the decimal mark a dot.
const DECIMAL_INPUT = /^\s*-?((\d+|\d{1,3}([, _])\d{3}(?:\3\d{3})*)(\.\d*)?|\.\d+)\s*$/;

/**
 * Parses what a person typed; null when it is not a decimal number. Commas,
 * spaces and underscores are read only as thousands separators where they
 * group by three ("69,000.5", "69 000.5"): "0,5" is a decimal comma or a
 * typo, "0 5" a slip, and read as 05 either would be a stake or a price ten
 * times off, so it is refused, not guessed.
 */
export function parseDecimal(text: string): Decimal | null {
  const read = DECIMAL_INPUT.exec(text);
  if (read === null) return null;
  const separator = read[3];
  const plain = text.trim();
  return new Decimal(separator === undefined ? plain : plain.replaceAll(separator, ""));
}

/** Canonical wire form: plain notation, no exponent, no trailing zeros; decimal.js writes negative zero "0" here. */
export function toWire(d: Decimal): string {
  return d.toFixed();
}

/** Fixed decimals with thousands separators, for the screen. */
export function formatAmount(d: Decimal, decimals: number): string {
  const fixed = d.toFixed(decimals, Decimal.ROUND_HALF_EVEN);
  const negative = fixed.startsWith("-");
  const body = groupThousands(negative ? fixed.slice(1) : fixed);
  return negative && !/^[0,.]*$/.test(body) ? `-${body}` : body;
}

/**
 * "1234567.5" → "1,234,567.5": commas between thousands of a plain number's
 * whole part, as en-US writes them. By hand: Intl's number formats load
 * about 6 MB of locale data into a process that needs none of the rest.
 */
export function groupThousands(plain: string): string {
  const dot = plain.indexOf(".");
  const whole = dot === -1 ? plain : plain.slice(0, dot);
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",") + (dot === -1 ? "" : plain.slice(dot));
}

/** Signed form for changes: "+1.20", "-0.35", "0.00". */
export function formatSigned(d: Decimal, decimals: number): string {
  const body = formatAmount(d, decimals);
  return d.gt(0) && !/^[0,.]*$/.test(body) ? `+${body}` : body;
}

export function sum(values: readonly Decimal[]): Decimal {
  return values.reduce<Decimal>((acc, v) => acc.plus(v), new Decimal(0));
}
