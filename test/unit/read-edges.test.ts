/**
 * The resource readers' edges (src/api/read/resources.ts): what a reader knows never lands in `extra`,
 * a total the service sends is its own, what it leaves out is not invented, and every diagnostic names
 * the field by its path.
 */
import { describe, expect, it } from "vitest";
import { UnusableResponse } from "../../src/api/read/fields.js";
import { readListing, readPlacedPosition, readResults, readStatus } from "../../src/api/read/resources.js";
import { isReadable, Unreadable } from "../../src/domain/service-data.js";
import { wireListing } from "../helpers/fixtures.js";

const S = Date.UTC(2026, 1, 19, 10, 0, 0);
const ASKED = { asset: "BTC_USDT", interval: 60 };

const resultGame = (over: Record<string, unknown> = {}) => ({
  gid: 548009,
  interval: 60,
  asset: "BTC_USDT",
  network: "testnet",
  currency: "USDC",
  open_price: "68198.7116",
  closing_price: "68200",
  settled_at: S,
  positions: [
    { sp: "68000", f: "2", w: "2.5", r: "25", win: true, variance: "-1", txid: "a", placed_at: S - 30_000 },
    { sp: "68100", f: "1", w: "0", r: "-100", win: false, variance: "99", txid: "b", placed_at: S - 20_000 },
  ],
  ...over,
});

describe("GET /spot's edges", () => {
  it("takes the listing's own asset and interval over the ones asked for, and keeps neither in extra", () => {
    const l = readListing({ ...wireListing({ start: S, now: S + 1_000 }), asset: "ETH_USDT", interval: 10 }, ASKED);
    expect([l.asset, l.interval, l.extra]).toEqual(["ETH_USDT", 10, {}]);
  });

  it("reads a live game sent as {} or false as none, with no diagnostic and nothing left in extra", () => {
    for (const none of [{}, false, null]) {
      const l = readListing({ asset: "BTC_USDT", interval: 60, liveGame: none, nextGame: none, timestamp: S }, ASKED);
      expect([l.liveGame, l.nextGame, l.issues, l.extra]).toEqual([null, null, [], {}]);
      // With no game the flags describe nothing: left out, they read as false.
      expect([l.can_place_position, l.early_precision_window]).toEqual([false, false]);
    }
  });

  it("does not take a flag the service left out for false while a game is live", () => {
    const { can_place_position: _c, ...wire } = wireListing({ start: S, now: S + 1_000 });
    const l = readListing(wire, ASKED);
    expect(l.can_place_position).toBeInstanceOf(Unreadable);
    expect(l.issues.map(String)).toEqual(["can_place_position: is missing"]);
  });

  it("names a lobby without its times, and takes it as none", () => {
    const wire = wireListing({ start: S, now: S + 1_000 });
    const l = readListing({ ...wire, liveGame: { ...wire.liveGame, lobby: { start_at: S } } }, ASKED);
    expect(l.liveGame!.lobby).toBeNull();
    expect(l.issues.map((u) => [u.field, u.reason])).toEqual([
      ["liveGame.lobby", "expected start_at and end_at in epoch milliseconds; taken as no lobby"],
    ]);
  });
});

describe("a shown field left out or null", () => {
  it("says which of the two it was", () => {
    const wire = wireListing({ start: S, now: S + 1_000 });
    const { open_price: _o, ...live } = wire.liveGame;
    const l = readListing({ ...wire, liveGame: { ...live, ai_price: null } }, ASKED);
    expect(l.issues.map(String).sort()).toEqual(["liveGame.ai_price: is null", "liveGame.open_price: is missing"]);
  });

  it("makes a response its pane cannot use an UnusableResponse, by that name", () => {
    try {
      readStatus([]);
      expect.unreachable();
    } catch (e) {
      expect([e instanceof UnusableResponse, (e as Error).name]).toEqual([true, "UnusableResponse"]);
    }
  });
});

