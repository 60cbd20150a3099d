/**
 * A price series at its edges (src/domain/price-series.ts): indexes from either end, the search for an
 * instant that is in the series, appending to a series that is not the newest, and a point compared
 * with the last one rather than any other.
 */
import { describe, expect, it } from "vitest";
import { appendPrice, compactSeries, FINE_SPAN_MS, mergeSeries, PriceSeries } from "../../src/domain/price-series.js";

const T = Date.UTC(2026, 10, 25, 12, 0, 0);
const p = (s: number, value = 100 + s) => ({ t: T + s * 1_000, value });
const three = () => PriceSeries.of([p(10), p(20), p(30)]);

describe("a price series' edges", () => {
  it("reads a point from either end, and nothing outside", () => {
    const s = three();
    expect([s.at(0), s.at(2), s.at(-1), s.at(-3)]).toEqual([p(10), p(30), p(30), p(10)]);
    expect([s.at(3), s.at(-4)]).toEqual([undefined, undefined]);
    expect([PriceSeries.of([]).length, PriceSeries.of([]).at(0)]).toEqual([0, undefined]);
  });

  it("finds the first point at or after an instant, the instant's own point when it has one", () => {
    const s = three();
    expect([s.indexFrom(T + 20_000), s.indexFrom(T + 20_001), s.indexFrom(T), s.indexFrom(T + 31_000)]).toEqual([1, 2, 0, 3]);
  });

  it("keeps each series its own points when two are made from the same one", () => {
    const base = three();
    const a = base.with(p(40));
    const b = base.with(p(41));
    expect([a.at(-1), b.at(-1), base.length, a.length, b.length]).toEqual([p(40), p(41), 3, 4, 4]);
    expect([...a]).toEqual([p(10), p(20), p(30), p(40)]);
  });

  it("ignores a point no newer than the last, though newer than the ones before", () => {
    const s = three();
    expect(appendPrice(s, p(25))).toBe(s);
    expect(appendPrice(s, p(30, 1))).toBe(s);
    expect(appendPrice(s, p(31)).at(-1)).toEqual(p(31));
  });

  it("keeps every point from exactly an hour before the newest, thinning only before it", () => {
    const now = T + 2 * FINE_SPAN_MS + 5_000;
    const edge = now - FINE_SPAN_MS;
    // The edge shares a 10 s bucket with the point before it: only what is older than the hour is thinned.
    const points = [
      { t: edge - 1_000, value: 1 },
      { t: edge, value: 2 },
      { t: now, value: 3 },
    ];
    expect(compactSeries(points, now).map((p) => p.value)).toEqual([1, 2, 3]);
  });

  it("compacts a merge to its newest point, wherever the newest came from", () => {
    const merged = mergeSeries(
      [
        { t: T, value: 1 },
        { t: T + 1_000, value: 2 },
      ],
      [{ t: T + 2 * FINE_SPAN_MS, value: 3 }],
    );
    expect([...merged].map((p) => p.value)).toEqual([1, 3]);
  });
});
