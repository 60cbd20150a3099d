/**
 * Domain values written back in the spec's forms, for the commands' --json
 * output: the spec's field names, money and prices as exact decimal strings,
 * ids as strings, instants as epoch ms. Fields nobody reads (`extra`) are
 * written as they came, numbers with their own digits (see json.ts). A value
 * that could not be read is null here, and listed by unreadableList().
 */
import { type Decimal, toWire } from "../domain/money.js";
import {
  type Balance,
  type Extra,
  type GameListing,
  type GameResult,
  type LivePrice,
  type Position,
  type ResultPosition,
  type ResultsPage,
  readOr,
  Unreadable,
} from "../domain/service-data.js";
import { asJsonNumber } from "./json.js";

type Json = Record<string, unknown>;

/** A decimal string, null for an unreadable value (and for null itself). */
/** An amount as the spec writes it (a decimal string); null when absent or unreadable. */
export function moneyJson(v: Decimal | null | Unreadable): string | null {
  return v === null || v instanceof Unreadable ? null : toWire(v);
}

/** The received fields first, so that the read ones (canonical) win. */
function withExtra(extra: Extra, fields: Json): Json {
  return { ...extra, ...fields };
}

export function listingJson(l: GameListing): Json {
  const live = l.liveGame;
  const next = l.nextGame;
  return withExtra(l.extra, {
    asset: l.asset,
    interval: l.interval,
    early_precision_window: readOr(l.early_precision_window, null),
    can_place_position: readOr(l.can_place_position, null),
    nextGame:
      next === null || next instanceof Unreadable
        ? null
        : withExtra(next.extra, { gid: readOr(next.gid, null), starts_at: next.starts_at, ends_at: readOr(next.ends_at, null) }),
    liveGame:
      live === null
        ? null
        : withExtra(live.extra, {
            gid: live.gid,
            open_price: moneyJson(live.open_price),
            ai_price: moneyJson(live.ai_price),
            start_at: live.start_at,
            closes_at: live.closes_at,
            ends_at: live.ends_at,
            lobby:
              live.lobby === null
                ? null
                : withExtra(live.lobby.extra, { start_at: live.lobby.start_at, end_at: live.lobby.end_at, isLobby: live.lobby.isLobby }),
          }),
    timestamp: l.timestamp,
  });
}

/** A position with `w` and `r` as exact decimal strings (the spec sends them as numbers in /status). */
export function positionJson(p: Position): Json {
  return withExtra(p.extra, {
    gid: p.gid,
    sp: moneyJson(p.sp),
    f: moneyJson(p.f),
    w: moneyJson(p.w),
    r: moneyJson(p.r),
    t: p.t instanceof Unreadable ? null : String(p.t),
    txid: p.txid,
    st: p.st,
  });
}

export function balanceJson(b: Balance): Json {
  return withExtra(b.extra, { balance: toWire(b.balance), withdrawal_req: readOr(b.withdrawal_req, null) });
}

/** The spec types the live price as a JSON number: written with its exact digits. */
export function livePriceJson(p: LivePrice): Json {
  return withExtra(p.extra, { timestamp: p.timestamp, value: asJsonNumber(p.value) });
}

export function gameResultJson(g: GameResult): Json {
  return withExtra(g.extra, {
    gid: g.gid,
    interval: readOr(g.interval, null),
    asset: readOr(g.asset, null),
    network: readOr(g.network, null),
    currency: readOr(g.currency, null),
    open_price: moneyJson(g.open_price),
    closing_price: moneyJson(g.closing_price),
    settled_at: g.settled_at === null || g.settled_at instanceof Unreadable ? null : new Date(g.settled_at).toISOString(),
    cancelled: readOr(g.cancelled, null),
    positions: g.positions.map(resultPositionJson),
    total_staked: moneyJson(g.total_staked),
    total_winnings: moneyJson(g.total_winnings),
    net_return: moneyJson(g.net_return),
  });
}

function resultPositionJson(p: ResultPosition): Json {
  const win = p.win instanceof Unreadable ? null : typeof p.win === "boolean" || p.win === null ? p.win : toWire(p.win);
  return withExtra(p.extra, {
    sp: moneyJson(p.sp),
    f: moneyJson(p.f),
    w: moneyJson(p.w),
    r: moneyJson(p.r),
    win,
    variance: moneyJson(p.variance),
    txid: p.txid,
    placed_at: p.placed_at instanceof Unreadable ? null : new Date(p.placed_at).toISOString(),
  });
}

export function resultsJson(page: ResultsPage): Json {
  const { total, limit, offset, extra } = page.pagination;
  return withExtra(page.extra, { games: page.games.map(gameResultJson), pagination: withExtra(extra, { total, limit, offset }) });
}

/** The values a response held that could not be read: where, why, and what came. */
export function unreadableList(issues: readonly Unreadable[]): { field: string; reason: string; value: string }[] {
  return issues.map((u) => ({ field: u.field, reason: u.reason, value: u.value }));
}

/** `{unreadable: [...]}` when there is something to list, else nothing: spread into a command's JSON. */
export function unreadableField(issues: readonly Unreadable[]): { unreadable?: ReturnType<typeof unreadableList> } {
  return issues.length === 0 ? {} : { unreadable: unreadableList(issues) };
}
