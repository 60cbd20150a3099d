/**
 * What each answer does to the snapshot (src/poller/reducers.ts), one reducer at a time: what it counts,
 * what it keeps, what it drops, and where it leaves the snapshot's objects as they were so that panes
 * memoised on them are not drawn again.
 */
import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/api/errors.js";
import { Unreadable } from "../../src/domain/service-data.js";
import { withBookStatus } from "../../src/poller/book-reducers.js";
import {
  answered,
  failed,
  resultsKey,
  resultsPageOutdated,
  resultsPageWanted,
  retargeted,
  toInfo,
  withBalance,
  withListing,
  withPlaced,
  withPlacement,
  withPrice,
  withResultsPage,
  withSettlement,
  withStatus,
} from "../../src/poller/reducers.js";
import { bookOf, initialSnapshot, type PlacementOutcome, placedElsewhere, type Snapshot, type Target } from "../../src/poller/snapshot.js";
import {
  balance,
  gameResult,
  listing,
  livePrice,
  placedPosition,
  resultsPage,
  statusPosition,
  statusResponse,
} from "../helpers/fixtures.js";

const T0 = Date.parse("2026-03-01T12:00:00Z");
const target: Target = { asset: "BTC_USDT", interval: 60, network: "testnet", currency: "USDC" };
const fresh = (): Snapshot => initialSnapshot(target);
const ok = (endpoint: "spot" | "status", at: number, issues: Unreadable[] = []) =>
  ({ endpoint, at, issues, connection: { state: "ok" }, clockOffset: 0 }) as const;

const settledGame = (gid: string, at = T0) =>
  gameResult({
    gid,
    interval: 60,
    asset: "BTC_USDT",
    network: "testnet",
    currency: "USDC",
    open_price: "68000",
    closing_price: "68100",
    settled_at: new Date(at).toISOString(),
    cancelled: false,
    positions: [],
    total_staked: "0",
    total_winnings: "0",
    net_return: "0",
  });

describe("resultsKey", () => {
  it("gives a query and the same query with its defaults written out one key, and any other query another", () => {
    expect(resultsKey({})).toBe("[null,null,null,20,0]");
    expect(resultsKey({ limit: 20, offset: 0 })).toBe(resultsKey({}));
    expect(resultsKey({ asset: "BTC_USDT", interval: 60, gid: "5", limit: 50, offset: 100 })).toBe('["BTC_USDT",60,"5",50,100]');
  });
});

describe("answers and failures", () => {
  it("counts every request of an endpoint, and its failures apart", () => {
    const info = toInfo(new ApiError({ kind: "server", call: "GET /spot", message: "status 502" }), T0 + 1);
    let s = answered(fresh(), ok("spot", T0));
    s = failed(s, "spot", info, T0 + 2_000);
    s = answered(s, ok("spot", T0 + 3_000));
    expect(s.diagnostics.spot).toMatchObject({ requests: 3, failures: 1, okAt: T0 + 3_000, retryAt: undefined, lastError: info });
    expect(s.errors).toEqual({});
  });

  it("keeps a failure's error and retry time, and the connection unless one is given", () => {
    const info = toInfo(new ApiError({ kind: "server", call: "GET /status", message: "status 500" }), T0);
    const s = failed(answered(fresh(), ok("spot", T0)), "status", info, T0 + 1_000);
    expect([s.errors.status, s.diagnostics.status?.retryAt, s.connection.state]).toEqual([info, T0 + 1_000, "ok"]);
    expect(
      failed(s, "status", info, undefined, { state: "offline", retryAt: T0, reason: "GET /status: connection refused" }).connection.state,
    ).toBe("offline");
  });

  it("records what could not be read only when something could not", () => {
    const issue = new Unreadable("liveGame.ai_price", "expected a decimal number", "x");
    const clean = answered(fresh(), ok("spot", T0));
    expect(clean.diagnostics.spot).not.toHaveProperty("unreadable");
    const unread = answered(fresh(), ok("spot", T0, [issue]));
    expect(unread.diagnostics.spot?.unreadable).toEqual({ at: T0, issues: [issue] });
  });

  it("starts the session at the first answer and keeps that start", () => {
    const s = answered(answered(fresh(), ok("spot", T0)), ok("status", T0 + 5_000));
    expect([s.session.start, s.lastOkAt]).toEqual([T0, T0 + 5_000]);
  });
});

describe("withListing", () => {
  const held = () => {
    const live = listing({ start: T0, gid: "700", now: T0 + 1_000 });
    const s = withListing(fresh(), live, T0, true);
    return withPlaced(withPlaced(s, placedPosition({ gid: "700", txid: "a" })), placedPosition({ gid: "699", txid: "b" }));
  };

  it("keeps every position placed here while the game is the same", () => {
    const s = withListing(held(), listing({ start: T0, gid: "700", now: T0 + 2_000 }), T0 + 2_000, false);
    expect([s.placed.map((p) => p.txid), s.settling, s.listing?.at]).toEqual([["a", "b"], undefined, T0 + 2_000]);
  });

  it("at the next game keeps only that game's positions and waits on the one that ended", () => {
    const next = listing({ start: T0 + 75_000, gid: "701", now: T0 + 76_000 });
    const s = withListing(withPlaced(held(), placedPosition({ gid: "701", txid: "c" })), next, T0 + 76_000, true);
    expect(s.placed.map((p) => p.txid)).toEqual(["c"]);
    expect(s.settling?.gid).toBe("700");
  });
});

