/**
 * The performance view (g) in the real App, from fixed store snapshots: the
 * cumulative net chart with its axes, the figures and tables, the filters
 * and range keys, the scroll, what it says before the history is known, and
 * that it tells the controller when it opens and closes.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { Network } from "../../src/api/schemas.js";
import { figuresOf } from "../../src/domain/performance/index.js";
import { summaryLines } from "../../src/domain/performance/text.js";
import { PriceSeries } from "../../src/domain/price-series.js";
import { FIRST_PAGE, type KeptResults } from "../../src/domain/results-history.js";
import type { GameResult } from "../../src/domain/service-data.js";
import { initialHistories, type ResultsHistory, withSettledGame } from "../../src/poller/results-history.js";
import { initialSnapshot, type Snapshot } from "../../src/poller/snapshot.js";
import { Store } from "../../src/poller/store.js";
import { App } from "../../src/ui/App.js";
import type { DashboardController } from "../../src/ui/controller.js";
import { netSteps } from "../../src/ui/performance/PerformanceView.js";
import { wrapFigures } from "../../src/ui/performance/performance-lines.js";
import { balance, listing, livePrice, placedPosition } from "../helpers/fixtures.js";
import { renderAt, tick } from "../helpers/ink.js";
import { settled } from "../helpers/results.js";
import { until } from "../helpers/until.js";

const ESC = "\u001b";
const NOW = Date.now();
const DAY = 86_400_000;

/** Three days of games: BTC 1 m games won and lost, ETH 1 h games, one cancelled; the newest lost. */
function played(): GameResult[] {
  const games: GameResult[] = [];
  for (let i = 0; i < 30; i++) {
    const at = NOW - 3 * DAY + i * 2 * 3_600_000;
    const won = i % 3 !== 0;
    games.push(
      settled({
        gid: 1000 + i,
        at,
        staked: "2",
        paid: won ? "3.5" : "0",
        interval: i % 2 === 0 ? 60 : 3600,
        asset: i % 2 === 0 ? "BTC_USDT" : "ETH_USDT",
        closing: "60000",
        positions: [{ f: "2", w: won ? "3.5" : "0", win: won, variance: won ? "6" : "-120" }],
      }),
    );
  }
  games.push(settled({ gid: 2000, at: NOW - DAY, staked: "1", paid: "1", cancelled: true }));
  return games;
}

function history(games: readonly GameResult[], over: Partial<ResultsHistory> = {}): ResultsHistory {
  const kept: KeptResults = { games: new Map(games.map((g) => [g.gid, g])), through: NOW - 60_000 };
  return { loaded: true, kept, read: null, readAt: NOW - 5_000, settledSinceRead: 0, ...over };
}

function setup(testnet: ResultsHistory, mainnet?: ResultsHistory) {
  const start = NOW - 5_000;
  const histories = { ...initialHistories(), testnet, ...(mainnet ? { mainnet } : {}) } as Record<Network, ResultsHistory>;
  const snap: Snapshot = {
    ...initialSnapshot({ asset: "BTC_USDT", interval: 60, network: "testnet", currency: "USDC" }),
    listing: { value: listing({ start, now: NOW, interval: 60 }), at: NOW },
    price: { value: livePrice(67000, NOW), at: NOW },
    priceHistory: { BTC_USDT: PriceSeries.of([{ t: NOW, value: 67000 }]) },
    balance: { value: balance(), at: NOW },
    connection: { state: "ok" },
    lastOkAt: NOW,
    resultsHistory: histories,
  };
  const opened: boolean[] = [];
  const c: DashboardController = {
    store: new Store(snap),
    serverNow: () => Date.now(),
    refresh: () => true,
    retarget: () => undefined,
    place: async (req) => ({ kind: "placed", position: placedPosition({ gid: req.gid, sp: req.sp, f: req.f }) }),
    setPerformanceOpen: (open) => opened.push(open),
  };
  return { c, opened };
}

