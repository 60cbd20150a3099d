/**
 * `spotdash book [--json]`: every game held across the markets (asset ×
 * interval) the book looks through, once. The dashboard's poller with its
 * book, run until the discovery pass has asked every market and each held
 * game's times, positions and price are known (or BOOK_TIMEOUT_MS has
 * passed: then what is known, and on stderr what is missing). Also the rows'
 * lines for `watch --book` (BookTracker).
 */
import { stringifyJson } from "../api/json.js";
import { moneyJson } from "../api/spec-form.js";
import type { Config } from "../config/config.js";
import { type BookRow, bookSummary, heldGids, type Market, marketKey, marketLabel, projectedNet } from "../domain/book.js";
import {
  alignDecimals,
  formatAge,
  formatCountdown,
  formatDistance,
  formatMoneyExact,
  formatPercent,
  plural,
  shortGid,
} from "../domain/format.js";
import { type Decimal, toWire } from "../domain/money.js";
import { isReadable, type Unreadable } from "../domain/service-data.js";
import { bookOptions } from "../poller/book-watch.js";
import type { Poller } from "../poller/poller.js";
import { bookOf, focusedMarket, type Snapshot } from "../poller/snapshot.js";
import type { CommandArgs } from "./args.js";
import type { CommandBackend } from "./backend.js";
import { CommandFailure, type CommandIO, EXIT, jsonLine, out } from "./io.js";
import { readOnlyPoller } from "./read-poller.js";

/** How long `book` waits for the discovery pass (about 15–35 s at 1 request/s) before printing what it has. */
export const BOOK_TIMEOUT_MS = 90_000;

export interface BookContext {
  config: Config;
  args: CommandArgs;
  backend: CommandBackend;
  io: CommandIO;
}

export async function bookCommand(ctx: BookContext, timeoutMs = BOOK_TIMEOUT_MS): Promise<void> {
  const { config, args, backend, io } = ctx;
  const poller = readOnlyPoller(ctx, bookOptions(config, backend.sim));
  const missing = () => bookMissing(poller.snapshot, poller.bookUndiscovered());
  const why = await waitForBook(poller, io, timeoutMs, () => missing().length === 0);
  const s = poller.snapshot;
  const c = s.connection;
  if (c.state === "unauthorized") throw new CommandFailure(`book: ${c.reason}`, "auth", EXIT.refused);
  if (why !== "done" && s.lastOkAt === undefined) {
    const reason = "reason" in c ? c.reason : "no answer yet";
    throw new CommandFailure(
      `book: the service gave no answer (${reason}); check the connection and METAFIDE_API_URL`,
      "network",
      EXIT.unreachable,
    );
  }
  if (why !== "done") warnMissing(io, args.json, why === "timeout" ? `after ${Math.round(timeoutMs / 1000)} s` : "interrupted", missing());
  printBook(ctx, bookOf(s, poller.serverNow()), why === "done");
}

type WaitEnd = "done" | "timeout" | "aborted" | "failed";

/**
 * Runs the poller until `complete()` holds after an answer, the time is up,
 * the signal aborts, the key is refused, or the service cannot be reached
 * before its first answer (as a one-shot read fails at once; later outages
 * are waited out like the poller does).
 */
async function waitForBook(poller: Poller, io: CommandIO, timeoutMs: number, complete: () => boolean): Promise<WaitEnd> {
  let finish!: (why: WaitEnd) => void;
  const done = new Promise<WaitEnd>((resolve) => (finish = resolve));
  const unsubscribe = poller.store.subscribe(() => {
    const s = poller.snapshot;
    if (s.connection.state === "unauthorized" || (s.connection.state === "offline" && s.lastOkAt === undefined)) finish("failed");
    else if (complete()) finish("done");
  });
  const timer = setTimeout(() => finish("timeout"), timeoutMs);
  const onAbort = () => finish("aborted");
  io.signal?.addEventListener("abort", onAbort, { once: true });
  if (io.signal?.aborted) finish("aborted");
  poller.start();
  try {
    return await done;
  } finally {
    poller.stop();
    unsubscribe();
    clearTimeout(timer);
    io.signal?.removeEventListener("abort", onAbort);
  }
}

