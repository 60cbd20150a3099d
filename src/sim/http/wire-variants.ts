/**
 * Answers in the forms the spec leaves open (`spotdash sim --wire NAME,…`):
 * the sim's own responses rewritten the way another honest implementation
 * of the spec might write them — numbers where the examples show strings and
 * the reverse, exponents, ids as numbers, flags as 0/1, fields nobody needs
 * left out, no lobby, unknown extras — plus three that a client cannot read
 * (a value it must show as "?"). The dashboard and the commands must show
 * every value the same under each tolerable variant (test/integration/
 * wire-variants.test.ts); docs/compatibility.md says what is accepted.
 *
 * Numbers are written with exact digits: a variant returns JsonNumber for a
 * number it writes (api/json.ts), and the response is serialised with
 * stringifyJson, so "67036.047800" sent as a number keeps all its digits.
 */
import { isJsonNumber, JsonNumber } from "../../api/json.js";
import { Noise } from "../feed/noise.js";

/** Where an answer comes from: the endpoint, and POST for the position POST /spot returns. */
export type WireEndpoint = "spot" | "live-price" | "user-balance" | "status" | "results" | "POST spot";

type Rewrite = (body: unknown, endpoint: WireEndpoint) => unknown;

const DECIMAL_STRINGS = new Set([
  "open_price",
  "ai_price",
  "f",
  "sp",
  "balance",
  "closing_price",
  "total_staked",
  "total_winnings",
  "net_return",
  "variance",
  "w",
  "r",
]);
const EPOCH_NUMBERS = new Set(["timestamp", "starts_at", "ends_at", "start_at", "closes_at", "end_at"]);
const ISO_STRINGS = new Set(["created_at", "settled_at", "placed_at"]);
/** The sim's own decimals: what a variant may rewrite as a number (another variant may have put text there). */
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;
const BOOLEANS = new Set(["early_precision_window", "can_place_position", "isLobby", "cm", "cancelled"]);
/** Position and balance fields no screen shows (a result position's `win` is shown: only /status's and POST's are not). */
const UNDISPLAYED = ["avatar", "username", "cmt", "tx", "p", "created_at", "pw", "c", "a", "n", "it", "id", "cm", "userId"];
const undisplayed = (k: string, endpoint: WireEndpoint) => UNDISPLAYED.includes(k) || (k === "win" && endpoint !== "results");

/** Every value of a JSON tree passed through `f(key, value)`; `undefined` drops the field. */
function mapFields(v: unknown, f: (key: string, value: unknown) => unknown): unknown {
  if (Array.isArray(v)) return v.map((x) => mapFields(x, f));
  if (v === null || typeof v !== "object" || isJsonNumber(v)) return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    const mapped = f(k, mapFields(x, f));
    if (mapped !== undefined) out[k] = mapped;
  }
  return out;
}

const numberText = (v: unknown): string | undefined => (typeof v === "number" ? String(v) : isJsonNumber(v) ? v.source : undefined);

/** "67036.047800" → "6.7036047800e4": the same value in exponent notation. */
function exponent(text: string): string {
  const neg = text.startsWith("-");
  const [int = "0", frac = ""] = (neg ? text.slice(1) : text).split(".");
  const digits = (int + frac).replace(/^0+/, "");
  if (digits === "") return "0e0";
  const lead = int.replace(/^0+/, "");
  const exp = lead.length > 0 ? lead.length - 1 : -(frac.length - frac.replace(/^0+/, "").length) - 1;
  return `${neg ? "-" : ""}${digits[0]}.${digits.slice(1) || "0"}e${exp}`;
}

