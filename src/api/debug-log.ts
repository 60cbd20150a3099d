/**
 * `--debug-log FILE` (SPOTDASH_DEBUG_LOG): every request and its answer as
 * one JSON line, for a user to attach to a bug report. Off by default.
 *
 * What a line holds: the time, method, path with query, status, duration,
 * the request body and the answer's body cut to BODY_CHARS, or the transport
 * error. What it never holds: headers (the key travels in one), the API key
 * anywhere (redact()), or a wallet address (WALLET_SHAPE, and the configured
 * one). The file is opened once, synchronously, so a path that cannot be
 * written stops spotdash at start with one line, and is made readable by its
 * owner only. Lines are written through a stream: logging never waits on the
 * disk, and if the disk falls far behind, lines are dropped and counted
 * rather than held in memory without bound.
 */
import { createWriteStream, fchmodSync, openSync, type WriteStream } from "node:fs";
import type { Exchange, ExchangeObserver } from "./client.js";
import { redact } from "./redact.js";

/** Enough for any /spot, /status or balance answer, and the start of a long results page. */
export const BODY_CHARS = 4_096;
const WALLET_SHAPE = /0x[0-9a-fA-F]{40}/g;
export const WALLET_REDACTED = "[wallet]";
/** How much may wait for the disk before lines are dropped. */
const MAX_BACKLOG_BYTES = 4 * 1024 * 1024;

export interface DebugLog {
  observer: ExchangeObserver;
  close(): Promise<void>;
}

/** Opens (appends to) the log; throws a clear Error when the file cannot be written. */
export function openDebugLog(path: string, wallet: string | undefined): DebugLog {
  let fd: number;
  try {
    fd = openSync(path, "a", 0o600);
    fchmodSync(fd, 0o600);
  } catch (e) {
    throw new Error(`cannot write the debug log ${path} (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  const stream: WriteStream = createWriteStream("", { fd });
  stream.on("error", () => undefined);
  let dropped = 0;
  const scrub = (text: string) => {
    let out = redact(text).replace(WALLET_SHAPE, WALLET_REDACTED);
    if (wallet) out = out.split(wallet).join(WALLET_REDACTED);
    return out;
  };
  const observer = (x: Exchange) => {
    if (stream.writableLength > MAX_BACKLOG_BYTES) {
      dropped++;
      return;
    }
    const line = { ...logLine(x, scrub), ...(dropped > 0 ? { dropped_before: dropped } : {}) };
    dropped = 0;
    stream.write(`${JSON.stringify(line)}\n`);
  };
  return {
    observer,
    close: () => new Promise<void>((resolve) => stream.end(resolve)),
  };
}

/** One exchange as a log line (exported for its tests). */
export function logLine(x: Exchange, scrub: (text: string) => string): Record<string, unknown> {
  const line: Record<string, unknown> = {
    t: new Date().toISOString(),
    method: x.method,
    path: scrub(x.path),
    status: x.status ?? null,
    ms: x.ms,
  };
  if (x.requestBody !== undefined) line.request = cut(scrub(x.requestBody));
  if (x.responseBody !== undefined) {
    line.response = cut(scrub(x.responseBody));
    if (x.responseBody.length > BODY_CHARS) line.response_chars = x.responseBody.length;
  }
  if (x.error !== undefined) line.error = scrub(x.error);
  return line;
}

function cut(text: string): string {
  return text.length > BODY_CHARS ? `${text.slice(0, BODY_CHARS)}…` : text;
}
