/**
 * The read-only commands: game, price, balance, positions, results. Each
 * sends only the requests it needs, through the pacer, and prints for people
 * or, with --json, one JSON document on stdout.
 */
import { balanceJson, listingJson, livePriceJson, moneyJson, positionJson, resultsJson, unreadableField } from "../api/spec-form.js";
import type { Config } from "../config/config.js";
import {
  alignDecimals,
  formatClock,
  formatClockOf,
  formatCountdown,
  formatInterval,
  formatMoneyChangeExact,
  formatMoneyExact,
  formatPercent,
  formatPrice,
  formatPriceExact,
  plural,
  UNREADABLE_MARK,
} from "../domain/format.js";
import { type GamePhase, gameClock, nextGameGid, readableNext, toNextGame } from "../domain/game.js";
import { type Decimal, toWire } from "../domain/money.js";
import { noLiveGame, whyNotAccepting } from "../domain/placement.js";
import { otherGames, type PositionRow, type PositionTotals, positionRows, positionTotals, readableStreaks } from "../domain/positions.js";
import { hasNextPage } from "../domain/results.js";
import { MAX_POSITIONS_PER_GAME } from "../domain/rules.js";
import {
  type Balance,
  type GameListing,
  type GameResult,
  isReadable,
  type LivePrice,
  type ResultsPage,
  readOr,
  type StatusReport,
  type Unreadable,
} from "../domain/service-data.js";
import type { ServerClock } from "../poller/server-clock.js";
import type { CommandArgs } from "./args.js";
import type { CommandBackend } from "./backend.js";
import { type CommandIO, jsonLine, out } from "./io.js";
import type { Pacer } from "./pacer.js";

export interface ReadContext {
  config: Config;
  args: CommandArgs;
  backend: CommandBackend;
  pacer: Pacer;
  io: CommandIO;
  clock: ServerClock;
}

const PHASE_LABEL: Record<GamePhase, string> = {
  next: "NEXT",
  accepting: "ACCEPTING",
  locked: "LOCKED LOBBY",
  settling: "SETTLING",
};

/** GET /spot through the pacer, feeding the server clock like the poller does. */
export async function fetchListing(ctx: ReadContext): Promise<GameListing> {
  const { config, backend, pacer, clock } = ctx;
  let sentAt = 0;
  const listing = await pacer.call(() => {
    sentAt = Date.now();
    return backend.client.getSpot({ asset: config.asset, interval: config.interval });
  });
  clock.addExchange(sentAt, backend.client.lastExchange, listing.timestamp);
  return listing;
}

export function fetchBalance(ctx: ReadContext): Promise<Balance> {
  return ctx.pacer.call(() => ctx.backend.client.getUserBalance({ currency: ctx.config.currency, network: ctx.config.network }));
}

export function fetchStatus(ctx: ReadContext): Promise<StatusReport> {
  const { config } = ctx;
  return ctx.pacer.call(() =>
    ctx.backend.client.getStatus({ asset: config.asset, token: config.currency, network: config.network, interval: config.interval }),
  );
}

function title(config: Config): string {
  return `${config.asset} ${formatInterval(config.interval)} ${config.network}`;
}

// ---- game -------------------------------------------------------------------

export async function gameCommand(ctx: ReadContext): Promise<void> {
  const listing = await fetchListing(ctx);
  const now = ctx.clock.serverNow();
  const live = listing.liveGame;
  const c = live === null ? null : gameClock(live, now);
  const toNext = toNextGame(listing, now);
  const notAccepting = whyNotAccepting(listing, now);
  if (ctx.args.json) {
    out(
      ctx.io,
      jsonLine(ctx.io, {
        server_time: now,
        phase: c?.phase ?? null,
        can_place: notAccepting === null,
        ...(notAccepting === null ? {} : { cannot_place_because: notAccepting }),
        to_close_ms: c?.toClose ?? null,
        to_end_ms: c?.toEnd ?? null,
        to_next_ms: toNext,
        listing: listingJson(listing),
        ...unreadableField(listing.issues),
      }),
    );
    return;
  }
  const lines = [`${title(ctx.config)} · server time ${formatClock(now)}`];
  if (live === null || c === null) {
    lines.push(`live  none: ${noLiveGame(listing, now)}`);
  } else {
    lines.push(
      `live  #${live.gid}  ${PHASE_LABEL[c.phase]}  closes in ${formatCountdown(c.toClose)}  ends in ${formatCountdown(c.toEnd)}`,
      `      open ${formatPrice(live.open_price)}  ai_price ${formatPrice(live.ai_price)}${earlyNote(listing.early_precision_window)}`,
      `      can place: ${canPlaceText(listing, notAccepting)}`,
    );
  }
  lines.push(nextLine(listing, toNext));
  lines.push(...unreadableLines(listing.issues));
  out(ctx.io, lines.join("\n"));
}

