/**
 * `spotdash watch [--book] [--json]`: the dashboard's poller without the
 * screen. The same Poller, so the same budget and the same 429 handling; one
 * line per fresh datum (NDJSON with --json), until SIGINT / SIGTERM. Every
 * line carries `type` and `at`, the server time (epoch ms) the datum arrived.
 * With --book the poller looks through the book's markets too, and each held
 * game's row is printed when it changes (book.ts).
 */
import { balanceJson, gameResultJson, listingJson, livePriceJson, positionJson, unreadableField } from "../api/spec-form.js";
import type { Config } from "../config/config.js";
import { formatClock, formatCountdown, formatMoneyChangeExact, formatMoneyExact, formatPrice, plural } from "../domain/format.js";
import { gameClock, toNextGame } from "../domain/game.js";
import { whyNotAccepting } from "../domain/placement.js";
import { positionRows, positionTotals } from "../domain/positions.js";
import { isReadable } from "../domain/service-data.js";
import { bookOptions } from "../poller/book-watch.js";
import type { Snapshot } from "../poller/snapshot.js";
import type { CommandArgs } from "./args.js";
import type { CommandBackend } from "./backend.js";
import { BookTracker } from "./book.js";
import { CommandFailure, type CommandIO, EXIT, jsonLine, out } from "./io.js";
import { balanceLine } from "./read.js";
import { readOnlyPoller } from "./read-poller.js";

export interface WatchContext {
  config: Config;
  args: CommandArgs;
  backend: CommandBackend;
  io: CommandIO;
}

type Line = { type: string; at: number; [k: string]: unknown };

export async function watchCommand(ctx: WatchContext): Promise<void> {
  const { config, args, backend, io } = ctx;
  const poller = readOnlyPoller(ctx, args.book ? bookOptions(config, backend.sim) : undefined);
  const book = args.book ? new BookTracker(config) : undefined;

  let failure: CommandFailure | undefined;
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const emit = (line: Line, human: string) => out(io, args.json ? jsonLine(io, line) : `${formatClock(line.at)} ${human}`);

  let prev = poller.snapshot;
  const onChange = () => {
    const s = poller.snapshot;
    const p = prev;
    prev = s;
    for (const [line, human] of linesFor(p, s, config, poller.serverNow())) emit(line, human);
    for (const [line, human] of book?.entries(s, poller.serverNow()) ?? []) emit(line, human);
    if (s.connection.state === "unauthorized" && p.connection.state !== "unauthorized") {
      // Retrying a refused key only spends the budget: stop with the service's answer.
      failure = new CommandFailure(`watch: ${s.connection.reason}`, "auth", EXIT.refused);
      finish();
    }
  };
  const unsubscribe = poller.store.subscribe(onChange);
  const signal = io.signal;
  const onAbort = () => finish();
  signal?.addEventListener("abort", onAbort, { once: true });
  if (signal?.aborted) finish();
  poller.start();
  try {
    await done;
  } finally {
    poller.stop();
    unsubscribe();
    signal?.removeEventListener("abort", onAbort);
  }
  if (failure) throw failure;
}

/** A datum as NDJSON and as the human line after the time. */
type Entry = [Line, string];

/** What changed from snapshot p to s, section by section, in a fixed order. */
function linesFor(p: Snapshot, s: Snapshot, config: Config, serverNow: number): Entry[] {
  return [
    ...gameEntries(p, s, serverNow),
    ...priceEntries(p, s),
    ...balanceEntries(p, s, config),
    ...statusEntries(p, s),
    ...settlementEntries(p, s),
    ...connectionEntries(p, s, serverNow),
  ];
}

function gameEntries(p: Snapshot, s: Snapshot, serverNow: number): Entry[] {
  if (!s.listing || s.listing === p.listing) return [];
  const listing = s.listing.value;
  const live = listing.liveGame;
  const c = live === null ? null : gameClock(live, serverNow);
  const why = whyNotAccepting(listing, serverNow);
  const line: Line = {
    type: "game",
    at: s.listing.at,
    phase: c?.phase ?? null,
    can_place: why === null,
    to_close_ms: c?.toClose ?? null,
    to_end_ms: c?.toEnd ?? null,
    to_next_ms: toNextGame(listing, serverNow),
    listing: listingJson(listing),
    ...unreadableField(listing.issues),
  };
  if (live === null || c === null) return [[line, `game    ${why}`]];
  const human =
    `game    #${live.gid} ${c.phase} closes in ${formatCountdown(c.toClose)} ends in ${formatCountdown(c.toEnd)}; ` +
    (why === null ? "can place" : why);
  return [[line, human]];
}

function priceEntries(p: Snapshot, s: Snapshot): Entry[] {
  if (!s.price || s.price === p.price) return [];
  const price = s.price.value;
  return [
    [
      { type: "price", at: s.price.at, asset: s.target.asset, ...livePriceJson(price) },
      `price   ${s.target.asset} ${formatPrice(price.value)}`,
    ],
  ];
}

function balanceEntries(p: Snapshot, s: Snapshot, config: Config): Entry[] {
  if (!s.balance || s.balance === p.balance) return [];
  const b = s.balance.value;
  return [
    [
      {
        type: "balance",
        at: s.balance.at,
        currency: config.currency,
        network: config.network,
        ...balanceJson(b),
        ...unreadableField(b.issues),
      },
      `balance ${balanceLine(config, b)}`,
    ],
  ];
}

function statusEntries(p: Snapshot, s: Snapshot): Entry[] {
  if (!s.status || s.status === p.status) return [];
  const st = s.status.value;
  const gid = s.listing?.value.liveGame?.gid;
  const totals = positionTotals(positionRows(gid, st.positions, []));
  const projected =
    totals.projected === null || !isReadable(totals.projected)
      ? ""
      : `, projected ${formatMoneyExact(totals.projected.toDecimalPlaces(6))}`;
  const count = plural(totals.count, "position");
  return [
    [
      {
        type: "status",
        at: s.status.at,
        gid: gid ?? null,
        positions: st.positions.map(positionJson),
        streaks: st.streaks.map((x) => x.raw),
        ...unreadableField(st.issues),
      },
      `status  ${count} in #${gid ?? "?"}, staked ${formatMoneyExact(totals.staked)}${projected}`,
    ],
  ];
}

function settlementEntries(p: Snapshot, s: Snapshot): Entry[] {
  const seen = new Set(p.settlements);
  const entries: Entry[] = [];
  for (const n of s.settlements) {
    if (seen.has(n)) continue;
    const r = n.result;
    const close =
      r.cancelled === true
        ? "cancelled, stakes refunded"
        : r.closing_price === null
          ? "close n/a"
          : `close ${formatPrice(r.closing_price)}`;
    const currency = isReadable(r.currency) ? r.currency : "";
    entries.push([
      { type: "settlement", at: n.at, gid: n.gid, result: gameResultJson(r) },
      `settled #${n.gid} ${close}, net ${formatMoneyChangeExact(r.net_return)} ${currency}`,
    ]);
  }
  return entries;
}

function connectionEntries(p: Snapshot, s: Snapshot, serverNow: number): Entry[] {
  if (s.connection.state === p.connection.state || s.connection.state === "connecting") return [];
  const c = s.connection;
  const extra =
    c.state === "ok"
      ? {}
      : { reason: c.reason, resume_in_ms: Math.max(0, (c.state === "rate_limited" ? c.resumeAt : c.retryAt) - Date.now()) };
  const human = c.state === "ok" ? "connection ok" : `connection ${c.state}: ${c.reason}`;
  return [[{ type: "connection", at: serverNow, state: c.state, ...extra }, human]];
}
