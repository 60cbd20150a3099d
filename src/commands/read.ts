/**
 * The read-only commands: game, price, balance, positions, results. Each
 * sends only the requests it needs, through the pacer, and prints for people
 * or, with --json, one JSON document on stdout.
 */
import type { GameListing, GameResult, LivePrice, Balance, ResultsResponse, StatusResponse } from "../api/schemas.js";
import type { Config } from "../config.js";
import { formatClock, formatCountdown, formatInterval, formatMoney, formatMoneyChange, formatPercent, formatPrice } from "../domain/format.js";
import { gameClock, type GamePhase } from "../domain/game.js";
import { whyNotAccepting } from "../domain/placement.js";
import { Decimal, toWire } from "../domain/money.js";
import { MAX_POSITIONS_PER_GAME } from "../domain/rules.js";
import { positionRows, positionTotals, readableStreaks, withExactProjection } from "../domain/positions.js";
import { ServerClock } from "../poller/server-clock.js";
import type { CommandArgs } from "./args.js";
import type { CommandBackend } from "./backend.js";
import { out, type CommandIO } from "./io.js";
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
  clock.addSample(sentAt, Date.now(), listing.timestamp);
  return listing;
}

export function fetchBalance(ctx: ReadContext): Promise<Balance> {
  return ctx.pacer.call(() => ctx.backend.client.getUserBalance({ currency: ctx.config.currency, network: ctx.config.network }));
}

export function fetchStatus(ctx: ReadContext): Promise<StatusResponse> {
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
  const c = gameClock(listing, now);
  const notAccepting = whyNotAccepting(listing, now);
  if (ctx.args.json) {
    out(
      ctx.io,
      JSON.stringify({
        server_time: now,
        phase: c.phase,
        can_place: notAccepting === null,
        ...(notAccepting === null ? {} : { cannot_place_because: notAccepting }),
        to_close_ms: c.toClose,
        to_end_ms: c.toEnd,
        to_next_ms: c.toNext,
        listing,
      }),
    );
    return;
  }
  const live = listing.liveGame;
  const next = listing.nextGame;
  const lines = [
    `${title(ctx.config)} · server time ${formatClock(now)}`,
    `live  #${live.gid}  ${PHASE_LABEL[c.phase]}  closes in ${formatCountdown(c.toClose)}  ends in ${formatCountdown(c.toEnd)}`,
    `      open ${formatPrice(live.open_price)}  ai_price ${formatPrice(live.ai_price)}${listing.early_precision_window ? "  early precision window" : ""}`,
    `      can place: ${notAccepting === null ? "yes" : `no (${notAccepting})`}`,
    `next  #${next.gid}  starts in ${formatCountdown(c.toNext)} (${formatClock(next.starts_at)})  ends ${formatClock(next.ends_at)}`,
  ];
  out(ctx.io, lines.join("\n"));
}

// ---- price ------------------------------------------------------------------

export async function priceCommand(ctx: ReadContext): Promise<void> {
  const price: LivePrice = await ctx.pacer.call(() => ctx.backend.client.getLivePrice({ asset: ctx.config.asset }));
  if (ctx.args.json) {
    out(ctx.io, JSON.stringify({ asset: ctx.config.asset, ...price }));
    return;
  }
  out(ctx.io, `${ctx.config.asset} ${formatPrice(price.value)} at ${formatClock(price.timestamp)}`);
}

// ---- balance ----------------------------------------------------------------

export async function balanceCommand(ctx: ReadContext): Promise<void> {
  const balance = await fetchBalance(ctx);
  if (ctx.args.json) {
    out(ctx.io, JSON.stringify({ currency: ctx.config.currency, network: ctx.config.network, ...balance }));
    return;
  }
  out(ctx.io, balanceLine(ctx.config, balance));
}

export function balanceLine(config: Pick<Config, "currency" | "network">, b: Balance): string {
  return `${formatMoney(b.balance)} ${config.currency} on ${config.network} (withdrawal: ${b.withdrawal_req})`;
}

// ---- positions --------------------------------------------------------------

