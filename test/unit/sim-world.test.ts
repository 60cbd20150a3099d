/** The sim's pure world: price feed, schedule and gids, forecast, streaks. */
import { describe, expect, it } from "vitest";
import { Decimal } from "../../src/domain/money.js";
import { gamePeriodMs, INTERVALS } from "../../src/domain/rules.js";
import { ASSETS } from "../../src/sim/engine/markets.js";
import { decodeGid, slotAt, slotPhase } from "../../src/sim/engine/schedule.js";
import { currentStreak, projectStreaks } from "../../src/sim/engine/streaks.js";
import { ASSET_MODELS, PriceFeed, TICK_MS } from "../../src/sim/feed/feed.js";
import { aiPrice } from "../../src/sim/feed/forecast.js";

const T = Date.UTC(2026, 1, 19);
const YEAR_MS = 365.25 * 86_400_000;

function logReturnSd(feed: PriceFeed, asset: (typeof ASSETS)[number], stepMs: number, n: number, from = T): number {
  const r: number[] = [];
  let prev = feed.tickAt(asset, from)!.price.toNumber();
  for (let i = 1; i <= n; i++) {
    const p = feed.tickAt(asset, from + i * stepMs)!.price.toNumber();
    r.push(Math.log(p / prev));
    prev = p;
  }
  const mean = r.reduce((a, b) => a + b, 0) / n;
  return Math.sqrt(r.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1));
}

describe("PriceFeed", () => {
  it("is a pure function of seed, asset and tick", () => {
    const a = new PriceFeed(1);
    const b = new PriceFeed(1);
    const c = new PriceFeed(2);
    for (const t of [T, T + 12_345, T + 86_400_000 * 40]) {
      expect(a.tickAt("BTC_USDT", t)).toEqual(b.tickAt("BTC_USDT", t));
      expect(a.tickAt("BTC_USDT", t)!.price.eq(c.tickAt("BTC_USDT", t)!.price)).toBe(false);
    }
    // Asking in another order does not change the answers.
    const late = a.tickAt("ETH_USDT", T + 999_999_750)!;
    expect(new PriceFeed(1).tickAt("ETH_USDT", T + 999_999_750)).toEqual(late);
  });

  it("ticks every 250 ms and quotes to the cent", () => {
    const feed = new PriceFeed(3);
    const tick = feed.tickAt("BTC_USDT", T + 1_249)!;
    expect(tick.t).toBe(T + 1_000);
    expect(feed.tickAt("BTC_USDT", T + 1_000)!.price.eq(tick.price)).toBe(true);
    expect(tick.price.decimalPlaces()).toBeLessThanOrEqual(2);
    expect(TICK_MS).toBe(250);
  });

  it.each(ASSETS)("has the asset's volatility at 60 s and 1 day horizons (%s)", (asset) => {
    const feed = new PriceFeed(5);
    const vol = ASSET_MODELS[asset].annualVol;
    const minute = logReturnSd(feed, asset, 60_000, 3000);
    expect(minute / (vol * Math.sqrt(60_000 / YEAR_MS))).toBeGreaterThan(0.9);
    expect(minute / (vol * Math.sqrt(60_000 / YEAR_MS))).toBeLessThan(1.1);
    const day = logReturnSd(feed, asset, 86_400_000, 400);
    expect(day / (vol * Math.sqrt(86_400_000 / YEAR_MS))).toBeGreaterThan(0.75);
    expect(day / (vol * Math.sqrt(86_400_000 / YEAR_MS))).toBeLessThan(1.25);
  });

  it("keeps the price level realistic over the years", () => {
    const feed = new PriceFeed(9);
    for (let d = 0; d < 3650; d += 10) {
      const p = feed.tickAt("BTC_USDT", T + d * 86_400_000)!.price.toNumber();
      expect(p).toBeGreaterThan(68_000 / 3);
      expect(p).toBeLessThan(68_000 * 3);
    }
  });

  it("follows scripts: functions, steps, and the generated path where they say nothing", () => {
    const feed = new PriceFeed(1);
    const generated = feed.tickAt("BTC_USDT", T - 1000)!.price;
    feed.script("BTC_USDT", [
      [T, "70000"],
      [T + 1000, 71000.5],
    ]);
    expect(feed.tickAt("BTC_USDT", T - 1000)!.price.eq(generated)).toBe(true);
    expect(feed.tickAt("BTC_USDT", T + 999)!.price.toFixed()).toBe("70000");
    expect(feed.tickAt("BTC_USDT", T + 5000)!.price.toFixed()).toBe("71000.5");
    feed.script("BTC_USDT", (t) => (t >= T ? new Decimal("1.23") : null));
    expect(feed.tickAt("BTC_USDT", T)!.price.toFixed()).toBe("1.23");
    feed.clearScript("BTC_USDT");
    expect(feed.tickAt("BTC_USDT", T - 1000)!.price.eq(generated)).toBe(true);
    expect(() => feed.script("BTC_USDT", () => 0)).not.toThrow();
    expect(() => feed.tickAt("BTC_USDT", T)).toThrow(/positive/);
  });

  it("loses ticks in an outage and serves the last one that arrived", () => {
    const feed = new PriceFeed(1);
    feed.outage("ETH_USDT", T, T + 10_000);
    feed.outage("ETH_USDT", T - 500, T + 1);
    expect(feed.tickAt("ETH_USDT", T + 5_000)).toBeNull();
    expect(feed.latest("ETH_USDT", T + 5_000).t).toBe(T - 750);
    expect(feed.tickAt("ETH_USDT", T + 10_000)).not.toBeNull();
    expect(feed.tickAt("BTC_USDT", T + 5_000)).not.toBeNull();
    feed.clearOutages();
    expect(feed.tickAt("ETH_USDT", T + 5_000)).not.toBeNull();
  });
});

