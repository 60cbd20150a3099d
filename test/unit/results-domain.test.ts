/**
 * What a settled game came to and how it is told (src/domain/results.ts): its net and outcome, the
 * results view's pages, the session's games and summary, the settlement toast and the last game's card.
 */
import { describe, expect, it } from "vitest";
import { Decimal, toWire } from "../../src/domain/money.js";
import {
  formatClosing,
  gameNet,
  gameOutcome,
  hasNextPage,
  isSettled,
  lastGameCard,
  mergeSessionGames,
  pageOf,
  playedIn,
  sessionSummary,
  settledAt,
  settlementToast,
} from "../../src/domain/results.js";
import { isReadable } from "../../src/domain/service-data.js";
import { resultsPage } from "../helpers/fixtures.js";
import { settled, unreadable } from "../helpers/results.js";

const T = Date.parse("2026-03-10T12:00:00Z");
const net = (g: Parameters<typeof gameNet>[0]) => {
  const n = gameNet(g);
  return isReadable(n) ? toWire(n) : "?";
};

describe("a game's net and outcome", () => {
  it("is nothing for a cancelled game, whatever its totals say", () => {
    const g = settled({ gid: 1, at: T, staked: "7", paid: "0", cancelled: true });
    expect([net(g), gameOutcome(g)]).toEqual(["0", "cancelled"]);
  });

  it("is paid less staked, else the service's net_return, else not known", () => {
    const won = settled({ gid: 2, at: T, staked: "2", paid: "2.5" });
    expect([net(won), gameOutcome(won)]).toEqual(["0.5", "won"]);
    const lost = settled({ gid: 3, at: T, staked: "2", paid: "0" });
    expect([net(lost), gameOutcome(lost)]).toEqual(["-2", "lost"]);
    expect(gameOutcome(settled({ gid: 4, at: T, staked: "2", paid: "2" }))).toBe("even");
    expect(net(unreadable(settled({ gid: 5, at: T, staked: "2", paid: "3" }), "total_winnings"))).toBe("1");
    const unsure = unreadable(settled({ gid: 6, at: T, staked: "2", paid: "3" }), "cancelled");
    expect([net(unsure), gameOutcome(unsure)]).toEqual(["?", "unknown"]);
  });

  it("reads a close of null as no data, never as zero", () => {
    expect([formatClosing(null), formatClosing(new Decimal("60000.5"))]).toEqual(["no data", "60,000.50"]);
  });
});

describe("settled or not", () => {
  it("takes a game as settled by its time, readable or not, or by its cancellation", () => {
    expect(isSettled(settled({ gid: 1, at: null }))).toBe(false);
    expect(isSettled(settled({ gid: 2, at: null, cancelled: true }))).toBe(true);
    const unsure = unreadable(settled({ gid: 3, at: T }), "settled_at");
    expect([isSettled(unsure), settledAt(unsure), settledAt(settled({ gid: 4, at: null })), settledAt(settled({ gid: 5, at: T }))]).toEqual(
      [true, null, null, T],
    );
  });

  it("takes a game with no positions and nothing staked for one the trader did not play", () => {
    expect(playedIn(settled({ gid: 1, at: T, staked: "0", positions: [] }))).toBe(false);
    expect(playedIn(settled({ gid: 2, at: T, staked: "1", positions: [] }))).toBe(true);
    expect(playedIn(unreadable(settled({ gid: 3, at: T, staked: "0", positions: [] }), "total_staked"))).toBe(true);
    expect(playedIn(settled({ gid: 4, at: T, staked: "0" }))).toBe(true);
  });
});

describe("pages of results", () => {
  const pagination = (total: number | null, limit: number, offset: number) => ({ total, limit, offset, extra: {} });

  it("counts pages from the total, an empty history one page, a page past the end the last", () => {
    expect(pageOf(pagination(45, 20, 40))).toEqual({ page: 3, pages: 3 });
    expect(pageOf(pagination(45, 20, 60))).toEqual({ page: 3, pages: 3 });
    expect(pageOf(pagination(0, 20, 0))).toEqual({ page: 1, pages: 1 });
    expect(pageOf(pagination(null, 20, 40))).toEqual({ page: 3, pages: null });
    expect(pageOf(pagination(3, 0, 2))).toEqual({ page: 3, pages: 3 });
  });

  it("expects a next page by the total when there is one, else after a full page", () => {
    const page = (total: number | null, games: number, offset = 0) =>
      hasNextPage({
        ...resultsPage({ games: [], pagination: { total: 0, limit: 2, offset: 0 } }),
        games: Array.from({ length: games }, (_, i) => settled({ gid: i, at: T })),
        pagination: pagination(total, 2, offset),
      });
    expect([page(null, 2), page(null, 1)]).toEqual([true, false]);
    expect([page(5, 2, 2), page(4, 2, 2)]).toEqual([true, false]);
  });
});

