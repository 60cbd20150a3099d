/**
 * The focused market's scheduling rules one at a time (src/poller/policy.ts): which endpoint a task
 * asks, what an outage leaves wanted, when the listing is due and how, and each boundary of a wait.
 * book-policy.test.ts runs the whole scheduler, the book in it, over simulated hours.
 */
import { describe, expect, it } from "vitest";
import type { GameListing } from "../../src/domain/service-data.js";
import { afterOutage, chooseNext, endpointOf, PLACE_BEFORE_LOCK_MS, POLICY, type PolicyInput, spotDue } from "../../src/poller/policy.js";
import { listing } from "../helpers/fixtures.js";
import { policyInput } from "../helpers/policy-input.js";

const T0 = 1_771_495_000_000;
const NO_WANT = { spot: false, status: false, balance: false, results: false };

/** A 60 s game that started at `start`: accepting for 60 s, then a 15 s lobby. */
const game = (start: number): GameListing => ({ ...listing({ start, now: start, gid: "700" }), nextGame: null });

/** Nothing due but what `over` makes due: every periodic task was just attempted, the price last served. */
const input = (over: Partial<PolicyInput> = {}): PolicyInput =>
  policyInput(T0, {
    listing: game(T0 - 1_000),
    lastAttempt: { spot: T0, status: T0, balance: T0, results: T0, settlement: T0 },
    recent: ["price"],
    ...over,
  });

describe("endpointOf", () => {
  it("gives each task the endpoint whose failures it shares", () => {
    expect(["reconcile", "settlement", "history", "spot", "place", "price"].map((k) => endpointOf(k as never))).toEqual([
      "status",
      "results",
      "results",
      "spot",
      "place",
      "price",
    ]);
    expect([endpointOf("book", { kind: "spot" }), endpointOf("book", null)]).toEqual(["spot", "status"]);
  });
});

describe("afterOutage", () => {
  it("wants what the outage left stale, but not what just answered, and the listing only when stale", () => {
    expect(afterOutage(NO_WANT, "status", true)).toEqual({ ...NO_WANT, status: false, balance: true, spot: true });
    expect(afterOutage(NO_WANT, "balance", false)).toEqual({ ...NO_WANT, status: true, balance: false, spot: false });
    expect(afterOutage(NO_WANT, "spot", true)).toEqual({ ...NO_WANT, status: true, balance: true, spot: false });
    expect(afterOutage({ ...NO_WANT, spot: true, status: true }, "status", false)).toMatchObject({ spot: true, status: true });
  });
});

describe("spotDue", () => {
  it("is due now from the very millisecond of the next boundary", () => {
    const live = game(T0 - 1_000);
    const closes = live.liveGame!.closes_at;
    expect(spotDue(input({ listing: live, serverNow: closes - 1, now: closes - 1 }))).toBe(false);
    expect(spotDue(input({ listing: live, serverNow: closes, now: closes }))).toBe("now");
  });

  it("checks periodically, calmly with no live game and rarely with one, from the very millisecond it is due", () => {
    const none: GameListing = { ...game(T0), liveGame: null };
    const at = (listing: GameListing, ago: number) => spotDue(input({ listing, lastAttempt: { spot: T0 - ago } }));
    expect([at(none, POLICY.spotNoLiveGameMs - 1), at(none, POLICY.spotNoLiveGameMs)]).toEqual([false, "periodic"]);
    const live = game(T0 - 1_000);
    expect([at(live, POLICY.spotNoLiveGameMs), at(live, POLICY.spotSafetyMs - 1), at(live, POLICY.spotSafetyMs)]).toEqual([
      false,
      false,
      "periodic",
    ]);
  });

  it("asks again after a listing still showing the game that ended, backing off with half the time since its end", () => {
    const ended = (ago: number, lastAsked: number) => {
      const l = game(T0 - 75_000 - ago);
      return spotDue(input({ listing: l, listingAt: T0 - 1, lastAttempt: { spot: T0 - lastAsked } }));
    };
    expect([ended(1_000, 1_999), ended(1_000, 2_000)]).toEqual([false, "settling"]);
    expect([ended(10_000, 4_999), ended(10_000, 5_000)]).toEqual([false, "settling"]);
    expect([ended(60_000, 9_999), ended(60_000, 10_000)]).toEqual([false, "settling"]);
  });
});

