/**
 * The client refuses a request it can tell is wrong before sending it: the
 * user gets an "invalid" error naming the field at once, rather than a round
 * trip and whatever the service makes of it. A POST refused here certainly
 * was not applied, which the poller relies on.
 */
import type * as z from "zod";
import { ASSET_RE, INTERVALS, isInterval } from "../domain/rules.js";
import { ApiError } from "./errors.js";
import { preview } from "./read/values.js";
import { NetworkSchema, type PlacePositionBody, PlacePositionBodySchema } from "./schemas.js";

function invalid(call: string, field: string, message: string): ApiError {
  return new ApiError({ kind: "invalid", call, fields: [field], message });
}

export function requireText(call: string, field: string, v: unknown): void {
  if (typeof v !== "string" || v.trim() === "") throw invalid(call, field, `${field} must not be empty`);
}

export function requireAsset(call: string, asset: unknown): void {
  if (typeof asset !== "string" || !ASSET_RE.test(asset)) {
    throw invalid(call, "asset", `asset must look like BASE_QUOTE (e.g. BTC_USDT), got ${JSON.stringify(asset)}`);
  }
}

export function requireNetwork(call: string, network: unknown): void {
  if (!NetworkSchema.safeParse(network).success) {
    throw invalid(call, "network", `network must be testnet or mainnet, got ${JSON.stringify(network)}`);
  }
}

export function requireInterval(call: string, interval: unknown, field = "interval"): void {
  if (!isInterval(interval)) {
    throw invalid(
      call,
      field,
      `${field === "interval" ? "interval" : `interval (${field})`} must be one of ${INTERVALS.join(", ")}, ` +
        `got ${JSON.stringify(interval)}`,
    );
  }
}

export function requireLimit(call: string, limit: number): void {
  if (!(Number.isInteger(limit) && limit >= 1 && limit <= 100)) {
    throw invalid(call, "limit", `limit must be a whole number from 1 to 100, got ${String(limit)}`);
  }
}

export function requireOffset(call: string, offset: number): void {
  if (!(Number.isInteger(offset) && offset >= 0)) {
    throw invalid(call, "offset", `offset must be a whole number ≥ 0, got ${String(offset)}`);
  }
}

/** The body as it will be sent (the schema's output), or an "invalid" error naming the first wrong field. */
export function requirePlacePositionBody(call: string, body: PlacePositionBody): PlacePositionBody {
  const checked = PlacePositionBodySchema.safeParse(body);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    const field = issue.path.join(".");
    throw invalid(call, field, `request field ${describeZodIssue(issue, body)}`);
  }
  requireInterval(call, body.it, "it");
  return checked.data;
}

/** "liveGame.open_price: expected a decimal string, received 12 (number)" */
export function describeZodIssue(issue: z.core.$ZodIssue, root: unknown): string {
  const path = formatPath(issue.path);
  const value = valueAt(root, issue.path);
  const received = value.found ? `received ${preview(value.value)}` : "field is missing";
  const expected = issue.code === "invalid_type" ? `expected ${issue.expected}` : issue.message;
  return `${path || "(root)"}: ${expected}, ${received}`;
}

function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((acc, seg) => (typeof seg === "number" ? `${acc}[${seg}]` : acc ? `${acc}.${String(seg)}` : String(seg)), "");
}

function valueAt(root: unknown, path: readonly PropertyKey[]): { found: boolean; value?: unknown } {
  let cur: unknown = root;
  for (const seg of path) {
    if (cur === null || typeof cur !== "object" || !(seg in (cur as object))) return { found: false };
    cur = (cur as Record<PropertyKey, unknown>)[seg];
  }
  return { found: true, value: cur };
}
