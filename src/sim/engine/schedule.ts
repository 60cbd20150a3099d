/**
 * The game schedule: for each asset × interval, back-to-back games aligned
 * to the Unix epoch, game k running over [k·P, (k+1)·P) with P the whole
 * period (prediction phase + lobby). Pure: any instant maps to its live game
 * and any gid back to its game, without stored state.
 */
import { type GamePhase, phaseAt } from "../../domain/game.js";
import { gamePeriodMs, INTERVALS, type Interval, isInterval } from "../../domain/rules.js";
import { ASSETS, type Asset } from "./markets.js";

/** The largest instant a JS Date (and so an ISO timestamp) can hold. */
const MAX_DATE_MS = 8.64e15;

export interface GameSlot {
  gid: string;
  asset: Asset;
  interval: Interval;
  /** Game number since the epoch for this asset × interval. */
  index: number;
  startAt: number;
  closesAt: number;
  endsAt: number;
}

/** gid = index·100 + asset·10 + interval: digits only, unique over every asset × interval. */
function encodeGid(asset: Asset, interval: Interval, index: number): string {
  return String(index * 100 + ASSETS.indexOf(asset) * 10 + INTERVALS.indexOf(interval));
}

export function slotByIndex(asset: Asset, interval: Interval, index: number): GameSlot {
  const period = gamePeriodMs(interval);
  const startAt = index * period;
  return {
    gid: encodeGid(asset, interval, index),
    asset,
    interval,
    index,
    startAt,
    closesAt: startAt + interval * 1000,
    endsAt: startAt + period,
  };
}

/** The live game at t: the one with start_at ≤ t < ends_at. */
export function slotAt(asset: Asset, interval: Interval, t: number): GameSlot {
  return slotByIndex(asset, interval, Math.floor(t / gamePeriodMs(interval)));
}

export function decodeGid(gid: string): GameSlot | null {
  if (!/^\d{1,15}$/.test(gid)) return null;
  const n = Number(gid);
  const asset = ASSETS[Math.floor(n / 10) % 10];
  const interval = INTERVALS[n % 10];
  if (asset === undefined || !isInterval(interval)) return null;
  const slot = slotByIndex(asset, interval, Math.floor(n / 100));
  // Leading zeros would make two spellings of one game; past the last valid
  // Date no game can be described at all.
  return slot.gid === gid && slot.endsAt <= MAX_DATE_MS ? slot : null;
}

/** next (not started) → accepting → locked (the lobby) → settling (ended): the dashboard's own phases. */
export function slotPhase(slot: GameSlot, t: number): GamePhase {
  return phaseAt({ start_at: slot.startAt, closes_at: slot.closesAt, ends_at: slot.endsAt }, t);
}
