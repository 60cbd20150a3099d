/**
 * Which games a practice account's played history holds (docs/sim.md,
 * "Played history"): for each user, `days × gamesPerDay` distinct games that
 * started and ended in the `days` before the world was made, spread over
 * the assets and intervals the way a trader plays them: sittings of a few
 * back-to-back 10 s or 1 m games, an hour or two of hourly games, now and
 * then a daily one. A few of them lost the tick at their end and so were
 * cancelled. Pure: a function of the noise and the spec.
 */

import { gamePeriodMs, INTERVALS, type Interval } from "../../domain/rules.js";
import type { Noise } from "../feed/noise.js";
import { ASSETS, type Asset } from "./markets.js";
import { type GameSlot, slotByIndex } from "./schedule.js";

export interface HistorySpec {
  /** The instant the world was made: every game of the history ended by then. */
  t: number;
  days: number;
  gamesPerDay: number;
  userIds: readonly number[];
}

export interface HistoryGame {
  userId: number;
  slot: GameSlot;
  /** The feed lost the tick at its end, so it was cancelled and refunded. */
  cancelled: boolean;
}

export const DAY_MS = 86_400_000;

/**
 * A day's games by interval, most of them short. The daily games' share is
 * about one a day at 60 games a day; the 10 s games take whatever the
 * others cannot (their slots run out: two daily games a day at most).
 */
const INTERVAL_SHARE: Record<Exclude<Interval, 10>, number> = { 60: 0.35, 3600: 0.17, 86400: 0.015 };

/** A sitting: this many games in a row of one market, from lo to hi. */
const SITTING: Record<Interval, readonly [number, number]> = { 10: [3, 12], 60: [2, 6], 3600: [1, 3], 86400: [1, 1] };

/** Traders favour BTC. */
const BTC_SHARE = 0.65;

/** About one game in fifty lost its closing tick (at least one in a history of ten games or more). */
const CANCELLED_SHARE = 0.02;

/** The first coordinate of each of the history's draws, apart from the positions' (history-orders.ts). */
const DRAW = { asset: 1, length: 2, start: 3, cancelled: 4 } as const;

/** Every game of every user's history, each user's in end order. */
export function historyGames(noise: Noise, spec: HistorySpec): HistoryGame[] {
  return spec.userIds.flatMap((userId) => gamesOf(noise, spec, userId));
}

function gamesOf(noise: Noise, spec: HistorySpec, userId: number): HistoryGame[] {
  const from = spec.t - spec.days * DAY_MS;
  const slots: GameSlot[] = [];
  for (const [interval, count] of countsByInterval(spec.days * spec.gamesPerDay, from, spec.t)) {
    slots.push(...pickSlots(noise, userId, interval, count, from, spec.t));
  }
  slots.sort((a, b) => a.endsAt - b.endsAt || Number(a.gid) - Number(b.gid));
  const cancelled = cancelledIndices(noise, userId, slots.length);
  return slots.map((slot, i) => ({ userId, slot, cancelled: cancelled.has(i) }));
}

/** How many games of each interval, longest first, each capped by the games that fit in the window. */
function countsByInterval(total: number, from: number, to: number): Array<[Interval, number]> {
  const counts: Array<[Interval, number]> = [];
  let left = total;
  for (const interval of [86400, 3600, 60] as const) {
    const n = Math.min(Math.round(total * INTERVAL_SHARE[interval]), capacity(interval, from, to), left);
    counts.push([interval, n]);
    left -= n;
  }
  if (left > capacity(10, from, to)) throw new RangeError(`${total} games do not fit in the history's days`);
  counts.push([10, left]);
  return counts;
}

/** The game indices of one market that start at or after `from` and end by `to`. */
function indexRange(interval: Interval, from: number, to: number): [number, number] {
  const period = gamePeriodMs(interval);
  return [Math.ceil(from / period), Math.floor(to / period) - 1];
}

function capacity(interval: Interval, from: number, to: number): number {
  const [first, last] = indexRange(interval, from, to);
  return Math.max(0, last - first + 1) * ASSETS.length;
}

/**
 * `count` distinct games of one interval, in sittings: a market, a start
 * drawn over the window, then the games after it that are not taken yet.
 * The caller keeps count within capacity(), so this always finishes.
 */
function pickSlots(noise: Noise, userId: number, interval: Interval, count: number, from: number, to: number): GameSlot[] {
  const [first, last] = indexRange(interval, from, to);
  const span = last - first + 1;
  const taken: Record<Asset, Set<number>> = { BTC_USDT: new Set(), ETH_USDT: new Set() };
  const picked: GameSlot[] = [];
  const [lo, hi] = SITTING[interval];
  const at = (draw: number, sitting: number) => noise.uniform(draw, userId, INTERVALS.indexOf(interval), sitting);
  for (let sitting = 0; picked.length < count; sitting++) {
    let asset: Asset = at(DRAW.asset, sitting) < BTC_SHARE ? "BTC_USDT" : "ETH_USDT";
    if (taken[asset].size === span) asset = asset === "BTC_USDT" ? "ETH_USDT" : "BTC_USDT";
    const length = Math.min(lo + Math.floor(at(DRAW.length, sitting) * (hi - lo + 1)), count - picked.length);
    let offset = Math.floor(at(DRAW.start, sitting) * span);
    for (let n = 0; n < length && taken[asset].size < span; n++) {
      while (taken[asset].has(offset)) offset = (offset + 1) % span;
      taken[asset].add(offset);
      picked.push(slotByIndex(asset, interval, first + offset));
    }
  }
  return picked;
}

/** Which of a user's `n` games were cancelled: CANCELLED_SHARE of them, at least one from ten games on. */
function cancelledIndices(noise: Noise, userId: number, n: number): Set<number> {
  const count = n < 10 ? 0 : Math.max(1, Math.round(n * CANCELLED_SHARE));
  const out = new Set<number>();
  for (let k = 0; out.size < count; k++) {
    let i = Math.floor(noise.uniform(DRAW.cancelled, userId, k) * n);
    while (out.has(i)) i = (i + 1) % n;
    out.add(i);
  }
  return out;
}