describe("the session's games", () => {
  const START = T;
  const notice = (g: ReturnType<typeof settled>) => ({ gid: g.gid, result: g });

  it("keeps the same map when nothing is new or changed, a new one when something is", () => {
    const g = settled({ gid: 1, at: START + 1_000, paid: "2" });
    const known = mergeSessionGames(new Map(), { notices: [notice(g)], pages: [], sessionStart: START, seen: new Set() });
    expect([...known.keys()]).toEqual(["1"]);
    const copy = settled({ gid: 1, at: START + 1_000, paid: "2" });
    expect(mergeSessionGames(known, { notices: [notice(g)], pages: [], sessionStart: START, seen: new Set() })).toBe(known);
    expect(
      mergeSessionGames(known, {
        notices: [{ gid: "1", result: { ...copy, positions: g.positions } }],
        pages: [],
        sessionStart: START,
        seen: new Set(),
      }),
    ).toBe(known);
    const changed = mergeSessionGames(known, {
      notices: [notice(settled({ gid: 1, at: START + 1_000, paid: "3" }))],
      pages: [],
      sessionStart: START,
      seen: new Set(),
    });
    expect([changed === known, toWire(changed.get("1")!.total_winnings as Decimal)]).toEqual([false, "3"]);
  });

  it("takes a page's games settled from the session's start on that it saw or that were placed in since, and none before the session has started", () => {
    const page = resultsPage({ games: [], pagination: { total: 3, limit: 20, offset: 0 } });
    const since = new Date(START).toISOString();
    const games = [
      settled({ gid: 1, at: START - 1 }),
      settled({ gid: 2, at: START }),
      settled({ gid: 3, at: START + 5 }),
      settled({ gid: 4, at: START, staked: "0", positions: [] }),
      // Placed in before the start and never seen: it ended before its positions were read.
      settled({ gid: 5, at: START + 5 }),
      // Placed in since the start, elsewhere: not seen, the session's all the same.
      settled({ gid: 6, at: START + 40_000, positions: [{ placed_at: since }] }),
    ];
    const seen = new Set(["1", "2", "3", "4"]);
    const merged = mergeSessionGames(new Map(), { notices: [], pages: [{ ...page, games }], sessionStart: START, seen });
    expect([...merged.keys()]).toEqual(["2", "3", "6"]);
    expect(mergeSessionGames(new Map(), { notices: [], pages: [{ ...page, games }], sessionStart: undefined, seen: new Set() }).size).toBe(
      0,
    );
  });

  it("sums the session: cancelled and unreadable games counted apart, the latest of equal nets the best", () => {
    const s = sessionSummary([
      settled({ gid: 1, at: T + 1, staked: "2", paid: "5" }),
      settled({ gid: 2, at: T + 3, staked: "1", paid: "4" }),
      settled({ gid: 3, at: T + 2, staked: "4", paid: "0" }),
      settled({ gid: 4, at: T + 4, staked: "7", paid: "7", cancelled: true }),
      unreadable(settled({ gid: 5, at: T + 5, staked: "9", paid: "1" }), "total_staked"),
    ]);
    expect([s.played, s.cancelled, s.unreadable, toWire(s.staked), toWire(s.won), toWire(s.net)]).toEqual([5, 1, 1, "7", "9", "2"]);
    expect([s.best?.gid, toWire(s.best!.net), s.worst?.gid, toWire(s.worst!.net)]).toEqual(["2", "3", "3", "-4"]);
    const tie = sessionSummary([
      settled({ gid: 7, at: T + 9, staked: "1", paid: "0" }),
      settled({ gid: 8, at: T + 2, staked: "1", paid: "0" }),
    ]);
    expect([tie.best?.gid, tie.worst?.gid]).toEqual(["7", "7"]);
    const earlierBest = sessionSummary([
      settled({ gid: 9, at: T + 1, staked: "1", paid: "6" }),
      settled({ gid: 10, at: T + 2, staked: "1", paid: "0" }),
    ]);
    expect([earlierBest.best?.gid, earlierBest.worst?.gid]).toEqual(["9", "10"]);
  });
});

