/**
 * Event detection (src/alerts/detect) as a function of a sequence of
 * snapshots and instants: what fires, once, and what never does.
 */
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { Detector } from "../../src/alerts/detect/detector.js";
import { SERVICE_DOWN_MS } from "../../src/alerts/rules.js";
import { Decimal } from "../../src/domain/money.js";
import type { GameListing } from "../../src/domain/service-data.js";
import { withSettlement } from "../../src/poller/reducers.js";
import type { Connection, Placement, Snapshot } from "../../src/poller/snapshot.js";
import { base, rule, run, T0, target } from "../helpers/alert-steps.js";
import { balance, gameResult, listing, livePrice, statusPosition, statusResponse } from "../helpers/fixtures.js";

const price = (asset: string, direction: "above" | "below", level: string, repeat = false) =>
  rule({ kind: "price", asset, direction, level: new Decimal(level), repeat });

const withPrice = (s: Snapshot, value: number, at: number): Snapshot => ({ ...s, price: { value: livePrice(value, at), at } });

describe("price crossing a level", () => {
  const above = price("BTC_USDT", "above", "100");

  it.each([
    ["rises through the level", [99, 101], 1],
    ["already above at the first read: no crossing seen", [101, 102], 0],
    ["touching the level is not crossing it", [99, 100, 99], 0],
    ["on the level then above: crossed", [99, 100, 101], 1],
    ["falls through it: the other direction", [101, 99], 0],
    ["once only: a second crossing says nothing", [99, 101, 99, 101], 1],
  ] as const)("%s", (_name, prices, fired) => {
    const steps = prices.map((v, i) => [withPrice(base, v, T0 + i * 120_000), T0 + i * 120_000] as [Snapshot, number]);
    const events = run(steps, [above]);
    expect(events).toHaveLength(fired);
    if (fired) expect(events[0]).toMatchObject({ event: "price", rule: above.id, data: { level: "100", direction: "above" } });
  });

  it("the same price read stepped twice is one read", () => {
    const s1 = withPrice(base, 99, T0);
    const s2 = withPrice(base, 101, T0 + 1000);
    expect(
      run(
        [
          [s1, T0],
          [s2, T0 + 1000],
          [s2, T0 + 1500],
        ],
        [price("BTC_USDT", "above", "100", true)],
      ),
    ).toHaveLength(1);
  });

  it("reads another asset's price from the book, and says so", () => {
    const book = (v: number, at: number): Snapshot => ({
      ...base,
      book: { ...base.book, prices: { ETH_USDT: { value: livePrice(v, at), at } } },
    });
    const events = run(
      [
        [book(3000, T0), T0],
        [book(2900, T0 + 5000), T0 + 5000],
      ],
      [price("ETH_USDT", "below", "2950")],
    );
    expect(events.map((e) => [e.data.source, e.data.price, e.tone])).toEqual([["book", "2900", "down"]]);
  });

  it("a level crossed k times fires at most k times, never within its cooldown", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 95, max: 105 }), fc.integer({ min: 1, max: 40_000 })), { maxLength: 60 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 90_000 }),
        (moves, up, cooldownMs) => {
          const r = price("BTC_USDT", up ? "above" : "below", "100", true);
          let now = T0;
          const steps = moves.map(([v, dt]) => {
            now += dt;
            return [withPrice(base, v, now), now] as [Snapshot, number];
          });
          const events = run(steps, [r], cooldownMs);
          // Crossings into the rule's side, the side held while on the level.
          let side: number | undefined;
          let k = 0;
          for (const [v] of moves) {
            const next = v > 100 ? 1 : v < 100 ? -1 : side;
            if (side !== undefined && next !== side && next === (up ? 1 : -1)) k++;
            side = next;
          }
          expect(events.length).toBeLessThanOrEqual(k);
          for (let i = 1; i < events.length; i++) expect(events[i]!.at - events[i - 1]!.at).toBeGreaterThanOrEqual(cooldownMs);
        },
      ),
      { seed: 42, numRuns: 300 },
    );
  });
});

