/**
 * How a set of settled games went: counts, money, rates, the best and worst
 * game and the runs. docs/performance.md, "The figures", defines each one.
 *
 * Every money figure is an exact decimal; staked, paid and net are sums over
 * the games played out (won, lost, even), and net is always paid − staked.
 * A cancelled game is refunded: it adds nothing to any sum and is counted as
 * cancelled. A game whose figures cannot be read is counted as unknown and
 * left out of everything else. Rates and the average are quotients (40
 * significant digits); the median is exact.
 */
import { type Decimal, sum } from "../money.js";
import type { GameResult, ResultPosition } from "../service-data.js";
import { isReadable } from "../service-data.js";
import { type GameMoney, type PlayedGame, playedGames } from "./played.js";
import { type CurrentRun, runsOf } from "./runs.js";
import { mean, median, ratio } from "./stats.js";

/** The best or the worst game. */
export interface NotableGame {
  gid: string;
  net: Decimal;
  /** Server epoch ms; null when it cannot be read. */
  settledAt: number | null;
}

export interface Figures {
  /** Settled games played: won + lost + even + cancelled + unknown. */
  games: number;
  won: number;
  lost: number;
  even: number;
  /** Refunded: in no sum, no rate, no run. */
  cancelled: number;
  /** Games whose stakes, winnings or cancellation cannot be read: in no figure but this count. */
  unknown: number;
  /** Positions in the games played out (won, lost, even). */
  positions: number;
  /** Of those, the profitable ones (win true, or a win amount above 0). */
  positionsWon: number;
  /** Of those, the ones whose win cannot be read (or is null): in no position rate. */
  positionsUnknown: number;
  staked: Decimal;
  paid: Decimal;
  /** paid − staked. */
  net: Decimal;
  /** net / staked (a fraction: 0.1 = 10 %); null when nothing was staked. */
  returnOnStake: Decimal | null;
  /** won / (won + lost + even), a fraction; null when no game was played out. */
  winRate: Decimal | null;
  /** positionsWon / (positions − positionsUnknown), a fraction; null when that is 0. */
  positionWinRate: Decimal | null;
  /** Mean net of the games played out; null when none. */
  averageNet: Decimal | null;
  /** Median net of the games played out; null when none. */
  medianNet: Decimal | null;
  /** Highest net (the most recent wins a tie); null when no game was played out. */
  best: NotableGame | null;
  /** Lowest net (the most recent wins a tie). */
  worst: NotableGame | null;
  longestWinningRun: number;
  longestLosingRun: number;
  currentRun: CurrentRun;
}

/** A game played out, with its money. */
type Decided = PlayedGame & { money: GameMoney };

export function figuresOf(games: readonly GameResult[]): Figures {
  return figuresOfPlayed(playedGames(games));
}

/** The figures of games already read and ordered by playedGames. */
export function figuresOfPlayed(played: readonly PlayedGame[]): Figures {
  // A game has money exactly when it was played out (won, lost or even) and its totals can be read.
  const decided = played.filter((g): g is Decided => g.money !== null);
  const count = (outcome: PlayedGame["outcome"]) => played.filter((g) => g.outcome === outcome).length;
  const nets = decided.map((g) => g.money.net);
  const staked = sum(decided.map((g) => g.money.staked));
  const paid = sum(decided.map((g) => g.money.paid));
  const net = paid.minus(staked);
  const positions = decided.flatMap((g) => g.result.positions);
  const positionsWon = positions.filter(isWinning).length;
  const positionsUnknown = positions.filter((p) => p.win === null || !isReadable(p.win)).length;
  return {
    games: played.length,
    won: count("won"),
    lost: count("lost"),
    even: count("even"),
    cancelled: count("cancelled"),
    unknown: count("unknown"),
    positions: positions.length,
    positionsWon,
    positionsUnknown,
    staked,
    paid,
    net,
    returnOnStake: ratio(net, staked),
    winRate: ratio(count("won"), decided.length),
    positionWinRate: ratio(positionsWon, positions.length - positionsUnknown),
    averageNet: mean(nets),
    medianNet: median(nets),
    ...extremes(decided),
    ...runsOf(played),
  };
}

/** Whether a position was profitable: win true, or a win amount above 0. */
export function isWinning(p: ResultPosition): boolean {
  const amount = winAmount(p);
  return p.win === true || amount?.gt(0) === true;
}

/** Whether a position was not: win false, or a win amount of 0 or less. */
export function isLosing(p: ResultPosition): boolean {
  const amount = winAmount(p);
  return p.win === false || amount?.lte(0) === true;
}

/** The win amount when the service sent one instead of a boolean. */
function winAmount(p: ResultPosition): Decimal | null {
  const w = p.win;
  return typeof w === "boolean" || !isReadable(w) ? null : w;
}

/** Best and worst of games in order, oldest first, so that the most recent takes a tie. */
function extremes(decided: readonly Decided[]): { best: NotableGame | null; worst: NotableGame | null } {
  let best: NotableGame | null = null;
  let worst: NotableGame | null = null;
  for (const g of decided) {
    const line = { gid: g.gid, net: g.money.net, settledAt: g.at };
    if (best === null || line.net.gte(best.net)) best = line;
    if (worst === null || line.net.lte(worst.net)) worst = line;
  }
  return { best, worst };
}
