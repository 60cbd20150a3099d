/**
 * Settled games: what each one came to, what the session came to, and the
 * one-line notice for a game that just settled. Pure and exact: every sum is
 * a decimal, never a JS float.
 *
 * Which games make up "the session": each game (by gid) that settled while
 * this dashboard was running and in which the user held positions —
 *   - every settlement notice the poller stored (it watches each game the
 *     user played that ended during the session, and asks /results for it);
 *   - plus every game on a results page seen this session whose `settled_at`
 *     is at or after the session start (the server time of the first
 *     successful response), e.g. a game played from another client.
 * Games settled before the dashboard started never count, however often a
 * results page shows them.
 *
 * How they count: every such game is "played". A cancelled game refunds its
 * stakes, so it adds nothing to staked, won or net and is never best or
 * worst; it is counted separately. For the others net = total_winnings −
 * total_staked; best and worst are the highest and lowest net (the most
 * recent settlement wins a tie).
 */

import {
  formatDistance,
  formatGross,
  formatInterval,
  formatMoneyChange,
  formatPrice,
  formatStake,
  inCurrency,
  shortGid,
  strikeLabel,
} from "./format.js";
import { Decimal, sum } from "./money.js";
import { nearestStrike } from "./positions.js";
import { type GameResult, isReadable, type Pagination, type ResultsPage, readOr, type Unreadable } from "./service-data.js";

export type GameOutcome = "won" | "lost" | "even" | "cancelled" | "unknown";

/**
 * What the game came to for the user: winnings minus stakes (the service's
 * net_return when those cannot be read); 0 for a cancelled game (refunded).
 */
export function gameNet(g: GameResult): Decimal | Unreadable {
  if (g.cancelled === true) return new Decimal(0);
  if (!isReadable(g.cancelled)) return g.cancelled;
  if (isReadable(g.total_winnings) && isReadable(g.total_staked)) return g.total_winnings.minus(g.total_staked);
  return g.net_return;
}

export function gameOutcome(g: GameResult): GameOutcome {
  if (g.cancelled === true) return "cancelled";
  const net = gameNet(g);
  if (!isReadable(net)) return "unknown";
  return net.gt(0) ? "won" : net.lt(0) ? "lost" : "even";
}

/** A closing price of null means the service had no data: never show it as zero. */
export function formatClosing(closing: Decimal | null | Unreadable): string {
  return closing === null ? "no data" : formatPrice(closing);
}

/** "page k of m" for a results page; an empty history is page 1 of 1; m is null when the service gave no total. */
export function pageOf(p: Pagination): { page: number; pages: number | null } {
  const limit = Math.max(1, p.limit);
  const page = Math.floor(p.offset / limit) + 1;
  if (p.total === null) return { page, pages: null };
  const pages = Math.max(1, Math.ceil(p.total / limit));
  return { page: Math.min(pages, page), pages };
}

/** Whether a later page may exist: by the total when given, else by a full page. */
export function hasNextPage(page: ResultsPage): boolean {
  const { total, limit, offset } = page.pagination;
  return total === null ? page.games.length >= limit : offset + page.games.length < total;
}

/** Settled time in server ms, or null when the result has none (or none we can read). */
export function settledAt(g: GameResult): number | null {
  return isReadable(g.settled_at) ? g.settled_at : null;
}

/** Whether the result says the game is over: settled (a time, even one we cannot read) or cancelled. */
export function isSettled(g: GameResult): boolean {
  return g.settled_at !== null || g.cancelled === true;
}

export interface SessionInputs {
  /** Settlement notices the poller stored, oldest first. */
  notices: readonly { gid: string; result: GameResult }[];
  /** Results pages seen this session. */
  pages: Iterable<ResultsPage>;
  /** Server ms at which the session started (first successful response); undefined: no page game counts. */
  sessionStart: number | undefined;
  /** The games whose positions were read this session (Session.seen). */
  seen: ReadonlySet<string>;
}

/**
 * The session's games by gid, added to `known` (the snapshot keeps the map,
 * so games outlive the poller's bounded notice list). Returns `known` itself
 * when nothing is new, so memoised consumers stay put.
 */
export function mergeSessionGames(known: ReadonlyMap<string, GameResult>, inputs: SessionInputs): ReadonlyMap<string, GameResult> {
  let next: Map<string, GameResult> | undefined;
  const add = (g: GameResult) => {
    if (!playedIn(g)) return;
    const have = (next ?? known).get(g.gid);
    // A later copy of the same game (e.g. a page fetched after the notice) replaces it only if it changed.
    // Stryker disable next-line ConditionalExpression: the identity check only saves the comparison after it, which no game passes against undefined
    if (have !== undefined && (have === g || JSON.stringify(have) === JSON.stringify(g))) return;
    next ??= new Map(known);
    next.set(g.gid, g);
  };
  for (const n of inputs.notices) add(n.result);
  if (inputs.sessionStart !== undefined) {
    for (const page of inputs.pages) {
      for (const g of page.games) {
        if (sessionGame(g, inputs.sessionStart, inputs.seen)) add(g);
      }
    }
  }
  return next ?? known;
}

/**
 * Whether a results page's game is the session's: settled since its start, and either seen (its
 * positions read this session) or placed in since the start (elsewhere, in a market not watched).
 */
