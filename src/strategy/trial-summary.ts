/**
 * A trial's figures (trial.ts): each game's result as the service's
 * /results reports it, added up exactly. Pure; docs/strategies.md, "Trial",
 * says how each figure is computed.
 */
import { Decimal } from "../domain/money.js";
import type { StrategyMarket } from "./strategy.js";

/** One game the strategy held positions in, as /results reported it. */
export interface TrialGame {
  gid: string;
  positions: number;
  staked: Decimal;
  /** What the game paid back (a cancelled game: the refund). */
  paid: Decimal;
  cancelled: boolean;
}

/** A game played through without a position: why (the first reason it gave up on the game, else its last). */
export interface TrialSkip {
  gid: string;
  reason: string;
}

export interface TrialSummary {
  strategy: string;
  market: StrategyMarket;
  paper: boolean;
  seed: number;
  /** Server ms (the trial's clock): the first game's start, and where the trial ended. */
  from: number;
  to: number;
  /** Games asked for. */
  asked: number;
  /** Games played: every game the strategy was running in to its end. */
  games: number;
  skipped: readonly TrialSkip[];
  positions: number;
  staked: Decimal;
  paid: Decimal;
  /** paid − staked. */
  net: Decimal;
  /** net ÷ staked × 100, to 2 decimals; null when nothing was staked. */
  returnOnStakePct: Decimal | null;
  /** Games that paid back more than they staked. */
  wins: number;
  /** Games with positions, cancelled ones left out: the win rate's whole. */
  decided: number;
  cancelled: number;
  /** wins ÷ decided × 100, to 2 decimals; null when no game had positions. */
  winRatePct: Decimal | null;
  /** The largest fall of the cumulative net from its running peak (which starts at 0), game by game. */
  largestDrawdown: Decimal;
  /** The balance on the market's network before the first game and after the last settled. */
  balanceStart: Decimal;
  balanceEnd: Decimal;
  /** Why a limit or a refusal stopped the strategy; null when it played every game asked for. */
  stopReason: string | null;
}

export type TrialRun = Pick<
  TrialSummary,
  "strategy" | "market" | "paper" | "seed" | "from" | "to" | "asked" | "balanceStart" | "balanceEnd" | "stopReason"
>;

const ZERO = new Decimal(0);

/** The running figures: games, the cumulative net and its peak. */
export class TrialTally {
  private readonly played: TrialGame[] = [];
  private readonly skips: TrialSkip[] = [];
  private cumulative = ZERO;
  private peak = ZERO;
  private drawdown = ZERO;

  /** A game with positions, settled; returns the cumulative net after it. */
  settled(game: TrialGame): Decimal {
    this.played.push(game);
    this.cumulative = this.cumulative.plus(game.paid).minus(game.staked);
    this.peak = Decimal.max(this.peak, this.cumulative);
    this.drawdown = Decimal.max(this.drawdown, this.peak.minus(this.cumulative));
    return this.cumulative;
  }

  skipped(skip: TrialSkip): void {
    this.skips.push(skip);
  }

  get net(): Decimal {
    return this.cumulative;
  }

  get gamesPlayed(): number {
    return this.played.length + this.skips.length;
  }

  summary(run: TrialRun): TrialSummary {
    const staked = this.played.reduce((s, g) => s.plus(g.staked), ZERO);
    const paid = this.played.reduce((s, g) => s.plus(g.paid), ZERO);
    const net = paid.minus(staked);
    const decided = this.played.filter((g) => !g.cancelled);
    const wins = decided.filter((g) => g.paid.gt(g.staked)).length;
    return {
      ...run,
      games: this.gamesPlayed,
      skipped: [...this.skips],
      positions: this.played.reduce((n, g) => n + g.positions, 0),
      staked,
      paid,
      net,
      returnOnStakePct: staked.isZero() ? null : percent(net, staked),
      wins,
      decided: decided.length,
      cancelled: this.played.length - decided.length,
      winRatePct: decided.length === 0 ? null : percent(new Decimal(wins), new Decimal(decided.length)),
      largestDrawdown: this.drawdown,
    };
  }
}

function percent(part: Decimal, whole: Decimal): Decimal {
  return part.div(whole).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN);
}