/** The clock decides; an unreadable can_place_position from the service is mentioned, not relied on. */
function canPlaceText(listing: GameListing, notAccepting: string | null): string {
  if (notAccepting !== null) return `no (${notAccepting})`;
  return isReadable(listing.can_place_position) ? "yes" : `yes by the clock (the service did not say: ${UNREADABLE_MARK})`;
}

function earlyNote(early: boolean | Unreadable): string {
  return early === true ? "  early precision window" : isReadable(early) ? "" : `  early precision window ${UNREADABLE_MARK}`;
}

function nextLine(listing: GameListing, toNext: number | null): string {
  const next = listing.nextGame;
  if (next === null) return "next  none announced";
  const n = readableNext(listing);
  if (n === null || toNext === null) return `next  ${UNREADABLE_MARK} (the next game could not be read)`;
  const ends = isReadable(n.ends_at) ? formatClock(n.ends_at) : UNREADABLE_MARK;
  return `next  #${readOr(n.gid, UNREADABLE_MARK)}  starts in ${formatCountdown(toNext)} (${formatClock(n.starts_at)})  ends ${ends}`;
}

/** For people: each value shown as "?" and why. */
export function unreadableLines(issues: readonly Unreadable[]): string[] {
  return issues.map((u) => `${UNREADABLE_MARK} ${u.toString()}`);
}

// ---- price ------------------------------------------------------------------

export async function priceCommand(ctx: ReadContext): Promise<void> {
  const price: LivePrice = await ctx.pacer.call(() => ctx.backend.client.getLivePrice({ asset: ctx.config.asset }));
  if (ctx.args.json) {
    out(ctx.io, jsonLine(ctx.io, { asset: ctx.config.asset, ...livePriceJson(price), ...unreadableField(price.issues) }));
    return;
  }
  const at = price.timestamp === null ? "" : ` at ${formatClock(price.timestamp)}`;
  out(ctx.io, `${ctx.config.asset} ${formatPrice(price.value)}${at}`);
}

// ---- balance ----------------------------------------------------------------

export async function balanceCommand(ctx: ReadContext): Promise<void> {
  const balance = await fetchBalance(ctx);
  if (ctx.args.json) {
    out(
      ctx.io,
      jsonLine(ctx.io, {
        currency: ctx.config.currency,
        network: ctx.config.network,
        ...balanceJson(balance),
        ...unreadableField(balance.issues),
      }),
    );
    return;
  }
  out(ctx.io, [balanceLine(ctx.config, balance), ...unreadableLines(balance.issues)].join("\n"));
}

export function balanceLine(config: Pick<Config, "currency" | "network">, b: Balance): string {
  return `${formatMoneyExact(b.balance)} ${config.currency} on ${config.network} (withdrawal: ${readOr(b.withdrawal_req, UNREADABLE_MARK)})`;
}

// ---- positions --------------------------------------------------------------

export async function positionsCommand(ctx: ReadContext): Promise<void> {
  const listing = await fetchListing(ctx);
  const status = await fetchStatus(ctx);
  const gid = listing.liveGame?.gid;
  const rows = positionRows(gid, status.positions, []);
  const totals = positionTotals(rows);
  const issues = [...listing.issues, ...status.issues];
  if (ctx.args.json) {
    out(ctx.io, positionsJson(ctx, gid, status, totals, issues));
    return;
  }
  const head =
    gid === undefined
      ? noLiveGame(listing, ctx.clock.serverNow())
      : `game #${gid} · ${totals.count} of ${MAX_POSITIONS_PER_GAME} positions`;
  const lines = [`${title(ctx.config)} · ${head}`];
  if (rows.length > 0) lines.push(...positionTable(rows, totals));
  else if (gid !== undefined) lines.push("no positions in the live game");
  lines.push(...otherGameLines(gid, listing, status), ...streakLines(status), ...unreadableLines(issues));
  out(ctx.io, lines.join("\n"));
}

function positionsJson(
  ctx: ReadContext,
  gid: string | undefined,
  status: StatusReport,
  totals: PositionTotals,
  issues: readonly Unreadable[],
): string {
  const positions = status.positions.filter((p) => gid !== undefined && (p.gid === null || p.gid === gid)).map(positionJson);
  return jsonLine(ctx.io, {
    gid: gid ?? null,
    server_time: ctx.clock.serverNow(),
    positions,
    totals: {
      count: totals.count,
      staked: moneyJson(totals.staked),
      projected: totals.projected === null ? null : moneyJson(totals.projected),
      return_pct: totals.returnPct === null || !isReadable(totals.returnPct) ? null : toWire(totals.returnPct.toDecimalPlaces(6)),
    },
    left: Math.max(0, MAX_POSITIONS_PER_GAME - totals.count),
    streaks: status.streaks.map((s) => s.raw),
    ...unreadableField(issues),
  });
}

/** The columns' least widths; a wider cell (a strike of 8 decimals) widens its column. */
const POSITION_COLUMN_WIDTHS = [14, 12, 12, 9] as const;

