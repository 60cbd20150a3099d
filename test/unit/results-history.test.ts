import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Decimal } from "../../src/domain/money.js";
import { FIRST_PAGE, type KeptResults, mergePage, NO_RESULTS, RESULTS_PAGE, withGames } from "../../src/domain/results-history.js";
import type { GameResult } from "../../src/domain/service-data.js";
import { keepResults } from "../../src/history/keep-results.js";
import { accountScope, appendResults, gameLine, loadResults, resultsFile, throughLine } from "../../src/history/results-file.js";
import type { PollerClient } from "../../src/poller/options.js";
import {
  figuresText,
  initialHistories,
  withHistoryPage,
  withLoadedResults,
  withReadStarted,
  withSettledGame,
} from "../../src/poller/results-history.js";
import { ResultsReader } from "../../src/poller/results-reader.js";
import { initialSnapshot, type Snapshot } from "../../src/poller/snapshot.js";
import { Store } from "../../src/poller/store.js";
import { gameResult, resultsPage } from "../helpers/fixtures.js";
import { until } from "../helpers/until.js";

const T0 = Date.parse("2026-11-20T00:00:00Z");

/** Game n settled n minutes after T0 (unsettled when `settled` is false); `won` changes its figures. */
function game(n: number, won = "0", settled = true): GameResult {
  return gameResult({
    gid: String(1000 + n),
    interval: 60,
    asset: "BTC_USDT",
    network: "testnet",
    currency: "USDT",
    open_price: "100",
    closing_price: "101",
    settled_at: settled ? new Date(T0 + n * 60_000).toISOString() : null,
    cancelled: false,
    positions: [],
    total_staked: "1",
    total_winnings: won,
    net_return: String(Number(won) - 1),
  });
}

/** The service's history of n games, newest first, as pages of RESULTS_PAGE. */
function pageAt(all: GameResult[], offset: number) {
  return { games: all.slice(offset, offset + RESULTS_PAGE), total: all.length, limit: RESULTS_PAGE };
}

function readAll(kept: KeptResults, all: GameResult[]): { kept: KeptResults; pages: number } {
  let read = FIRST_PAGE;
  let pages = 0;
  for (;;) {
    const merged = mergePage(kept, read, pageAt(all, read.offset), figuresText);
    pages++;
    kept = merged.kept;
    if (merged.next === null) return { kept, pages };
    read = merged.next;
  }
}

const newestFirst = (n: number, from = 0) => Array.from({ length: n }, (_, i) => game(from + n - 1 - i));

