/**
 * The results view, the settlement toast and the session summary in the real
 * App, from fixed store snapshots. The controller records the results queries
 * it is given; fetching them is the poller's job (test/integration/results-poller.test.ts).
 */

import { afterEach, describe, expect, it, onTestFinished } from "vitest";
import { Alerter } from "../../src/alerts/alerter.js";
import type { AlertsController } from "../../src/alerts/alerts-state.js";
import { type Channel, DEFAULT_ALERT_SETTINGS } from "../../src/alerts/rules.js";
import type { GameResult as WireGameResult } from "../../src/api/schemas.js";
import { shortGid } from "../../src/domain/format.js";
import { PriceSeries } from "../../src/domain/price-series.js";
import type { GameResult, ResultsPage } from "../../src/domain/service-data.js";
import { resultsKey, withSettlement } from "../../src/poller/reducers.js";
import { initialSnapshot, type Snapshot } from "../../src/poller/snapshot.js";
import { Store } from "../../src/poller/store.js";
import { App } from "../../src/ui/App.js";
import type { DashboardController } from "../../src/ui/controller.js";
import { computeLayout } from "../../src/ui/layout.js";
import { resultsListRows } from "../../src/ui/results/ResultsView.js";
import { pageSizeFor, type ResultsQueryArg } from "../../src/ui/results/results-state.js";
import { toastMs } from "../../src/ui/results/use-settlement-toast.js";
import { balance, gameResult, listing, livePrice, placedPosition } from "../helpers/fixtures.js";
import { renderAt, tick } from "../helpers/ink.js";
import { until } from "../helpers/until.js";

const ESC = "\u001b";
const ENTER = "\r";
const BACKSPACE = "\u007f";
const PGDN = "\u001b[6~";
const PGUP = "\u001b[5~";

const NOW = Date.now();

function game(i: number, over: Partial<WireGameResult> = {}): GameResult {
  const settled = NOW - 60_000 * (i + 1);
  return gameResult({
    gid: String(11800000000 + 100 * (100 - i) + 1),
    interval: 10,
    asset: "BTC_USDT",
    network: "testnet",
    currency: "USDC",
    open_price: "67036.0478",
    closing_price: "67100.5",
    settled_at: new Date(settled).toISOString(),
    cancelled: false,
    positions: [
      {
        sp: "67100",
        f: "2.5",
        w: "3.1",
        r: "24",
        win: true,
        variance: "0.5",
        txid: `t${i}a`,
        placed_at: new Date(settled - 14_000).toISOString(),
      },
      {
        sp: "66000",
        f: "0.75",
        w: "0.1",
        r: "-86.666667",
        win: false,
        variance: "1100.5",
        txid: `t${i}b`,
        placed_at: new Date(settled - 13_000).toISOString(),
      },
    ],
    total_staked: "3.25",
    total_winnings: "3.2",
    net_return: "-0.05",
    ...over,
  });
}

function page(games: GameResult[], total: number, offset = 0, limit = 10): ResultsPage {
  return { games, pagination: { total, limit, offset, extra: {} }, extra: {}, issues: [] };
}

/** Games per page in the view opened at `cols`×`rows`: as many as its list has rows for, at least ten. */
const limitAt = (cols: number, rows: number) => pageSizeFor(resultsListRows(computeLayout(cols, rows).bodyHeight));
/** A page's key for the view opened at 80×18, where a page is ten games, or at `size`. */
const key = (q: ResultsQueryArg, size: [number, number] = [80, 18]) => resultsKey({ limit: limitAt(...size), offset: 0, ...q });

function setup(pages: Record<string, ResultsPage> = {}, over: Partial<Snapshot> = {}) {
  const start = NOW - 5_000;
  const snap: Snapshot = {
    ...initialSnapshot({ asset: "BTC_USDT", interval: 10, network: "testnet", currency: "USDC" }),
    listing: { value: listing({ start, now: NOW, interval: 10 }), at: NOW },
    price: { value: livePrice(67000, NOW), at: NOW },
    priceHistory: { BTC_USDT: PriceSeries.of([{ t: NOW, value: 67000 }]) },
    balance: { value: balance(), at: NOW },
    connection: { state: "ok" },
    lastOkAt: NOW,
    results: { key: key({}), pages: Object.fromEntries(Object.entries(pages).map(([k, v]) => [k, { value: v, at: Date.now() - 2_000 }])) },
    ...over,
  };
  const queries: (ResultsQueryArg | null)[] = [];
  const c: DashboardController = {
    store: new Store(snap),
    serverNow: () => Date.now(),
    refresh: () => true,
    retarget: () => undefined,
    place: async (req) => ({ kind: "placed", position: placedPosition({ gid: req.gid, sp: req.sp, f: req.f }) }),
    setResultsQuery: (q) => queries.push(q),
  };
  return { c, queries };
}