export async function positionsCommand(ctx: ReadContext): Promise<void> {
  const listing = await fetchListing(ctx);
  const status = await fetchStatus(ctx);
  const gid = listing.liveGame.gid;
  const rows = positionRows(gid, status.positions, []);
  const totals = positionTotals(rows);
  const streaks = readableStreaks(status.streaks);
  if (ctx.args.json) {
    // w and r arrive as binary numbers: printed as exact decimal strings, as everywhere else.
    const positions = status.positions
      .filter((p) => p.gid === gid)
      .map(withExactProjection);
    out(
      ctx.io,
      JSON.stringify({
        gid,
        server_time: ctx.clock.serverNow(),
        positions,
        totals: {
          count: totals.count,
          staked: toWire(totals.staked),
          projected: totals.projected === null ? null : toWire(totals.projected),
          return_pct: totals.returnPct === null ? null : toWire(totals.returnPct.toDecimalPlaces(6)),
        },
        left: Math.max(0, MAX_POSITIONS_PER_GAME - totals.count),
        streaks: status.streaks,
      }),
    );
    return;
  }
  const lines = [`${title(ctx.config)} · game #${gid} · ${totals.count} of ${MAX_POSITIONS_PER_GAME} positions`];
  if (rows.length === 0) {
    lines.push("no positions in the live game");
  } else {
    const cols = (a: string, b: string, c: string, d: string, e: string) => `${a.padStart(14)} ${b.padStart(12)} ${c.padStart(12)} ${d.padStart(9)}  ${e}`;
    lines.push(cols("strike", "stake", "projected", "return", "placed"));
    for (const r of rows) {
      lines.push(
        cols(
          formatPrice(r.strike),
          formatMoney(r.stake),
          r.projected === null ? "—" : formatMoney(r.projected.toDecimalPlaces(6)),
          r.returnPct === null ? "—" : formatPercent(r.returnPct),
          formatClock(r.placedAt),
        ),
      );
    }
    lines.push(
      cols(
        "total",
        formatMoney(totals.staked),
        totals.projected === null ? "—" : formatMoney(totals.projected.toDecimalPlaces(6)),
        totals.returnPct === null ? "—" : formatPercent(totals.returnPct),
        "",
      ),
    );
  }
  if (streaks.length > 0) lines.push(`streaks on track: ${streaks.map((s) => `${s.streak} (position ${s.positionId})`).join(", ")}`);
  else if (status.streaks.length > 0) lines.push(`streaks on track: ${status.streaks.length}`);
  out(ctx.io, lines.join("\n"));
}

// ---- results ----------------------------------------------------------------

export async function resultsCommand(ctx: ReadContext): Promise<void> {
  const { config, args } = ctx;
  // A gid names one game: no other filter. Otherwise the configured asset and interval.
  const query =
    args.gid !== undefined
      ? { network: config.network, gid: args.gid }
      : { network: config.network, asset: config.asset, interval: config.interval, limit: args.limit, offset: args.offset };
  const res: ResultsResponse = await ctx.pacer.call(() => ctx.backend.client.getResults(query));
  if (args.json) {
    out(ctx.io, JSON.stringify(res));
    return;
  }
  const lines: string[] = [];
  for (const g of res.games) lines.push(...resultLines(g));
  const { total, limit, offset } = res.pagination;
  if (res.games.length === 0) lines.push(args.gid !== undefined ? `no settled result for game #${args.gid}` : `no settled games (${total} in all)`);
  else lines.push(`games ${offset + 1}–${offset + res.games.length} of ${total}${offset + res.games.length < total ? ` (next page: --offset ${offset + limit})` : ""}`);
  out(ctx.io, lines.join("\n"));
}

export function resultLines(g: GameResult): string[] {
  const when = g.settled_at === null ? "not settled" : `settled ${formatClock(Date.parse(g.settled_at))}`;
  const close = g.cancelled ? "CANCELLED, stakes refunded" : g.closing_price === null ? "close n/a" : `close ${formatPrice(g.closing_price)}`;
  const lines = [
    `#${g.gid} ${g.asset} ${formatInterval(g.interval)} ${g.network}  ${when}  open ${formatPrice(g.open_price)}  ${close}  staked ${formatMoney(g.total_staked)}  won ${formatMoney(g.total_winnings)}  net ${formatMoneyChange(g.net_return)} ${g.currency}`,
  ];
  for (const p of g.positions) {
    const won = p.w === null ? "pending" : `won ${formatMoney(p.w)}${p.r === null ? "" : ` (${formatPercent(new Decimal(p.r))})`}`;
    lines.push(`    strike ${formatPrice(p.sp)}  stake ${formatMoney(p.f)}  ${won}`);
  }
  return lines;
}