describe("the settlement toast and the last game's card", () => {
  it("puts the outcome and the net first, then the totals and where to read more", () => {
    const g = settled({ gid: 489886, at: T, staked: "2.5", paid: "5.2" });
    expect(settlementToast(g)).toEqual({
      outcome: "won",
      text: "settled #489886 BTC_USDT 1m: WON +2.70 USDC · staked 2.50 · paid 5.20 · r results",
      // For a narrow footer: the game named less, the result and the amount whole.
      shorter: [
        "settled #489886: WON +2.70 USDC · staked 2.50 · paid 5.20 · r results",
        "settled: WON +2.70 USDC · staked 2.50 · paid 5.20 · r results",
      ],
    });
    const long = settled({ gid: "123456789012", at: T, staked: "1", paid: "0", interval: 10 });
    expect(settlementToast(long, true, "R").text).toBe(
      "settled #~789012 BTC_USDT 10s: LOST -1.00 USDC · staked 1.00 · paid 0.00 · R results",
    );
    // At the minimum stake, paid keeps the net's digits: "paid 0.01" beside "staked 0.01" would say nothing was lost.
    const small = settled({ gid: 9, at: T, staked: "0.01", paid: "0.006263", interval: 10 });
    expect(settlementToast(small).text).toBe("settled #9 BTC_USDT 10s: LOST -0.003737 USDC · staked 0.01 · paid 0.006263 · r results");
    expect(lastGameCard(small)).toMatchObject({ staked: "0.01", paid: "0.006263", net: "-0.003737" });
    const refunded = settled({ gid: 7, at: T, staked: "3", paid: "3", cancelled: true });
    expect(settlementToast(refunded).text).toBe("settled #7 BTC_USDT 1m: CANCELLED, stakes refunded 3.00 USDC · r results");
  });

  it("counts the other games settled with it right after its result, in every form", () => {
    const g = settled({ gid: 489886, at: T, staked: "2.5", paid: "5.2" });
    expect(settlementToast(g, false, "r", 2)).toMatchObject({
      text: "settled #489886 BTC_USDT 1m: WON +2.70 USDC (2 more settled) · staked 2.50 · paid 5.20 · r results",
      shorter: [
        "settled #489886: WON +2.70 USDC (2 more settled) · staked 2.50 · paid 5.20 · r results",
        "settled: WON +2.70 USDC (2 more settled) · staked 2.50 · paid 5.20 · r results",
      ],
    });
    const refunded = settled({ gid: 7, at: T, staked: "3", paid: "3", cancelled: true });
    expect(settlementToast(refunded, false, "r", 1).text).toBe(
      "settled #7 BTC_USDT 1m: CANCELLED, stakes refunded 3.00 USDC (1 more settled) · r results",
    );
  });

  it("shortens a long game id with … unless asked for ASCII, and says ? and nothing for an asset and a currency it cannot read", () => {
    const long = settled({ gid: "123456789012", at: T, staked: "1", paid: "0", interval: 10 });
    expect(settlementToast(long).text).toMatch(/^settled #…789012 /);
    const blind = unreadable(unreadable(settled({ gid: 8, at: T, staked: "1", paid: "0" }), "asset"), "currency");
    expect(settlementToast(blind).text).toBe("settled #8 ? 1m: LOST -1.00 · staked 1.00 · paid 0.00 · r results");
    expect(lastGameCard(blind).currency).toBe("");
  });

  it("names each outcome, and the strike nearest the close with the close's distance from it", () => {
    const g = settled({ gid: 1, at: T, staked: "2", paid: "2", closing: "60001.5", positions: [{ sp: "60000" }, { sp: "60002" }] });
    expect(lastGameCard(g)).toMatchObject({
      word: "EVEN",
      net: "0.00",
      close: "60,001.50",
      best: { strike: "@60,002", distance: "-0.50" },
    });
    expect(lastGameCard(settled({ gid: 2, at: T, closing: null })).best).toBeNull();
    expect(lastGameCard(settled({ gid: 3, at: T, cancelled: true, staked: "1", paid: "0" }))).toMatchObject({
      word: "CANCELLED",
      net: "0.00",
    });
    expect(lastGameCard(unreadable(settled({ gid: 4, at: T }), "cancelled")).word).toBe("RESULT ?");
    expect(["2", "0"].map((paid) => lastGameCard(settled({ gid: 5, at: T, staked: "1", paid })).word)).toEqual(["WON", "LOST"]);
  });
});
