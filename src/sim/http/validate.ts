/**
 * Request parsing: raw query strings and JSON bodies → typed requests, or a
 * 422 that names every offending field and what it must be. Shapes come from
 * the wire schemas; the sim adds its own domain checks (known asset,
 * currency and interval, positive amounts, the interval's minimum stake).
 */
import { NETWORKS, type Network, NetworkSchema, PlacePositionBodySchema } from "../../api/schemas.js";
import { Decimal, toWire } from "../../domain/money.js";
import { INTERVALS, type Interval, isInterval, MAX_AMOUNT, MONEY_DECIMALS, minStake, PRICE_DECIMALS } from "../../domain/rules.js";
import { invalidFields, SimError } from "../engine/errors.js";
import { ASSETS, type Asset, CURRENCY, isAsset } from "../engine/markets.js";
import type { PlaceRequest, ResultsRequest } from "../engine/requests.js";

export const RESULTS_LIMIT = { min: 1, max: 100, default: 20 } as const;

type Problem = readonly [field: string, problem: string];

const MUST: Record<keyof PlaceRequest, string> = {
  gid: "must be the live game's gid from GET /spot (a string of digits)",
  c: `must be ${CURRENCY}`,
  a: `must be one of ${ASSETS.join(", ")}`,
  sp: `must be a positive decimal string with at most ${PRICE_DECIMALS} decimals`,
  f: `must be a positive decimal string with at most ${MONEY_DECIMALS} decimals`,
  pw: "must be a wallet address (0x and 40 hex digits)",
  n: `must be ${NETWORKS.join(" or ")}`,
  it: `must be one of ${INTERVALS.join(", ")} (a JSON number)`,
};

const FIELDS = Object.keys(MUST) as Array<keyof PlaceRequest>;

export function parsePlaceBody(body: unknown): PlaceRequest {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new SimError(422, "Invalid request", `body must be a JSON object with ${FIELDS.join(", ")}`, [...FIELDS]);
  }
  const raw = body as Record<string, unknown>;
  const problems: Problem[] = [];
  const shape = PlacePositionBodySchema.shape;
  for (const field of FIELDS) {
    if (raw[field] === undefined) problems.push([field, "missing"]);
    else if (!shape[field].safeParse(raw[field]).success || !domainOk(field, raw[field])) problems.push([field, MUST[field]]);
  }
  if (problems.length > 0) throw invalidFields(problems);

  const req: PlaceRequest = {
    gid: raw.gid as string,
    c: raw.c as string,
    a: raw.a as Asset,
    sp: new Decimal(raw.sp as string),
    f: new Decimal(raw.f as string),
    pw: raw.pw as string,
    n: raw.n as Network,
    it: raw.it as Interval,
  };
  const min = minStake(req.it);
  if (req.f.lt(min)) {
    throw new SimError(422, "Stake below minimum", `f: the minimum stake for ${req.it} s games is ${toWire(min)} ${req.c}`, ["f"]);
  }
  return req;
}

function domainOk(field: keyof PlaceRequest, v: unknown): boolean {
  switch (field) {
    case "gid":
      return /^\d+$/.test(v as string);
    case "c":
      return v === CURRENCY;
    case "a":
      return isAsset(v);
    case "sp":
      return positiveAmount(v as string, PRICE_DECIMALS);
    case "f":
      return positiveAmount(v as string, MONEY_DECIMALS);
    case "pw":
      return /^0x[0-9a-fA-F]{40}$/.test(v as string);
    case "n":
      return true;
    case "it":
      return isInterval(v);
  }
}

function positiveAmount(s: string, decimals: number): boolean {
  const d = new Decimal(s);
  return d.gt(0) && d.lt(MAX_AMOUNT) && d.decimalPlaces() <= decimals;
}

// ---- query strings ------------------------------------------------------------

/** Reads named parameters, collecting every problem before refusing. */
class QueryReader {
  readonly problems: Problem[] = [];

  constructor(private readonly q: URLSearchParams) {}

  private raw(name: string, required: boolean): string | undefined {
    const v = this.q.get(name);
    if (v === null || v === "") {
      if (required) this.problems.push([name, "missing"]);
      return undefined;
    }
    return v;
  }

  asset(required = true): Asset | undefined {
    const v = this.raw("asset", required);
    if (v === undefined) return undefined;
    if (isAsset(v)) return v;
    this.problems.push(["asset", MUST.a]);
    return undefined;
  }

  interval(required = true): Interval | undefined {
    const v = this.raw("interval", required);
    if (v === undefined) return undefined;
    const n = /^\d+$/.test(v) ? Number(v) : NaN;
    if (isInterval(n)) return n;
    this.problems.push(["interval", `must be one of ${INTERVALS.join(", ")}`]);
    return undefined;
  }

  network(): Network | undefined {
    const v = this.raw("network", true);
    if (v === undefined) return undefined;
    const parsed = NetworkSchema.safeParse(v);
    if (parsed.success) return parsed.data;
    this.problems.push(["network", MUST.n]);
    return undefined;
  }

  currency(name: string): string | undefined {
    const v = this.raw(name, true);
    if (v === undefined) return undefined;
    if (v === CURRENCY) return v;
    this.problems.push([name, MUST.c]);
    return undefined;
  }

  integer(name: string, min: number, max: number): number | undefined {
    const v = this.raw(name, false);
    if (v === undefined) return undefined;
    const n = /^\d+$/.test(v) ? Number(v) : NaN;
    if (Number.isSafeInteger(n) && n >= min && n <= max) return n;
    this.problems.push([
      name,
      max === Number.MAX_SAFE_INTEGER ? `must be a whole number ≥ ${min}` : `must be a whole number from ${min} to ${max}`,
    ]);
    return undefined;
  }

  text(name: string): string | undefined {
    return this.raw(name, false);
  }

  /** The parsed values, once nothing is wrong. */
  done<T>(values: T): T {
    if (this.problems.length > 0) throw invalidFields(this.problems);
    return values;
  }
}

export function parseSpotQuery(q: URLSearchParams): { asset: Asset; interval: Interval } {
  const r = new QueryReader(q);
  const asset = r.asset();
  const interval = r.interval();
  return r.done({ asset: asset!, interval: interval! });
}

export function parseLivePriceQuery(q: URLSearchParams): { asset: Asset } {
  const r = new QueryReader(q);
  const asset = r.asset();
  return r.done({ asset: asset! });
}

export function parseBalanceQuery(q: URLSearchParams): { currency: string; network: Network } {
  const r = new QueryReader(q);
  const currency = r.currency("currency");
  const network = r.network();
  return r.done({ currency: currency!, network: network! });
}

export function parseStatusQuery(q: URLSearchParams): { asset: Asset; token: string; network: Network; interval: Interval } {
  const r = new QueryReader(q);
  const asset = r.asset();
  const token = r.currency("token");
  const network = r.network();
  const interval = r.interval();
  return r.done({ asset: asset!, token: token!, network: network!, interval: interval! });
}

export function parseResultsQuery(q: URLSearchParams): ResultsRequest {
  const r = new QueryReader(q);
  const network = r.network();
  const asset = r.asset(false);
  const interval = r.interval(false);
  const gid = r.text("gid");
  const limit = r.integer("limit", RESULTS_LIMIT.min, RESULTS_LIMIT.max);
  const offset = r.integer("offset", 0, Number.MAX_SAFE_INTEGER);
  return r.done({
    network: network!,
    asset,
    interval,
    gid,
    limit: limit ?? RESULTS_LIMIT.default,
    offset: offset ?? 0,
  });
}