describe("chooseNext at its boundaries", () => {
  it("reads the positions of a game nothing is held in every 10 s, every 30 s while the book shares the slots", () => {
    const idle = (ago: number, bookBusy: boolean) =>
      chooseNext(input({ lastAttempt: { spot: T0, balance: T0, status: T0 - ago }, bookBusy }));
    expect([idle(POLICY.statusIdleMs - 1, false), idle(POLICY.statusIdleMs, false)]).toEqual(["price", "status"]);
    expect([idle(POLICY.statusIdleSharedMs - 1, true), idle(POLICY.statusIdleSharedMs, true)]).toEqual(["price", "status"]);
    expect([POLICY.statusIdleMs, POLICY.statusIdleSharedMs]).toEqual([10_000, 30_000]);
  });

  it("takes the price once its backoff ends, at that very millisecond", () => {
    expect(chooseNext(input({ recent: ["spot"], blockedUntil: { price: T0 } }))).toBe("price");
    expect(chooseNext(input({ recent: ["spot"], blockedUntil: { price: T0 + 1 } }))).toBe(null);
  });

  it("lets a placement jump the price's turn only under PLACE_BEFORE_LOCK_MS before the lock", () => {
    const closingIn = (ms: number) => game(T0 + ms - 60_000);
    const queued = { placeQueued: true, recent: ["spot" as const] };
    expect(chooseNext(input({ ...queued, listing: closingIn(PLACE_BEFORE_LOCK_MS) }))).toBe("price");
    expect(chooseNext(input({ ...queued, listing: closingIn(PLACE_BEFORE_LOCK_MS - 1) }))).toBe("place");
  });

  it("reads a 10 s game's positions before an ended game's result, a longer game's after it", () => {
    const ended = { settlementPending: true, want: { ...NO_WANT, status: true }, lastAttempt: { spot: T0, status: T0, balance: T0 } };
    const ofLength = (interval: number) => chooseNext(input({ ...ended, listing: { ...game(T0 - 1_000), interval } }));
    expect([ofLength(10), ofLength(60), ofLength(3600)]).toEqual(["status", "settlement", "settlement"]);
    // A game held elsewhere at its bound keeps its place after the result: the 10 s game's positions wait for it.
    const critical = { kind: "status" as const, market: { asset: "ETH_USDT", interval: 60 as const }, urgent: true, deadline: T0 + 1_000 };
    expect(chooseNext(input({ ...ended, listing: { ...game(T0 - 1_000), interval: 10 }, book: critical }))).toBe("settlement");
    expect(POLICY.positionsBeforeResultS).toBe(10);
  });

  it("gives the slot before a boundary to the price over a refresh that can wait, so the listing has the slot after it", () => {
    // Holding, the positions' refresh due; the lock (a boundary: no next game announced) `ms` away, one slot is 1015 ms.
    const boundaryIn = (ms: number, over: Partial<PolicyInput> = {}) =>
      chooseNext(
        input({
          listing: game(T0 + ms - 60_000),
          holdingPositions: true,
          lastAttempt: { spot: T0, balance: T0, status: T0 - 3_000 },
          ...over,
        }),
      );
    expect([boundaryIn(1), boundaryIn(1_015), boundaryIn(1_016)]).toEqual(["price", "price", "status"]);
    // What an event asked for (a placement's projection, a game's end) is not held back, nor is anything while the price cannot be asked.
    expect(boundaryIn(500, { want: { ...NO_WANT, status: true } })).toBe("status");
    expect(boundaryIn(500, { blockedUntil: { price: T0 + 1 } })).toBe("status");
    // Once past it, the listing (read before it).
    expect(boundaryIn(0, { listingAt: T0 - 2_000 })).toBe("spot");
  });

  it("reads a balance never read before a boundary's listing, after the price's turn, and not while it fails", () => {
    const unread = { spot: false, status: false, balance: true };
    const boundary = { listing: game(T0 - 75_000), want: { ...NO_WANT, spot: true, balance: true } };
    expect(chooseNext(input({ ...boundary, unread }))).toBe("balance");
    expect(chooseNext(input({ ...boundary, unread, recent: ["balance"] }))).toBe("price");
    expect(chooseNext(input({ ...boundary, unread, failing: new Set(["balance"]) }))).toBe("spot");
    // Once read, a boundary's listing goes before a wanted balance.
    expect(chooseNext(input({ ...boundary, unread: { ...unread, balance: false } }))).toBe("spot");
  });

  it("fetches a results page the trader asked for before the positions and balance wanted, only while the view is open", () => {
    const want = { ...NO_WANT, results: true, status: true };
    expect(chooseNext(input({ resultsOpen: true, want }))).toBe("results");
    expect(chooseNext(input({ resultsOpen: false, want }))).toBe("status");
  });

  it("refreshes the listing and the open results view when their periods are up", () => {
    expect(chooseNext(input({ lastAttempt: { spot: T0 - POLICY.spotSafetyMs, status: T0, balance: T0 } }))).toBe("spot");
    const results = { spot: T0, status: T0, balance: T0, results: T0 - POLICY.resultsOpenMs };
    expect(chooseNext(input({ resultsOpen: true, lastAttempt: results }))).toBe("results");
    expect(chooseNext(input({ resultsOpen: false, lastAttempt: results }))).toBe("price");
  });

  it("reads the kept results' history from the launch's first minute on, at once when the trader waits on it", () => {
    // A slot after the price's: nothing but the history is due, so the price takes it again unless the history does.
    const turn = (sinceStart: number, history: PolicyInput["history"]) => chooseNext(input({ sinceStart, history }));
    expect([turn(POLICY.historyAfterLaunchMs - 1, "idle"), turn(POLICY.historyAfterLaunchMs, "idle")]).toEqual(["price", "history"]);
    expect(turn(0, "waited")).toBe("history");
  });
});
