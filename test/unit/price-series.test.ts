/** src/domain/price-series.ts: the bounded price history of one asset. */
import { describe, expect, it } from "vitest";
import {
  appendPrice,
  COARSE_STEP_MS,
  compactSeries,
  FINE_SPAN_MS,
  HISTORY_SPAN_MS,
  mergeSeries,
  type PricePoint,
  PriceSeries,
} from "../../src/domain/price-series.js";
import { retargeted, withPrice } from "../../src/poller/reducers.js";
import { initialSnapshot, targetPrices } from "../../src/poller/snapshot.js";
import { livePrice } from "../helpers/fixtures.js";

const T0 = Date.UTC(2026, 2, 1);

function everySecond(from: number, seconds: number): PricePoint[] {
  return Array.from({ length: seconds }, (_, i) => ({ t: from + i * 1000, value: 100 + i }));
}

describe("price series", () => {
  it("appends newer points and ignores one no newer than the last", () => {
    let s = PriceSeries.EMPTY;
    s = appendPrice(s, { t: T0, value: 1 });
    s = appendPrice(s, { t: T0 + 1000, value: 2 });
    const same = appendPrice(s, { t: T0 + 1000, value: 3 });
    expect(same).toBe(s);
    expect(appendPrice(s, { t: T0 - 5, value: 9 })).toBe(s);
    expect([...s]).toEqual([
      { t: T0, value: 1 },
      { t: T0 + 1000, value: 2 },
    ]);
  });

  it("is a value: an older series keeps its points whatever is appended to it or after it", () => {
    const a = PriceSeries.of(everySecond(T0, 3));
    const b = appendPrice(a, { t: T0 + 5_000, value: 5 });
    const c = appendPrice(b, { t: T0 + 6_000, value: 6 });
    // Appended to an older series: its own points and the new one, not the newer series' points.
    const fork = appendPrice(a, { t: T0 + 9_000, value: 9 });
    expect([a.length, b.length, c.length, fork.length]).toEqual([3, 4, 5, 4]);
    expect([...a].map((p) => p.value)).toEqual([100, 101, 102]);
    expect([...b].map((p) => p.value)).toEqual([100, 101, 102, 5]);
    expect([...c].map((p) => p.value)).toEqual([100, 101, 102, 5, 6]);
    expect([...fork].map((p) => p.value)).toEqual([100, 101, 102, 9]);
    expect([a.at(-1)?.value, a.at(3), b.slice(-2).map((p) => p.value), c.indexFrom(T0 + 5_500), c.indexFrom(T0 - 1)]).toEqual([
      102,
      undefined,
      [102, 5],
      4,
      0,
    ]);
  });

  it("keeps every point of the last hour, one per 10 s before, nothing older than a day", () => {
    const now = T0 + HISTORY_SPAN_MS + 2 * 3_600_000;
    const all = everySecond(now - HISTORY_SPAN_MS - 3_600_000, (HISTORY_SPAN_MS + 3_600_000) / 1000 + 1);
    const c = compactSeries(all, now);
    expect(c[0]!.t).toBeGreaterThanOrEqual(now - HISTORY_SPAN_MS);
    const fine = c.filter((p) => p.t >= now - FINE_SPAN_MS);
    const coarse = c.filter((p) => p.t < now - FINE_SPAN_MS);
    expect(fine).toHaveLength(FINE_SPAN_MS / 1000 + 1);
    expect(coarse.length).toBe((HISTORY_SPAN_MS - FINE_SPAN_MS) / COARSE_STEP_MS);
    for (let i = 1; i < coarse.length; i++) expect(coarse[i]!.t - coarse[i - 1]!.t).toBe(COARSE_STEP_MS);
  });

  it("stays bounded however long it is appended to, once a second", () => {
    let s = PriceSeries.EMPTY;
    let most = 0;
    for (let i = 0; i < 30 * 3600; i++) {
      s = appendPrice(s, { t: T0 + i * 1000, value: i });
      most = Math.max(most, s.length);
    }
    expect(most).toBeLessThan(3600 + 8280 + 600);
    expect(s.at(-1)!.t - s.get(0).t).toBeLessThanOrEqual(HISTORY_SPAN_MS + 10 * 60_000);
  });

  it("prunes a slow series that never grows long", () => {
    let s = PriceSeries.EMPTY;
    for (let i = 0; i < 3 * 24 * 60; i++) s = appendPrice(s, { t: T0 + i * 60_000, value: i });
    expect(s.at(-1)!.t - s.get(0).t).toBeLessThanOrEqual(HISTORY_SPAN_MS + 10 * 60_000);
  });

  it("merges two histories in time order, one point per instant, the newer one's where both have it", () => {
    const a = [
      { t: T0 + 3000, value: 3 },
      { t: T0, value: 0 },
      { t: T0 + 2000, value: 2 },
    ];
    const b = [
      { t: T0 + 2000, value: 22 },
      { t: T0 + 1000, value: 1 },
    ];
    expect([...mergeSeries(a, b)].map((p) => [p.t - T0, p.value])).toEqual([
      [0, 0],
      [1000, 1],
      [2000, 22],
      [3000, 3],
    ]);
    expect(mergeSeries([], [])).toBe(PriceSeries.EMPTY);
  });
});

describe("the snapshot's price history", () => {
  it("keeps each asset's prices across a switch of asset or interval and back", () => {
    const target = { asset: "BTC_USDT", interval: 60 as const, network: "testnet" as const, currency: "USDC" };
    let s = initialSnapshot(target);
    s = withPrice(s, livePrice(67_000, T0), T0);
    s = withPrice(s, livePrice(67_001, T0 + 1000), T0 + 1000);
    s = retargeted(s, { ...target, asset: "ETH_USDT" }, T0 + 1000);
    expect(targetPrices(s).length).toBe(0);
    s = withPrice(s, livePrice(3_700, T0 + 2000), T0 + 2000);
    s = retargeted(s, { ...target, interval: 3600 }, T0 + 2000);
    s = retargeted(s, target, T0 + 2000);
    expect([...targetPrices(s)].map((p) => p.value)).toEqual([67_000, 67_001]);
    expect([...(s.priceHistory.ETH_USDT ?? [])].map((p) => p.value)).toEqual([3_700]);
  });
});