/**
 * What the book still lacks: markets the discovery pass has not asked (or
 * whose answer failed), the focused market's positions and listing, and
 * each held market's listing (its games' times) and asset price (the
 * distance). Empty when the book is complete.
 */
export function bookMissing(s: Snapshot, undiscovered: readonly Market[]): string[] {
  const missing: string[] = [];
  const focused = marketLabel(s.target);
  if (s.status === undefined) missing.push(`${focused}: positions`);
  if (s.listing === undefined) missing.push(`${focused}: listing`);
  for (const m of undiscovered) missing.push(`${marketLabel(m)}: not looked at yet`);
  const priced = new Set([...Object.keys(s.book.prices), ...(s.price ? [s.target.asset] : [])]);
  const key = marketKey(s.target);
  const others = Object.entries(s.book.markets).flatMap(([k, m]) => (k === key ? [] : [m]));
  for (const m of [focusedMarket(s), ...others]) {
    const label = marketLabel(m.market);
    const error = "error" in m && typeof m.error === "string" ? m.error : undefined;
    // A market asked whose answer failed: nothing more will come of it before the next discovery pass.
    if (m.status === undefined && error !== undefined) missing.push(`${label}: ${error}`);
    if (heldGids(m).length === 0) continue;
    if (m.listing === undefined) missing.push(`${label}: listing${error === undefined ? "" : ` (${error})`}`);
    if (!priced.has(m.market.asset)) missing.push(`${m.market.asset}: live price`);
  }
  return [...new Set(missing)];
}

function warnMissing(io: CommandIO, json: boolean, when: string, missing: readonly string[]): void {
  const message = `book: ${when}, still missing ${missing.join("; ")}; printed what is known`;
  io.stderr.write(json ? `${stringifyJson({ warning: message, missing })}\n` : `spotdash: ${message}\n`);
}

function printBook(ctx: BookContext, rows: readonly BookRow[], complete: boolean): void {
  const { config, args, io } = ctx;
  if (args.json) {
    for (const r of rows) out(io, jsonLine(io, bookRowJson(r)));
    out(io, jsonLine(io, bookSummaryJson(rows)));
    return;
  }
  if (rows.length === 0) {
    const { assets, intervals } = bookOptions(config, ctx.backend.sim);
    const markets = `${plural(assets.length * intervals.length, "market")}: ${assets.join(", ")}`;
    out(io, complete ? `no games held (looked through ${markets})` : `no games found so far (looked through part of ${markets})`);
    return;
  }
  out(io, [...bookTable(rows, config.ascii), bookSummary(rows, config.currency)].join("\n"));
}

// ---- JSON -----------------------------------------------------------------------

export function bookRowJson(r: BookRow): Record<string, unknown> & { type: "book" } {
  return {
    type: "book",
    asset: r.market.asset,
    interval: r.market.interval,
    gid: r.gid,
    focused: r.focused,
    closes_in_ms: r.closesIn,
    ends_in_ms: r.endsIn,
    ended: r.ended,
    positions: r.count,
    staked: moneyJson(r.staked),
    projected_winnings: moneyJson(r.projected),
    return_pct: r.returnPct === null || !isReadable(r.returnPct) ? null : toWire(r.returnPct.toDecimalPlaces(6)),
    distance: r.distance === undefined ? null : toWire(r.distance),
    age_ms: r.age ?? null,
  };
}

/** The whole book: projected_net is the games not ended's projected winnings minus their stakes, null while one is unknown. */
export interface BookSummaryJson {
  type: "book_summary";
  games: number;
  positions: number;
  projected_net: string | null;
}

export function bookSummaryJson(rows: readonly BookRow[]): BookSummaryJson {
  const open = rows.filter((r) => !r.ended);
  const net = projectedNet(open);
  return {
    type: "book_summary",
    games: rows.length,
    positions: rows.reduce((n, r) => n + r.count, 0),
    // No open game: nothing projected, not an unknown projection.
    projected_net: net !== undefined ? toWire(net) : open.length === 0 ? "0" : null,
  };
}