/** The live game's positions, one row each, under a header and over a total; amounts at every digit (a strike as placed), points aligned. */
function positionTable(rows: readonly PositionRow[], totals: PositionTotals): string[] {
  const body = [
    ...rows.map((r) => [
      formatPriceExact(r.strike),
      formatMoneyExact(r.stake),
      projectedText(r.projected),
      r.returnPct === null ? "—" : formatPercent(r.returnPct),
      `${formatClockOf(r.placedAt)}${r.note === null ? "" : ` ${r.note}`}`,
    ]),
    [
      "total",
      formatMoneyExact(totals.staked),
      projectedText(totals.projected),
      totals.returnPct === null ? "—" : formatPercent(totals.returnPct),
      "",
    ],
  ];
  const strikes = alignDecimals(body.map((c) => c[0]!));
  const stakes = alignDecimals(body.map((c) => c[1]!));
  const projected = alignDecimals(body.map((c) => c[2]!));
  const table = [
    ["strike", "stake", "projected", "return", "placed"],
    ...body.map((c, i) => [strikes[i]!, stakes[i]!, projected[i]!, c[3]!, c[4]!]),
  ];
  const widths = POSITION_COLUMN_WIDTHS.map((w, i) => Math.max(w, ...table.map((c) => c[i]!.length)));
  return table.map((c) => `${widths.map((w, i) => c[i]!.padStart(w)).join(" ")}  ${c[4]}`);
}

/** Positions outside the live game are counted, not listed: the table is the live game's. */
function otherGameLines(gid: string | undefined, listing: GameListing, status: StatusReport): string[] {
  return otherGames(gid, nextGameGid(listing), status.positions).map((o) => {
    const where = o.relation === "next" ? "the next game" : "an ended game";
    const pending = o.relation === "ended" ? " (result pending)" : "";
    return `${plural(o.count, "position")} in ${where} #${o.gid}${pending}`;
  });
}

function streakLines(status: StatusReport): string[] {
  const streaks = readableStreaks(status.streaks);
  if (streaks.length > 0) return [`streaks on track: ${streaks.map((s) => `${s.streak} (position ${s.positionId})`).join(", ")}`];
  if (status.streaks.length > 0) return [`streaks on track: ${status.streaks.length}`];
  return [];
}

function projectedText(d: Decimal | null | Unreadable): string {
  return d === null ? "—" : formatMoneyExact(isReadable(d) ? d.toDecimalPlaces(6) : d);
}

// ---- results ----------------------------------------------------------------

export async function resultsCommand(ctx: ReadContext): Promise<void> {
  const { config, args } = ctx;
  // A gid names one game: no other filter. Otherwise the configured asset and interval.
  const query =
    args.gid !== undefined
      ? { network: config.network, gid: args.gid }
      : { network: config.network, asset: config.asset, interval: config.interval, limit: args.limit, offset: args.offset };
  const res: ResultsPage = await ctx.pacer.call(() => ctx.backend.client.getResults(query));
  if (args.json) {
    out(ctx.io, jsonLine(ctx.io, { ...resultsJson(res), ...unreadableField(res.issues) }));
    return;
  }
  const lines: string[] = [];
  for (const g of res.games) lines.push(...resultLines(g));
  const { total, limit, offset } = res.pagination;
  const of = total === null ? "" : ` of ${total}`;
  if (res.games.length === 0)
    lines.push(
      args.gid !== undefined ? `no settled result for game #${args.gid}` : `no settled games${total === null ? "" : ` (${total} in all)`}`,
    );
  else
    lines.push(
      `games ${offset + 1}–${offset + res.games.length}${of}${hasNextPage(res) ? ` (next page: --offset ${offset + limit})` : ""}`,
    );
  lines.push(...unreadableLines(res.issues));
  out(ctx.io, lines.join("\n"));
}

export function resultLines(g: GameResult): string[] {
  const when = g.settled_at === null ? "not settled" : `settled ${formatClockOf(g.settled_at)}`;
  const close =
    g.cancelled === true ? "CANCELLED, stakes refunded" : g.closing_price === null ? "close n/a" : `close ${formatPrice(g.closing_price)}`;
  const header = [
    `#${g.gid} ${readOr(g.asset, UNREADABLE_MARK)} ${formatInterval(g.interval)} ${readOr(g.network, UNREADABLE_MARK)}`,
    when,
    `open ${formatPrice(g.open_price)}`,
    close,
    `staked ${formatMoneyExact(g.total_staked)}`,
    `paid ${formatMoneyExact(g.total_winnings)}`,
    `net ${formatMoneyChangeExact(g.net_return)} ${readOr(g.currency, "")}`,
  ];
  const lines = [header.join("  ")];
  for (const p of g.positions) {
    const paid = p.w === null ? "pending" : `paid ${formatMoneyExact(p.w)}${p.r === null ? "" : ` (${formatPercent(p.r)})`}`;
    lines.push(`    strike ${formatPriceExact(p.sp)}  stake ${formatMoneyExact(p.f)}  ${paid}`);
  }
  return lines;
}