let ui: ReturnType<typeof renderAt> | undefined;
afterEach(() => ui?.unmount());

async function mount(c: DashboardController, cols: number, rows: number) {
  ui = renderAt(<App controller={c} backend="SIM" assets={["BTC_USDT", "ETH_USDT"]} readonly={false} walletMissing={false} />, cols, rows);
  await tick();
  return ui;
}

function fits(text: string, cols: number, rows: number) {
  const lines = text.split("\n");
  expect(lines.length).toBeLessThanOrEqual(rows);
  for (const l of lines) expect([...l].length).toBeLessThanOrEqual(cols);
}

describe("the performance view", () => {
  it.each([
    [80, 24],
    [200, 50],
  ])("at %ix%i: the net chart with its axes, the figures, the tables; g closes and tells the poller", async (cols, rows) => {
    const { c, opened } = setup(history(played()));
    const u = await mount(c, cols, rows);
    await u.press("g");
    const t = u.text();
    fits(t, cols, rows);
    expect(t).toContain(cols >= 100 ? "PERFORMANCE testnet · 7 days · every asset · every interval" : "PERFORMANCE testnet · 7 days");
    // The filters that fit beside the history's status, whole: none cut mid-word.
    const title = t.split("\n").find((l) => l.includes("PERFORMANCE"))!;
    expect(title).toMatch(/PERFORMANCE testnet · 7 days( · every asset)?( · every interval)? {2,}\d+ games in all · read/);
    expect(t).toContain("31 games in all · read");
    // 30 games played out: 20 won (+1.50 each), 10 lost (−2 each): net +10.00.
    expect(t).toMatch(/31 settled games: won 20 · lost 10 · even 0 · cancelled 1 \(refunded\)/);
    expect(t).toContain("net +10.00 USDC = paid 70.00 − staked 60.00");
    // The chart: braille dots, a price-style axis with ticks, the net tagged at the right, date labels under it.
    expect(t).toMatch(/[⠀-⣿]/);
    expect(t).toMatch(/┤/);
    expect(t).toMatch(/\+10\.00/);
    expect(t).toMatch(/\d\d-\d\d/);
    if (rows >= 50) {
      expect(t).toMatch(/BY INTERVAL\s+GAMES/);
      // The cancelled game is a 1 m BTC game: counted, refunded.
      expect(t).toMatch(/1m\s+16\s+15\s+30\.00\s+35\.00\s+\+5\.00/);
      expect(t).toMatch(/BY ASSET\s+GAMES/);
      expect(t).toMatch(/ETH_USDT\s+15\b/);
      expect(t).toContain("strike to close over 30 positions of 2 assets, in % of the close: median");
    } else {
      expect(t).toMatch(/↓ \d+ more lines \(j\)/);
    }
    expect(opened).toEqual([true]);
    await u.press("g");
    expect(u.text()).not.toContain("PERFORMANCE");
    expect(opened).toEqual([true, false]);
  });

  it("draws the running net as steps: flat at 0 to the first game, a step at each, flat to now", () => {
    const d = (n: number) => ({ toNumber: () => n });
    expect(
      netSteps(
        [
          { t: 10, net: d(2) },
          { t: 20, net: d(-1) },
          { t: 20, net: d(-3) },
        ],
        0,
        30,
      ),
    ).toEqual([
      { t: 0, value: 0 },
      { t: 10, value: 0 },
      { t: 10, value: 2 },
      { t: 20, value: 2 },
      { t: 20, value: -1 },
      { t: 20, value: -3 },
      { t: 30, value: -3 },
    ]);
  });

  it("writes the net's sum with every digit, so a minimum-stake game's adds up on screen", () => {
    const f = figuresOf([settled({ gid: 1, at: NOW, staked: "0.01", paid: "0.008259" })]);
    expect(summaryLines(f, "USDC")[1]).toBe("net -0.001741 USDC = paid 0.008259 − staked 0.01 · return on stake -17.41%");
  });

  it("breaks a figure line too long for a narrow pane at its dots, losing none of it", () => {
    const text = "31 settled games: won 20 · lost 10 · even 0 · cancelled 1 (refunded)";
    expect(wrapFigures(text, 80)).toEqual([text]);
    expect(wrapFigures(text, 40)).toEqual(["31 settled games: won 20 · lost 10", "  even 0 · cancelled 1 (refunded)"]);
    expect(wrapFigures("one-long-part-with-no-dots", 5)).toEqual(["one-long-part-with-no-dots"]);
  });

  it("breaks a part still too long before its = or − sign, or after its colon", () => {
    const net = "net +75.559421 USDC = paid 1,371.639421 − staked 1,296.08 · return on stake +5.83%";
    expect(wrapFigures(net, 56)).toEqual(["net +75.559421 USDC", "  = paid 1,371.639421 − staked 1,296.08", "  return on stake +5.83%"]);
    expect(wrapFigures(net, 30)).toEqual([
      "net +75.559421 USDC",
      "  = paid 1,371.639421",
      "  − staked 1,296.08",
      "  return on stake +5.83%",
    ]);
    const median = "strike to close over 319 positions: median 12.19 (0.050%)";
    expect(wrapFigures(median, 46)).toEqual(["strike to close over 319 positions:", "  median 12.19 (0.050%)"]);
  });

  it("j scrolls the figures to the tables at 80x24, and k back", async () => {
    const { c } = setup(history(played()));
    const u = await mount(c, 80, 24);
    await u.press("g");
    expect(u.text()).not.toContain("strike to close over");
    for (let i = 0; i < 12; i++) await u.press("j");
    expect(u.text()).toContain("strike to close over 30 positions of 2 assets");
    for (let i = 0; i < 12; i++) await u.press("k");
    expect(u.text()).toContain("settled games: won 20");
  });

  it("keeps a table's column heading in sight while j scrolls through its rows at 60x15", async () => {
    const { c } = setup(history(played()));
    const u = await mount(c, 60, 15);
    await u.press("g");
    let rowsSeen = 0;
    for (let i = 0; i < 20; i++) {
      await u.press("j");
      const lines = u.text().split("\n");
      lines.forEach((l, at) => {
        const table = /^│ (10s|1m|1h|1d) /.test(l) ? "BY INTERVAL" : /^│ (BTC|ETH)_USDT /.test(l) ? "BY ASSET" : undefined;
        if (table === undefined) return;
        rowsSeen++;
        expect(
          lines.slice(0, at).some((above) => above.startsWith(`│ ${table} `)),
          lines.join("\n"),
        ).toBe(true);
      });
    }
    expect(rowsSeen).toBeGreaterThan(0);
  });

  it("t, i, a and n change the range and the filters, and redraw", async () => {
    const { c } = setup(history(played()), history([settled({ gid: 9, at: NOW - 1000, staked: "5", paid: "9" })]));
    const u = await mount(c, 120, 40);
    await u.press("g");
    await u.press("t");
    expect(u.text()).toContain("PERFORMANCE testnet · 30 days");
    await u.press("t");
    expect(u.text()).toContain("PERFORMANCE testnet · all");
    await u.press("t");
    // Today: only what settled since 00:00 UTC.
    expect(u.text()).toContain("PERFORMANCE testnet · today");
    await u.press("t");
    await u.press("i");
    expect(u.text()).toContain("every asset · 10s games");
    expect(u.text()).toContain("no settled games");
    await u.press("i");
    expect(u.text()).toMatch(/16 settled games: won 10 · lost 5 · even 0 · cancelled 1/);
    await u.press("i");
    await u.press("a");
    expect(u.text()).toContain("· BTC_USDT · 1h games");
    expect(u.text()).toContain("no settled games");
    await u.press("n");
    expect(u.text()).toContain("PERFORMANCE mainnet");
  });

  it("counts the games seen settling since the last read, so the count moves on beside the read's age", async () => {
    const { c } = setup(history(played()));
    const u = await mount(c, 120, 40);
    await u.press("g");
    expect(u.text()).toMatch(/31 games in all · read [\d.]+s ago\s/);
    const game = settled({ gid: 3000, at: NOW - 1_000, staked: "2", paid: "3.5", interval: 60, asset: "BTC_USDT" });
    c.store.update((s) => withSettledGame(s, game, "testnet"));
    await until(
      () => u.text().includes("32 games"),
      3_000,
      () => u.text(),
    );
    expect(u.text()).toMatch(/32 games in all · read [\d.]+s ago · 1 settled since, counted/);
    // The same game again (a later look at its result) is not one more.
    c.store.update((s) => withSettledGame(s, game, "testnet"));
    await tick(50);
    expect(u.text()).toMatch(/32 games in all · read [\d.]+s ago · 1 settled since, counted/);
  });

  it.each([
    [80, 18],
    [60, 15],
  ])("at %ix%i keeps the filters chosen in the title, before the history's status and the defaults", async (cols, rows) => {
    const { c } = setup(history(played()));
    const u = await mount(c, cols, rows);
    await u.press("g");
    await u.press("t");
    await u.press("i");
    await u.press("a");
    const title = u
      .text()
      .split("\n")
      .find((l) => l.includes("PERFORMANCE"))!;
    // At 60 columns the history's count gives way: the body's first line counts the games these filters hold.
    expect(title).toMatch(
      cols >= 80
        ? /▸ PERFORMANCE testnet · 30 days · BTC_USDT · 10s games {2,}31 games in all │/
        : /▸ PERFORMANCE testnet · 30 days · BTC_USDT · 10s games +│/,
    );
    expect(title.length).toBeLessThanOrEqual(cols);
  });

  it("at 60 columns keeps the title's name, the range and the count, dropping the status's later parts", async () => {
    const { c } = setup(history(played()));
    const u = await mount(c, 60, 15);
    await u.press("g");
    c.store.update((s) => withSettledGame(s, settled({ gid: 3000, at: NOW - 1_000, staked: "2", paid: "3.5" }), "testnet"));
    await until(
      () => u.text().includes("32 games"),
      3_000,
      () => u.text(),
    );
    expect(u.text()).toMatch(/▸ PERFORMANCE testnet · 7 days +32 games in all │/);
  });

  it("says what is not known: loading, the first read under way (so far), a read that failed", async () => {
    const loading = setup({ ...history([]), loaded: false, readAt: null, kept: { games: new Map(), through: null } });
    let u = await mount(loading.c, 100, 30);
    await u.press("g");
    expect(u.text()).toContain("loading the kept results…");
    expect(u.text()).not.toContain("no settled games");
    u.unmount();

    const reading = setup({
      ...history(played().slice(0, 5)),
      kept: {
        games: new Map(
          played()
            .slice(0, 5)
            .map((g) => [g.gid, g]),
        ),
        through: null,
      },
      read: { next: { ...FIRST_PAGE, offset: 100, newest: NOW }, pages: 1, total: 1200 },
      readAt: null,
    });
    u = await mount(reading.c, 100, 30);
    await u.press("g");
    expect(u.text()).toContain("5 games so far · reading page 2 of 12…");
    u.unmount();

    const failed = setup({ ...history([]), readAt: null, kept: { games: new Map(), through: null } });
    failed.c.store.update((s) => ({ ...s, errors: { results: { kind: "network", message: "the service is not answering", at: NOW } } }));
    u = await mount(failed.c, 100, 30);
    await u.press("g");
    expect(u.text()).toContain("not read: the service is not answering");
  });

  it("lists its keys in the help and the footer, and holds the dashboard's others", async () => {
    const { c } = setup(history(played()));
    const u = await mount(c, 120, 40);
    await u.press("g");
    expect(u.text()).toMatch(/g\/Esc close {2}t range/);
    await u.press("p");
    expect(u.text()).toContain("PERFORMANCE");
    await u.press(ESC);
    expect(u.text()).not.toContain("PERFORMANCE");
  });
});
