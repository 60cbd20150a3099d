/**
 * The poller's bookkeeping apart from its loop: which position an unanswered
 * POST created (src/poller/placements.ts), and which ended games are still
 * waited on (src/poller/settlements.ts).
 */
import { describe, expect, it } from "vitest";
import { ApiError, type ApiErrorKind } from "../../src/api/errors.js";
import type { GameResult, ResultsPage } from "../../src/domain/service-data.js";
import {
  lapsedBeforeSent,
  Placements,
  placeFailure,
  type QueuedPlace,
  reconciledPosition,
  reconcileOutcome,
  refused,
} from "../../src/poller/placements.js";
import { SettlementWatch } from "../../src/poller/settlements.js";
import { initialSnapshot, type PlacementOutcome, type Target } from "../../src/poller/snapshot.js";
import { Store } from "../../src/poller/store.js";
import { listing, statusPosition } from "../helpers/fixtures.js";

describe("an order whose game stopped taking positions while it waited", () => {
  const start = 1_000_000;
  // A 60 s game: it closes at start + 60 s and ends 15 s later (its lobby); the next, 489887, is live from then.
  const l = listing({ start, now: start + 1_000, gid: "489886" });
  const { closes_at: closes, ends_at: ends } = l.liveGame!;

  it("is sent while its game accepts, and not once the game has locked or another is live", () => {
    expect(lapsedBeforeSent("489886", l, 60, closes - 1)).toBeUndefined();
    expect(lapsedBeforeSent("489886", l, 60, closes)).toBe("not sent: #489886 closed while the order waited");
    expect(lapsedBeforeSent("489886", l, 60, ends + 5_000)).toMatch(/^not sent: #489886 closed/);
  });

  it("goes to the game the listing rolls over to, as the screen shows it, before the listing is read again", () => {
    expect(lapsedBeforeSent("489887", l, 60, ends + 5_000)).toBeUndefined();
    expect(lapsedBeforeSent("489887", l, 60, ends + 60_000)).toMatch(/^not sent: #489887/);
  });

  it("is left to the service when the listing does not know its game, or there is none", () => {
    expect(lapsedBeforeSent("12345", l, 60, closes + 1)).toBeUndefined();
    expect(lapsedBeforeSent("489886", undefined, 60, closes + 1)).toBeUndefined();
  });

  it("is taken off the queue with why, and the one behind it is still sent", () => {
    const target: Target = { asset: "BTC_USDT", interval: 60, currency: "USDC", network: "testnet" };
    const store = new Store(initialSnapshot(target));
    const queue = new Placements(store);
    const outcomes: PlacementOutcome[] = [];
    queue.enqueue({ gid: "489886", sp: "67100", f: "1" }, (o) => outcomes.push(o));
    queue.enqueue({ gid: "489887", sp: "67100", f: "1" }, (o) => outcomes.push(o));
    queue.withdrawLapsed(l, 60, ends + 5_000);
    expect(outcomes).toEqual([refused("not sent: #489886 closed while the order waited", ends + 5_000)]);
    expect(queue.next?.req.gid).toBe("489887");
    expect(store.getSnapshot().placement).toMatchObject({ state: "done", outcome: { kind: "rejected" } });
  });
});

describe("placements", () => {
  const target: Target = { asset: "BTC_USDT", interval: 60, currency: "USDC", network: "testnet" };
  const books = () => new Placements(new Store(initialSnapshot(target)));
  const pending = (): QueuedPlace => ({
    id: 1,
    req: { gid: "g1", sp: "67100", f: "2.5" },
    resolve: () => undefined,
    knownTxids: new Set(["old"]),
  });

  it("an unanswered POST made the new position of that game, strike and stake; exact, whatever the digits", () => {
    const item = pending();
    const found = reconciledPosition(item, [
      statusPosition({ gid: "g1", sp: "67100", f: "2.5", txid: "old" }),
      statusPosition({ gid: "g2", sp: "67100", f: "2.5", txid: "other-game" }),
      statusPosition({ gid: "g1", sp: "67100.000", f: "2.50", txid: "new" }),
    ]);
    expect(found?.txid).toBe("new");
  });

  it("finds nothing when only known or different positions are listed", () => {
    const item = pending();
    expect(
      reconciledPosition(item, [
        statusPosition({ gid: "g1", sp: "67100", f: "2.5", txid: "old" }),
        statusPosition({ gid: "g1", sp: "67101", f: "2.5", txid: "x" }),
      ]),
    ).toBeUndefined();
  });

  it("drops what is queued with one answer for each", () => {
    const p = books();
    const outcomes: string[] = [];
    p.enqueue({ gid: "g", sp: "1", f: "1" }, (o) => outcomes.push(o.kind));
    p.enqueue({ gid: "g", sp: "2", f: "1" }, (o) => outcomes.push(o.kind));
    p.drop({ kind: "rejected", error: { kind: "invalid", message: "x", at: 0 }, fields: [] });
    expect([outcomes, p.waiting]).toEqual([["rejected", "rejected"], false]);
  });

  it("shows each step in the snapshot: queued, sending, reconciling, then what /status said", () => {
    const store = new Store(initialSnapshot(target));
    const p = new Placements(store);
    const outcomes: PlacementOutcome[] = [];
    p.enqueue({ gid: "g1", sp: "67100", f: "2.5" }, (o) => outcomes.push(o));
    const states = [store.getSnapshot().placement?.state];
    const item = p.next!;
    p.sending(item, [statusPosition({ gid: "g1", sp: "67100", f: "2.5", txid: "old" })]);
    states.push(store.getSnapshot().placement?.state);
    p.failed(item, new ApiError({ kind: "network", call: "POST /spot", message: "reset", outcomeUnknown: true }), 0);
    states.push(store.getSnapshot().placement?.state);
    const placed = p.reconcile(
      [
        statusPosition({ gid: "g1", sp: "67100", f: "2.5", txid: "old" }),
        statusPosition({ gid: "g1", sp: "67100", f: "2.5", txid: "new" }),
      ],
      1,
    );
    states.push(store.getSnapshot().placement?.state);
    expect([states, placed, p.waiting, p.reconcileNeeded]).toEqual([["queued", "sending", "reconciling", "done"], true, false, false]);
    expect(outcomes).toMatchObject([{ kind: "reconciled", placed: true, txid: "new" }]);
  });
});

describe("reconciling an unanswered POST", () => {
  const target: Target = { asset: "BTC_USDT", interval: 60, currency: "USDC", network: "testnet" };

  /** A POST for g1 sent while /status listed `known`, then lost: the Placements and its one outcome. */
  function lost(known: Parameters<typeof statusPosition>[0][]) {
    const p = new Placements(new Store(initialSnapshot(target)));
    const outcomes: PlacementOutcome[] = [];
    p.enqueue({ gid: "g1", sp: "67100", f: "2.5" }, (o) => outcomes.push(o));
    const item = p.next!;
    p.sending(item, known.map(statusPosition));
    p.failed(item, new ApiError({ kind: "server", call: "POST /spot", message: "status 502" }), 0);
    return { p, outcomes };
  }

  it("says nothing was placed when /status lists no new position, and reconciles only once", () => {
    const { p, outcomes } = lost([{ gid: "g1", sp: "67100", f: "2.5", txid: "old" }]);
    expect(p.reconcile([statusPosition({ gid: "g1", sp: "67100", f: "2.5", txid: "old" })], 5)).toBe(false);
    expect(outcomes).toMatchObject([{ kind: "reconciled", placed: false, error: { message: "POST /spot: status 502", at: 5 } }]);
    expect([p.reconcileNeeded, p.reconcile([], 6), outcomes.length]).toEqual([false, false, 1]);
  });

  it("takes a new position /status lists without its game for the one sent", () => {
    const gidless = (txid: string) => ({ ...statusPosition({ sp: "67100", f: "2.5", txid }), gid: null });
    const { p } = lost([]);
    expect(p.reconcile([gidless("t9")], 5)).toBe(true);
  });

  it("does not take a position listed without its game before the POST went out for the new one", () => {
    const gidless = { ...statusPosition({ sp: "67100", f: "2.5", txid: "t8" }), gid: null };
    const p = new Placements(new Store(initialSnapshot(target)));
    p.enqueue({ gid: "g1", sp: "67100", f: "2.5" }, () => undefined);
    const item = p.next!;
    p.sending(item, [gidless]);
    p.failed(item, new ApiError({ kind: "server", call: "POST /spot", message: "status 502" }), 0);
    expect(p.reconcile([gidless], 5)).toBe(false);
  });

  it("without the POST's own error, says its outcome was unknown", () => {
    const item: QueuedPlace = { id: 1, req: { gid: "g1", sp: "1", f: "1" }, resolve: () => undefined };
    expect(reconcileOutcome(item, [], 7)).toMatchObject({
      placed: false,
      error: { kind: "network", message: "POST /spot: outcome unknown", at: 7 },
    });
  });

  it("a refusal made before sending names the POST and lists no field", () => {
    expect(refused("stake below the minimum", 3)).toEqual({
      kind: "rejected",
      error: { kind: "invalid", message: "POST /spot: stake below the minimum", at: 3 },
      fields: [],
    });
  });
});

describe("a POST that did not come back placed", () => {
  const err = (kind: ApiErrorKind, outcomeUnknown = false) => new ApiError({ kind, call: "POST /spot", message: "x", outcomeUnknown });

  it.each([
    ["rate_limited", false, "requeue", true],
    ["server", false, "reconcile", true],
    ["network", true, "reconcile", true],
    ["schema", false, "reconcile", false],
    ["invalid", false, "reject", false],
    ["conflict", false, "reject", false],
    ["network", false, "reject", true],
    ["auth", false, "reject", true],
  ] as const)("%s (outcome unknown: %s) → %s; POST failing: %s", (kind, unknown, action, endpointFailed) => {
    expect(placeFailure(err(kind, unknown))).toEqual({ action, endpointFailed });
  });
});

describe("settlement watch", () => {
  const TARGET: Target = { asset: "BTC_USDT", interval: 60, currency: "USDC", network: "testnet" };

  it("has its store's snapshot wait on a game from the moment it is watched, and stop with the answer that settles it", async () => {
    const store = new Store(initialSnapshot(TARGET));
    const w = new SettlementWatch(store);
    w.watch(["a"], 0);
    expect(store.getSnapshot().awaitingResults).toEqual(["a"]);
    const before = store.getSnapshot();
    w.watch(["a"], 10);
    expect(store.getSnapshot()).toBe(before);
    const client = {
      getResults: async () => ({ games: [{ gid: "a", positions: [], settled_at: 1 }], issues: [] }) as unknown as ResultsPage,
    };
    await w.ask(client, "testnet", 1_000);
    // Until the answer's snapshot is made, the game is still waited on: the two change together.
    expect(store.getSnapshot().awaitingResults).toEqual(["a"]);
    store.update(w.withWaiting);
    expect(store.getSnapshot().awaitingResults).toEqual([]);
  });

  it("waits on each game once, until settled", () => {
    const w = new SettlementWatch(new Store(initialSnapshot(TARGET)));
    w.watch(["a"], 0);
    w.watch(["a"], 10);
    w.watch(["b"], 20);
    expect(w.waiting).toEqual(["a", "b"]);
    w.answered([], 1_000);
    expect(w.waiting).toEqual(["a", "b"]);
    w.answered(["a"], 2_000);
    expect(w.waiting).toEqual(["b"]);
    w.watch(["a"], 3_000);
    w.answered(["b"], 3_000);
    expect(w.pending).toBe(false);
  });

  it("gives up on a game after ten minutes without a result", () => {
    const w = new SettlementWatch(new Store(initialSnapshot(TARGET)));
    w.watch(["a"], 0);
    w.watch(["b"], 60_000);
    w.answered([], 10 * 60_000);
    expect(w.waiting).toEqual(["a", "b"]);
    w.answered([], 10 * 60_000 + 1);
    expect(w.waiting).toEqual(["b"]);
  });

  it("asks about one game by its id, and about games ending together in one page of recent results", async () => {
    const asked: unknown[] = [];
    const settled = (gid: string) => ({ gid, positions: [], settled_at: 1 }) as unknown as GameResult;
    const client = {
      getResults: async (q: unknown) => {
        asked.push(q);
        return { games: [settled("a"), settled("x"), settled("b")], pagination: undefined, issues: [] } as unknown as ResultsPage;
      },
    };
    const w = new SettlementWatch(new Store(initialSnapshot(TARGET)));
    w.watch(["a"], 0);
    w.watch(["b"], 0);
    w.watch(["c"], 0);
    const first = await w.ask(client, "testnet", 1_000);
    expect(first.games.map((g) => g.gid)).toEqual(["a", "b"]);
    expect(w.waiting).toEqual(["c"]);
    await w.ask(client, "testnet", 2_000);
    expect(asked).toEqual([
      { network: "testnet", limit: 20 },
      { network: "testnet", gid: "c" },
    ]);
  });

  it("asks by its id about a game waited on with others that the page of recent results did not hold, then the page again", async () => {
    const asked: { gid?: string }[] = [];
    const client = {
      getResults: async (q: { gid?: string }) => {
        asked.push(q);
        const games = q.gid === "old" ? [{ gid: "old", positions: [], settled_at: 1 }] : [{ gid: "b", positions: [], settled_at: null }];
        return { games, pagination: undefined, issues: [] } as unknown as ResultsPage;
      },
    };
    const w = new SettlementWatch(new Store(initialSnapshot(TARGET)));
    w.watch(["old", "b", "c"], 0);
    await w.ask(client, "testnet", 1_000);
    await w.ask(client, "testnet", 2_000);
    expect(w.waiting).toEqual(["b", "c"]);
    await w.ask(client, "testnet", 3_000);
    // c was not on the first page either: the first game missing is asked first, the page in between.
    await w.ask(client, "testnet", 4_000);
    expect(asked.map((q) => q.gid ?? "page")).toEqual(["page", "old", "page", "c"]);
  });
});