describe("games", () => {
  const start = T0;
  let live: GameListing;
  let withListing: Snapshot;
  let held: Snapshot;
  beforeEach(() => {
    live = listing({ start, gid: "700", now: start });
    withListing = { ...base, listing: { value: live, at: start } };
    held = { ...withListing, status: { value: statusResponse([statusPosition({ gid: "700" })]), at: start } };
  });

  it("counts down to the close once per game and rule", () => {
    const ten = rule({ kind: "closing", seconds: 10, onlyUnheld: false });
    const close = start + 60_000;
    const events = run(
      [
        [withListing, close - 11_000],
        [withListing, close - 9_500],
        [withListing, close - 5_000],
        [withListing, close + 1_000],
      ],
      [ten],
    );
    expect(events.map((e) => [e.event, e.data.gid, e.data.to_close_ms, e.data.held])).toEqual([["closing", "700", 9_500, false]]);
  });

  it("a countdown for games held in nothing stays quiet while a position is held", () => {
    const r = rule({ kind: "closing", seconds: 10, onlyUnheld: true });
    expect(
      run(
        [
          [held, start + 49_000],
          [held, start + 51_000],
        ],
        [r],
      ),
    ).toEqual([]);
    expect(
      run(
        [
          [withListing, start + 49_000],
          [withListing, start + 51_000],
        ],
        [r],
      ),
    ).toHaveLength(1);
  });

  it("says nothing of a moment passed before it watched: a launch inside the last seconds, a countdown of a switched market", () => {
    const r = rule({ kind: "closing", seconds: 10, onlyUnheld: false });
    expect(
      run(
        [
          [withListing, start + 55_000],
          [withListing, start + 56_000],
        ],
        [r],
      ),
    ).toEqual([]);
    const eth: Snapshot = { ...withListing, target: { ...target, asset: "ETH_USDT" } };
    expect(
      run(
        [
          [eth, start + 49_000],
          [withListing, start + 51_000],
          [withListing, start + 52_000],
        ],
        [r],
      ),
    ).toEqual([]);
  });

  it("a countdown longer than the prediction phase falls on the game's start", () => {
    const day = rule({ kind: "closing", seconds: 86_400, onlyUnheld: false });
    const events = run(
      [
        [withListing, start - 500],
        [withListing, start + 500],
      ],
      [day],
    );
    expect(events.map((e) => e.data.to_close_ms)).toEqual([59_500]);
  });

  it("the early window opens once per game, not after it has passed", () => {
    const early = rule({ kind: "early_window" });
    expect(
      run(
        [
          [withListing, start - 500],
          [withListing, start + 1_000],
          [withListing, start + 2_000],
        ],
        [early],
      ),
    ).toHaveLength(1);
    expect(
      run(
        [
          [withListing, start + 29_000],
          [withListing, start + 30_000],
        ],
        [early],
      ),
    ).toEqual([]);
  });

  it("a held game turning from losing to winning and back fires each turn outside the cooldown", () => {
    const withW = (w: string, at: number): Snapshot => ({
      ...withListing,
      status: { value: statusResponse([statusPosition({ gid: "700", f: "5", w: Number(w) })]), at },
    });
    const turned = rule({ kind: "turned" });
    const events = run(
      [
        [withW("4", start), start],
        [withW("6", start + 1_000), start + 1_000],
        [withW("4", start + 2_000), start + 2_000],
        [withW("3", start + 40_000), start + 40_000],
      ],
      [turned],
      10_000,
    );
    // The turn back at +2 s is inside the 10 s cooldown of the first: dropped.
    expect(events.map((e) => [e.data.state, e.data.projected_net])).toEqual([["winning", "1"]]);
  });

  it("a turn while the rule was off is not said when it is on again", () => {
    const withW = (w: string, at: number): Snapshot => ({
      ...withListing,
      status: { value: statusResponse([statusPosition({ gid: "700", f: "5", w: Number(w) })]), at },
    });
    const d = new Detector({ cooldownMs: 0 });
    const turned = [rule({ kind: "turned" })];
    expect(d.step(withW("4", start), start, turned)).toEqual([]);
    expect(d.step(withW("6", start + 1_000), start + 1_000, [])).toEqual([]);
    expect(d.step(withW("6", start + 2_000), start + 2_000, turned)).toEqual([]);
  });
});

