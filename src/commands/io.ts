/**
 * Where a command writes, and how its failures leave: one line on stderr
 * (a JSON object with --json) and an exit code.
 *
 *   0 success
 *   1 usage or configuration error (nothing was sent, or nothing should be)
 *   2 the service refused (its reason is passed on)
 *   3 the service could not be reached, or gave no usable answer
 *   4 auto: the strategy stopped itself (a limit, a refusal it cannot get past)
 */
import { type ApiError, type ApiErrorKind, isApiError } from "../api/errors.js";
import { stringifyJson } from "../api/json.js";
import { oneLine, redact } from "../api/redact.js";
import { ConfigError } from "../config/errors.js";
import type { Backend } from "../open-backend.js";
import { UsageError } from "./args.js";

export const EXIT = { ok: 0, usage: 1, refused: 2, unreachable: 3, stopped: 4 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export interface Writable {
  write(text: string): unknown;
}

export interface CommandIO {
  stdout: Writable;
  stderr: Writable;
  /** Aborted on SIGINT / SIGTERM: `watch` then stops and exits 0. */
  signal?: AbortSignal;
  /** Called at every request start (tests check the spacing). */
  onRequest?: (at: number) => void;
  /** The sim the command talks to, named in every JSON document it prints; none against the service. */
  sim?: Backend["simInfo"];
}

export type FailureKind = "usage" | "config" | "refused" | ApiErrorKind;

/** A failure the command reports and exits with. */
export class CommandFailure extends Error {
  constructor(
    message: string,
    readonly kind: FailureKind,
    readonly exit: ExitCode,
    readonly reason?: string,
  ) {
    super(message);
    this.name = "CommandFailure";
  }
}

/** Exit code for an error from the client or the poller. */
export function exitForApiKind(kind: ApiErrorKind): ExitCode {
  switch (kind) {
    case "auth":
    case "not_found":
    case "conflict":
    case "invalid":
    case "rate_limited":
      return EXIT.refused;
    case "network":
    case "server":
    case "schema":
      return EXIT.unreachable;
  }
}

export function fromApiError(e: ApiError): CommandFailure {
  const hint = e.kind === "network" ? "; check the connection and METAFIDE_API_URL" : "";
  return new CommandFailure(`${e.message}${hint}`, e.kind, exitForApiKind(e.kind), e.reason);
}

/** Any error → the failure to report. Unknown errors count as usage/config (1) only when they are ours. */
export function toFailure(e: unknown): CommandFailure {
  if (e instanceof CommandFailure) return e;
  if (isApiError(e)) return fromApiError(e);
  if (e instanceof UsageError) return new CommandFailure(e.message, "usage", EXIT.usage);
  if (e instanceof ConfigError) return new CommandFailure(e.message, "config", EXIT.usage);
  const text = e instanceof Error ? e.message : String(e);
  return new CommandFailure(`unexpected error: ${text}`, "config", EXIT.usage);
}

/** Writes the failure as one redacted line and returns its exit code. */
export function report(io: CommandIO, json: boolean, failure: CommandFailure): ExitCode {
  const message = oneLine(redact(failure.message));
  if (json) {
    const obj: Record<string, unknown> = { error: message, kind: failure.kind, exit: failure.exit };
    if (failure.reason !== undefined) obj.reason = oneLine(redact(failure.reason));
    io.stderr.write(`${JSON.stringify(obj)}\n`);
  } else {
    io.stderr.write(`spotdash: ${message}\n`);
  }
  return failure.exit;
}

/** A JSON document for stdout: with `sim` naming the sim when it is one, so a script cannot take it for the service. */
export function jsonLine(io: CommandIO, value: object): string {
  return stringifyJson(io.sim ? { ...value, sim: io.sim } : value);
}

/** stdout, redacted (nothing we print should hold the key, but make sure). */
export function out(io: CommandIO, text: string): void {
  io.stdout.write(`${redact(text)}\n`);
}
