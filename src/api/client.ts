/**
 * The only code in spotdash that talks HTTP: the six calls of the spec, typed
 * in and out. It validates parameters before sending, reads every response
 * into domain values (read/resources.ts: liberal in form, exact in value),
 * and turns every failure into an ApiError. It never retries: retry policy
 * belongs to the poller.
 */
import type { Dispatcher, Pool } from "undici";
import { INTERVALS, isInterval } from "../domain/rules.js";
import type { Balance, GameListing, LivePrice, PlacedPosition, ResultsPage, StatusReport } from "../domain/service-data.js";
import { describeZodIssue } from "./describe.js";
import { ApiError } from "./errors.js";
import { parseJson } from "./json.js";
import { UnusableResponse } from "./read/fields.js";
import { readBalance, readListing, readLivePrice, readPlacedPosition, readResults, readStatus } from "./read/resources.js";
import { isPlainObject, readDecimal, readText } from "./read/values.js";
import { redact, registerSecret } from "./redact.js";
import { type Network, NetworkSchema, type PlacePositionBody, PlacePositionBodySchema } from "./schemas.js";

export const API_PATH = "/v1/surge/games/";

export interface ClientOptions {
  /** METAFIDE_API_URL, e.g. https://api.metafide.io (the API path is appended). */
  url: string;
  apiKey: string;
  connectTimeoutMs?: number;
  headersTimeoutMs?: number;
  bodyTimeoutMs?: number;
  /** Sees every exchange (the --debug-log); never its key. */
  observer?: ExchangeObserver;
}

/** One request and what came of it, for the debug log. */
export interface Exchange {
  method: "GET" | "POST";
  /** Path and query, e.g. /v1/surge/games/spot?asset=BTC_USDT&interval=60. */
  path: string;
  /** The JSON body sent, if any. */
  requestBody: string | undefined;
  /** HTTP status; undefined when no answer arrived. */
  status: number | undefined;
  /** Milliseconds from start to the end of the answer (or the failure). */
  ms: number;
  responseBody: string | undefined;
  /** What went wrong at the transport level, if anything. */
  error: string | undefined;
}

export type ExchangeObserver = (exchange: Exchange) => void;

/** How a response body becomes a domain value. */
type ReadBody<T> = (json: unknown) => T;

export interface ResultsQuery {
  network: Network;
  asset?: string;
  interval?: number;
  gid?: string;
  limit?: number;
  offset?: number;
}

const MAX_ERROR_SNIPPET = 80;

/** `{url}/v1/surge/games/` with exactly one slash between the parts. */
export function apiBase(url: string): URL {
  const u = new URL(url);
  u.pathname = u.pathname.replace(/\/+$/, "") + API_PATH;
  return u;
}

export class ApiClient {
  private pool: Promise<Pool> | undefined;
  /** The timeouts only: the options also hold the key, which must stay in #apiKey. */
  private readonly timeouts: { connect: number; headers: number; body: number };
  private readonly base: URL;
  private readonly observer: ExchangeObserver | undefined;
  /** An ES private field, so that inspecting or logging the client never shows the key. */
  readonly #apiKey: string;

  constructor(opts: ClientOptions) {
    this.base = apiBase(opts.url);
    this.#apiKey = opts.apiKey;
    this.observer = opts.observer;
    registerSecret(opts.apiKey);
    this.timeouts = {
      connect: opts.connectTimeoutMs ?? 5_000,
      headers: opts.headersTimeoutMs ?? 10_000,
      body: opts.bodyTimeoutMs ?? 10_000,
    };
  }

  /** undici is loaded by the first request, so the dashboard's first frame does not wait for it (≈100 ms). */
  private connection(): Promise<Pool> {
    // The default export: a bundle split into chunks imports undici as CommonJS, with no named exports.
    this.pool ??= import("undici").then(
      ({ default: { Pool } }) =>
        new Pool(this.base.origin, {
          // The poller sends one request at a time; one kept-alive connection serves it.
          connections: 1,
          pipelining: 1,
          keepAliveTimeout: 30_000,
          connect: { timeout: this.timeouts.connect },
          headersTimeout: this.timeouts.headers,
          bodyTimeout: this.timeouts.body,
        }),
    );
    return this.pool;
  }

  get baseUrl(): string {
    return this.base.toString();
  }

  /** Closes the connection; a request still in flight is aborted (it fails as a network error), not waited for. */
  async close(): Promise<void> {
    if (this.pool !== undefined) await (await this.pool).destroy();
  }

