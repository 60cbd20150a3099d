/**
 * The one reading of a result set that every performance figure starts
 * from: which results count, each game's outcome and money, and their order.
 *
 *   - A result counts when the game is over (`isSettled`: a settlement time,
 *     even one that cannot be read, or cancelled) and the user had something
 *     in it (`playedIn`). A game still running has no result yet.
 *   - One game, one result: a gid seen twice (pages fetched while new games
 *     settle overlap) counts once, the copy later in the input.
 *   - The outcome (`performanceOutcome`): cancelled (refunded), won, lost or
 *     even by net = total_winnings − total_staked, or unknown when
 *     `cancelled`, `total_staked` or `total_winnings` cannot be read. An
 *     unknown game is never guessed (not even from net_return): it is
 *     counted and left out of every sum.
 *   - Order (`compareGames`): by settlement time, oldest first, ties by gid
 *     (numerically when both are digits). A game whose settlement time cannot
 *     be read comes before all others: it is never "the most recent".
 */
import type { Decimal } from "../money.js";
import { type GameOutcome, gameNet, gameOutcome, isSettled, playedIn, settledAt } from "../results.js";
import { type GameResult, isReadable } from "../service-data.js";

/** The money of a game that was played out (won, lost or even); all exact. */
export interface GameMoney {
  staked: Decimal;
  paid: Decimal;
  /** paid − staked. */
  net: Decimal;
}

export interface PlayedGame {
  gid: string;
  result: GameResult;
  outcome: GameOutcome;
  /** Server epoch ms of settlement; null when it cannot be read. */
  at: number | null;
  /** Won, lost or even: its money. Cancelled (refunded, adds 0) and unknown: null. */
  money: GameMoney | null;
}

/** Won, lost or even: the games that were played out and whose figures can be read. */
export type DecidedOutcome = "won" | "lost" | "even";

export function isDecided(outcome: GameOutcome): outcome is DecidedOutcome {
  return outcome === "won" || outcome === "lost" || outcome === "even";
}

/** The game's outcome for the performance figures: as gameOutcome, but unknown unless stakes and winnings can both be read. */
export function performanceOutcome(g: GameResult): GameOutcome {
  if (g.cancelled === true) return "cancelled";
  // gameOutcome falls back on net_return where a total cannot be read; here that is never guessed. It says
  // unknown itself for a `cancelled` it cannot read.
  if (!isReadable(g.total_staked) || !isReadable(g.total_winnings)) return "unknown";
  return gameOutcome(g);
}

/** Whether a result is part of the performance figures at all. */
export function counts(g: GameResult): boolean {
  return isSettled(g) && playedIn(g);
}

export function playedGame(g: GameResult): PlayedGame {
  const outcome = performanceOutcome(g);
  const money =
    isDecided(outcome) && isReadable(g.total_staked) && isReadable(g.total_winnings)
      ? { staked: g.total_staked, paid: g.total_winnings, net: gameNet(g) as Decimal }
      : null;
  return { gid: g.gid, result: g, outcome, at: settledAt(g), money };
}

/** The results that count, one per gid, oldest first (see the module's comment). */
export function playedGames(games: readonly GameResult[]): PlayedGame[] {
  const byGid = new Map<string, GameResult>();
  for (const g of games) {
    if (!counts(g)) continue;
    byGid.delete(g.gid);
    byGid.set(g.gid, g);
  }
  return [...byGid.values()].map(playedGame).sort(compareGames);
}

/** Oldest first; an unreadable time before every readable one; ties by gid. */
export function compareGames(a: { at: number | null; gid: string }, b: { at: number | null; gid: string }): number {
  if (a.at !== b.at) {
    if (a.at === null) return -1;
    if (b.at === null) return 1;
    return a.at - b.at;
  }
  return compareGids(a.gid, b.gid);
}

/** Game ids in order: numerically when both are digits ("999" before "1000"), else as text. */
export function compareGids(a: string, b: string): number {
  const digits = /^\d+$/;
  if (digits.test(a) && digits.test(b) && a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}
