/**
 * The feed room, sim/feed/: the prices. The price feed and its assets'
 * models, the counter-based noise behind it (the crowd, faults and wire
 * variants draw from it too) and ai_price's forecast. It imports domain/
 * and nothing else of the sim.
 *
 * The price feed, this file: one tick every TICK_MS per asset, each a pure
 * function of (seed, asset, tick index). The path is geometric Brownian
 * motion built by Lévy's midpoint construction over long "eras", so the
 * price at any instant costs ~23 hash evaluations and needs no stored
 * history. Era endpoints are drawn independently around the asset's base
 * price, which keeps the level realistic forever while short horizons keep
 * the asset's full volatility.
 *
 * Tests overlay the generated path with scripts (their own prices) and
 * outages (ticks that never arrived); a played history's cancelled games
 * lost single ticks for good.
 */
import { Decimal } from "../../domain/money.js";
import { SIM_ASSETS, type SimAsset } from "../../domain/rules.js";
import { Noise } from "./noise.js";

export const TICK_MS = 250;

export interface AssetModel {
  /** Level the long-run path wanders around (USDT). */
  basePrice: number;
  /** Annualised volatility of log returns. */
  annualVol: number;
}

export const ASSET_MODELS: Record<SimAsset, AssetModel> = {
  BTC_USDT: { basePrice: 68_000, annualVol: 0.5 },
  ETH_USDT: { basePrice: 3_500, annualVol: 0.65 },
};

/** Feed prices are quoted to the cent, like spot exchanges quote BTC/USDT. */
export const FEED_DECIMALS = 2;

const ERA_LEVELS = 23;
const ERA_TICKS = 2 ** ERA_LEVELS; // ≈ 24.3 days of ticks
const TICKS_PER_YEAR = (365.25 * 86_400_000) / TICK_MS;
const ERA_YEARS = ERA_TICKS / TICKS_PER_YEAR;

/** Coordinates that keep the noise of different uses apart. */
const ERA_ENDPOINT = 1;
const MIDPOINT = 2;

export interface Tick {
  /** Epoch ms of the tick (a multiple of TICK_MS). */
  t: number;
  price: Decimal;
}

/** A scripted path: a function of tick time (null = use the generated price) or [time, price] steps. */
export type PriceScript = ((t: number) => number | string | Decimal | null | undefined) | ReadonlyArray<readonly [number, number | string]>;

const CACHE_LIMIT = 4096;

export class PriceFeed {
  private readonly noise: Noise;
  private readonly scripts = new Map<SimAsset, (t: number) => Decimal | null>();
  private readonly outages = new Map<SimAsset, Array<[number, number]>>();
  /** Ticks lost for good: a set, as a long history loses many, and every price read looks. */
  private readonly lost = new Map<SimAsset, Set<number>>();
  private readonly cache = new Map<string, Decimal>();

  constructor(seed: number) {
    this.noise = new Noise(seed);
  }

  /** The tick at exactly floor(t), or null when that tick is lost to an outage. */
  tickAt(asset: SimAsset, t: number): Tick | null {
    const tt = tickTime(t);
    if (this.inOutage(asset, tt) || this.lost.get(asset)?.has(tt)) return null;
    return { t: tt, price: this.priceOfTick(asset, tt) };
  }

  /** The latest tick at or before t that actually arrived (stale during an outage). */
  latest(asset: SimAsset, t: number): Tick {
    let tt = tickTime(t);
    for (let guard = 0; guard < 10_000; guard++) {
      const hit = this.outages.get(asset)?.find(([from, to]) => tt >= from && tt < to);
      if (hit) tt = tickTime(hit[0] - 1);
      else if (this.lost.get(asset)?.has(tt)) tt -= TICK_MS;
      else return { t: tt, price: this.priceOfTick(asset, tt) };
    }
    // Unreachable with any sane set of outages; serve the price rather than fail a request.
    return { t: tt, price: this.priceOfTick(asset, tt) };
  }

