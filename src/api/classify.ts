/**
 * How a failed exchange becomes an ApiError: which kind, whether it is worth
 * retrying, whether a POST may have been applied, and what the server said.
 * Kept apart from errors.ts, which stays the small home of the type that the
 * poller and the UI import; this reading of statuses, headers, error bodies
 * and transport codes concerns only the client.
 */
import { ApiError } from "./errors.js";
import { parseJson } from "./json.js";
import type { UnusableResponse } from "./read/fields.js";
import { isPlainObject, readDecimal, readText } from "./read/values.js";
import { redact } from "./redact.js";

export type Parsed = { kind: "json"; value: unknown } | { kind: "empty" } | { kind: "text"; text: string };

export type ResponseHeaders = Record<string, string | string[] | undefined>;

export function parseBody(text: string): Parsed {
  if (text.trim() === "") return { kind: "empty" };
  try {
    return { kind: "json", value: parseJson(text) };
  } catch {
    return { kind: "text", text };
  }
}

const MAX_ERROR_SNIPPET = 80;

function snippet(text: string): string {
  // For an HTML error page the title says it best ("502 Bad Gateway").
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1] ?? /<h1[^>]*>([^<]*)<\/h1>/i.exec(text)?.[1];
  const source = title && title.trim() !== "" ? `HTML page: ${title}` : text;
  const flat = redact(source.replace(/\s+/g, " ").trim());
  return JSON.stringify(flat.length > MAX_ERROR_SNIPPET ? `${flat.slice(0, MAX_ERROR_SNIPPET)}…` : flat);
}

/** A 2xx answer that is not JSON at all. */
export function unreadableError(call: string, method: string, status: number, parsed: Exclude<Parsed, { kind: "json" }>): ApiError {
  const what = parsed.kind === "empty" ? "response body was empty" : `response was not JSON: ${snippet(parsed.text)}`;
  return acceptedButUnread(call, method, status, [], what);
}

/** A 2xx answer whose JSON the readers could not use. */
export function unusableError(call: string, method: string, status: number, e: UnusableResponse): ApiError {
  return acceptedButUnread(call, method, status, [e.issue.field], `response field ${e.issue.toString()}`);
}

function acceptedButUnread(call: string, method: string, status: number, fields: string[], what: string): ApiError {
  // A POST the service accepted was applied even if we cannot read the answer.
  const unreadable = method === "POST" ? { outcomeUnknown: true } : {};
  const tail = method === "POST" ? "; the request was accepted, so its outcome is unknown" : "";
  return new ApiError({ kind: "schema", call, status, ...unreadable, fields, message: `${what}${tail}` });
}

function retryAfterMs(headers: ResponseHeaders, resetIn: number | undefined): number | undefined {
  if (resetIn !== undefined && Number.isFinite(resetIn) && resetIn >= 0) return Math.ceil(resetIn * 1000);
  const raw = headers["retry-after"];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

const MAX_REASON = 200;

/**
 * What an error body says. The spec does not show its shape, so it is read
 * leniently, like every other response: a gateway's `{"message": ...}`, a
 * `resetIn` sent as a string, `fields` as an object all yield what they say.
 */
function readErrorBody(parsed: Parsed): { reason?: string; fields?: string[]; resetIn?: number } {
  if (parsed.kind !== "json" || !isPlainObject(parsed.value)) return {};
  const raw = parsed.value;
  const said = (v: unknown) => {
    const t = readText(v)?.trim();
    return t === undefined || t === "" ? undefined : t;
  };
  const error = said(raw.error);
  const message = said(raw.message);
  let reason = error && message && message !== error ? `${error}: ${message}` : (error ?? message);
  if (reason !== undefined) {
    reason = redact(reason.replace(/\s+/g, " "));
    if (reason.length > MAX_REASON) reason = `${reason.slice(0, MAX_REASON)}…`;
  }
  let fields: string[] | undefined;
  if (Array.isArray(raw.fields)) fields = raw.fields.filter((f): f is string => typeof f === "string");
  else if (isPlainObject(raw.fields)) fields = Object.keys(raw.fields);
  const resetIn = readDecimal(raw.resetIn)?.toNumber();
  return { reason, fields: fields?.map(redact), resetIn: resetIn !== undefined && resetIn >= 0 ? resetIn : undefined };
}

/** An answer with a status outside 2xx. */
export function statusError(call: string, method: string, status: number, headers: ResponseHeaders, parsed: Parsed): ApiError {
  const body = readErrorBody(parsed);
  const reason = body.reason;
  const said = reason ? ` (${reason})` : "";
  const common = { call, status, reason, fields: body.fields };

  if (status === 401 || status === 403) {
    return new ApiError({ ...common, kind: "auth", message: `the service refused the API key, status ${status}${said}` });
  }
  if (status === 404) return new ApiError({ ...common, kind: "not_found", message: `not found, status 404${said}` });
  if (status === 409) return new ApiError({ ...common, kind: "conflict", message: `rejected as a conflict, status 409${said}` });
  if (status === 429) {
    const wait = retryAfterMs(headers, body.resetIn);
    const when = wait === undefined ? "" : `; resets in ${Math.ceil(wait / 1000)} s`;
    return new ApiError({ ...common, kind: "rate_limited", retryAfterMs: wait, message: `rate limited, status 429${said}${when}` });
  }
  // Any other 4xx (400, 405, 413, 422, ...) says the request itself was wrong: sending it again will not help.
  if (status >= 400 && status < 500) {
    return new ApiError({ ...common, kind: "invalid", message: `the service rejected the request, status ${status}${said}` });
  }
  const what = parsed.kind === "text" ? `: ${snippet(parsed.text)}` : said;
  // A POST that failed on the server side may still have been applied.
  const outcomeUnknown = method === "POST" && status >= 500;
  const tail = outcomeUnknown ? "; the position may have been placed, so its outcome is unknown" : "";
  return new ApiError({
    ...common,
    kind: "server",
    outcomeUnknown,
    retryAfterMs: retryAfterMs(headers, undefined),
    message: `the service failed, status ${status}${what}${tail}`,
  });
}

const CONNECT_FAILURES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_CONNECT_TIMEOUT"]);

/** No answer arrived: the transport failed before or during the exchange. */
export function networkError(call: string, method: string, e: unknown): ApiError {
  const code = (e as { code?: string } | null)?.code ?? "";
  const causeCode = (e as { cause?: { code?: string } } | null)?.cause?.code ?? "";
  // undici's errors by their codes: the client loads the module itself lazily.
  const notSent = CONNECT_FAILURES.has(code) || CONNECT_FAILURES.has(causeCode);
  let what: string;
  if (code === "UND_ERR_CONNECT_TIMEOUT") what = "timed out connecting";
  else if (code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT") what = "timed out waiting for the response";
  else if (code === "ECONNREFUSED" || causeCode === "ECONNREFUSED") what = "connection refused";
  else if (code === "ECONNRESET" || causeCode === "ECONNRESET" || code === "UND_ERR_SOCKET") what = "connection reset";
  else what = redact(e instanceof Error ? e.message : String(e));
  const outcomeUnknown = method === "POST" && !notSent;
  const tail = outcomeUnknown ? " after the request may have been received; its outcome is unknown" : "";
  return new ApiError({ kind: "network", call, message: `${what}${tail}`, outcomeUnknown, unreachable: notSent });
}