describe("schedule", () => {
  it.each(INTERVALS)("maps every %i s gid back to its game, and games are back to back", (interval) => {
    for (const asset of ASSETS) {
      const live = slotAt(asset, interval, T);
      expect(decodeGid(live.gid)).toEqual(live);
      const next = slotAt(asset, interval, live.endsAt);
      expect(next.startAt).toBe(live.endsAt);
      expect(next.index).toBe(live.index + 1);
      expect(live.endsAt - live.startAt).toBe(gamePeriodMs(interval));
      expect(slotPhase(live, live.startAt - 1)).toBe("next");
      expect(slotPhase(live, live.startAt)).toBe("accepting");
      expect(slotPhase(live, live.closesAt)).toBe("locked");
      expect(slotPhase(live, live.endsAt)).toBe("settling");
    }
  });

  it("refuses gids that name no game", () => {
    const gid = slotAt("BTC_USDT", 60, T).gid;
    for (const bad of ["", "abc", `0${gid}`, "94", "15", "1234567890123456", "-101"]) expect(decodeGid(bad)).toBeNull();
  });
});

describe("ai_price", () => {
  it("pulls the open a quarter of the way towards the recent average", () => {
    expect(
      aiPrice(
        new Decimal(100),
        [80, 120, 60, 60].map((p) => new Decimal(p)),
      ).toFixed(),
    ).toBe("95");
    expect(
      aiPrice(
        new Decimal(100),
        [0, 0, 100].map((p) => new Decimal(p)),
      ).toFixed(),
    ).toBe("83.33333333");
    expect(aiPrice(new Decimal("68000.5"), []).toFixed()).toBe("68000.5");
  });
});

describe("streaks", () => {
  it("counts the run of profitable positions at the end of the history, read newest first", () => {
    expect(currentStreak([])).toBe(0);
    expect(currentStreak([true, true, false, true])).toBe(2);
    expect(currentStreak([false, true, true])).toBe(0);
  });

  it("projects each live position that would win, a projected loss resetting the run", () => {
    const live = [
      { positionId: "a", profitable: true },
      { positionId: "b", profitable: false },
      { positionId: "c", profitable: true },
    ];
    expect(projectStreaks(4, live)).toEqual([
      { positionId: "a", streak: 5 },
      { positionId: "c", streak: 1 },
    ]);
  });
});