describe("reading the results history", () => {
  it("reads 1,200 games in 12 pages the first time, and one page the next", () => {
    const all = newestFirst(1200);
    const first = readAll(NO_RESULTS, all);
    expect(first.pages).toBe(12);
    expect(first.kept.games.size).toBe(1200);
    expect(first.kept.through).toBe(T0 + 1199 * 60_000);
    const more = [...newestFirst(5, 1200), ...all];
    const second = readAll(first.kept, more);
    expect(second.pages).toBe(1);
    expect(second.kept.games.size).toBe(1205);
  });

  it("finishes a first read cut short, though its first page is all kept", () => {
    const all = newestFirst(350);
    const cut = mergePage(NO_RESULTS, FIRST_PAGE, pageAt(all, 0), figuresText);
    expect(cut.next).toMatchObject({ offset: 100, newest: T0 + 349 * 60_000, ordered: true });
    // Quit here: the next launch starts again at the top and reads on past the kept page.
    const again = readAll(cut.kept, all);
    expect(again.pages).toBe(4);
    expect(again.kept.games.size).toBe(350);
  });

  it("replaces a game seen again with other figures, and reads on past it", () => {
    const all = newestFirst(150);
    const { kept } = readAll(NO_RESULTS, all);
    const changed = all.map((g) => (g.gid === "1149" ? game(149, "3") : g));
    const merged = mergePage(kept, FIRST_PAGE, pageAt(changed, 0), figuresText);
    expect(merged.changed.map((g) => g.gid)).toEqual(["1149"]);
    expect(figuresText(merged.kept.games.get("1149")!)).toBe(figuresText(game(149, "3")));
    // Another game on the page is kept as it was: that ends the read.
    expect(merged.next).toBeNull();
  });

  it("a game kept from a settlement does not end a read early past games played elsewhere", () => {
    const all = newestFirst(300);
    const { kept } = readAll(NO_RESULTS, all);
    // 150 more settle; the dashboard watched the newest itself.
    const later = [...newestFirst(150, 300), ...all];
    const withOwn = withGames(kept, [later[0]!], figuresText);
    expect(withOwn.through).toBe(kept.through);
    const read = readAll(withOwn, later);
    expect(read.pages).toBe(2);
    expect(read.kept.games.size).toBe(450);
  });

  it("reads on past a page the service made smaller than asked, when it gives no total", () => {
    const all = newestFirst(120);
    let kept = NO_RESULTS;
    let read = FIRST_PAGE;
    let pages = 0;
    for (;;) {
      const merged = mergePage(kept, read, { games: all.slice(read.offset, read.offset + 50), total: null, limit: 50 }, figuresText);
      pages++;
      kept = merged.kept;
      if (merged.next === null) break;
      read = merged.next;
    }
    expect(pages).toBe(3);
    expect(kept.games.size).toBe(120);
  });

  it("ends early at a kept game only while the pages come newest first by settlement", () => {
    const all = newestFirst(300);
    const { kept } = readAll(NO_RESULTS, all);
    // A service listing by something else than settlement (a day game settled now among older games): the first
    // page out of order shows it, and the read goes on to the end rather than trust a kept game to end it.
    const late = { ...game(150), gid: "9999", settled_at: T0 + 400 * 60_000 };
    const shuffled = [...all.slice(0, 50), late, ...all.slice(50)];
    const read = readAll(kept, shuffled);
    expect(read.kept.games.has("9999")).toBe(true);
    expect(read.pages).toBe(4);
    // In order, the first page ends it.
    expect(readAll(kept, all).pages).toBe(1);
  });

  it("ends a read of a service that ignores the offset, without calling the history whole", () => {
    const page = newestFirst(100);
    const first = mergePage(NO_RESULTS, FIRST_PAGE, { games: page, total: null, limit: 100 }, figuresText);
    const again = mergePage(first.kept, first.next!, { games: page, total: null, limit: 100 }, figuresText);
    expect(again.next).toBeNull();
    expect(again.kept.through).toBeNull();
  });

  it("stops at a short page and at the total, and keeps no unsettled game", () => {
    const unsettled = { ...game(1), settled_at: null };
    const merged = mergePage(NO_RESULTS, FIRST_PAGE, { games: [game(2), unsettled], total: null, limit: 100 }, figuresText);
    expect(merged.next).toBeNull();
    expect([...merged.kept.games.keys()]).toEqual(["1002"]);
    expect(merged.kept.through).toBe(T0 + 2 * 60_000);
    const empty = mergePage(NO_RESULTS, FIRST_PAGE, { games: [], total: 0, limit: 100 }, figuresText);
    expect(empty.kept.through).toBe(0);
  });
});

describe("games settled since the last read", () => {
  it("counts the new ones the poller saw settle, not one seen again or changed, and a finished read starts again at 0", () => {
    let s = { resultsHistory: initialHistories() };
    s = withSettledGame(s, game(1), "testnet");
    s = withSettledGame(s, game(1), "testnet");
    s = withSettledGame(s, game(1, "2"), "testnet");
    s = withSettledGame(s, game(2), "testnet");
    expect(s.resultsHistory.testnet.settledSinceRead).toBe(2);
    expect(s.resultsHistory.mainnet.settledSinceRead).toBe(0);
    s = withReadStarted(s, "testnet");
    const page = {
      games: [game(2), game(1, "2")],
      pagination: { total: 2, limit: RESULTS_PAGE, offset: 0, extra: {} },
      extra: {},
      issues: [],
    };
    s = withHistoryPage(s, "testnet", FIRST_PAGE, page, T0);
    expect(s.resultsHistory.testnet).toMatchObject({ readAt: T0, settledSinceRead: 0, read: null });
  });
});

