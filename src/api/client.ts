/**
 * The only code in spotdash that talks HTTP: the six calls of the spec, typed
 * in and out. It validates parameters before sending (params.ts), reads every
 * response into domain values (read/resources.ts: liberal in form, exact in
 * value), and turns every failure into an ApiError (classify.ts). It never
 * retries: retry policy belongs to the poller.
 */
import type { Dispatcher, Pool } from "undici";
import type { Balance, GameListing, LivePrice, PlacedPosition, ResultsPage, StatusReport } from "../domain/service-data.js";
import { apiBase } from "./base-url.js";
import { networkError, parseBody, type ResponseHeaders, statusError, unreadableError, unusableError } from "./classify.js";
import {
  requireAsset,
  requireInterval,
  requireLimit,
  requireNetwork,
  requireOffset,
  requirePlacePositionBody,
  requireText,
} from "./params.js";
import { UnusableResponse } from "./read/fields.js";
import { readBalance, readListing, readLivePrice, readPlacedPosition, readResults, readStatus } from "./read/resources.js";
import { registerSecret } from "./redact.js";
import type { Network, PlacePositionBody } from "./schemas.js";

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

/** When an exchange's request went out and its answer began, in local ms (poller/spacing.ts paces by them). */
export interface ExchangeTimes {
  /** Its request was written to a connected socket; undefined when it never was (no connection, say). */
  sentAt: number | undefined;
  /** The answer's status line arrived; undefined when none did. */
  answeredAt: number | undefined;
}

/**
 * A client's last exchange times if they are of a request written at or
 * after `since` (the start of the one asked about); earlier ones are
 * another request's: the one asked about sent nothing, or never reached a
 * socket.
 */
export function writtenSince(times: ExchangeTimes | undefined, since: number): ExchangeTimes | undefined {
  return times?.sentAt !== undefined && times.sentAt >= since ? times : undefined;
}

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

export class ApiClient {
  private pool: Promise<Pool> | undefined;
  /** The timeouts only: the options also hold the key, which must stay in #apiKey. */
  private readonly timeouts: { connect: number; headers: number; body: number };
  private readonly base: URL;
  private readonly observer: ExchangeObserver | undefined;
  /** An ES private field, so that inspecting or logging the client never shows the key. */
  readonly #apiKey: string;
  #lastTimes: ExchangeTimes | undefined;

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

  /**
   * The connection, made by the first request. Only undici's Pool is loaded
   * (lib/dispatcher/pool.js and what it needs: about 35 ms here), not its
   * whole index (fetch, websockets, caches: about 105 ms): exchange() needs
   * nothing but dispatch().
   */
  private connection(): Promise<Pool> {
    // The default export: the module is CommonJS (module.exports = Pool).
    this.pool ??= import("undici/lib/dispatcher/pool.js").then(
      ({ default: Pool }) =>
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

  /**
   * The last exchange's times, for whoever paces the requests it sends one
   * at a time (the poller): when the request went out, after the
   * connection was made, is when it left for the service.
   */
  get lastExchange(): ExchangeTimes | undefined {
    return this.#lastTimes;
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
    if (q.limit !== undefined) requireLimit(call, q.limit);
    if (q.offset !== undefined) requireOffset(call, q.offset);
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
    const checked = requirePlacePositionBody(call, body);
    return this.send(call, "POST", "spot", undefined, checked, readPlacedPosition);
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
    let responseHeaders: ResponseHeaders;
    let text: string;
    const started = Date.now();
    const times: ExchangeTimes = { sentAt: undefined, answeredAt: undefined };
    this.#lastTimes = times;
    try {
      ({
        status,
        headers: responseHeaders,
        text,
      } = await exchange(await this.connection(), { method, path, headers, body: requestBody }, times));
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
    if (status < 200 || status >= 300) throw statusError(call, method, status, responseHeaders, parsed);
    if (parsed.kind !== "json") throw unreadableError(call, method, status, parsed);
    try {
      return read(parsed.value);
    } catch (e) {
      if (!(e instanceof UnusableResponse)) throw e;
      throw unusableError(call, method, status, e);
    }
  }
}

interface Exchanged {
  status: number;
  headers: ResponseHeaders;
  text: string;
}

/**
 * One request and its whole answer. undici's dispatch() with a handler that
 * collects the body, rather than request(), whose answer is a stream: about
 * an eighth less CPU a request, and the dashboard sends one every second.
 */
function exchange(pool: Pool, options: Dispatcher.DispatchOptions, times: ExchangeTimes): Promise<Exchanged> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let status = 0;
    let headers: Exchanged["headers"] = {};
    pool.dispatch(options, {
      // Called on a connected socket just before the request is written (undici's client-h1 writeH1). Its
      // presence also tells undici this handler speaks the controller API, not the deprecated callbacks.
      onRequestStart() {
        times.sentAt = Date.now();
      },
      onResponseStart(_controller, statusCode, responseHeaders) {
        times.answeredAt = Date.now();
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