// ---- for people -----------------------------------------------------------------

const HEADERS = ["GAME", "CLOSES IN", "ENDS IN", "POS", "STAKE", "PROJ.GROSS", "RETURN", "PRICE−NEAREST", "AGE"] as const;

function cells(r: BookRow, ascii: boolean): string[] {
  const none = ascii ? "-" : "—";
  const countdown = (ms: number | null, passed: string) =>
    r.ended ? "ended" : ms === null ? none : ms === 0 ? passed : formatCountdown(ms);
  return [
    `${marketLabel(r.market)} #${shortGid(r.gid, ascii)}`,
    countdown(r.closesIn, "closed"),
    countdown(r.endsIn, "ending"),
    String(r.count),
    formatMoneyExact(r.staked),
    r.projected === null ? none : formatMoneyExact(isReadable(r.projected) ? r.projected.toDecimalPlaces(6) : r.projected),
    r.returnPct === null ? none : formatPercent(r.returnPct),
    r.distance === undefined ? none : formatDistance(r.distance),
    r.age === undefined ? none : formatAge(r.age),
  ];
}

/** The rows under a header: GAME left-aligned, the rest right-aligned, amounts' points lined up. */
export function bookTable(rows: readonly BookRow[], ascii = false): string[] {
  const body = rows.map((r) => cells(r, ascii));
  for (const col of [4, 5]) {
    const aligned = alignDecimals(body.map((c) => c[col]!));
    for (const [i, c] of body.entries()) c[col] = aligned[i]!;
  }
  const table = [HEADERS.map((h) => (ascii ? h.replace("−", "-") : h)), ...body];
  const widths = HEADERS.map((_, col) => Math.max(...table.map((c) => c[col]!.length)));
  return table.map((c) => c.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!))).join("  "));
}

/** One game on one line, for `watch --book`. */
export function bookRowLine(r: BookRow, ascii = false): string {
  const [game, closes, ends, , stake, projected, ret, distance] = cells(r, ascii);
  const when = r.ended ? "ended, result pending" : `closes in ${closes}, ends in ${ends}`;
  return `${game}: ${plural(r.count, "position")}, staked ${stake}, proj. win ${projected} (${ret}), price${ascii ? "-" : "−"}nearest ${distance}, ${when}`;
}

// ---- watch --book -----------------------------------------------------------------

/** A `watch` line: the NDJSON object and the human text after the time. */
export type BookEntry = [Record<string, unknown> & { type: string; at: number }, string];

/**
 * The book's lines for `watch --book`: a row when it appears or its
 * positions, stake, projection or end change (not as its countdowns run),
 * then the summary, which also tells of a game gone from the book.
 */
export class BookTracker {
  private seen = new Map<string, string>();

  constructor(private readonly config: Pick<Config, "currency" | "ascii">) {}

  entries(s: Snapshot, serverNow: number): BookEntry[] {
    const rows = bookOf(s, serverNow);
    const next = new Map(rows.map((r) => [`${marketKey(r.market)} ${r.gid}`, signature(r)]));
    const changed = rows.filter((r) => this.seen.get(`${marketKey(r.market)} ${r.gid}`) !== signature(r));
    const gone = [...this.seen.keys()].some((k) => !next.has(k));
    this.seen = next;
    if (changed.length === 0 && !gone) return [];
    return [
      ...changed.map((r): BookEntry => [{ ...bookRowJson(r), at: serverNow }, `book    ${bookRowLine(r, this.config.ascii)}`]),
      [{ ...bookSummaryJson(rows), at: serverNow }, `book    ${bookSummary(rows, this.config.currency)}`],
    ];
  }
}

function signature(r: BookRow): string {
  const money = (d: Decimal | null | Unreadable) => (d === null ? "-" : isReadable(d) ? toWire(d) : "?");
  return `${r.count}|${money(r.staked)}|${money(r.projected)}|${r.ended}`;
}