describe("the results file", () => {
  const dir = () => mkdtempSync(join(tmpdir(), "spotdash-results-"));

  it("tells accounts apart by a hash of the key, the sim's by its wallet, and never writes the key", () => {
    const key = "metafide_0123456789abcdef0123456789abcdef";
    const scope = accountScope({ sim: false, label: "api.example:443", apiKey: key, wallet: undefined })!;
    expect(scope).toMatch(/^api\.example_443-[0-9a-f]{12}$/);
    expect(scope).not.toContain(key.slice(9, 21));
    expect(accountScope({ sim: false, label: "h", apiKey: `${key}x`, wallet: undefined })).not.toBe(scope.replace("api.example_443", "h"));
    expect(accountScope({ sim: true, label: "SIM 127.0.0.1:1", apiKey: key, wallet: "0xAB" })).toBe(
      accountScope({ sim: true, label: "SIM 127.0.0.1:2", apiKey: "other", wallet: "0xab" }),
    );
    expect(accountScope({ sim: false, label: "h", apiKey: undefined, wallet: "0x1" })).toBeNull();
  });

  it("appends, reads back the same figures with the later line winning, and is 0600", async () => {
    const path = resultsFile(dir(), "acct", "testnet");
    await appendResults(path, gameLine(game(1)) + gameLine(game(2)));
    await appendResults(path, gameLine(game(1, "2")) + throughLine(T0));
    const kept = await loadResults(path);
    expect([...kept.games.keys()].sort()).toEqual(["1001", "1002"]);
    expect(figuresText(kept.games.get("1001")!)).toBe(figuresText(game(1, "2")));
    expect(kept.through).toBe(T0);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, "utf8").split("\n")[0]).toContain("spotdash results");
  });

  it("refuses a file that is not its own, and has none to load when there is no file", async () => {
    const d = dir();
    expect(await loadResults(join(d, "none.ndjson"))).toEqual({ games: new Map(), through: null });
    writeFileSync(join(d, "x.ndjson"), "hello\n");
    await expect(loadResults(join(d, "x.ndjson"))).rejects.toThrow(/not a spotdash results file/);
  });

  it("rewrites a file much longer than what it holds", async () => {
    const path = resultsFile(dir(), "acct", "mainnet");
    await appendResults(path, Array.from({ length: 300 }, (_, i) => gameLine(game(1, String(i)))).join(""));
    const kept = await loadResults(path);
    expect(kept.games.size).toBe(1);
    expect(readFileSync(path, "utf8").trim().split("\n")).toHaveLength(2);
    expect(figuresText((await loadResults(path)).games.get("1001")!)).toBe(figuresText(game(1, "299")));
  });
});

describe("a game's figures", () => {
  it("are the same whatever order the positions come in and whatever fields the service adds", () => {
    const two = gameResult({
      gid: "5",
      interval: 60,
      asset: "BTC_USDT",
      network: "testnet",
      currency: "USDC",
      open_price: "1",
      closing_price: "2",
      settled_at: new Date(T0).toISOString(),
      cancelled: false,
      positions: [
        { sp: "1", f: "1", w: "0", r: "0", win: false, variance: "1", txid: "a", placed_at: new Date(T0).toISOString() },
        { sp: "2", f: "1", w: "2", r: "100", win: true, variance: "0", txid: "b", placed_at: new Date(T0).toISOString() },
      ],
      total_staked: "2",
      total_winnings: "2",
      net_return: "0",
    });
    const swapped = { ...two, positions: [two.positions[1]!, two.positions[0]!], extra: { served_by: "node-7" } };
    expect(figuresText(swapped)).toBe(figuresText(two));
    expect(figuresText({ ...two, total_winnings: (two.total_staked as Decimal).plus(1) })).not.toBe(figuresText(two));
  });
});