  /** Replaces the generated path of one asset (tests). Scripts are not journaled. */
  script(asset: SimAsset, path: PriceScript): void {
    this.cache.clear();
    if (typeof path === "function") {
      this.scripts.set(asset, (t) => {
        const v = path(t);
        return v === null || v === undefined ? null : positivePrice(v);
      });
      return;
    }
    const steps = [...path].map(([t, p]) => [t, positivePrice(p)] as const).sort((a, b) => a[0] - b[0]);
    this.scripts.set(asset, (t) => {
      let found: Decimal | null = null;
      for (const [at, price] of steps) {
        if (at > t) break;
        found = price;
      }
      return found;
    });
  }

  clearScript(asset: SimAsset): void {
    this.cache.clear();
    this.scripts.delete(asset);
  }

  /** Ticks in [from, to) never arrive (tests). A game whose end tick is lost is cancelled. */
  outage(asset: SimAsset, from: number, to: number): void {
    if (!(to > from)) throw new RangeError(`outage needs from < to, got ${from}..${to}`);
    const list = this.outages.get(asset) ?? [];
    list.push([from, to]);
    this.outages.set(asset, list);
  }

  /** The tick at floor(t) never arrived, and never will: not an outage a test clears. */
  loseTick(asset: SimAsset, t: number): void {
    const set = this.lost.get(asset) ?? new Set();
    set.add(tickTime(t));
    this.lost.set(asset, set);
  }

  clearOutages(asset?: SimAsset): void {
    if (asset) this.outages.delete(asset);
    else this.outages.clear();
  }

  private inOutage(asset: SimAsset, tt: number): boolean {
    return this.outages.get(asset)?.some(([from, to]) => tt >= from && tt < to) ?? false;
  }

  private priceOfTick(asset: SimAsset, tt: number): Decimal {
    const scripted = this.scripts.get(asset)?.(tt);
    if (scripted) return scripted;
    const key = `${asset}:${tt}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    const model = ASSET_MODELS[asset];
    const logDeviation = this.logDeviation(SIM_ASSETS.indexOf(asset), tt / TICK_MS, model.annualVol);
    const price = new Decimal((model.basePrice * Math.exp(logDeviation)).toFixed(FEED_DECIMALS));
    if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
    this.cache.set(key, price);
    return price;
  }

  /** log(price / basePrice) at tick k: a Brownian bridge between independent era endpoints. */
  private logDeviation(assetIdx: number, k: number, annualVol: number): number {
    const perTick = annualVol / Math.sqrt(TICKS_PER_YEAR);
    // Independent endpoints with this spread make consecutive endpoints differ
    // by exactly one era's worth of volatility.
    const endpointSd = annualVol * Math.sqrt(ERA_YEARS / 2);
    const era = Math.floor(k / ERA_TICKS);
    const j = k - era * ERA_TICKS;
    let lo = 0;
    let hi = ERA_TICKS;
    let vlo = endpointSd * this.noise.normal(assetIdx, ERA_ENDPOINT, era);
    let vhi = endpointSd * this.noise.normal(assetIdx, ERA_ENDPOINT, era + 1);
    while (hi - lo > 1) {
      const mid = (lo + hi) / 2;
      const vmid = (vlo + vhi) / 2 + perTick * Math.sqrt((hi - lo) / 4) * this.noise.normal(assetIdx, MIDPOINT, era, mid);
      if (j < mid) {
        hi = mid;
        vhi = vmid;
      } else {
        lo = mid;
        vlo = vmid;
      }
    }
    return vlo;
  }
}

export function tickTime(t: number): number {
  return Math.floor(t / TICK_MS) * TICK_MS;
}

function positivePrice(v: number | string | Decimal): Decimal {
  const d = new Decimal(v);
  if (!d.isFinite() || d.lte(0)) throw new RangeError(`scripted price must be positive, got ${String(v)}`);
  return d;
}