export const WIRE_VARIANTS = {
  /** Decimal strings ("67036.047800") sent as JSON numbers with the same digits. */
  "decimals-as-numbers": (b) =>
    mapFields(b, (k, v) => (DECIMAL_STRINGS.has(k) && typeof v === "string" && PLAIN_DECIMAL.test(v) ? new JsonNumber(v) : v)),
  /** JSON numbers (times, intervals, ids, the price, w and r) sent as strings of their digits. */
  "numbers-as-strings": (b) => mapFields(b, (_k, v) => numberText(v) ?? v),
  /** Every decimal in exponent notation: strings stay strings, numbers stay numbers. */
  "exponent-notation": (b) =>
    mapFields(b, (k, v) => {
      if (!DECIMAL_STRINGS.has(k) && k !== "value") return v;
      if (typeof v === "string" && PLAIN_DECIMAL.test(v)) return exponent(v);
      const n = numberText(v);
      return n === undefined ? v : new JsonNumber(exponent(n));
    }),
  /** Game ids as JSON numbers. */
  "ids-as-numbers": (b) => mapFields(b, (k, v) => (k === "gid" && typeof v === "string" && /^\d+$/.test(v) ? new JsonNumber(v) : v)),
  "flags-as-numbers": (b) => mapFields(b, (k, v) => (BOOLEANS.has(k) && typeof v === "boolean" ? new JsonNumber(v ? "1" : "0") : v)),
  "flags-as-strings": (b) => mapFields(b, (k, v) => (BOOLEANS.has(k) && typeof v === "boolean" ? String(v) : v)),
  /** The fields no screen shows, null. */
  "null-undisplayed": (b, endpoint) => mapFields(b, (k, v) => (undisplayed(k, endpoint) ? null : v)),
  /** The fields no screen shows, left out (a position's st too: absent, it is taken as success). */
  "missing-undisplayed": (b, endpoint) => mapFields(b, (k, v) => (undisplayed(k, endpoint) || k === "st" ? undefined : v)),
  "no-lobby": (b) => mapFields(b, (k, v) => (k === "lobby" ? undefined : v)),
  /** closes_at and ends_at left out of the live game: its lobby carries them. */
  "lobby-carries-times": (b) =>
    mapFields(b, (k, v) =>
      k === "liveGame" && v !== null && typeof v === "object" ? { ...(v as object), closes_at: undefined, ends_at: undefined } : v,
    ),
  /** Unknown fields beside every object's own, nested ones and long numbers among them. */
  "extra-fields": (b) =>
    mapFields(b, (k, v) =>
      v !== null && typeof v === "object" && !Array.isArray(v) && !isJsonNumber(v)
        ? {
            ...(v as object),
            x_note: `extra in ${k}`,
            x_score: new JsonNumber("0.1000000000000000055511151231257827"),
            x_meta: { tags: ["a", "b"] },
          }
        : v,
    ),
  /** Epoch-ms times as ISO 8601 strings, and ISO times as epoch ms. */
  "iso-times": (b) =>
    mapFields(b, (k, v) => {
      const n = numberText(v);
      if (EPOCH_NUMBERS.has(k) && n !== undefined) return new Date(Number(n)).toISOString();
      if (ISO_STRINGS.has(k) && typeof v === "string") return new JsonNumber(String(Date.parse(v)));
      return v;
    }),
  /** w and r the other way round from the spec's note: strings in /status, a number in POST /spot. */
  "w-r-other-forms": (b, endpoint) =>
    mapFields(b, (k, v) => {
      if (k !== "w" && k !== "r") return v;
      if (endpoint === "status") return numberText(v) ?? v;
      if (endpoint === "POST spot" && typeof v === "string") return new JsonNumber(v);
      return v;
    }),
  /** Result positions' win as 1/0. */
  "win-as-numbers": (b, endpoint) =>
    endpoint === "results" ? mapFields(b, (k, v) => (k === "win" && typeof v === "boolean" ? new JsonNumber(v ? "1" : "0") : v)) : b,
  /** Results without their totals or pagination: a client derives them. */
  "no-totals": (b, endpoint) =>
    endpoint === "results"
      ? mapFields(b, (k, v) => (["total_staked", "total_winnings", "net_return", "pagination"].includes(k) ? undefined : v))
      : b,
  /** Decimal strings padded with spaces, zeros signed. */
  "padded-decimals": (b) =>
    mapFields(b, (k, v) => (DECIMAL_STRINGS.has(k) && typeof v === "string" ? ` ${/^0(\.0*)?$/.test(v) ? `-${v}` : v} ` : v)),
  /** Streak elements with their id as a number-like string and the count as a string. */
  "streaks-as-strings": (b, endpoint) =>
    endpoint === "status" && b !== null && typeof b === "object"
      ? {
          ...(b as object),
          streaks: ((b as { streaks?: unknown[] }).streaks ?? []).map((s) =>
            s !== null && typeof s === "object" ? { ...(s as object), streak: String((s as { streak: unknown }).streak) } : s,
          ),
        }
      : b,
  /** The live price without its timestamp. */
  "price-without-time": (b, endpoint) => (endpoint === "live-price" ? mapFields(b, (k, v) => (k === "timestamp" ? undefined : v)) : b),
  // ---- Values a client cannot read: shown as "?" ----
  "unreadable-ai-price": (b) => mapFields(b, (k, v) => (k === "ai_price" ? "n/a" : v)),
  "unreadable-withdrawal": (b) => mapFields(b, (k, v) => (k === "withdrawal_req" ? { state: "pending", since: "yesterday" } : v)),
  "unreadable-strike": (b, endpoint) => (endpoint === "status" ? mapFields(b, (k, v) => (k === "sp" ? "high" : v)) : b),
} satisfies Record<string, Rewrite>;

export type WireVariant = keyof typeof WIRE_VARIANTS;
export const WIRE_VARIANT_NAMES = Object.keys(WIRE_VARIANTS) as WireVariant[];
/** Variants whose values a client cannot read (the others it must read in full). */
export const UNREADABLE_VARIANTS: readonly WireVariant[] = ["unreadable-ai-price", "unreadable-withdrawal", "unreadable-strike"];
/** `--wire loose`: each answer in one tolerable variant, drawn per request (seeded). */
export const LOOSE = "loose";

export type WireStyle = readonly WireVariant[] | typeof LOOSE;

/** Rewrites the sim's answers as the style says. */
export class WireRewriter {
  private readonly noise: Noise;
  private n = 0;

  constructor(
    public style: WireStyle,
    seed: number,
  ) {
    this.noise = new Noise(seed ^ 0x3172e);
  }

  rewrite(body: unknown, endpoint: WireEndpoint): unknown {
    const variants = this.style === LOOSE ? [this.draw()] : this.style;
    return variants.reduce((b, v) => (WIRE_VARIANTS[v] as Rewrite)(b, endpoint), body);
  }

  private draw(): WireVariant {
    const tolerable = WIRE_VARIANT_NAMES.filter((v) => !UNREADABLE_VARIANTS.includes(v));
    return tolerable[this.noise.bits(++this.n, 7) % tolerable.length]!;
  }
}

/** Parses `--wire`: "loose", or names separated by commas. */
export function parseWireStyle(spec: string): { style: WireStyle } | { error: string } {
  if (spec === LOOSE) return { style: LOOSE };
  const names = spec.split(",").filter(Boolean);
  const unknown = names.find((n) => !(WIRE_VARIANT_NAMES as string[]).includes(n));
  if (unknown !== undefined || names.length === 0) {
    return { error: `--wire must be "${LOOSE}" or names from: ${WIRE_VARIANT_NAMES.join(", ")}${unknown ? ` (got "${unknown}")` : ""}` };
  }
  return { style: names as WireVariant[] };
}