describe("positions' edges", () => {
  it("gives a position sent without a txid an identity made of its game, time, strike and stake", () => {
    const p = readPlacedPosition({ gid: "548009", sp: "68000.50", f: 2, t: S });
    expect(p.txid).toBe(`~548009:${S}:68000.5:2`);
    const unknown = readPlacedPosition({ gid: null, sp: "x", f: "1", t: S });
    expect(unknown.txid).toBe(`~:${S}:?:1`);
  });

  it("reads a /status without positions or streaks as none, with no diagnostic", () => {
    for (const wire of [{}, { positions: null, streaks: null }]) {
      const s = readStatus(wire);
      expect([s.positions, s.streaks, s.issues]).toEqual([[], [], []]);
    }
  });

  it("names a position that is not an object by its place in the list", () => {
    const s = readStatus({ positions: ["x"], streaks: [] });
    expect(s.issues.map((u) => u.field)).toEqual(["positions[0]"]);
  });
});

describe("GET /results' edges", () => {
  it("keeps the totals the service sends, even where its positions add up otherwise", () => {
    const g = readResults({ games: [resultGame({ total_staked: "3.1", total_winnings: "2.4", net_return: "-0.7" })] }, {}).games[0]!;
    expect([g.total_staked, g.total_winnings, g.net_return].map(String)).toEqual(["3.1", "2.4", "-0.7"]);
    expect(g.extra).toEqual({});
  });

  it("derives no total from positions it cannot all read", () => {
    const positions = [{ ...resultGame().positions[0], w: null }, resultGame().positions[1]];
    const g = readResults({ games: [resultGame({ positions })] }, {}).games[0]!;
    expect(String(g.total_staked)).toBe("3");
    expect([isReadable(g.total_winnings), isReadable(g.net_return)]).toEqual([false, false]);
  });

  it("reads `cancelled` sent as null as not cancelled, with no diagnostic", () => {
    const page = readResults({ games: [resultGame({ cancelled: null })] }, {});
    expect([page.games[0]!.cancelled, page.games[0]!.extra, page.issues]).toEqual([false, {}, []]);
  });

  it("reads a game without `cancelled` as not cancelled, and leaves nothing it knows in extra", () => {
    const page = readResults({ games: [resultGame({ zz: 1 })], pagination: { total: 1, limit: 20, offset: 0 } }, {});
    const g = page.games[0]!;
    expect([g.cancelled, g.extra, page.extra, page.pagination.extra, page.issues]).toEqual([false, { zz: 1 }, {}, {}, []]);
  });

  it("names a result position it cannot read by its game and place", () => {
    const positions = [resultGame().positions[0], { ...resultGame().positions[1], sp: "abc" }];
    const page = readResults({ games: [resultGame({ positions })] }, {});
    expect(page.issues.map((u) => u.field)).toEqual(["games[0].positions[1].sp"]);
  });

  it("reads a page with no games, or a game with no positions, as empty, with no diagnostic", () => {
    expect(readResults({}, {})).toMatchObject({ games: [], issues: [] });
    const page = readResults({ games: [resultGame({ positions: null })] }, {});
    expect([page.games[0]!.positions, page.issues]).toEqual([[], []]);
  });

  it("takes the page's own size and offset over the ones asked for, the smallest allowed included", () => {
    const page = (pagination: unknown) => readResults({ games: [], pagination }, { limit: 20, offset: 40 }).pagination;
    expect(page({ total: 0, limit: 1, offset: 0 })).toMatchObject({ total: 0, limit: 1, offset: 0 });
    expect(page({ total: 7, limit: 50, offset: 5 })).toMatchObject({ total: 7, limit: 50, offset: 5 });
  });

  it("falls back to the query when the pagination is not an object, and names it", () => {
    const p = readResults({ games: [], pagination: "page 2" }, { limit: 20, offset: 40 });
    expect(p.pagination).toEqual({ total: null, limit: 20, offset: 40, extra: {} });
    expect(p.issues.map((u) => u.field)).toEqual(["pagination"]);
  });
});