let ui: ReturnType<typeof renderAt> | undefined;
afterEach(() => ui?.unmount());

async function mount(c: DashboardController, cols = 120, rows = 40, extra: { alerts?: AlertsController } = {}) {
  ui = renderAt(
    <App controller={c} backend="SIM" assets={["BTC_USDT", "ETH_USDT"]} readonly={false} walletMissing={false} {...extra} />,
    cols,
    rows,
  );
  await tick();
  return ui;
}

/** The alerts as the dashboard runs them, the bells counted where the terminal would ring. */
function alerting(c: DashboardController, deliver: readonly Channel[] = ["bell"]) {
  const bells: string[] = [];
  const alerts = new Alerter({
    source: c.store,
    serverNow: () => c.serverNow(),
    settings: { ...DEFAULT_ALERT_SETTINGS, deliver },
    delivery: {
      deliver: (e, channels) => {
        if (channels.includes("bell")) bells.push(e.event);
        return channels;
      },
      setFocused: () => {},
    },
  });
  alerts.start();
  onTestFinished(() => alerts.stop());
  return { alerts, bells };
}

const flat = (s: string) => s.replace(/\s+/g, " ");

/**
 * A results row's STAKE, PAID and NET figures each in the column whose title ends where the column does (a figure
 * padded after its digits so that the column's points line up); `points`, where given, is where each point stands.
 */
function expectUnderTitles(lines: readonly string[], row: string, figures: readonly [string, string, string], points?: number[]) {
  const header = lines.find((l) => /STAKE +PAID +NET/.test(l))!;
  (["STAKE", "PAID", "NET"] as const).forEach((title, i) => {
    const end = header.indexOf(` ${title}`) + title.length + 1;
    const cell = row.slice(0, end);
    expect(cell.trimEnd().endsWith(` ${figures[i]}`), `${figures[i]} under ${title} in:\n${header}\n${row}`).toBe(true);
    if (points) expect(cell.trimEnd().lastIndexOf("."), `${figures[i]}'s point under ${title} in:\n${header}\n${row}`).toBe(points[i]);
  });
}

/** Where the point of each of a row's STAKE, PAID and NET figures stands. */
function pointsOf(lines: readonly string[], row: string): number[] {
  const header = lines.find((l) => /STAKE +PAID +NET/.test(l))!;
  return (["STAKE", "PAID", "NET"] as const).map((title) =>
    row
      .slice(0, header.indexOf(` ${title}`) + title.length + 1)
      .trimEnd()
      .lastIndexOf("."),
  );
}

function fits(u: NonNullable<typeof ui>, cols: number, rows: number) {
  const lines = u.text().split("\n");
  expect(lines.length).toBeLessThanOrEqual(rows - 1);
  for (const l of lines) expect([...l].length).toBeLessThanOrEqual(cols);
}

const history = Array.from({ length: 23 }, (_, i) => game(i));

/** A gross that keeps its net's six decimals on a stake of 12. */
const sixDecimals = () => game(1, { total_staked: "12", total_winnings: "12.004028", net_return: "0.004028" });

/** The results view opened (r) over one page of `games`; its lines. */
async function openResults(games: GameResult[], cols: number, rows: number) {
  const { c } = setup({ [key({}, [cols, rows])]: page(games, games.length) });
  const u = await mount(c, cols, rows);
  await u.press("r");
  return { u, lines: u.text().split("\n") };
}

