/**
 * The http room, sim/http/: the sim as a server. The server and its
 * limits, routing, the validation that turns queries and bodies into the
 * engine's typed requests, rate limits, injected faults and answers
 * rewritten in the other forms the spec leaves open. It imports the
 * engine, the feed's noise (faults and wire variants draw from it),
 * persistence's JournalError (answered 503), domain/ and api/; no other
 * room imports it.
 *
 * The server, this file: the HTTP face of the sim: node:http, the six
 * endpoints under /v1/surge/games/, JSON in and out. Order of checks: route
 * (404), method (405), key (401), rate limit (429), body (415, 413, 400,
 * 422), then the engine; limits on connections and the parser's refusals:
 * server-limits.ts. Whatever a request's handling throws, at once or once it
 * has waited, reaches one handler: bad input gets a 4xx, a bug gets a 500,
 * and the engine only changes state after a request is fully validated.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { API_PATH } from "../../api/base-url.js";
import { stringifyJson } from "../../api/json.js";
import type { Engine } from "../engine/engine.js";
import { SimError } from "../engine/errors.js";
import type { SimUser } from "../engine/users.js";
import { Prewritten } from "../engine/wire.js";
import { JournalError } from "../persistence/journal-error.js";
import { breakShape, type Fault, type FaultInjector } from "./faults.js";
import type { RateLimiter } from "./ratelimit.js";
import { type Context, type Handler, routeFor } from "./routes.js";
import { guardServer, SERVER_OPTIONS } from "./server-limits.js";
import type { WireEndpoint, WireRewriter } from "./wire-variants.js";

export const MAX_BODY_BYTES = 16 * 1024;
/** How much of an oversized body we read (and discard) before hanging up. */
const MAX_DRAIN_BYTES = 1024 * 1024;

/** What a request asks for, once its path and method are known good. */
interface Target {
  query: URLSearchParams;
  endpoint: string;
  method: string;
  handler: Handler;
}

type Injected = ReturnType<FaultInjector["next"]>;

export interface ServerDeps {
  engine: Engine;
  /** The user an accepted key belongs to. */
  authenticate: (key: string) => SimUser | undefined;
  limiter: RateLimiter;
  /** Where unexpected failures are reported (never the client's input). */
  log: (line: string) => void;
  /** Deliberate misbehaviour for reliability tests (faults.ts); none when absent. */
  faults?: FaultInjector;
  /** Answers in the forms the spec leaves open (wire-variants.ts); the spec's own when absent. */
  wire?: WireRewriter;
  /** With --data: resolves once every record written so far is on disk (persistence/journal.ts); a POST is answered only then. */
  durable?: () => Promise<void>;
  /** Open connections past this many are refused (default SERVER_LIMITS.maxConnections). */
  maxConnections?: number;
}

