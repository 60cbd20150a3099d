/**
 * The game's rules in one place: intervals, stake minimums, the position cap,
 * the lobby (lock window) and the early-precision window. The sim enforces
 * these and the dashboard's form validates against them, so they must never
 * be written down a second time. docs/rules.md explains which are public
 * facts and which are our own choices.
 */
import { Decimal } from "./money.js";

export const INTERVALS = [10, 60, 3600, 86400] as const;
export type Interval = (typeof INTERVALS)[number];

/** The results endpoint accepts the same set as a filter. */
export function isInterval(n: unknown): n is Interval {
  return typeof n === "number" && (INTERVALS as readonly number[]).includes(n);
}

/** Public facts: 10 s 0.01, 60 s 0.1 (one source says 0.01; we take the stricter), 3600 s 1, 86400 s 5. */
const MIN_STAKE: Record<Interval, string> = {
  10: "0.01",
  60: "0.1",
  3600: "1",
  86400: "5",
};

export function minStake(interval: Interval): Decimal {
  return new Decimal(MIN_STAKE[interval]);
}

/** At most this many positions per user per game per interval (spec, Limits). */
export const MAX_POSITIONS_PER_GAME = 10;

/**
 * Lobby = the locked period between closes_at and ends_at. 15 s for 60 s
 * games is public; the others are our choice (docs/rules.md).
 */
const LOBBY_MS: Record<Interval, number> = {
  10: 5_000,
  60: 15_000,
  3600: 5 * 60_000,
  86400: 60 * 60_000,
};

export function lobbyMs(interval: Interval): number {
  return LOBBY_MS[interval];
}

/** One whole game from start_at to ends_at: the prediction phase plus the lobby. */
export function gamePeriodMs(interval: Interval): number {
  return interval * 1000 + lobbyMs(interval);
}

/**
 * The early-precision window is the first fifth of the prediction phase; its
 * rules are not public, so this share and the bonus in domain/payout.ts are ours.
 */
export const EARLY_WINDOW_SHARE = 0.2;

export function earlyWindowMs(interval: Interval): number {
  return Math.floor(interval * 1000 * EARLY_WINDOW_SHARE);
}

/** Whether instant t falls in the early-precision window of a game that started at startAt. */
export function inEarlyWindow(interval: Interval, startAt: number, t: number): boolean {
  return t >= startAt && t < startAt + earlyWindowMs(interval);
}

/** Stakes are kept to the currency's 6 decimals (USDC). */
export const MONEY_DECIMALS = 6;

/**
 * A predicted price (sp) has at most this many decimals. The spec does not
 * say; the sim refuses more, and the form and `spotdash place` say so
 * before anything is sent (docs/rules.md). More than any quote needs.
 */
export const PRICE_DECIMALS = 8;

/**
 * A price or a stake is below this: anything larger is a typo (a paste, a
 * run of digits), not an amount. Ours, as the decimals above: the sim
 * refuses it, the form and `spotdash place` say so before sending.
 */
export const MAX_AMOUNT = new Decimal("1e15");

/**
 * An asset's name as the service writes it, BASE_QUOTE in capitals and digits
 * (BTC_USDT). The pattern text is exported too, for parsers that embed it.
 */
export const ASSET_PATTERN = "[A-Z0-9]+_[A-Z0-9]+";
export const ASSET_RE = new RegExp(`^${ASSET_PATTERN}$`);

/**
 * Assets the embedded sim lists. The real service lists only BTC_USDT today;
 * the sim adds ETH_USDT so that clients show they handle more than one.
 */
export const SIM_ASSETS = ["BTC_USDT", "ETH_USDT"] as const;
export type SimAsset = (typeof SIM_ASSETS)[number];
