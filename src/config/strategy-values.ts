/**
 * The values a `[[strategy]]` is written with, each read exactly or refused
 * with one line naming the field: amounts as decimal strings or TOML
 * numbers (a float through the file's own digits, toml-numbers.ts, never
 * through its binary value), whole numbers, switches and the market's
 * names. strategy-config.ts puts them together.
 */
import { Decimal, parseDecimal } from "../domain/money.js";
import { MONEY_DECIMALS } from "../domain/rules.js";
import { isTable, type Table } from "./config-file.js";
import { ConfigError } from "./errors.js";

export type Floats = ReadonlyMap<number, ReadonlySet<string>>;

/** A float's shortest form is what was written when that had at most this many significant digits. */
const FLOAT_DIGITS = 15;

/** One table of a strategy (its own, or strike, stake, when, limits): where its errors point, and its values. */
export class Fields {
  constructor(
    readonly table: Table,
    /** `strategy "ladder10" (in …/config.toml)` */
    readonly owner: string,
    /** `stake.` for a sub-table, "" for the strategy's own. */
    readonly path: string,
    readonly floats: Floats,
  ) {}

  label(key: string): string {
    return `${this.owner} ${this.path}${key}`;
  }

  fail(key: string, problem: string): never {
    throw new ConfigError(this.label(key), problem);
  }

  has(key: string): boolean {
    return this.table[key] !== undefined;
  }

  /** Every key must be one of `known`. */
  only(known: readonly string[], what: string): void {
    for (const key of Object.keys(this.table)) {
      if (!known.includes(key)) this.fail(key, `is not ${what}; known: ${known.join(", ")}`);
    }
  }

  /** The sub-table `key` (`[strategy.stake]` or `stake = { … }`); an empty one when absent. */
  sub(key: string, example: string): Fields {
    const v = this.table[key];
    if (v !== undefined && !isTable(v)) this.fail(key, `must be a table, e.g. ${example} (got ${got(v)})`);
    return new Fields(v ?? {}, this.owner, `${this.path}${key}.`, this.floats);
  }

  bool(key: string, fallback: boolean): boolean {
    const v = this.table[key];
    if (v === undefined) return fallback;
    if (typeof v !== "boolean") this.fail(key, `must be true or false (got ${got(v)})`);
    return v;
  }

  /** A whole number in [min, max]: a TOML integer, or a string of digits. */
  whole(key: string, min: number, max: number): number | undefined {
    const v = this.table[key];
    if (v === undefined) return undefined;
    const n = typeof v === "bigint" ? Number(v) : typeof v === "string" && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v;
    if (typeof n !== "number" || !Number.isInteger(n) || n < min || n > max)
      this.fail(key, `must be a whole number from ${min} to ${max} (got ${got(v)})`);
    return n;
  }

  /** An amount of money: positive, at most 6 decimals, exact. */
  amount(key: string): Decimal | undefined {
    const v = this.table[key];
    return v === undefined ? undefined : this.amountOf(v, this.label(key));
  }

  amountOf(v: unknown, label: string): Decimal {
    const d = exact(v, label, this.floats);
    if (d === null || d.lte(0) || d.decimalPlaces() > MONEY_DECIMALS)
      throw new ConfigError(label, `must be an amount such as 0.5, more than 0 and at most ${MONEY_DECIMALS} decimals (got ${got(v)})`);
    return d;
  }

  /** Any exact decimal (a share, an offset); null when not a number. */
  decimal(key: string): Decimal | null | undefined {
    const v = this.table[key];
    return v === undefined ? undefined : exact(v, this.label(key), this.floats);
  }

  /** One of `choices`, as a string. */
  oneOf<T extends string>(key: string, choices: readonly T[], fallback: T): T {
    const v = this.table[key];
    if (v === undefined) return fallback;
    if (!(choices as readonly unknown[]).includes(v)) this.fail(key, `must be one of ${choices.join(", ")} (got ${got(v)})`);
    return v as T;
  }
}

/** A decimal exactly as written, or null when `v` is not a number; throws when a float's digits cannot be told. */
function exact(v: unknown, label: string, floats: Floats): Decimal | null {
  if (typeof v === "string") return parseDecimal(v);
  if (typeof v === "bigint" || (typeof v === "number" && Number.isSafeInteger(v))) return new Decimal(v.toString());
  if (typeof v !== "number" || !Number.isFinite(v)) return null;
  const written = [...(floats.get(v) ?? [])];
  if (written.length === 1) return new Decimal(written[0]!);
  const shortest = new Decimal(String(v));
  // Two decimals in the file make this float: which was meant here cannot be told. Not found: the shortest form, if surely what was written.
  if (written.length > 1 || shortest.sd() > FLOAT_DIGITS)
    throw new ConfigError(label, `cannot be kept exactly as a TOML number; write it as a string, e.g. "0.123456" (got ${v})`);
  return shortest;
}

/** A value as an error shows it: strings quoted and cut short, tables and lists by kind. */
export function got(v: unknown): string {
  if (typeof v === "string") return JSON.stringify(v.length > 60 ? `${v.slice(0, 60)}…` : v);
  if (Array.isArray(v)) return "a list";
  if (v instanceof Date) return "a date";
  if (isTable(v)) return "a table";
  return String(v);
}