describe("withPrice", () => {
  it("adds a price to the asset's history, placed at its arrival when it has no time", () => {
    const s = withPrice(fresh(), { ...livePrice(68_000, T0), timestamp: null }, T0 + 500);
    expect(s.priceHistory.BTC_USDT?.at(-1)).toEqual({ t: T0 + 500, value: 68_000 });
  });

  it("leaves the history as it was for a price no newer than its last", () => {
    const s = withPrice(fresh(), livePrice(68_000, T0), T0);
    expect(withPrice(s, livePrice(68_001, T0), T0 + 100).priceHistory).toBe(s.priceHistory);
  });
});

describe("withBalance and withStatus", () => {
  it("keeps the first balance read as the session's start", () => {
    const s = withBalance(withBalance(fresh(), balance("100"), T0), balance("90"), T0 + 1_000);
    expect([String(s.sessionStartBalance), String(s.balance?.value.balance)]).toEqual(["100", "90"]);
  });

  it("stops showing a position placed here once /status lists it", () => {
    let s = withPlaced(fresh(), placedPosition({ txid: "a" }));
    s = withPlaced(s, placedPosition({ txid: "b" }));
    s = withStatus(s, statusResponse([statusPosition({ txid: "a" })]), T0);
    expect(s.placed.map((p) => p.txid)).toEqual(["b"]);
  });

  it("tells a position placed elsewhere from one placed here or listed before; a market's first read tells nothing", () => {
    const listed = (...txids: string[]) => statusResponse(txids.map((txid) => statusPosition({ txid })));
    expect(placedElsewhere(fresh(), listed("a"))).toBe(false);
    let s = withStatus(fresh(), listed("a"), T0);
    expect(placedElsewhere(s, listed("a"))).toBe(false);
    s = withPlaced(s, placedPosition({ txid: "b" }));
    expect(placedElsewhere(s, listed("a", "b"))).toBe(false);
    expect(placedElsewhere(s, listed("a", "b", "c"))).toBe(true);
    expect(placedElsewhere(withStatus(s, listed(), T0 + 1), listed("d"))).toBe(true);
  });

  it("records the games whose positions were read: the focused market's, the book's, a placement's", () => {
    let s: Snapshot = { ...fresh(), listing: { value: listing({ start: T0, now: T0 + 5_000, gid: "500" }), at: T0 + 5_000 } };
    s = withStatus(s, statusResponse([statusPosition({ gid: "500", txid: "a" }), statusPosition({ gid: "500", txid: "b" })]), T0 + 5_000);
    expect([...s.session.seen]).toEqual(["500"]);
    // Nothing new: the session as it was.
    const same = withStatus(s, statusResponse([statusPosition({ gid: "500", txid: "a" })]), T0 + 6_000);
    expect(same.session).toBe(s.session);
    s = withPlaced(s, placedPosition({ gid: "501", txid: "c" }));
    s = withBookStatus(
      s,
      { asset: "ETH_USDT", interval: 3600 },
      statusResponse([statusPosition({ gid: "7001", a: "ETH_USDT", txid: "d" })]),
      T0,
    );
    expect([...s.session.seen]).toEqual(["500", "501", "7001"]);
  });
});

describe("results pages", () => {
  const page = resultsPage({ games: [], pagination: { total: 0, limit: 20, offset: 0 } });

  it("wants a page not fetched, or fetched before the latest settlement", () => {
    const s = withResultsPage(fresh(), "k1", "k1", page, T0);
    expect([resultsPageWanted(s, "k2"), resultsPageWanted(s, "k1")]).toEqual([true, false]);
    expect(resultsPageOutdated(s, { at: T0 })).toBe(false);
    const settled = withSettlement(s, settledGame("700"), T0 + 1_000);
    expect([resultsPageWanted(settled, "k1"), resultsPageOutdated(settled, { at: T0 + 1_000 })]).toEqual([true, false]);
  });

  it("keeps each page fetched, and the session as it was when a page brings none of its games", () => {
    const a = withResultsPage(fresh(), "k1", "k1", page, T0);
    const b = withResultsPage(a, "k2", "k1", page, T0 + 1_000);
    expect([Object.keys(b.results!.pages), b.results!.key]).toEqual([["k1", "k2"], "k1"]);
    expect(b.session).toBe(a.session);
  });
});

