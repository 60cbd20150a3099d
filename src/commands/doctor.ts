/**
 * `spotdash doctor [--json]`: one paced pass over the configured service
 * (one request a second, the pacer's spacing), asking each read endpoint
 * once: is it reachable, is the key accepted, can every displayed value of
 * its answer be read, and how far is the service's clock from ours. Nothing
 * is placed. The report is made to be pasted into a bug report.
 *
 * Exit 0 when every check passes; otherwise the exit code of the first
 * problem, as for every command (io.ts): 2 refused (the key, a 4xx), 3 not
 * reachable, a 5xx, or an answer with values that could not be read.
 */

import { writtenSince } from "../api/client.js";
import { isApiError } from "../api/errors.js";
import { apiBaseUrl } from "../config/config.js";
import { formatClock, formatCountdown, formatPrice, plural } from "../domain/format.js";
import { gameClock, readableNext, toNextGame } from "../domain/game.js";
import { noLiveGame } from "../domain/placement.js";
import { type GameListing, readOr, type Unreadable } from "../domain/service-data.js";
import { EXIT, type ExitCode, exitForApiKind, jsonLine, out } from "./io.js";
import { fetchBalance, fetchListing, fetchStatus, type ReadContext, unreadableLines } from "./read.js";

interface Check {
  call: string;
  ok: boolean;
  /** Milliseconds from start to answer. */
  ms: number;
  /** What the answer said, for people. */
  summary: string;
  unreadable: readonly Unreadable[];
  /** Worth knowing, not a failure. */
  notes: string[];
  error?: { kind: string; message: string; exit: ExitCode };
}

interface Description {
  summary: string;
  unreadable: readonly Unreadable[];
  notes?: string[];
}

type CheckStep = (ctx: ReadContext) => Promise<Check>;

/** What the pass found, shared by the JSON and the human report. */
interface Findings {
  service: string;
  checks: readonly Check[];
  /** The service's clock minus ours, once known. */
  skew: number | null;
  notes: readonly string[];
  exit: ExitCode;
}

/** A price older than this when it is served suggests the service's feed has stopped. */
const STALE_PRICE_MS = 10_000;
/** A clock further off than this is worth a word; countdowns follow the service's clock anyway. */
const NOTABLE_SKEW_MS = 2_000;

/**
 * A check's time: from its request's write to its answer's status line (or its failure), the service's
 * time alone. From the call it would include the pacer's wait for the request's slot: 1017 ms for
 * a service that answers in 2.
 */
function requestMs(ctx: ReadContext, since: number): number {
  const t = writtenSince(ctx.backend.client.lastExchange, since);
  if (t?.sentAt !== undefined) return (t.answeredAt ?? Date.now()) - t.sentAt;
  return Date.now() - Math.max(since, ctx.pacer.lastStart);
}

/** An API error becomes a failed check; anything else is a bug and escapes. */
async function runCheck<T>(ctx: ReadContext, call: string, fetch: () => Promise<T>, describe: (value: T) => Description): Promise<Check> {
  const started = Date.now();
  try {
    const value = await fetch();
    const d = describe(value);
    return {
      call,
      ok: d.unreadable.length === 0,
      ms: requestMs(ctx, started),
      summary: d.summary,
      unreadable: d.unreadable,
      notes: d.notes ?? [],
    };
  } catch (e) {
    if (!isApiError(e)) throw e;
    return {
      call,
      ok: false,
      ms: requestMs(ctx, started),
      summary: "",
      unreadable: [],
      notes: [],
      error: { kind: e.kind, message: e.message, exit: exitForApiKind(e.kind) },
    };
  }
}

function checkSpot(ctx: ReadContext): Promise<Check> {
  return runCheck(
    ctx,
    "GET /spot",
    () => fetchListing(ctx),
    (listing) => ({ summary: listingSummary(listing, ctx.clock.serverNow()), unreadable: listing.issues }),
  );
}

function listingSummary(listing: GameListing, now: number): string {
  const live = listing.liveGame;
  if (live === null) return noLiveGame(listing, now);
  const next = readableNext(listing);
  const toNext = toNextGame(listing, now);
  const nextPart = next && toNext !== null ? `, next #${readOr(next.gid, "?")} in ${formatCountdown(toNext)}` : "";
  return `live game #${live.gid} (${gameClock(live, now).phase}, ends in ${formatCountdown(live.ends_at - now)})${nextPart}`;
}

function checkLivePrice(ctx: ReadContext): Promise<Check> {
  const { config, backend } = ctx;
  return runCheck(
    ctx,
    "GET /live-price",
    () => ctx.pacer.call(() => backend.client.getLivePrice({ asset: config.asset })),
    (price) => {
      const age = price.timestamp === null ? null : ctx.clock.serverNow() - price.timestamp;
      const notes =
        age !== null && age > STALE_PRICE_MS
          ? [`the price was recorded ${Math.round(age / 1000)} s before it was served: the service's feed may have stopped`]
          : [];
      const when = price.timestamp === null ? " (no timestamp)" : ` recorded ${formatClock(price.timestamp)}`;
      return { summary: `${config.asset} ${formatPrice(price.value)}${when}`, unreadable: price.issues, notes };
    },
  );
}

