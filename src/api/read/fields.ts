/**
 * Reading one JSON object's fields into domain values, recording every value
 * that could not be read. Three strengths, chosen per field by the resource
 * readers (resources.ts):
 *   - need():   the data a pane exists for; unreadable → the whole response
 *               is unusable (UnusableResponse), so the pane keeps its last
 *               good data, marked stale, and names the field;
 *   - shown():  a displayed value; unreadable or missing → an Unreadable,
 *               drawn as "?" and listed in the diagnostics view;
 *   - nullable(): like shown(), but null (and a missing field) is a value
 *               the spec or our docs give a meaning.
 * Fields read by none of them are kept, untouched, in `extra`.
 */
import { Unreadable } from "../../domain/service-data.js";
import { EXPECTED, isPlainObject, type Kind, preview } from "./values.js";

export type Rule<T> = { kind: Kind; read: (v: unknown) => T | undefined };

/** A response that lacks what its pane exists for. */
export class UnusableResponse extends Error {
  constructor(readonly issue: Unreadable) {
    super(issue.toString());
    this.name = "UnusableResponse";
  }
}

export class Fields {
  private readonly used = new Set<string>();

  constructor(
    readonly raw: Readonly<Record<string, unknown>>,
    /** Path of this object in the response ("" for the root). */
    readonly path: string,
    readonly issues: Unreadable[],
  ) {}

  /** The root of a response: it must be a JSON object. */
  static root(value: unknown, issues: Unreadable[]): Fields {
    if (!isPlainObject(value)) throw new UnusableResponse(new Unreadable("(root)", EXPECTED.object, preview(value)));
    return new Fields(value, "", issues);
  }

  at(key: string): string {
    return this.path === "" ? key : `${this.path}.${key}`;
  }

  /** The raw value, marking the field as read. */
  get(key: string): unknown {
    this.used.add(key);
    return this.raw[key];
  }

  /** Present and not null. */
  has(key: string): boolean {
    const v = this.raw[key];
    return v !== undefined && v !== null;
  }

  /** Records and returns an Unreadable for `key`; `received` is the value's preview ("" when missing). */
  unreadable(key: string, reason: string, received = ""): Unreadable {
    const u = new Unreadable(this.at(key), reason, received);
    this.issues.push(u);
    return u;
  }

  need<T>(key: string, rule: Rule<T>): T {
    const v = this.get(key);
    if (v === undefined || v === null) throw new UnusableResponse(new Unreadable(this.at(key), v === null ? "is null" : "is missing", ""));
    const read = rule.read(v);
    if (read === undefined) throw new UnusableResponse(new Unreadable(this.at(key), EXPECTED[rule.kind], preview(v)));
    return read;
  }

  shown<T>(key: string, rule: Rule<T>): T | Unreadable {
    const v = this.get(key);
    if (v === undefined || v === null) return this.unreadable(key, v === null ? "is null" : "is missing");
    const read = rule.read(v);
    return read === undefined ? this.unreadable(key, EXPECTED[rule.kind], preview(v)) : read;
  }

  nullable<T>(key: string, rule: Rule<T>): T | null | Unreadable {
    const v = this.get(key);
    if (v === undefined || v === null) return null;
    const read = rule.read(v);
    return read === undefined ? this.unreadable(key, EXPECTED[rule.kind], preview(v)) : read;
  }

  /** A value nobody displays: read if it can be, else undefined, without an issue. Every rule reads null and a missing value as undefined. */
  quiet<T>(key: string, rule: Rule<T>): T | undefined {
    return rule.read(this.get(key));
  }

  /** A nested object: null when absent or null; Unreadable when not an object. */
  object(key: string): Fields | null | Unreadable {
    const v = this.get(key);
    if (v === undefined || v === null) return null;
    if (!isPlainObject(v)) return this.unreadable(key, EXPECTED.object, preview(v));
    return new Fields(v, this.at(key), this.issues);
  }

  /** A list: null when absent or null; Unreadable when not an array. */
  list(key: string): readonly unknown[] | null | Unreadable {
    const v = this.get(key);
    if (v === undefined || v === null) return null;
    if (!Array.isArray(v)) return this.unreadable(key, EXPECTED.array, preview(v));
    return v;
  }

  /** Element i of a list read from `key`, as an object, or an Unreadable. */
  element(key: string, i: number, v: unknown): Fields | Unreadable {
    const path = `${this.at(key)}[${i}]`;
    if (!isPlainObject(v)) {
      const u = new Unreadable(path, EXPECTED.object, preview(v));
      this.issues.push(u);
      return u;
    }
    return new Fields(v, path, this.issues);
  }

  /** Every field not read above, as received. */
  extra(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(this.raw)) if (!this.used.has(k)) out[k] = v;
    return out;
  }
}