export function createSimServer(deps: ServerDeps): Server {
  const server = createServer(SERVER_OPTIONS, (req, res) => {
    const failed = (e: unknown) => {
      deps.log(`sim: unexpected failure: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      if (!res.headersSent) send(res, 500, { error: "Internal error", message: "the sim failed to handle this request" });
      else res.destroy();
    };
    try {
      handle(deps, req, res)?.catch(failed);
    } catch (e) {
      failed(e);
    }
  });
  guardServer(server, deps.maxConnections);
  return server;
}

/**
 * Answers one request. A read is answered within the call, with no promise
 * on its way: at tens of thousands of requests a second, each await is a
 * measurable share of a request's cost (BENCHMARKS.md, bench:sim). Only a
 * body, an fsync or an injected delay is waited for.
 */
function handle(deps: ServerDeps, req: IncomingMessage, res: ServerResponse): Promise<void> | undefined {
  const target = resolveTarget(req, res);
  if (!target) return;

  const key = req.headers["x-api-key"];
  const user = typeof key === "string" ? deps.authenticate(key) : undefined;
  if (!user || typeof key !== "string") {
    refuse(req, res, new SimError(401, "Invalid API key", "send a key the sim accepts in the x-api-key header"));
    return;
  }
  const injected = deps.faults?.next(target.method, target.endpoint);
  const proceed = () => {
    if (injected && answeredByFault(req, res, injected)) return;
    if (answeredByLimit(deps, req, res, key, target)) return;
    if (target.method === "POST") return place(deps, req, res, { target, user, injected });
    drain(req);
    return respond(deps, res, target, { user, query: target.query, body: undefined }, injected);
  };
  if (injected && injected.delayMs > 0) return new Promise((r) => setTimeout(r, injected.delayMs)).then(proceed);
  return proceed();
}

async function place(
  deps: ServerDeps,
  req: IncomingMessage,
  res: ServerResponse,
  at: { target: Target; user: SimUser; injected: Injected | undefined },
): Promise<void> {
  if (!isJson(req.headers["content-type"])) {
    const message = "send the body as JSON with content-type: application/json";
    refuse(req, res, new SimError(415, "Unsupported media type", message));
    return;
  }
  const body = await readJsonBody(req, res);
  if (body === ANSWERED) return;
  await respond(deps, res, at.target, { user: at.user, query: at.target.query, body }, at.injected);
}

/** The endpoint and handler a request names, or undefined once it has been refused (400, 404, 405). */
function resolveTarget(req: IncomingMessage, res: ServerResponse): Target | undefined {
  const parsed = parseTarget(req.url ?? "/");
  if (!parsed) {
    refuse(req, res, new SimError(400, "Bad request", "the request target is not a valid path"));
    return undefined;
  }
  const { pathname, query } = parsed;
  const path = pathname.replace(/\/+$/, "");
  const endpoint = path.startsWith(API_PATH) ? path.slice(API_PATH.length) : undefined;
  const route = endpoint === undefined ? undefined : routeFor(endpoint);
  if (!route || endpoint === undefined) {
    refuse(req, res, new SimError(404, "Not found", `no endpoint at ${pathname}; endpoints live under ${API_PATH}`));
    return undefined;
  }
  const method = req.method ?? "";
  const handler = method === "GET" || method === "POST" ? route[method] : undefined;
  if (!handler) {
    const allow = Object.keys(route).join(", ");
    res.setHeader("allow", allow);
    refuse(req, res, new SimError(405, "Method not allowed", `${method} is not allowed on ${pathname}; use ${allow}`));
    return undefined;
  }
  return { query, endpoint, method, handler };
}

/** A target with nothing for a URL to normalise: path and query characters only, no escapes, fragment, dot segments or doubled slashes. */
const PLAIN_TARGET = /^(?!.*(?:\/\.|\/\/))\/[\w\-.~!$&'()*+,;=:@/?]*$/;

/**
 * The path and query of a request target, as the URL parser reads them, or
 * undefined when it is not a valid one. A plain target, every client's, is
 * split by hand: building a URL is a measurable share of a small read.
 */
export function parseTarget(raw: string): { pathname: string; query: URLSearchParams } | undefined {
  if (PLAIN_TARGET.test(raw)) {
    const q = raw.indexOf("?");
    return q < 0
      ? { pathname: raw, query: new URLSearchParams() }
      : { pathname: raw.slice(0, q), query: new URLSearchParams(raw.slice(q)) };
  }
  try {
    const url = new URL(raw, "http://sim.invalid");
    return { pathname: url.pathname, query: url.searchParams };
  } catch {
    return undefined;
  }
}

/** True when the key is over its limit: the 429 has then been sent. */
function answeredByLimit(deps: ServerDeps, req: IncomingMessage, res: ServerResponse, key: string, target: Target): boolean {
  const limited = deps.limiter.check(key, target.method, target.endpoint, deps.engine.now());
  if (!limited) return false;
  res.setHeader("retry-after", String(limited.resetIn));
  drain(req);
  send(res, 429, { error: "Rate limit exceeded", message: "Too many requests", ...limited });
  return true;
}

/** Runs the handler and sends its answer, bent by an injected fault or the wire style; a refusal as its status. */
function respond(
  deps: ServerDeps,
  res: ServerResponse,
  target: Target,
  ctx: Context,
  injected: Injected | undefined,
): Promise<void> | undefined {
  let answer: unknown;
  try {
    answer = target.handler(deps.engine, ctx);
  } catch (e) {
    return void refusal(deps, res, e);
  }
  // A placement is acknowledged only once its record is on disk (the fsync it shares with others).
  if (target.method === "POST" && deps.durable)
    return stored(deps, res).then((ok) => void (ok && deliver(deps, res, target, answer, injected)));
  deliver(deps, res, target, answer, injected);
}

function deliver(deps: ServerDeps, res: ServerResponse, target: Target, answer: unknown, injected: Injected | undefined): void {
  const fault: Fault | null = injected?.fault ?? null;
  if (fault === "reset") return void res.socket?.destroy();
  // An answer written ahead is sent as written, unless a fault or the wire style bends it.
  const asWritten = answer instanceof Prewritten && fault !== "schema" && !deps.wire;
  const text = asWritten ? answer.text : written(deps, target, answer, injected);
  sendRaw(res, 200, fault === "malformed" ? text.slice(0, 20) : text);
}

function written(deps: ServerDeps, target: Target, answer: unknown, injected: Injected | undefined): string {
  const plain = answer instanceof Prewritten ? answer.value() : answer;
  const result = injected?.fault === "schema" ? breakShape(plain, injected.variant) : plain;
  // A rewritten answer may hold numbers written with exact digits (wire-variants.ts): only then the slower writer.
  return deps.wire
    ? stringifyJson(deps.wire.rewrite(result, target.method === "POST" ? "POST spot" : (target.endpoint as WireEndpoint)))
    : JSON.stringify(result);
}

/** A handler's refusal as its status; anything else is a bug, for the caller's 500. */
function refusal(deps: ServerDeps, res: ServerResponse, e: unknown): void {
  if (e instanceof SimError) {
    send(res, e.status, e.body());
  } else if (e instanceof JournalError) {
    deps.log(`sim: ${e.message}`);
    send(res, 503, { error: "Storage unavailable", message: "the position could not be stored durably, so it was not placed" });
  } else {
    throw e;
  }
}

/**
 * Whether what the request wrote is on disk. An fsync that failed leaves the
 * position in memory but perhaps not on disk: the client is told it is not
 * confirmed (never that it was placed), and the journal takes nothing more.
 */
async function stored(deps: ServerDeps, res: ServerResponse): Promise<boolean> {
  try {
    await deps.durable?.();
    return true;
  } catch (e) {
    deps.log(`sim: ${(e as Error).message}`);
    const message = "the position could not be confirmed as stored; the sim takes no more positions until it is restarted";
    send(res, 503, { error: "Storage unavailable", message });
    return false;
  }
}

/** A fault --faults injects in place of the answer (error, storm, hang): true when it answered, or never will. */
function answeredByFault(req: IncomingMessage, res: ServerResponse, injected: { fault: Fault | null; variant: number }): boolean {
  if (injected.fault === "error") {
    refuse(req, res, new SimError(injected.variant < 0.5 ? 500 : 503, "Injected failure", "a fault injected by --faults"));
    return true;
  }
  if (injected.fault === "storm") {
    const resetIn = 1 + Math.floor(injected.variant * 3);
    res.setHeader("retry-after", String(resetIn));
    drain(req);
    send(res, 429, { error: "Rate limit exceeded", message: "Too many requests (injected)", limit: 1, current: 2, resetIn });
    return true;
  }
  if (injected.fault === "hang") {
    drain(req);
    return true;
  }
  return false;
}

/** application/json, with or without parameters (charset=utf-8). */
function isJson(contentType: string | undefined): boolean {
  return contentType?.split(";")[0]?.trim().toLowerCase() === "application/json";
}

const ANSWERED = Symbol("answered");

/** A POST's body as JSON, or ANSWERED when it was refused (too large, not JSON) or the client went away. */
async function readJsonBody(req: IncomingMessage, res: ServerResponse): Promise<unknown> {
  const read = await readBody(req);
  if (read === "aborted") return ANSWERED;
  if (read === "too_large") {
    res.setHeader("connection", "close");
    send(res, 413, { error: "Payload too large", message: `request bodies are limited to ${MAX_BODY_BYTES} bytes` });
    return ANSWERED;
  }
  try {
    return JSON.parse(read);
  } catch {
    send(res, 400, { error: "Malformed JSON", message: "the request body is not valid JSON" });
    return ANSWERED;
  }
}

function refuse(req: IncomingMessage, res: ServerResponse, e: SimError): void {
  drain(req);
  send(res, e.status, e.body());
}

function send(res: ServerResponse, status: number, body: unknown): void {
  sendRaw(res, status, JSON.stringify(body));
}

function sendRaw(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    "cache-control": "no-store",
  });
  res.end(text);
}

/**
 * The body as text, "too_large" past MAX_BODY_BYTES (the rest is then
 * discarded), or "aborted" when the client went away mid-body.
 */
function readBody(req: IncomingMessage): Promise<string | "too_large" | "aborted"> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) {
    drain(req);
    return Promise.resolve("too_large");
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on("data", (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        over = true;
        chunks.length = 0;
        drain(req, size);
        resolve("too_large");
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (!over) resolve(Buffer.concat(chunks).toString("utf8"));
    });
    // Resolving twice is harmless: the first answer wins.
    req.on("error", () => resolve("aborted"));
    req.on("close", () => resolve("aborted"));
  });
}

/** Reads and discards what is left of a request, hanging up if it goes on too long. */
function drain(req: IncomingMessage, already = 0): void {
  let seen = already;
  req.on("data", (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > MAX_DRAIN_BYTES) req.destroy();
  });
  req.resume();
}