  getSpot(q: { asset: string; interval: number }): Promise<GameListing> {
    const call = "GET /spot";
    requireAsset(call, q.asset);
    requireInterval(call, q.interval);
    return this.get(call, "spot", { asset: q.asset, interval: q.interval }, (json) => readListing(json, q));
  }

  getLivePrice(q: { asset: string }): Promise<LivePrice> {
    const call = "GET /live-price";
    requireAsset(call, q.asset);
    return this.get(call, "live-price", { asset: q.asset }, readLivePrice);
  }

  getUserBalance(q: { currency: string; network: Network }): Promise<Balance> {
    const call = "GET /user-balance";
    requireText(call, "currency", q.currency);
    requireNetwork(call, q.network);
    return this.get(call, "user-balance", { currency: q.currency, network: q.network }, readBalance);
  }

  getStatus(q: { asset: string; token: string; network: Network; interval: number }): Promise<StatusReport> {
    const call = "GET /status";
    requireAsset(call, q.asset);
    requireText(call, "token", q.token);
    requireNetwork(call, q.network);
    requireInterval(call, q.interval);
    return this.get(call, "status", { asset: q.asset, token: q.token, network: q.network, interval: q.interval }, readStatus);
  }

  getResults(q: ResultsQuery): Promise<ResultsPage> {
    const call = "GET /results";
    requireNetwork(call, q.network);
    if (q.asset !== undefined) requireAsset(call, q.asset);
    if (q.interval !== undefined) requireInterval(call, q.interval);
    if (q.gid !== undefined) requireText(call, "gid", q.gid);
    if (q.limit !== undefined && !(Number.isInteger(q.limit) && q.limit >= 1 && q.limit <= 100)) {
      throw invalid(call, "limit", `limit must be a whole number from 1 to 100, got ${String(q.limit)}`);
    }
    if (q.offset !== undefined && !(Number.isInteger(q.offset) && q.offset >= 0)) {
      throw invalid(call, "offset", `offset must be a whole number ≥ 0, got ${String(q.offset)}`);
    }
    const query: Record<string, string | number> = { network: q.network };
    for (const k of ["asset", "interval", "gid", "limit", "offset"] as const) {
      const v = q[k];
      if (v !== undefined) query[k] = v;
    }
    return this.get(call, "results", query, (json) => readResults(json, q));
  }

  /** Places a position. Never retried here; see ApiError.outcomeUnknown. */
  async placePosition(body: PlacePositionBody): Promise<PlacedPosition> {
    const call = "POST /spot";
    const checked = PlacePositionBodySchema.safeParse(body);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      const field = issue.path.join(".");
      throw invalid(call, field, `request field ${describeZodIssue(issue, body)}`);
    }
    requireInterval(call, body.it, "it");
    return this.send(call, "POST", "spot", undefined, checked.data, readPlacedPosition);
  }

  private get<T>(call: string, endpoint: string, query: Record<string, string | number>, read: ReadBody<T>): Promise<T> {
    return this.send(call, "GET", endpoint, query, undefined, read);
  }

  /** One exchange, its body read by `read`. Protected: the sim's tests read the wire strictly through it. */
  protected async send<T>(
    call: string,
    method: "GET" | "POST",
    endpoint: string,
    query: Record<string, string | number> | undefined,
    body: unknown,
    read: ReadBody<T>,
  ): Promise<T> {
    const url = new URL(endpoint, this.base);
    for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { accept: "*/*", "x-api-key": this.#apiKey };
    if (body !== undefined) headers["content-type"] = "application/json";
    const path = url.pathname + url.search;
    const requestBody = body === undefined ? undefined : JSON.stringify(body);

    let status: number;
    let responseHeaders: Record<string, string | string[] | undefined>;
    let text: string;
    const started = Date.now();
    try {
      ({ status, headers: responseHeaders, text } = await exchange(await this.connection(), { method, path, headers, body: requestBody }));
    } catch (e) {
      const err = networkError(call, method, e);
      this.observer?.({
        method,
        path,
        requestBody,
        status: undefined,
        ms: Date.now() - started,
        responseBody: undefined,
        error: err.message,
      });
      throw err;
    }
    this.observer?.({ method, path, requestBody, status, ms: Date.now() - started, responseBody: text, error: undefined });

    const parsed = parseBody(text);
    if (status >= 200 && status < 300) {
      // A POST the service accepted was applied even if we cannot read the answer.
      const unreadable = method === "POST" ? { outcomeUnknown: true } : {};
      const tail = method === "POST" ? "; the request was accepted, so its outcome is unknown" : "";
      if (parsed.kind !== "json") {
        throw new ApiError({
          kind: "schema",
          call,
          status,
          ...unreadable,
          message: `${parsed.kind === "empty" ? "response body was empty" : `response was not JSON: ${snippet(text)}`}${tail}`,
        });
      }
      try {
        return read(parsed.value);
      } catch (e) {
        if (!(e instanceof UnusableResponse)) throw e;
        throw new ApiError({
          kind: "schema",
          call,
          status,
          ...unreadable,
          fields: [e.issue.field],
          message: `response field ${e.issue.toString()}${tail}`,
        });
      }
    }
    throw statusError(call, method, status, responseHeaders, parsed);
  }
}

