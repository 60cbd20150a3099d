import { redact } from "./redact.js";

/**
 * Typed errors for every way a call can fail. Each says which call failed and
 * what the user can do; none ever contains the API key (see redact.ts).
 */

export type ApiErrorKind =
  | "auth" // 401 / 403
  | "not_found" // 404
  | "conflict" // 409
  | "invalid" // 400 / 413 / 422 and requests we refuse to send
  | "rate_limited" // 429
  | "server" // 5xx and other unexpected statuses
  | "network" // refused, reset, timeout
  | "schema"; // the response did not match the spec

export interface ApiErrorInit {
  kind: ApiErrorKind;
  /** "GET /spot", "POST /spot", ... */
  call: string;
  message: string;
  status?: number;
  /** The server's own reason (`error` / `message` of its body), if any. */
  reason?: string;
  /** Fields the server (or our own validation) named as wrong. */
  fields?: string[];
  /** How long the server asked us to wait, from `resetIn` or `Retry-After`. */
  retryAfterMs?: number;
  /** For POST: the request may have reached the server and been applied. */
  outcomeUnknown?: boolean;
  /** The service could not be reached at all (refused, no such host, connect timeout): nothing else will get through either. */
  unreachable?: boolean;
  cause?: unknown;
}

const HINTS: Record<ApiErrorKind, string> = {
  auth: "check METAFIDE_API_KEY (generate a new key on the wallet page if it was revoked)",
  not_found: "check METAFIDE_API_URL and the asset, interval or gid",
  conflict: "change the price or stake, or wait for the next game",
  invalid: "correct the values and try again",
  rate_limited: "requests will resume when the limit resets",
  server: "the service had a problem; it will be retried",
  network: "check the connection and METAFIDE_API_URL; it will be retried",
  schema: "the service answered in a shape spotdash does not understand; report it",
};

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly call: string;
  readonly status: number | undefined;
  readonly reason: string | undefined;
  readonly fields: string[];
  readonly retryAfterMs: number | undefined;
  readonly outcomeUnknown: boolean;
  readonly unreachable: boolean;

  constructor(init: ApiErrorInit) {
    // Redacted here as well as where the text is built: whatever a caller
    // passes in, the key cannot reach the message, the stack or the JSON form.
    super(redact(`${init.call}: ${init.message}`), init.cause === undefined ? undefined : { cause: init.cause });
    this.name = "ApiError";
    this.kind = init.kind;
    this.call = init.call;
    this.status = init.status;
    this.reason = init.reason === undefined ? undefined : redact(init.reason);
    this.fields = (init.fields ?? []).map(redact);
    this.retryAfterMs = init.retryAfterMs;
    this.outcomeUnknown = init.outcomeUnknown ?? false;
    this.unreachable = init.unreachable ?? false;
  }

  /** What the user can do about it. */
  get hint(): string {
    return HINTS[this.kind];
  }

  /**
   * Whether sending the same request again later can help. A POST whose
   * outcome is unknown is never retryable: it must be reconciled instead.
   */
  get retryable(): boolean {
    if (this.outcomeUnknown) return false;
    return this.kind === "rate_limited" || this.kind === "server" || this.kind === "network";
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