function sessionGame(g: GameResult, start: number, seen: ReadonlySet<string>): boolean {
  const at = settledAt(g);
  if (at === null || at < start) return false;
  return seen.has(g.gid) || g.positions.some((p) => isReadable(p.placed_at) && p.placed_at >= start);
}

/** Whether the user had anything in the game (a result with no positions and no stake is not theirs). */
export function playedIn(g: GameResult): boolean {
  return g.positions.length > 0 || !isReadable(g.total_staked) || !g.total_staked.isZero();
}

export interface GameLine {
  gid: string;
  net: Decimal;
}

export interface SessionSummary {
  /** Every game of the session, cancelled ones included. */
  played: number;
  cancelled: number;
  /** Games whose figures could not be read: counted as played, left out of the sums. */
  unreadable: number;
  staked: Decimal;
  won: Decimal;
  net: Decimal;
  best: GameLine | null;
  worst: GameLine | null;
}

export function sessionSummary(games: Iterable<GameResult>): SessionSummary {
  const all = [...games];
  const counted = all.filter((g) => g.cancelled === false && isReadable(g.total_staked) && isReadable(g.total_winnings));
  const cancelled = all.filter((g) => g.cancelled === true).length;
  // Oldest first, so that among equal nets the most recent one is picked.
  const bySettle = [...counted].sort((a, b) => (settledAt(a) ?? 0) - (settledAt(b) ?? 0));
  let best: GameLine | null = null;
  let worst: GameLine | null = null;
  for (const g of bySettle) {
    const net = gameNet(g) as Decimal;
    if (best === null || net.gte(best.net)) best = { gid: g.gid, net };
    if (worst === null || net.lte(worst.net)) worst = { gid: g.gid, net };
  }
  const staked = sum(counted.map((g) => g.total_staked as Decimal));
  const won = sum(counted.map((g) => g.total_winnings as Decimal));
  return {
    played: all.length,
    cancelled,
    unreadable: all.length - cancelled - counted.length,
    staked,
    won,
    net: won.minus(staked),
    best,
    worst,
  };
}

export interface Toast {
  text: string;
  outcome: GameOutcome;
  /** The same notice for a footer too narrow for `text`'s first part: without the market, then without the game's id. */
  shorter: readonly string[];
}

/**
 * The one-line notice for a game of the user's that has just settled. The
 * result and the net amount come first, so a narrow footer only ever cuts
 * the details; narrower still, it names the game less (`shorter`), never
 * cutting the amount.
 */
export function settlementToast(g: GameResult, ascii = false, resultsKey = "r", others = 0): Toast {
  const card = lastGameCard(g);
  // Other games settled in the same answer are one with this one's result: a narrow footer names the game less, not drop them.
  const more = others > 0 ? ` (${others} more settled)` : "";
  const body =
    card.outcome === "cancelled"
      ? `CANCELLED, stakes refunded ${inCurrency(card.staked, card.currency)}${more} · ${resultsKey} results`
      : `${card.word} ${inCurrency(card.net, card.currency)}${more} · staked ${card.staked} · paid ${card.paid} · ${resultsKey} results`;
  return { outcome: card.outcome, ...settledForms(g, body, ascii) };
}

/**
 * "settled #…482411 BTC_USDT 1m: `body`", then naming the game less ("settled #…482411: …", "settled: …"):
 * a settlement's line in the forms a narrow line picks from (the toast, the alert line and list).
 */
export function settledForms(g: GameResult, body: string, ascii = false): { text: string; shorter: string[] } {
  const gid = `#${shortGid(g.gid, ascii)}`;
  return {
    text: `settled ${gid} ${readOr(g.asset, "?")} ${formatInterval(g.interval)}: ${body}`,
    shorter: [`settled ${gid}: ${body}`, `settled: ${body}`],
  };
}

const OUTCOME_WORDS: Record<GameOutcome, string> = { won: "WON", lost: "LOST", even: "EVEN", cancelled: "CANCELLED", unknown: "RESULT ?" };

/** The last settled game as the LAST GAME card shows it: every figure formatted for a pane. */
export interface LastGameCard {
  gid: string;
  outcome: GameOutcome;
  word: string;
  staked: string;
  paid: string;
  net: string;
  currency: string;
  /** The closing price, or "no data". */
  close: string;
  /** The user's strike nearest the close, and the close's distance from it ("+1.12"). */
  best: { strike: string; distance: string } | null;
}

export function lastGameCard(g: GameResult): LastGameCard {
  const outcome = gameOutcome(g);
  const close = isReadable(g.closing_price) ? g.closing_price : null;
  const strikes = g.positions.flatMap((p) => (isReadable(p.sp) ? [p.sp] : []));
  const best = close === null ? undefined : nearestStrike(strikes, close);
  return {
    gid: g.gid,
    outcome,
    word: OUTCOME_WORDS[outcome],
    staked: formatStake(g.total_staked),
    // Paid less staked reads as the net beside them, at a minimum stake too.
    paid: formatGross(g.total_winnings, g.total_staked),
    net: formatMoneyChange(gameNet(g)),
    currency: readOr(g.currency, ""),
    close: formatClosing(g.closing_price),
    best: best === undefined || close === null ? null : { strike: strikeLabel(best), distance: formatDistance(close.minus(best)) },
  };
}