interface Exchanged {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * One request and its whole answer. undici's dispatch() with a handler that
 * collects the body, rather than request(), whose answer is a stream: about
 * an eighth less CPU a request, and the dashboard sends one every second.
 */
function exchange(pool: Pool, options: Dispatcher.DispatchOptions): Promise<Exchanged> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let status = 0;
    let headers: Exchanged["headers"] = {};
    pool.dispatch(options, {
      // Its presence tells undici this handler speaks the controller API, not the deprecated callbacks.
      onRequestStart() {},
      onResponseStart(_controller, statusCode, responseHeaders) {
        status = statusCode;
        headers = responseHeaders;
      },
      onResponseData(_controller, chunk) {
        chunks.push(chunk);
      },
      onResponseEnd() {
        resolve({ status, headers, text: Buffer.concat(chunks).toString("utf8") });
      },
      onResponseError(_controller, error) {
        reject(error);
      },
    });
  });
}

type Parsed = { kind: "json"; value: unknown } | { kind: "empty" } | { kind: "text"; text: string };

function parseBody(text: string): Parsed {
  if (text.trim() === "") return { kind: "empty" };
  try {
    return { kind: "json", value: parseJson(text) };
  } catch {
    return { kind: "text", text };
  }
}

function snippet(text: string): string {
  // For an HTML error page the title says it best ("502 Bad Gateway").
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1] ?? /<h1[^>]*>([^<]*)<\/h1>/i.exec(text)?.[1];
  const source = title && title.trim() !== "" ? `HTML page: ${title}` : text;
  const flat = redact(source.replace(/\s+/g, " ").trim());
  return JSON.stringify(flat.length > MAX_ERROR_SNIPPET ? `${flat.slice(0, MAX_ERROR_SNIPPET)}…` : flat);
}

function retryAfterMs(headers: Record<string, string | string[] | undefined>, resetIn: number | undefined): number | undefined {
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

function statusError(
  call: string,
  method: string,
  status: number,
  headers: Record<string, string | string[] | undefined>,
  parsed: Parsed,
): ApiError {
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

function networkError(call: string, method: string, e: unknown): ApiError {
  const code = (e as { code?: string } | null)?.code ?? "";
  const causeCode = (e as { cause?: { code?: string } } | null)?.cause?.code ?? "";
  // undici's errors by their codes: the module itself is loaded lazily (see connection()).
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

function invalid(call: string, field: string, message: string): ApiError {
  return new ApiError({ kind: "invalid", call, fields: [field], message });
}

function requireText(call: string, field: string, v: unknown): void {
  if (typeof v !== "string" || v.trim() === "") throw invalid(call, field, `${field} must not be empty`);
}

function requireAsset(call: string, asset: unknown): void {
  if (typeof asset !== "string" || !/^[A-Z0-9]+_[A-Z0-9]+$/.test(asset)) {
    throw invalid(call, "asset", `asset must look like BASE_QUOTE (e.g. BTC_USDT), got ${JSON.stringify(asset)}`);
  }
}

function requireNetwork(call: string, network: unknown): void {
  if (!NetworkSchema.safeParse(network).success) {
    throw invalid(call, "network", `network must be testnet or mainnet, got ${JSON.stringify(network)}`);
  }
}

function requireInterval(call: string, interval: unknown, field = "interval"): void {
  if (!isInterval(interval)) {
    throw invalid(
      call,
      field,
      `${field === "interval" ? "interval" : `interval (${field})`} must be one of ${INTERVALS.join(", ")}, got ${JSON.stringify(interval)}`,
    );
  }
}