describe("results view", () => {
  it("says which games of the page show where the pane is too short for all ten, and the rows follow the selection", async () => {
    const { u } = await openResults(history.slice(0, 10), 80, 18);
    const rowsOf = () =>
      u
        .text()
        .split("\n")
        .filter((l) => history.slice(0, 10).some((g) => l.includes(g.gid)));
    const shown = rowsOf().length;
    expect(shown).toBeGreaterThan(1);
    expect(shown).toBeLessThan(10);
    expect(u.text()).toContain(`games 1–${shown} of 10 on this page (j/k)`);
    for (let i = 0; i < 9; i++) await u.press("j");
    expect(u.text()).toContain(`games ${11 - shown}–10 of 10 on this page (j/k)`);
    expect(rowsOf().at(-1)).toContain(history[9]!.gid);
  });

  it.each([
    [80, 24],
    [120, 40],
  ])("opens with r at %ix%i: games most recent first, open → close, stake, won, net; fits; r closes", async (cols, rows) => {
    const small = game(2, { total_staked: "0.01", total_winnings: "0.006263", net_return: "-0.003737" });
    const games = [
      game(0, { closing_price: null, cancelled: true, total_winnings: "3.25", net_return: "0" }),
      history[1]!,
      small,
      ...history.slice(3, 10),
    ];
    const { c, queries } = setup({ [key({}, [cols, rows])]: page(games, 23) });
    const u = await mount(c, cols, rows);
    await u.press("r");
    const t = u.text();
    expect(t).toContain("RESULTS testnet · interval all · asset all");
    expect(t).toContain("page 1 of 3 · 23 games");
    expect(t).toMatch(/OPEN → +CLOSE/);
    expect(flat(t)).toContain(`${games[1]!.gid} 10s BTC_USDT 67,036.05 → 67,100.50 3.25 3.20 -0.05`);
    // At the minimum stake, PAID keeps the net's digits: PAID less STAKE reads as NET.
    expect(flat(t)).toContain(`${small.gid} 10s BTC_USDT 67,036.05 → 67,100.50 0.01 0.006263 -0.003737`);
    // The cancelled game: badge, and a null closing price is "no data", never zero.
    expect(flat(t)).toContain(`${games[0]!.gid} 10s BTC_USDT 67,036.05 → no data 3.25 3.25 CANCELLED`);
    expect(t).not.toContain("→ 0.00");
    // Body panes replaced; header and footer stay.
    expect(t).not.toContain("POSITIONS");
    expect(t).toContain("spotdash");
    expect(t).toContain("Enter positions");
    fits(u, cols, rows);
    expect(queries).toEqual([{ limit: limitAt(cols, rows), offset: 0 }]);
    await u.press("r");
    expect(u.text()).toContain("POSITIONS");
    expect(queries.at(-1)).toBeNull();
  });

  it.each([
    [80, 24],
    [120, 40],
  ])("at %ix%i, the arrow between open and close stands in one column over assets of every width, the title's too", async (cols, rows) => {
    const eth = game(1, { asset: "ETH_USDT", open_price: "3180.77", closing_price: "3181.88" });
    const big = game(2, { open_price: "163558.1", closing_price: "163601.25" });
    const games = [game(0, { closing_price: null, cancelled: true, total_winnings: "3.25", net_return: "0" }), eth, big, game(3)];
    const { u, lines } = await openResults(games, cols, rows);
    fits(u, cols, rows);
    const shown = [lines.find((l) => l.includes("OPEN"))!, ...games.map((g) => lines.find((l) => l.includes(g.gid))!)];
    const arrows = shown.map((l) => l.indexOf("→"));
    expect(new Set(arrows).size).toBe(1);
    // Each open and close right-aligned to the page's widest (163,558.10), "no data" with them.
    const at = arrows[0]!;
    expect(shown.map((l) => [l.slice(at - 11, at - 1), l.slice(at + 2, at + 12)])).toEqual([
      ["      OPEN", "     CLOSE"],
      [" 67,036.05", "   no data"],
      ["  3,180.77", "  3,181.88"],
      ["163,558.10", "163,601.25"],
      [" 67,036.05", " 67,100.50"],
    ]);
  });

  it.each([
    [80, 24],
    [120, 40],
  ])("keeps the columns in line at %ix%i when a gross needs six decimals on a stake of 10 or more", async (cols, rows) => {
    const wide = sixDecimals();
    const { u, lines } = await openResults([game(0), wide, game(2)], cols, rows);
    const row = lines.find((l) => l.includes(wide.gid))!;
    expect(flat(row)).toContain(" 12.00 12.004028 +0.004028");
    // Each figure in its column, the points of a column in line on every row (3.20 under 12.004028's point).
    expectUnderTitles(lines, row, ["12.00", "12.004028", "+0.004028"]);
    expectUnderTitles(lines, lines.find((l) => l.includes(game(0).gid))!, ["3.25", "3.20", "-0.05"], pointsOf(lines, row));
    fits(u, cols, rows);
  });

  it("at 80x24, figures too wide for the money columns' spare take the room from the ids, shown short, and NET stays whole", async () => {
    const big = game(1, { total_staked: "10000", total_winnings: "20000", net_return: "10000" });
    const { u, lines } = await openResults([game(0), big, game(2)], 80, 24);
    const row = lines.find((l) => l.includes(`…${big.gid.slice(-6)} `))!;
    expect(flat(row)).toContain(`…${big.gid.slice(-6)} 10s BTC_USDT 67,036.05 → 67,100.50 10,000.00 20,000.00 +10,000.00`);
    expectUnderTitles(lines, row, ["10,000.00", "20,000.00", "+10,000.00"]);
    // Every row's id is short alike, and the detail still names the game in full.
    expect(u.text()).not.toContain(big.gid);
    fits(u, 80, 24);
    await u.press("j");
    await u.press(ENTER);
    expect(u.text()).toContain(`RESULTS testnet › #${big.gid}`);
  });

  it.each([
    [60, 15],
    [50, 15],
  ])("at %ix%i leaves out whole columns, open and close first, never a figure of STAKE, PAID or NET", async (cols, rows) => {
    const wide = sixDecimals();
    const { u, lines } = await openResults([game(0), wide, game(2)], cols, rows);
    const header = lines.find((l) => /STAKE +PAID +NET/.test(l))!;
    expect(header).not.toContain("OPEN");
    const row = lines.find((l) => l.includes(wide.gid.slice(-6)))!;
    expect(flat(row)).toMatch(cols >= 60 ? / 10s BTC_USDT 12\.00 12\.004028 \+0\.004028 │$/ : / 10s 12\.00 12\.004028 \+0\.004028 │$/);
    // What the dropped column leaves is given back: at 60 the ids are whole again.
    if (cols >= 60) expect(row).toContain(` ${wide.gid} `);
    if (cols < 60) expect(header).not.toContain("ASSET");
    expectUnderTitles(lines, row, ["12.00", "12.004028", "+0.004028"]);
    fits(u, cols, rows);
  });

  it.each([
    [60, 15],
    [50, 15],
  ])("at %ix%i the title gives up whole parts: the count of games, then the filters; the page and its age stay", async (cols, rows) => {
    const { u, lines } = await openResults([game(0), game(1), game(2)], cols, rows);
    const title = lines.find((l) => l.includes("RESULTS"))!;
    expect(title).not.toContain("…");
    expect(title).not.toContain("games");
    expect(title).toMatch(
      cols >= 60 ? /▸ RESULTS testnet · interval all +page 1 of 1 · \S+ │$/ : /▸ RESULTS testnet +page 1 of 1 · \S+ │$/,
    );
    fits(u, cols, rows);
  });

  it.each([
    [60, 15],
    [50, 15],
  ])(
    "at %ix%i a game's detail keeps every figure whole: its line and totals wrap by items, the table drops columns",
    async (cols, rows) => {
      const wide = sixDecimals();
      const { u } = await openResults([game(0), wide, game(2)], cols, rows);
      await u.press("j");
      await u.press(ENTER);
      const lines = u.text().split("\n");
      const body = lines.slice(
        lines.findIndex((l) => l.includes("RESULTS")),
        lines.findIndex((l) => l.startsWith("╰")),
      );
      for (const l of body) expect(l, `cut in:\n${body.join("\n")}`).not.toContain("…");
      const t = flat(body.join("\n"));
      expect(t).toContain(`RESULTS testnet › #${wide.gid}`);
      expect(body[0]).toMatch(new RegExp(`▸ RESULTS testnet › #${wide.gid} +\\S+ │$`));
      expect(t).toContain("open 67,036.05 → close 67,100.50");
      expect(t).toMatch(
        /total staked 12\.00 USDC · paid 12\.004028 │ │ net \+0\.004028|total staked 12\.00 USDC · paid 12\.004028 · net \+0\.004028/,
      );
      const header = body.find((l) => l.includes("STRIKE"))!;
      expect(flat(header)).toMatch(
        cols >= 60 ? /STRIKE STAKE WINNINGS RETURN WIN VARIANCE PLACED/ : /STRIKE STAKE WINNINGS RETURN WIN VARIANCE │$/,
      );
      expect(t).toMatch(/67,100\.00 2\.50 3\.10 \+24\.00% ✓ 0\.50/);
      fits(u, cols, rows);
    },
  );

  it("asks for pages as long as the list has rows when it opens, so a tall pane shows a page whole; a resize keeps them", async () => {
    // 120x40: the list has rows for more than ten games, so all 23 are one page, none under a "games … on this page" line.
    const rows = limitAt(120, 40);
    expect(rows).toBeGreaterThan(23);
    const { c, queries } = setup({ [key({}, [120, 40])]: page(history, 23, 0, rows) });
    const u = await mount(c, 120, 40);
    await u.press("r");
    expect(queries).toEqual([{ limit: rows, offset: 0 }]);
    expect(u.text()).toContain("page 1 of 1 · 23 games");
    for (const g of history) expect(u.text()).toContain(g.gid);
    expect(u.text()).not.toMatch(/games \d+–\d+ of/);
    fits(u, 120, 40);
    // A resize while the view is open asks for nothing new: the rows that no longer fit scroll with j/k.
    u.stdout.resize(80, 18);
    await tick();
    expect(queries).toHaveLength(1);
    expect(u.text()).toContain("games 1–8 of 23 on this page (j/k)");
    fits(u, 80, 18);
    // Opened again at that size, its pages are ten games.
    await u.press("r");
    await u.press("r");
    expect(queries.at(-1)).toEqual({ limit: 10, offset: 0 });
  });

  it("pages with n / N and PgDn / PgUp, showing page k of m and loading pages not seen yet", async () => {
    const { c, queries } = setup({
      [key({})]: page(history.slice(0, 10), 23),
      [key({ offset: 10 })]: page(history.slice(10, 20), 23, 10),
    });
    // At 80x18 the list has rows for ten games: pages of ten.
    const u = await mount(c, 80, 18);
    await u.press("r");
    await u.press("n");
    expect(u.text()).toContain("page 2 of 3");
    expect(u.text()).toContain(history[10]!.gid);
    expect(u.text()).not.toContain(history[9]!.gid);
    await u.press(PGDN);
    // Loading, the page keeps the count of pages the page before gave.
    expect(u.text()).toContain("page 3 of 3");
    expect(u.text()).toContain("loading…");
    await u.press("n"); // not loaded yet: stays, and says so
    expect(u.text()).toContain("this page is still loading");
    await u.press(PGUP);
    await u.press("N");
    expect(u.text()).toContain("page 1 of 3");
    await u.press("N");
    expect(u.text()).toContain("first page");
    expect(queries.map((q) => q?.offset)).toEqual([0, 10, 20, 10, 0]);
  });

  it("filters by interval (i) and asset (a), shown in the title, from the first page", async () => {
    const { c, queries } = setup({ [key({})]: page(history.slice(0, 10), 23), [key({ offset: 10 })]: page(history.slice(10, 20), 23, 10) });
    const u = await mount(c, 80, 18);
    await u.press("r");
    await u.press("n");
    await u.press("i");
    expect(u.text()).toContain("interval 10s · asset all");
    await u.press("a");
    expect(u.text()).toContain("interval 10s · asset BTC_USDT");
    await u.press("a");
    expect(u.text()).toContain("interval 10s · asset ETH_USDT");
    expect(queries.slice(2)).toEqual([
      { interval: 10, limit: 10, offset: 0 },
      { asset: "BTC_USDT", interval: 10, limit: 10, offset: 0 },
      { asset: "ETH_USDT", interval: 10, limit: 10, offset: 0 },
    ]);
  });

  it("says so when a filter matches nothing, and when there is no history at all", async () => {
    const { c } = setup({ [key({}, [80, 24])]: page([], 0), [key({ interval: 10 }, [80, 24])]: page([], 0) });
    const u = await mount(c, 80, 24);
    await u.press("r");
    expect(u.text()).toContain("no settled games yet");
    expect(u.text()).toContain("page 1 of 1 · 0 games");
    expect(u.text()).toContain("no games settled since the dashboard started");
    await u.press("i");
    expect(u.text()).toContain("no settled games for interval 10s · asset all");
    fits(u, 80, 24);
  });

  it("selects with j/k, shows a game's positions on Enter, goes back with Backspace and Esc, closes with Esc", async () => {
    const { c } = setup({ [key({}, [80, 24])]: page(history.slice(0, 10), 23) });
    const u = await mount(c, 80, 24);
    await u.press("r");
    await u.press("j");
    await u.press("j");
    await u.press("k");
    expect(u.text()).toMatch(new RegExp(`▸ ${history[1]!.gid}`));
    await u.press(ENTER);
    const t = flat(u.text());
    expect(t).toContain(`RESULTS testnet › #${history[1]!.gid}`);
    expect(t).toContain("LOST · BTC_USDT 10s · open 67,036.05 → close 67,100.50");
    expect(t).toContain("STRIKE STAKE WINNINGS RETURN WIN VARIANCE PLACED");
    expect(t).toContain("67,100.00 2.50 3.10 +24.00% ✓ 0.50");
    expect(t).toContain("66,000.00 0.75 0.10 -86.67% ✗ 1,100.50");
    expect(t).toContain("total staked 3.25 USDC · paid 3.20 · net -0.05");
    fits(u, 80, 24);
    await u.press(BACKSPACE);
    expect(u.text()).toContain("RESULTS testnet · interval all");
    await u.press(ENTER);
    await u.press(ESC);
    await tick(50);
    expect(u.text()).toContain("RESULTS testnet · interval all");
    await u.press(ESC);
    await tick(50);
    expect(u.text()).toContain("POSITIONS");
  });

  it("offers j/k select only where there is more than one row to select", async () => {
    const footer = (u: NonNullable<typeof ui>) => u.text().split("\n").at(-1)!;
    const two = await openResults(history.slice(0, 2), 80, 24);
    expect(footer(two.u)).toContain("j/k select");
    await two.u.press(ENTER);
    expect(footer(two.u)).toContain("j/k select");
    two.u.unmount();
    const single = game(0);
    const one = await openResults([{ ...single, positions: single.positions.slice(0, 1) }], 80, 24);
    expect(footer(one.u)).toMatch(/^r\/Esc close {2}Enter positions/);
    await one.u.press(ENTER);
    expect(flat(one.u.text())).toContain("67,100.00 2.50 3.10");
    expect(footer(one.u)).not.toContain("select");
  });

  it("shows a cancelled game's detail with its refund and a null closing price as no data", async () => {
    const cancelled = game(0, { closing_price: null, cancelled: true, total_winnings: "3.25", net_return: "0" });
    const { c } = setup({ [key({}, [80, 24])]: page([cancelled], 1) });
    const u = await mount(c, 80, 24);
    await u.press("r");
    await u.press(ENTER);
    const t = flat(u.text());
    expect(t).toContain("close no data");
    expect(t).toContain("CANCELLED — stakes refunded");
    expect(t).toContain("net 0.00 (refunded)");
  });

  it("marks the selected position of a game whose positions all fit, so j/k show where they are", async () => {
    const placed = new Date(NOW - 120_000).toISOString();
    const positions = [0, 1, 2].map((i) => ({
      sp: String(67100 + i),
      f: "1",
      w: "1.5",
      r: "50",
      win: true,
      variance: "1",
      txid: `p${i}`,
      placed_at: placed,
    }));
    const three = game(0, { positions, total_staked: "3", total_winnings: "4.5", net_return: "1.5" });
    const { u } = await openResults([three], 120, 40);
    await u.press(ENTER);
    // Bold (ESC [1m) on the selected row's line only.
    const boldStrikes = () =>
      u
        .lastFrame()
        .split("\n")
        .filter((l) => l.includes("\u001b[1m") && /67,10\d\.00/.test(l))
        .map((l) => /67,10\d/.exec(l)![0]);
    expect(boldStrikes()).toEqual(["67,100"]);
    await u.press("j");
    expect(boldStrikes()).toEqual(["67,101"]);
  });

  it("at 60x15 a game with more positions than fit shows a window of them that j/k moves, the selected one marked", async () => {
    const placed = new Date(NOW - 120_000).toISOString();
    const positions = Array.from({ length: 6 }, (_, i) => ({
      sp: String(67100 + i),
      f: "1",
      w: "1.5",
      r: "50",
      win: true,
      variance: String(i),
      txid: `six${i}`,
      placed_at: placed,
    }));
    const six = game(0, { positions, total_staked: "6", total_winnings: "9", net_return: "3" });
    const { u } = await openResults([six], 60, 15);
    await u.press(ENTER);
    const window = () => {
      const lines = u.text().split("\n");
      const strikes = lines.flatMap((l) => /│ +(67,10\d)\.00 /.exec(l)?.[1] ?? []);
      return {
        strikes,
        said: lines
          .find((l) => l.includes("positions ") && l.includes(" of 6"))
          ?.slice(2)
          .trim(),
      };
    };
    const first = window();
    expect(first.said).toMatch(/^positions 1–\d of 6 +│$/);
    const shown = first.strikes.length;
    expect(first.strikes).toEqual(["67,100", "67,101", "67,102", "67,103", "67,104", "67,105"].slice(0, shown));
    for (let i = 0; i < 5; i++) await u.press("j");
    const last = window();
    expect(last.strikes.at(-1)).toBe("67,105");
    expect(last.said).toMatch(new RegExp(`^positions ${7 - shown}–6 of 6 +│$`));
    // A press past the last position moves nothing; k moves back at once.
    await u.press("j");
    expect(window()).toEqual(last);
    await u.press("k");
    await u.press("k");
    for (let i = 0; i < shown; i++) await u.press("k");
    expect(window()).toEqual(first);
    expect(u.text()).not.toContain("…");
    fits(u, 60, 15);
  });

  it("at 50x15 a stale page's detail shows the game's id whole beside the page's age, and short where the pane is narrower", async () => {
    const p0 = page(history.slice(0, 10), 23);
    const { c } = setup({}, { results: { key: key({}), pages: { [key({})]: { value: p0, at: Date.now() - 81_000 } } } });
    const u = await mount(c, 50, 15);
    await u.press("r");
    await u.press(ENTER);
    const title = u
      .text()
      .split("\n")
      .find((l) => l.includes("RESULTS"))!;
    expect(title).toMatch(new RegExp(`▸ RESULTS testnet › #${history[0]!.gid} +STALE 8\\ds │$`));
    u.stdout.resize(44, 15);
    await tick(60);
    const narrow = u
      .text()
      .split("\n")
      .find((l) => l.includes("RESULTS"))!;
    expect(narrow).toMatch(new RegExp(`▸ RESULTS testnet › #…${history[0]!.gid.slice(-6)} +STALE 8\\ds │$`));
  });

  it("marks a page fetched before the latest settlement, and an old page, as stale with its age", async () => {
    const p0 = page(history.slice(0, 10), 23);
    const at120 = key({}, [120, 40]);
    const { c } = setup({}, { results: { key: at120, pages: { [at120]: { value: p0, at: Date.now() - 90_000 } } } });
    const u = await mount(c);
    await u.press("r");
    expect(u.text()).toMatch(/STALE 90s/);
  });
});