describe("the results file after a crash", () => {
  const dir = () => mkdtempSync(join(tmpdir(), "spotdash-results-"));

  it("reads a file cut mid-line as not whole, rewrites it without the cut line, and appends on a line of its own", async () => {
    const path = resultsFile(dir(), "acct", "testnet");
    await appendResults(path, gameLine(game(1)) + throughLine(T0 + 60_000) + gameLine(game(2)).slice(0, 40));
    const kept = await loadResults(path);
    expect([...kept.games.keys()]).toEqual(["1001"]);
    // A game was lost with the cut line: the next read goes to the end again.
    expect(kept.through).toBeNull();
    await appendResults(path, gameLine(game(3)) + throughLine(T0 + 3 * 60_000));
    const again = await loadResults(path);
    expect([...again.games.keys()].sort()).toEqual(["1001", "1003"]);
    expect(again.through).toBe(T0 + 3 * 60_000);
  });

  it("reads an empty file (made, not yet headed) as none", async () => {
    const path = resultsFile(dir(), "acct", "testnet");
    await appendResults(path, "");
    writeFileSync(path, "");
    expect(await loadResults(path)).toEqual({ games: new Map(), through: null });
  });
});

describe("the results reader", () => {
  it("reads the focused network first, then the other; leaves a network that fails three times in a row for this run", async () => {
    const loaded = (s: Snapshot): Snapshot => withLoadedResults(withLoadedResults(s, "testnet", NO_RESULTS), "mainnet", NO_RESULTS);
    let s = loaded(initialSnapshot({ asset: "BTC_USDT", interval: 60, network: "testnet", currency: "USDC" }));
    const reader = new ResultsReader();
    const failing = { getResults: () => Promise.reject(new Error("403")) } as unknown as PollerClient;
    expect(reader.next(initialSnapshot(s.target), T0)).toBeNull();
    expect(reader.next(s, T0)).toBe("testnet");
    for (let i = 0; i < 3; i++) await expect(reader.send(failing, s, "testnet")).rejects.toThrow("403");
    expect(reader.next(s, T0)).toBe("mainnet");
    const empty = {
      getResults: async () => resultsPage({ games: [], pagination: { total: 0, limit: 100, offset: 0 } }),
    } as unknown as PollerClient;
    const answer = await reader.send(empty, s, "mainnet");
    s = answer.apply(s, T0);
    expect(s.resultsHistory.mainnet.kept.through).toBe(0);
    expect(reader.next(s, T0)).toBeNull();
  });
});

describe("a results file that cannot be read", () => {
  it("is left as it is: the history is read this run without being kept, and the view says why", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "spotdash-results-"));
    const account = { sim: false, label: "h", apiKey: "metafide_0123456789abcdef0123456789abcdef", wallet: undefined };
    const path = resultsFile(stateDir, accountScope(account)!, "testnet");
    await appendResults(path, "");
    writeFileSync(path, "my own notes, not spotdash's\n");
    const store = new Store(initialSnapshot({ asset: "BTC_USDT", interval: 60, network: "testnet", currency: "USDC" }));
    const files = keepResults(store, stateDir, account);
    await until(() => store.getSnapshot().resultsHistory.testnet.loaded);
    const h = store.getSnapshot().resultsHistory.testnet;
    expect(h.problem).toMatch(/results history not kept: .* is not a spotdash results file/);
    // Games learnt meanwhile are held in memory, never written over the file.
    store.update((s) => withSettledGame(s, game(1), "testnet"));
    await files.close();
    expect(readFileSync(path, "utf8")).toBe("my own notes, not spotdash's\n");
    expect(store.getSnapshot().resultsHistory.testnet.kept.games.has("1001")).toBe(true);
  });
});