function checkBalance(ctx: ReadContext): Promise<Check> {
  const { config } = ctx;
  return runCheck(
    ctx,
    "GET /user-balance",
    () => fetchBalance(ctx),
    (b) => ({ summary: `${b.balance.toFixed()} ${config.currency} on ${config.network}`, unreadable: b.issues }),
  );
}

function checkStatus(ctx: ReadContext): Promise<Check> {
  return runCheck(
    ctx,
    "GET /status",
    () => fetchStatus(ctx),
    (s) => ({ summary: `${plural(s.positions.length, "position")} listed`, unreadable: s.issues }),
  );
}

function checkResults(ctx: ReadContext): Promise<Check> {
  const { config, backend } = ctx;
  return runCheck(
    ctx,
    "GET /results",
    () => ctx.pacer.call(() => backend.client.getResults({ network: config.network, limit: 1 })),
    (r) => ({
      summary: r.pagination.total === null ? `${r.games.length} game on the first page` : `${r.pagination.total} settled games`,
      unreadable: r.issues,
    }),
  );
}

/** In the order they are asked, one at a time: the pacer spaces them anyway. */
const CHECK_STEPS: readonly CheckStep[] = [checkSpot, checkLivePrice, checkBalance, checkStatus, checkResults];

export async function doctorCommand(ctx: ReadContext): Promise<ExitCode> {
  const { config, backend } = ctx;
  const checks: Check[] = [];
  for (const step of CHECK_STEPS) checks.push(await step(ctx));
  const skew = ctx.clock.synced ? ctx.clock.offset : null;
  const failed = checks.find((c) => !c.ok);
  const findings: Findings = {
    service: backend.sim ? backend.label : apiBaseUrl(config),
    checks,
    skew,
    notes: overallNotes(backend.wallet !== undefined, skew),
    exit: failed === undefined ? EXIT.ok : (failed.error?.exit ?? EXIT.unreachable),
  };
  out(ctx.io, ctx.args.json ? jsonReport(ctx, findings) : humanReport(ctx, findings));
  return findings.exit;
}

function overallNotes(hasWallet: boolean, skew: number | null): string[] {
  return [
    ...(hasWallet ? [] : ["no wallet address (METAFIDE_USER_ADDRESS): positions cannot be placed"]),
    ...(skew !== null && Math.abs(skew) > NOTABLE_SKEW_MS
      ? [
          `the service's clock is ${(Math.abs(skew) / 1000).toFixed(1)} s ${skew > 0 ? "ahead of" : "behind"} ours: ` +
            "countdowns follow the service's",
        ]
      : []),
  ];
}

function jsonReport(ctx: ReadContext, f: Findings): string {
  const { config, backend } = ctx;
  return jsonLine(ctx.io, {
    service: f.service,
    sim: backend.sim,
    key: backend.sim ? "sim" : config.keySource,
    wallet: backend.wallet !== undefined,
    clock_offset_ms: f.skew,
    checks: f.checks.map((c) => ({
      call: c.call,
      ok: c.ok,
      ms: c.ms,
      ...(c.error ? { error: c.error } : { summary: c.summary }),
      unreadable: c.unreadable.map((u) => ({ field: u.field, reason: u.reason, value: u.value })),
      notes: c.notes,
    })),
    notes: f.notes,
    exit: f.exit,
  });
}

function humanReport(ctx: ReadContext, f: Findings): string {
  const { config, backend } = ctx;
  const key = backend.sim ? "of the sim" : `from ${config.keySource}`;
  const lines = [`spotdash doctor · ${f.service} · key ${key} · wallet ${backend.wallet ? "set" : "not set"}`];
  for (const c of f.checks) lines.push(...checkLines(c));
  const { skew } = f;
  if (skew !== null) lines.push(`  clock: the service's is ${skew >= 0 ? "+" : "-"}${(Math.abs(skew) / 1000).toFixed(1)} s from ours`);
  for (const n of f.notes) lines.push(`  note: ${n}`);
  const problems = f.checks.filter((c) => !c.ok).length;
  lines.push(problems === 0 ? "  all checks passed" : `  ${plural(problems, "check")} failed (exit ${f.exit})`);
  return lines.join("\n");
}

function checkLines(c: Check): string[] {
  const mark = c.ok ? "✓" : "✗";
  const answer = c.error ? `${c.error.kind}: ${c.error.message}` : c.summary;
  return [
    `  ${mark} ${c.call.padEnd(18)} ${`${c.ms} ms`.padStart(7)}  ${answer}`,
    ...unreadableLines(c.unreadable).map((u) => `      ${u}`),
    ...c.notes.map((n) => `      note: ${n}`),
  ];
}
