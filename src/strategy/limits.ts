/**
 * What a strategy has spent, and whether one more stake fits its limits.
 * Exact money throughout. A stake counts from the moment it is sent, not
 * from its answer: a POST whose answer is lost may have placed, and the
 * runner keeps this record on disk before sending, so neither a lost answer
 * nor a crash and relaunch can let the day's limit be passed. A stake comes
 * off again only when the service is known to have refused it.
 */
import { formatMoneyExact, inCurrency, plural } from "../domain/format.js";
import { Decimal } from "../domain/money.js";
import type { StrategyLimits } from "./strategy.js";

export interface Spend {
  /** The UTC day (YYYY-MM-DD, the service's clock) that dayStaked counts. */
  day: string;
  dayStaked: Decimal;
  sessionStaked: Decimal;
  /** Staked in each game not settled yet. */
  games: Readonly<Record<string, Decimal>>;
  /** Paid back by the session's settled games. */
  paid: Decimal;
  /** The session's settled games: paid back minus staked. */
  net: Decimal;
  /** Settled games in a row that paid back less than they staked. */
  losingStreak: number;
}

export type LimitScope = "game" | "session" | "day";

export type LimitCheck = { ok: true } | { ok: false; scope: LimitScope; reason: string };

const ZERO = new Decimal(0);

/** The UTC day of server time `now`: when the day's limit starts again. */
export function utcDay(now: number): string {
  return new Date(now).toISOString().slice(0, 10);
}

export function emptySpend(now: number): Spend {
  return { day: utcDay(now), dayStaked: ZERO, sessionStaked: ZERO, games: {}, paid: ZERO, net: ZERO, losingStreak: 0 };
}

/** A new session over a kept record: the day's total and the games still in play carry on, the session's figures start again. */
export function startSession(spend: Spend, now: number): Spend {
  return { ...onDay(spend, now), sessionStaked: ZERO, paid: ZERO, net: ZERO, losingStreak: 0 };
}

/** The record as of `now`: the day's total back to zero once the UTC day has turned. */
export function onDay(spend: Spend, now: number): Spend {
  const day = utcDay(now);
  // Only forward: a clock a little behind the one that wrote the record (ours before the service's is known) must
  // not give the day's limit back.
  return day <= spend.day ? spend : { ...spend, day, dayStaked: ZERO };
}

/** Staked in the game `gid` so far. */
export function stakedIn(spend: Spend, gid: string): Decimal {
  return spend.games[gid] ?? ZERO;
}

/** A stake sent into `gid` at `now`: counted at once, whatever the answer will be. */
export function recordSent(spend: Spend, gid: string, f: Decimal, now: number): Spend {
  const s = onDay(spend, now);
  return {
    ...s,
    dayStaked: s.dayStaked.plus(f),
    sessionStaked: s.sessionStaked.plus(f),
    games: { ...s.games, [gid]: stakedIn(s, gid).plus(f) },
  };
}

/**
 * A stake sent at `sentAt` that the service refused (or that /status showed
 * never went in): taken off again. Only off the day it was counted on, and
 * never below zero, so a refusal that arrives after midnight leaves the new
 * day's total alone.
 */
export function recordRefused(spend: Spend, gid: string, f: Decimal, sentAt: number): Spend {
  const less = (d: Decimal) => Decimal.max(ZERO, d.minus(f));
  const game = less(stakedIn(spend, gid));
  const { [gid]: _, ...others } = spend.games;
  return {
    ...spend,
    dayStaked: spend.day === utcDay(sentAt) ? less(spend.dayStaked) : spend.dayStaked,
    sessionStaked: less(spend.sessionStaked),
    games: game.isZero() ? others : { ...others, [gid]: game },
  };
}

export interface Settled {
  gid: string;
  /** What the strategy paid back in the game; for a cancelled game, the refund. */
  paid: Decimal;
  /** What it staked there; what the record counted when not given. */
  staked?: Decimal;
  cancelled?: boolean;
}

/**
 * A game of the strategy's settled: into paid and net, and the losing
 * streak. A cancelled game refunds every stake: neither a loss nor a win.
 */
export function recordSettled(spend: Spend, result: Settled): Spend {
  const staked = result.staked ?? stakedIn(spend, result.gid);
  const { [result.gid]: _, ...games } = spend.games;
  if (result.cancelled) return { ...spend, games };
  const lost = result.paid.lt(staked);
  return {
    ...spend,
    games,
    paid: spend.paid.plus(result.paid),
    net: spend.net.plus(result.paid).minus(staked),
    losingStreak: lost ? spend.losingStreak + 1 : 0,
  };
}

/** Whether a stake `f` into `gid` at `now` keeps within every limit; if not, the first it would pass, said with its figures. */
export function stakeFits(limits: StrategyLimits, spend: Spend, gid: string, f: Decimal, now: number, currency: string): LimitCheck {
  const s = onDay(spend, now);
  const scopes: [LimitScope, Decimal | undefined, Decimal, string][] = [
    ["day", limits.maxStakePerDay, s.dayStaked, "the day's limit"],
    ["session", limits.maxStakePerSession, s.sessionStaked, "the session's limit"],
    ["game", limits.maxStakePerGame, stakedIn(s, gid), "this game's limit"],
  ];
  for (const [scope, max, staked, name] of scopes) {
    if (max === undefined || staked.plus(f).lte(max)) continue;
    const reason = `${name} ${inCurrency(formatMoneyExact(max), currency)}: ${formatMoneyExact(staked)} staked, ${formatMoneyExact(f)} more would pass it`;
    return { ok: false, scope, reason };
  }
  return { ok: true };
}

/** Why the strategy must stop now whatever it would place (a loss or a losing run reached), or null. */
export function stopCondition(limits: StrategyLimits, spend: Spend, currency: string): string | null {
  const loss = spend.net.negated();
  if (limits.stopAfterNetLoss !== undefined && loss.gte(limits.stopAfterNetLoss)) {
    return `net loss ${inCurrency(formatMoneyExact(loss), currency)} reached the stop at ${formatMoneyExact(limits.stopAfterNetLoss)}`;
  }
  const n = limits.stopAfterLosingGames;
  if (n !== undefined && spend.losingStreak >= n) {
    return `${plural(spend.losingStreak, "losing game")} in a row reached the stop at ${n}`;
  }
  return null;
}

/**
 * Why no stake of at least `min` can go in this session or day any more
 * (the limit is used up), or null: the strategy stops now rather than wait
 * for a window in which it could place nothing.
 */
export function spentOut(limits: StrategyLimits, spend: Spend, min: Decimal, now: number, currency: string): string | null {
  // Stryker disable next-line StringLiteral: with no game's limit, the game's id is never read
  const check = stakeFits({ ...limits, maxStakePerGame: undefined }, spend, "", min, now, currency);
  return check.ok ? null : check.reason;
}