const keptOf = (games: GameResult[], through: number | null = null): KeptResults => ({
  games: new Map(games.map((g) => [g.gid, g])),
  through,
});

describe("withGames", () => {
  it("adds a settled game that is new or changed, and leaves what is kept as it was otherwise", () => {
    const kept = keptOf([game(1)]);
    expect(withGames(kept, [game(1), game(2, "0", false)], figuresText)).toBe(kept);
    const added = withGames(kept, [game(2)], figuresText);
    expect([...added.games.keys()]).toEqual(["1001", "1002"]);
    expect(
      withGames(kept, [game(1, "2")], figuresText)
        .games.get("1001")!
        .total_winnings.toString(),
    ).toBe("2");
  });
});

describe("mergePage", () => {
  it("keeps the same map of games when a page changes none", () => {
    const kept = keptOf([game(3), game(2)]);
    const merged = mergePage(kept, FIRST_PAGE, { games: [game(3), game(2)], total: 2, limit: 100 }, figuresText);
    expect([merged.kept.games === kept.games, merged.changed, merged.next]).toEqual([true, [], null]);
  });

  it("reads on past a full page, and counts a game already seen in this read as nothing new", () => {
    const first = mergePage(NO_RESULTS, FIRST_PAGE, { games: [game(5), game(4)], total: null, limit: 2 }, figuresText);
    expect(first.next).toMatchObject({ offset: 2, newest: T0 + 5 * 60_000, oldest: T0 + 4 * 60_000, ordered: true });
    // The same games again where the next ones were due: a service that does not page. Over, `through` unmoved.
    const again = mergePage(first.kept, first.next!, { games: [game(5), game(4)], total: null, limit: 2 }, figuresText);
    expect([again.next, again.kept.through]).toEqual([null, null]);
    // A page that overlaps the last (a game settled meanwhile shifted them) but brings one new game: read on.
    const shifted = mergePage(first.kept, first.next!, { games: [game(4), game(3)], total: null, limit: 2 }, figuresText);
    expect(shifted.next).toMatchObject({ offset: 4 });
  });

  it("notes a page out of time order, and stops at a kept game only when the read was in order", () => {
    const kept = keptOf([game(2)], T0 + 3 * 60_000);
    const inOrder = mergePage(kept, FIRST_PAGE, { games: [game(4), game(2)], total: null, limit: 2 }, figuresText);
    expect([inOrder.next, inOrder.kept.through]).toEqual([null, T0 + 4 * 60_000]);
    const shuffled = mergePage(kept, FIRST_PAGE, { games: [game(2), game(4)], total: null, limit: 2 }, figuresText);
    expect(shuffled.next).toMatchObject({ offset: 2, ordered: false });
  });

  it("takes games settled at the same instant as still newest first", () => {
    const twin = { ...game(4), gid: "2004" };
    const kept = keptOf([game(2)], T0 + 3 * 60_000);
    const merged = mergePage(kept, FIRST_PAGE, { games: [game(4), twin, game(2)], total: null, limit: 3 }, figuresText);
    expect([merged.next, merged.kept.through]).toEqual([null, T0 + 4 * 60_000]);
  });

  it("ends a read at an empty page, though the total promised more, and calls the history read", () => {
    const first = mergePage(NO_RESULTS, FIRST_PAGE, { games: [game(5), game(4)], total: 9, limit: 2 }, figuresText);
    const empty = mergePage(first.kept, first.next!, { games: [], total: 9, limit: 2 }, figuresText);
    expect([empty.next, empty.kept.through, empty.changed]).toEqual([null, T0 + 5 * 60_000, []]);
  });

  it("does not stop at a kept game of the very instant the last read reached", () => {
    const kept = keptOf([game(3)], T0 + 3 * 60_000);
    const merged = mergePage(kept, FIRST_PAGE, { games: [game(4), game(3)], total: null, limit: 2 }, figuresText);
    expect(merged.next).toMatchObject({ offset: 2 });
  });
});