describe("the service", () => {
  // The last answer was at T0; then the service goes quiet.
  const conn = (c: Connection): Snapshot => ({ ...base, connection: c, lastOkAt: T0 });
  const answered = (at: number): Snapshot => ({ ...base, connection: { state: "ok" }, lastOkAt: at });
  const offline = conn({ state: "offline", retryAt: 0, reason: "connection refused" });
  const ok = conn({ state: "ok" });
  const all = [rule({ kind: "service" }), rule({ kind: "key_refused" }), rule({ kind: "rate_limited" })];

  it("no answer for 30 s while offline fires once, and back at the next answer", () => {
    const events = run(
      [
        [ok, T0],
        [offline, T0 + 1_000],
        [offline, T0 + SERVICE_DOWN_MS - 1],
        [offline, T0 + SERVICE_DOWN_MS],
        [offline, T0 + 90_000],
        [answered(T0 + 91_000), T0 + 91_000],
      ],
      all,
    );
    expect(events.map((e) => [e.data.state, e.at - T0, e.data.down_ms ?? e.data.since])).toEqual([
      ["down", SERVICE_DOWN_MS, T0],
      ["back", 91_000, 91_000],
    ]);
  });

  it("a short outage says nothing, nor one endpoint failing while the others answer", () => {
    expect(
      run(
        [
          [ok, T0],
          [offline, T0 + 1_000],
          [offline, T0 + 20_000],
          [answered(T0 + 21_000), T0 + 21_000],
        ],
        all,
      ),
    ).toEqual([]);
    const degraded = (t: number): [Snapshot, number] => [
      { ...answered(t - 500), connection: { state: "degraded", retryAt: 0, reason: "GET /results: 500" } },
      t,
    ];
    expect(run([degraded(T0), degraded(T0 + 20_000), degraded(T0 + 40_000), degraded(T0 + 60_000)], all)).toEqual([]);
  });

  it("the key refused fires once until the service answers again; rate limiting only after a minute", () => {
    const refused = conn({ state: "unauthorized", retryAt: 0, reason: "401 invalid key" });
    const limited = conn({ state: "rate_limited", resumeAt: 0, reason: "429" });
    const events = run(
      [
        [refused, T0],
        [refused, T0 + 5_000],
        [limited, T0 + 6_000],
        [limited, T0 + 60_000],
        [limited, T0 + 66_000],
        [limited, T0 + 99_000],
      ],
      all,
    );
    expect(events.map((e) => e.event)).toEqual(["key_refused", "rate_limited"]);
  });
});

describe("the balance", () => {
  const r = [rule({ kind: "balance" })];
  const at = (amount: string, t: number, over: Partial<Snapshot> = {}): [Snapshot, number] => [
    { ...base, ...over, balance: { value: balance(amount), at: t } },
    t,
  ];
  const placement = (state: Placement["state"], f = "5"): Placement => ({
    id: 1,
    sp: "100",
    f,
    gid: "700",
    state,
    ...(state === "done" ? { outcome: { kind: "placed" as const, position: {} as never } } : {}),
  });

  it("what this dashboard placed is not an alert; what is left over is, exact", () => {
    const done = placement("done");
    const events = run([at("100", T0), at("95", T0 + 1_000, { placement: done }), at("94.9", T0 + 2_000, { placement: done })], r);
    expect(events.map((e) => [e.data.change, e.data.balance])).toEqual([["-0.1", "94.9"]]);
  });

  it("a read taken while a placement is in flight is not compared", () => {
    const events = run(
      [at("100", T0), at("95", T0 + 1_000, { placement: placement("sending") }), at("95", T0 + 2_000, { placement: placement("done") })],
      r,
    );
    expect(events).toEqual([]);
  });

  it("a read taken while a placement waits its turn is not compared once it is done: the next read is", () => {
    // One placement, as the snapshots carry it, until the next.
    const done = placement("done");
    const events = run(
      [
        at("100", T0),
        at("100", T0 + 1_000, { placement: placement("queued") }),
        [{ ...at("100", T0 + 1_000)[0], placement: done }, T0 + 1_500],
        at("95", T0 + 2_000, { placement: done }),
      ],
      r,
    );
    expect(events).toEqual([]);
  });

  it("a payout credited before or after its result arrives is the dashboard's own", () => {
    const won = gameResult({
      gid: "700",
      interval: 60,
      asset: "BTC_USDT",
      network: "testnet",
      currency: "USDC",
      open_price: "100",
      closing_price: "101",
      settled_at: new Date(T0).toISOString(),
      cancelled: false,
      positions: [{ sp: "101", f: "5", w: "7.5", r: "0", win: true, variance: "0", txid: "t", placed_at: new Date(T0).toISOString() }],
      total_staked: "5",
      total_winnings: "7.5",
      net_return: "2.5",
    });
    const settlements = withSettlement({ ...base }, won, T0 + 2_000).settlements;
    const events = run(
      [
        at("100", T0),
        // Credited, its result not read yet: a game ended is under way.
        at("107.5", T0 + 1_000, { settling: { gid: "700", positions: [] } }),
        at("107.5", T0 + 2_000, { settlements }),
        at("107.5", T0 + 40_000, { settlements }),
      ],
      r,
    );
    expect(events).toEqual([]);
  });

  it("a deposit fires once", () => {
    const events = run([at("100", T0), at("150", T0 + 1_000), at("150", T0 + 2_000)], r);
    expect(events.map((e) => [e.data.change, e.tone])).toEqual([["50", "up"]]);
  });
});