describe("settlement toast and session summary", () => {
  it("takes the key hints' place for half a 10 s game's interval, then gives them back; 10 s for longer games", async () => {
    expect([toastMs(10), toastMs(60), toastMs(3600)]).toEqual([5_000, 10_000, 10_000]);
    const { c } = setup({ [key({})]: page([], 0) });
    const u = await mount(c, 120, 30);
    const ten = game(0, { settled_at: new Date(Date.now()).toISOString() });
    c.store.update((s) => withSettlement(s, ten, Date.now()));
    await until(() => flat(u.text()).includes(`settled #${shortGid(ten.gid)} BTC_USDT 10s:`), 3_000);
    const shown = Date.now();
    await until(
      () => /q quit/.test(u.text()),
      7_000,
      () => u.text(),
    );
    expect(Date.now() - shown).toBeGreaterThan(4_000);
  });

  it("toasts a settled game at once with its result, rings the bell, and counts it in the summary", async () => {
    const { c } = setup({ [key({})]: page([], 0) });
    const { alerts, bells } = alerting(c);
    const u = await mount(c, 80, 24, { alerts });
    const won = game(0, { total_winnings: "4.000001", net_return: "0.750001", settled_at: new Date(Date.now()).toISOString() });
    c.store.update((s) => withSettlement(s, won, Date.now()));
    // At 80 columns the result and amount, and the data age beside them (the stake and what was paid need 4 more).
    await until(
      () => /settled #\S+ BTC_USDT 10s: WON \+0\.75 USDC +data [\d.]+s old/.test(flat(u.text())),
      3_000,
      () => u.text(),
    );
    expect(flat(u.text())).toContain(`settled #${shortGid(won.gid)} BTC_USDT 10s: WON +0.75 USDC`);
    expect(bells).toEqual(["settled"]);
    fits(u, 80, 24);

    const lost = game(1, { gid: "99", total_winnings: "1", net_return: "-2.25" });
    const cancelled = game(2, { gid: "98", cancelled: true, closing_price: null, total_winnings: "3.25", net_return: "0" });
    c.store.update((s) => withSettlement(s, lost, Date.now()));
    await until(() => flat(u.text()).includes("settled #99 BTC_USDT 10s: LOST -2.25 USDC"), 3_000);
    c.store.update((s) => withSettlement(s, cancelled, Date.now()));
    await until(() => flat(u.text()).includes("settled #98 BTC_USDT 10s: CANCELLED, stakes refunded 3.25 USDC"), 3_000);
    expect(bells).toEqual(["settled", "settled", "settled"]);

    await u.press("r");
    let t = flat(u.text());
    // 3 games; the cancelled one adds nothing: staked 6.50, paid 5.000001, net -1.499999 (shown to the cent).
    expect(t).toContain("SESSION 3 games (1 cancelled) │ net -1.50 USDC │ staked 6.50");
    expect(t).toContain(`best #${won.gid} +0.75 │ worst #99 -2.25`);
    fits(u, 80, 24);
    u.stdout.resize(120, 40);
    await tick(60);
    t = flat(u.text());
    expect(t).toContain("SESSION 3 games (1 cancelled) │ net -1.50 USDC │ staked 6.50 │ paid 5.00");
    fits(u, 120, 40);
  });

  it.each([
    [60, 15],
    [50, 15],
  ])(
    "at %ix%i the session's lines keep whole items: figures dropped from the end, ids short where whole ones do not fit",
    async (cols, rows) => {
      const { c } = setup({ [key({})]: page([], 0) });
      const u = await mount(c, cols, rows);
      await u.press("r");
      const none = u
        .text()
        .split("\n")
        .find((l) => l.includes("SESSION"))!;
      expect(none).toMatch(cols >= 60 ? /SESSION no games settled since the dashboard started/ : /SESSION none settled since the start/);
      const won = game(0, { total_winnings: "4.000001", net_return: "0.750001" });
      const lost = game(1, { total_winnings: "1", net_return: "-2.25" });
      c.store.update((s) => withSettlement(withSettlement(s, won, Date.now()), lost, Date.now()));
      await until(() => u.text().includes("SESSION 2 games"), 3_000);
      const lines = u.text().split("\n");
      const at = lines.findIndex((l) => l.includes("SESSION"));
      expect(lines[at]).toMatch(/SESSION 2 games │ net -1\.50 USDC │ staked 6\.50 +│$/);
      expect(lines[at + 1]).toMatch(
        cols >= 60
          ? new RegExp(`best #${won.gid} \\+0\\.75 │ worst #${lost.gid} -2\\.25 +│$`)
          : new RegExp(`best #${shortGid(won.gid)} \\+0\\.75 │ worst #${shortGid(lost.gid)} -2\\.25 +│$`),
      );
      fits(u, cols, rows);
    },
  );

  it("does not ring with --no-bell, and ignores settlements from before it started", async () => {
    const old = game(5);
    const { c } = setup({}, { settlements: [{ gid: old.gid, result: old, at: NOW - 100_000 }] });
    // --no-bell takes the bell out of every alert's delivery (test/unit/alert-config.test.ts).
    const { alerts, bells } = alerting(c, []);
    const u = await mount(c, 120, 40, { alerts });
    expect(u.text()).not.toContain("settled #");
    const g = game(0);
    c.store.update((s) => withSettlement(s, g, Date.now()));
    await until(() => flat(u.text()).includes(`settled #${shortGid(g.gid)} BTC_USDT 10s: LOST -0.05 USDC`), 3_000);
    expect(bells).toHaveLength(0);
    fits(u, 120, 40);
  });
});