describe("withSettlement", () => {
  it("the focused market's settled game leaves the book, as the other markets' do: no row says it is settling", () => {
    const l = listing({ start: T0 + 75_000, now: T0 + 80_000, gid: "701" });
    let s = withListing(fresh(), l, T0 + 80_000, true);
    s = withStatus(s, statusResponse([statusPosition({ gid: "700", txid: "a" }), statusPosition({ gid: "701", txid: "b" })]), T0 + 80_000);
    s = withPlaced(s, placedPosition({ gid: "700", txid: "c" }));
    expect(bookOf(s, T0 + 81_000).map((r) => [r.gid, r.ended])).toEqual([
      ["701", false],
      ["700", true],
    ]);
    const settled = withSettlement(s, settledGame("700"), T0 + 82_000);
    expect(bookOf(settled, T0 + 82_000).map((r) => r.gid)).toEqual(["701"]);
    // Another game's result changes nothing of it.
    expect(bookOf(withSettlement(s, settledGame("698"), T0 + 82_000), T0 + 82_000).map((r) => r.gid)).toEqual(["701", "700"]);
  });

  it("a game placed in and left before /status listed it leaves the book when its result is in", () => {
    const l = listing({ start: T0, now: T0 + 2_000, gid: "700" });
    let s = withListing(fresh(), l, T0 + 2_000, true);
    s = withStatus(s, statusResponse([]), T0 + 2_000);
    s = withPlaced(s, placedPosition({ gid: "700", txid: "c" }));
    // `a` at once: the position goes into the book with what was known, placed and not yet listed.
    const away = retargeted(s, { ...target, asset: "ETH_USDT" }, T0 + 3_000);
    expect(bookOf(away, T0 + 70_000).map((r) => [r.market.asset, r.gid])).toEqual([["BTC_USDT", "700"]]);
    const settled = withSettlement(away, settledGame("700"), T0 + 80_000);
    expect(bookOf(settled, T0 + 80_000)).toEqual([]);
  });

  it("stops waiting on a game once it settles, and only on that game", () => {
    const waiting: Snapshot = { ...fresh(), settling: { gid: "700", positions: [] } };
    expect(withSettlement(waiting, settledGame("700"), T0).settling).toBeUndefined();
    expect(withSettlement(waiting, settledGame("698"), T0).settling?.gid).toBe("700");
  });
});

describe("retargeted", () => {
  it("keeps the price for another interval of the same asset, and drops it for another asset", () => {
    const s = withPrice(fresh(), livePrice(68_000, T0), T0);
    expect(retargeted(s, { ...target, interval: 10 }, T0).price).toBe(s.price);
    expect(retargeted(s, { ...target, asset: "ETH_USDT" }, T0).price).toBeUndefined();
  });

  it("back on a market, shows the listing it had while its game (rolled by its schedule) has not ended, and none after", () => {
    const ten: Target = { ...target, interval: 10 };
    const l = listing({ start: T0, now: T0 + 1_000, interval: 10, gid: "900" });
    const shown = withListing(retargeted(fresh(), ten, T0), l, T0 + 1_000, true);
    const away = retargeted(shown, target, T0 + 2_000);
    // Within the game, and within the next one the listing announced (rolled over by the clock): kept.
    expect(retargeted(away, ten, T0 + 5_000).listing?.value).toBe(l);
    const next = l.nextGame !== null && "ends_at" in l.nextGame ? Number(l.nextGame.ends_at) : Number.NaN;
    expect(retargeted(away, ten, next - 1_000).listing?.value).toBe(l);
    // 40 s on, both games are over: not shown as the live game; the pane loads it.
    expect(retargeted(away, ten, T0 + 40_000).listing).toBeUndefined();
  });

  it("back on a market, shows the positions it had only while the game live now is the one they were read in", () => {
    const ten: Target = { ...target, interval: 10 };
    const l = listing({ start: T0, now: T0 + 1_000, interval: 10, gid: "900" });
    const read = withStatus(withListing(retargeted(fresh(), ten, T0), l, T0 + 1_000, true), statusResponse([]), T0 + 1_500);
    const away = retargeted(read, target, T0 + 2_000);
    expect(retargeted(away, ten, T0 + 5_000).status).toBe(read.status);
    // The next game (by the schedule) began at T0 + 15 s: "0 held" would be a count of a game not read.
    const back = retargeted(away, ten, T0 + 17_000);
    expect([back.listing?.value, back.status]).toEqual([l, undefined]);
    // Its game over and none announced, the listing not shown: no game is known, nor are these positions its.
    const alone = { ...l, nextGame: null };
    const once = withStatus(withListing(retargeted(fresh(), ten, T0), alone, T0 + 1_000, true), statusResponse([]), T0 + 1_500);
    const later = retargeted(retargeted(once, target, T0 + 2_000), ten, T0 + 20_000);
    expect([later.listing, later.status]).toEqual([undefined, undefined]);
  });
});

describe("withPlacement", () => {
  it("shows the placement's request and state, with an outcome only once it has one", () => {
    const req = { gid: "700", sp: "68000", f: "1" };
    const s = withPlacement(fresh(), 3, req, "sending");
    expect(s.placement).toEqual({ id: 3, ...req, state: "sending" });
    expect(s.placement).not.toHaveProperty("outcome");
    const outcome: PlacementOutcome = { kind: "rejected", error: { kind: "invalid", message: "x", at: T0 }, fields: [] };
    expect(withPlacement(s, 3, req, "done", outcome).placement).toEqual({ id: 3, ...req, state: "done", outcome });
  });
});
