/**
 * decide() as a table of situations (timing, caps, limits, stops, the next
 * game for 10 s, duplicates), the plan's determinism, the spend record, and
 * a property: whatever the prices, balances and answers, no game gets more
 * than its plan or ten positions and no limit is passed.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Decimal } from "../../src/domain/money.js";
import { type Interval, lobbyMs } from "../../src/domain/rules.js";
import type { GameListing, Position } from "../../src/domain/service-data.js";
import { Unreadable } from "../../src/domain/service-data.js";
import { type DecideInput, type Decision, decide, type OwnPlacement, smallestStake } from "../../src/strategy/decide.js";
import {
  emptySpend,
  recordRefused,
  recordSent,
  recordSettled,
  type Spend,
  stakeFits,
  startSession,
  utcDay,
} from "../../src/strategy/limits.js";
import { ladderOffsets, planGame, seededRandom, strikeFor } from "../../src/strategy/plan.js";
import { defaultStake, defaultStrike, NO_LIMITS, type StrategyConfig } from "../../src/strategy/strategy.js";

const D = (v: string | number) => new Decimal(v);
/** A Monday noon, UTC: far from midnight unless a test moves it. */
const T0 = Date.UTC(2026, 1, 16, 12, 0, 0);

function strategy(over: Partial<StrategyConfig> = {}, interval: Interval = 60): StrategyConfig {
  return {
    name: "s1",
    market: { asset: "BTC_USDT", interval, network: "testnet", currency: "USDC" },
    positionsPerGame: 10,
    strike: defaultStrike(interval),
    stake: { kind: "fixed", amount: D("0.5") },
    when: { earlyOnly: false, fromSeconds: undefined, untilSeconds: undefined, nextGame: interval === 10 },
    limits: NO_LIMITS,
    paper: false,
    where: "test",
    ...over,
  };
}

interface GameOpts {
  gid?: number;
  start?: number;
  interval?: Interval;
  early?: boolean | "unreadable";
  canPlace?: boolean;
  next?: boolean;
  provisional?: boolean;
}

/** The listing of game `gid` starting at `start`, the next game announced unless `next: false`. */
function game(o: GameOpts = {}): GameListing {
  const interval = o.interval ?? 60;
  const start = o.start ?? T0;
  const gid = o.gid ?? 100;
  const closes = start + interval * 1000;
  const ends = closes + lobbyMs(interval);
  const unreadable = new Unreadable("x", "not known", "");
  return {
    asset: "BTC_USDT",
    interval,
    early_precision_window: o.early === undefined || o.early === "unreadable" ? unreadable : o.early,
    can_place_position: o.canPlace ?? true,
    liveGame: {
      gid: String(gid),
      open_price: o.provisional ? unreadable : D("67000.5"),
      ai_price: o.provisional ? unreadable : D("67100.25"),
      start_at: start,
      closes_at: closes,
      ends_at: ends,
      lobby: null,
      extra: {},
    },
    nextGame: o.next === false ? null : { gid: String(gid + 1), starts_at: ends, ends_at: ends + (ends - start), extra: {} },
    timestamp: start,
    issues: [],
    extra: {},
  };
}

function held(gid: string, sp: string, f: string, txid: string): Position {
  return { gid, txid, sp: D(sp), f: D(f), w: null, r: null, t: T0, st: "success", extra: {} };
}

function input(over: Partial<DecideInput> & { s?: StrategyConfig } = {}): DecideInput {
  return {
    strategy: over.s ?? strategy(),
    market: { listing: game(), price: D("67036.4"), balance: D("100"), positions: [] },
    now: T0 + 5_000,
    spend: emptySpend(T0),
    own: [],
    ...over,
  };
}

describe("decide: timing", () => {
  const live = game();
  const S = T0;
  const early = strategy({ when: { ...strategy().when, earlyOnly: true } });
  const from20 = strategy({ when: { ...strategy().when, fromSeconds: 20 } });
  const until30 = strategy({ when: { ...strategy().when, untilSeconds: 30 } });
  const placed = {
    kind: "place",
    gid: "100",
    sp: "67037",
    f: "0.5",
    index: 0,
    ref: "67036.4",
    reason: "#100 position 1 of 10: 67037 at 0.50 USDC (live 67,036.40 +1)",
  } as const;
  const toNext = (until: number, reason: string) => ({ kind: "wait", until, reason }) as const;
  const cases: [string, DecideInput, Decision][] = [
    ["no listing yet", input({ market: { ...input().market, listing: undefined } }), { kind: "wait", reason: "the game is not known yet" }],
    [
      "another market's listing",
      input({ market: { ...input().market, listing: { ...live, interval: 3600 } } }),
      { kind: "wait", reason: "the listing is BTC_USDT 1h, not BTC_USDT 1m" },
    ],
    [
      "another asset's listing",
      input({ market: { ...input().market, listing: { ...live, asset: "ETH_USDT" } } }),
      { kind: "wait", reason: "the listing is ETH_USDT 1m, not BTC_USDT 1m" },
    ],
    ["before the game starts", input({ now: S - 3_000 }), toNext(S, "#100 opens in 0:03")],
    ["in the lobby", input({ now: S + 65_000 }), toNext(S + 75_000, "#100 is closed to positions; the next game opens in 0:10")],
    ["after the end", input({ now: S + 80_000 }), toNext(S + 75_000, "#100 is closed to positions; the next game opens in 0:00")],
    [
      "the service says no",
      input({ market: { ...input().market, listing: game({ canPlace: false }) } }),
      { kind: "wait", reason: "the service is not accepting positions from you right now" },
    ],
    ["too near the close", input({ now: S + 59_500 }), toNext(S + 75_000, "too near the close of #100; the next game opens in 0:16")],
    ["a margin to the close left exactly", input({ now: S + 59_000 }), placed],
    ["before from_seconds", input({ s: from20 }), toNext(S + 20_000, "placing from 20 s into the game")],
    ["at from_seconds", input({ now: S + 20_000, s: from20 }), placed],
    ["before until_seconds", input({ now: S + 29_999, s: until30 }), placed],
    [
      "past until_seconds",
      input({ now: S + 30_000, s: until30 }),
      toNext(S + 75_000, "past 30 s into the game; the next game opens in 0:45"),
    ],
    ["early only, in the window", input({ s: early }), placed],
    [
      "early only, past the window",
      input({ now: S + 12_000, s: early }),
      toNext(S + 75_000, "outside the early window; the next game opens in 1:03"),
    ],
    [
      "early only, the service says closed",
      input({ market: { ...input().market, listing: game({ early: false }) }, s: early }),
      { kind: "wait", reason: "the service says the early window is closed" },
    ],
    [
      "a placement in flight",
      input({ own: [{ gid: "100", sp: "67036", f: "0.5", state: "in_flight" }] }),
      { kind: "wait", reason: "a placement is in flight" },
    ],
    [
      "no live game, the next announced",
      input({ market: { ...input().market, listing: { ...live, liveGame: null } } }),
      toNext(S + 75_000, "no live game; the next #101 opens in 1:10"),
    ],
    [
      "no live game, the next announced with an id that cannot be read",
      input({
        market: {
          ...input().market,
          listing: { ...live, liveGame: null, nextGame: { ...live.nextGame!, gid: new Unreadable("nextGame.gid", "x", "") } },
        },
      }),
      toNext(S + 75_000, "no live game; the next opens in 1:10"),
    ],
    [
      "no game announced",
      input({ market: { ...input().market, listing: { ...live, liveGame: null, nextGame: null } } }),
      { kind: "wait", reason: "no game announced yet" },
    ],
  ];
  it.each(cases)("%s", (_, i, expected) => {
    // Strictly: a wait with no time to wait for has no `until` at all.
    expect(decide(i)).toStrictEqual(expected);
  });

  it("places into the live game with the reason a trader reads", () => {
    const d = decide(input({ s: strategy({ strike: { kind: "ladder", around: "live", step: D(5), count: 1 } }) }));
    expect(d).toEqual({
      kind: "place",
      gid: "100",
      sp: "67036",
      f: "0.5",
      index: 0,
      ref: "67036.4",
      reason: "#100 position 1 of 10: 67036 at 0.50 USDC (live 67,036.40 +0)",
    });
  });
});

describe("decide: 10 s games go into the next game", () => {
  const S = T0;
  const ten = strategy({}, 10);
  const at = (now: number, own: OwnPlacement[] = [], listing = game({ interval: 10 })) =>
    decide(input({ s: ten, now, own, market: { ...input().market, listing } }));

  it("joins a game at its start", () => {
    expect(at(S + 500)).toMatchObject({ kind: "place", gid: "100" });
  });

  it("does not join a game half through: it waits for the next one's start", () => {
    expect(at(S + 6_000)).toEqual({
      kind: "wait",
      until: S + 15_000,
      reason: "#100 is under way; the next game #101 opens in 0:09, placing from its start",
    });
  });

  it("carries on with a game it joined, however late", () => {
    expect(at(S + 7_000, [{ gid: "100", sp: "67036", f: "0.5", state: "placed", txid: "a" }])).toMatchObject({ kind: "place", gid: "100" });
  });

  it("in the lobby, says the game is closed, not under way", () => {
    expect(at(S + 12_000)).toEqual({ kind: "wait", until: S + 15_000, reason: "#100 is closed to positions; the next game opens in 0:03" });
  });

  it("joins no later than half through", () => {
    expect(at(S + 4_999)).toMatchObject({ kind: "place", gid: "100" });
    expect(at(S + 5_000)).toMatchObject({ kind: "wait", until: S + 15_000 });
  });

  it("waits for the end of the game when no next game is announced", () => {
    expect(at(S + 6_000, [], game({ interval: 10, next: false }))).toEqual({
      kind: "wait",
      until: S + 15_000,
      reason: "#100 is under way; the next game opens in 0:09, placing from its start",
    });
  });

  it("places from the start of a game only the schedule knows (a rolled-over listing)", () => {
    const rolled = game({ interval: 10, gid: 101, start: S + 15_000, provisional: true, early: "unreadable", next: false });
    expect(at(S + 15_200, [], rolled)).toMatchObject({ kind: "place", gid: "101" });
  });

  it("60 s games can use it too", () => {
    const next60 = strategy({ when: { ...strategy().when, nextGame: true } });
    expect(decide(input({ s: next60, now: T0 + 40_000 }))).toMatchObject({ kind: "wait", until: T0 + 75_000 });
  });
});

describe("decide: caps", () => {
  const pos = (n: number, gid = "100") => Array.from({ length: n }, (_, i) => held(gid, String(60000 + i), "1", `m${i}`));

  it("counts positions held by anyone in the game against positions_per_game", () => {
    const i = input({ s: strategy({ positionsPerGame: 3 }), market: { ...input().market, positions: pos(3) } });
    expect(decide(i)).toEqual({ kind: "wait", until: T0 + 75_000, reason: "placed 3 of 3 in #100" });
  });

  it("never more than ten in a game", () => {
    expect(decide(input({ market: { ...input().market, positions: pos(10) } }))).toMatchObject({
      kind: "wait",
      reason: "placed 10 of 10 in #100",
    });
  });

  it("ignores positions of other games and ones the service says did not take", () => {
    const failed = { ...held("100", "1", "1", "x"), st: "failed" };
    const i = input({ s: strategy({ positionsPerGame: 3 }), market: { ...input().market, positions: [...pos(3, "99"), failed] } });
    expect(decide(i)).toMatchObject({ kind: "place", index: 0 });
  });

  it("counts its own placed positions once, whether /status lists them yet or not", () => {
    const own: OwnPlacement[] = [
      { gid: "100", sp: "67036", f: "0.5", state: "placed", txid: "t1" },
      { gid: "100", sp: "67037", f: "0.5", state: "placed", txid: "t2" },
    ];
    const s = strategy({ positionsPerGame: 3 });
    const listed = input({ s, own, market: { ...input().market, positions: [held("100", "67036", "0.5", "t1")] } });
    expect(decide(listed)).toMatchObject({ kind: "place", index: 2, reason: expect.stringContaining("position 3 of 3") });
    expect(decide({ ...listed, own: [...own, { gid: "100", sp: "1", f: "1", state: "unknown" }] })).toMatchObject({ kind: "wait" });
  });

  it("counts everyone's listed positions plus its own not listed yet, and never refusals", () => {
    const at = (positionsPerGame: number, own: OwnPlacement[]) => {
      const positions = [held("100", "67036", "0.5", "t1"), held("100", "60000", "1", "other")];
      const d = decide(input({ s: strategy({ positionsPerGame }), own, market: { ...input().market, positions } }));
      return d.kind === "place" ? d.reason.split(":")[0] : d.reason;
    };
    const placed = (txid: string, sp: string): OwnPlacement => ({ gid: "100", sp, f: "0.5", state: "placed", txid });
    const refused = (sp: string): OwnPlacement => ({ gid: "100", sp, f: "0.5", state: "refused" });
    expect(at(5, [placed("t1", "67036"), placed("t2", "67037"), refused("67038"), refused("67039")])).toBe("#100 position 4 of 5");
    expect(at(6, [placed("t1", "67036"), placed("t2", "67037"), placed("t3", "67035")])).toBe("#100 position 5 of 6");
  });

  it("says so when a game holds more than planned", () => {
    const i = input({ s: strategy({ positionsPerGame: 3 }), market: { ...input().market, positions: pos(4) } });
    expect(decide(i)).toEqual({ kind: "wait", until: T0 + 75_000, reason: "#100 holds 4 positions, more than the 3 planned" });
  });

  it("counts only its own placements in this game, and joins a 10 s game whatever it did in another", () => {
    const other: OwnPlacement[] = ["1", "2", "3"].map((t) => ({ gid: "99", sp: `6700${t}`, f: "0.5", state: "placed", txid: t }));
    expect(decide(input({ s: strategy({ positionsPerGame: 3 }), own: other }))).toMatchObject({ kind: "place", index: 0 });
    const ten = strategy({}, 10);
    const halfway = input({ s: ten, now: T0 + 6_000, own: other, market: { ...input().market, listing: game({ interval: 10 }) } });
    expect(decide(halfway)).toMatchObject({ kind: "wait", until: T0 + 15_000 });
  });

  it("stops rather than send a strike that is not a price", () => {
    const s = strategy({ strike: { kind: "ladder", around: "live", step: D(5), count: 1 } });
    expect(decide(input({ s, market: { ...input().market, price: D("0.2") } }))).toEqual({
      kind: "stop",
      reason: "the strike would be 0: not a price",
    });
  });

  it("takes a refused placement's strike as taken and leaves a game after three refusals", () => {
    const s = strategy({ strike: { kind: "ladder", around: "live", step: D(5), count: 1 } });
    const refused: OwnPlacement = { gid: "100", sp: "67036", f: "0.5", state: "refused" };
    expect(decide(input({ s, own: [refused] }))).toMatchObject({ kind: "place", sp: "67037", index: 0 });
    const three = [refused, { ...refused, sp: "67037" }, { ...refused, sp: "67035" }];
    expect(decide(input({ s, own: three }))).toMatchObject({
      kind: "wait",
      until: T0 + 75_000,
      reason: expect.stringContaining("3 placements refused"),
    });
  });
});

describe("decide: duplicates", () => {
  it("moves a strike held at the same stake to the nearest free one, and says so", () => {
    const s = strategy({ strike: { kind: "ladder", around: "live", step: D(5), count: 1 } });
    const positions = [held("100", "67036", "0.5", "a"), held("100", "67037", "0.5", "b")];
    const d = decide(input({ s, market: { ...input().market, positions } }));
    expect(d).toMatchObject({ kind: "place", sp: "67035", reason: expect.stringContaining("moved from 67036: taken at that stake") });
  });

  it("keeps the strike when the stake differs", () => {
    const s = strategy({ strike: { kind: "ladder", around: "live", step: D(5), count: 1 } });
    const d = decide(input({ s, market: { ...input().market, positions: [held("100", "67036", "1", "a")] } }));
    expect(d).toMatchObject({ kind: "place", sp: "67036" });
  });
});

describe("decide: references", () => {
  it("centres a live ladder once per game, on the price its first rung was aimed from: its rungs stand a step apart", () => {
    const s = strategy({ strike: { kind: "ladder", around: "live", step: D(5), count: 3 } });
    const first = decide(input({ s }));
    expect(first).toMatchObject({ kind: "place", sp: "67036", ref: "67036.4" });
    const own: OwnPlacement[] = [{ gid: "100", sp: "67036", f: "0.5", state: "placed", txid: "t1", ref: "67036.4" }];
    // The price moved 8 before the second rung: it goes 5 above the first's centre, not 5 above the price now.
    const moved = { ...input().market, price: D("67044.4") };
    expect(decide(input({ s, own, market: moved }))).toMatchObject({
      kind: "place",
      sp: "67041",
      ref: "67036.4",
      reason: expect.stringContaining("(centre 67,036.40 +5)"),
    });
    // A range is drawn around the price at each send, as the bot's PRICE_RANGES are; another game is centred anew.
    const range = strategy({ strike: { kind: "range", around: "live", min: D(0), max: D(0) } });
    expect(decide(input({ s: range, own, market: moved }))).toMatchObject({ kind: "place", sp: "67044" });
    const elsewhere = own.map((p) => ({ ...p, gid: "99" }));
    expect(decide(input({ s, own: elsewhere, market: moved }))).toMatchObject({ kind: "place", sp: "67044", ref: "67044.4" });
  });

  const ladder1 = (around: "ai" | "open") => strategy({ strike: { kind: "ladder", around, step: D(1), count: 1 } });
  it("places around the ai price or the open price", () => {
    expect(decide(input({ s: ladder1("ai") }))).toMatchObject({ sp: "67100", reason: expect.stringContaining("ai 67,100.25") });
    expect(decide(input({ s: ladder1("open") }))).toMatchObject({ sp: "67000" });
  });
  it("waits while the price it places around is not known", () => {
    const rolled = game({ provisional: true });
    expect(decide(input({ s: ladder1("ai"), market: { ...input().market, listing: rolled } }))).toEqual({
      kind: "wait",
      reason: "the ai price of #100 is not known yet",
    });
    expect(decide(input({ s: ladder1("open"), market: { ...input().market, listing: rolled } }))).toEqual({
      kind: "wait",
      reason: "the open price of #100 is not known yet",
    });
    expect(decide(input({ market: { ...input().market, price: undefined } }))).toMatchObject({
      kind: "wait",
      reason: "the live price is not known yet",
    });
  });
});

describe("decide: stakes, limits and stops", () => {
  const limited = (l: Partial<StrategyConfig["limits"]>) => strategy({ limits: { ...NO_LIMITS, ...l } });

  it("stops when a stake passes the day's limit, with the figures", () => {
    const s = strategy({ stake: { kind: "fixed", amount: D(1) }, limits: { ...NO_LIMITS, maxStakePerDay: D(20) } });
    const spend = recordSent(emptySpend(T0), "99", D("19.5"), T0);
    expect(decide(input({ s, spend }))).toEqual({
      kind: "stop",
      reason: "the day's limit 20.00 USDC: 19.50 staked, 1.00 more would pass it",
    });
  });

  it("starts the day's count again at midnight UTC", () => {
    const s = limited({ maxStakePerDay: D(20) });
    const late = Date.UTC(2026, 1, 16, 23, 59, 0);
    const spend = recordSent(emptySpend(late), "99", D("19.8"), late);
    const listing = game({ start: Date.UTC(2026, 1, 17, 0, 0, 0) });
    expect(decide(input({ s, spend, now: Date.UTC(2026, 1, 17, 0, 0, 5), market: { ...input().market, listing } }))).toMatchObject({
      kind: "place",
    });
  });

  it("stops at once when not even the minimum stake fits the session any more, whatever the game's phase", () => {
    const s = limited({ maxStakePerSession: D(5) });
    const spend = recordSent(emptySpend(T0), "99", D("4.95"), T0);
    expect(decide(input({ s, spend, now: T0 + 65_000 }))).toMatchObject({
      kind: "stop",
      reason: expect.stringContaining("the session's limit 5.00 USDC"),
    });
  });

  it("goes by its own smallest stake for 'used up', not the interval's minimum, and names it", () => {
    const s = strategy({ stake: { kind: "choices", amounts: [D("1"), D("0.5")] }, limits: { ...NO_LIMITS, maxStakePerSession: D(5) } });
    const spend = recordSent(emptySpend(T0), "99", D("4.6"), T0);
    // The interval's 0.10 would fit; the least it stakes, 0.50, does not: it stops now, rather than wait for a game it cannot play.
    expect(decide(input({ s, spend, now: T0 + 65_000 }))).toEqual({
      kind: "stop",
      reason: "the session's limit 5.00 USDC: 4.60 staked, 0.50 more would pass it",
    });
    expect(smallestStake(strategy({ stake: { kind: "fraction", fraction: D("0.01") } })).toFixed()).toBe("0.1");
    expect(smallestStake(strategy({ stake: { kind: "range", min: D("0.25"), max: D("2") } })).toFixed()).toBe("0.25");
  });

  it("waits for the next game when the game's limit is reached", () => {
    const s = limited({ maxStakePerGame: D(1) });
    const spend = recordSent(emptySpend(T0), "100", D(1), T0);
    expect(decide(input({ s, spend }))).toEqual({
      kind: "wait",
      until: T0 + 75_000,
      reason: "this game's limit 1.00 USDC: 1.00 staked, 0.50 more would pass it",
    });
  });

  it("stops after the net loss or the losing run", () => {
    const lost = recordSettled(recordSent(emptySpend(T0), "99", D(10), T0), { gid: "99", paid: D(2) });
    expect(decide(input({ s: limited({ stopAfterNetLoss: D(8) }), spend: lost }))).toEqual({
      kind: "stop",
      reason: "net loss 8.00 USDC reached the stop at 8.00",
    });
    expect(decide(input({ s: limited({ stopAfterNetLoss: D("8.01") }), spend: lost }))).toMatchObject({ kind: "place" });
    const twice = recordSettled(recordSent(lost, "100", D(1), T0), { gid: "100", paid: D(0) });
    expect(decide(input({ s: limited({ stopAfterLosingGames: 2 }), spend: twice }))).toEqual({
      kind: "stop",
      reason: "2 losing games in a row reached the stop at 2",
    });
  });

  it("says a stop reached before what blocks the screen, and waits on the block otherwise", () => {
    const lost = recordSettled(recordSent(emptySpend(T0), "99", D(10), T0), { gid: "99", paid: D(2) });
    const blocked = "the screen is on ETH_USDT 60 s, not its market";
    expect(decide(input({ s: limited({ stopAfterNetLoss: D(8) }), spend: lost, blocked }))).toEqual({
      kind: "stop",
      reason: "net loss 8.00 USDC reached the stop at 8.00",
    });
    expect(decide(input({ s: limited({ stopAfterNetLoss: D("8.01") }), spend: lost, blocked }))).toEqual({
      kind: "wait",
      reason: blocked,
    });
  });

  it("stops on a stake above the balance or under the minimum; waits while the balance is unknown", () => {
    expect(decide(input({ market: { ...input().market, balance: D("0.4") } }))).toEqual({
      kind: "stop",
      reason: "the stake 0.50 is above the balance of 0.40 USDC",
    });
    const share = strategy({ stake: { kind: "fraction", fraction: D("0.01") } });
    expect(decide(input({ s: share, market: { ...input().market, balance: D(5) } }))).toEqual({
      kind: "stop",
      reason: "0.01 of the balance is 0.05, under the 1m minimum of 0.1 USDC",
    });
    expect(decide(input({ s: share, market: { ...input().market, balance: D("123.456789") } }))).toMatchObject({
      kind: "place",
      f: "1.234567",
    });
    expect(decide(input({ s: share, market: { ...input().market, balance: undefined } }))).toEqual({
      kind: "wait",
      reason: "the balance is not known yet",
    });
    const small = strategy({ stake: { kind: "fixed", amount: D("0.05") } });
    expect(decide(input({ s: small }))).toEqual({ kind: "stop", reason: "the stake 0.05 is under the 1m minimum of 0.1 USDC" });
  });
});

describe("the plan", () => {
  it("is the same for the same strategy and game, another for another game, strikes whole", () => {
    const s = strategy({ stake: defaultStake(60) });
    expect(planGame(s, "100")).toEqual(planGame(s, "100"));
    expect(planGame(s, "100")).not.toEqual(planGame(s, "101"));
    expect(planGame({ ...s, name: "other" }, "100")).not.toEqual(planGame(s, "100"));
    for (const p of planGame(s, "100")) {
      expect(p.offset.isInteger() && p.offset.gte(-10) && p.offset.lte(10)).toBe(true);
      expect(["0.1", "0.2", "0.3", "0.4"]).toContain(p.stake.kind === "amount" && p.stake.amount.toString());
      expect(strikeFor(p, D("67036.5")).isInteger()).toBe(true);
    }
  });

  it("lays a ladder nearest first, above before below", () => {
    const offsets = (count: number) => ladderOffsets({ kind: "ladder", around: "live", step: D(10), count }).map(String);
    expect(offsets(5)).toEqual(["0", "10", "-10", "20", "-20"]);
    expect(offsets(4)).toEqual(["5", "-5", "15", "-15"]);
    const s = strategy({ positionsPerGame: 5, strike: { kind: "ladder", around: "live", step: D(10), count: 2 } });
    expect(planGame(s, "1").map((p) => p.offset.toString())).toEqual(["5", "-5", "5", "-5", "5"]);
  });

  it("draws a stake range in the finest decimals written, at least cents", () => {
    const s = strategy({ stake: { kind: "range", min: D("0.1"), max: D("0.125") } });
    const stakes = planGame({ ...s, positionsPerGame: 10 }, "7").map((p) => (p.stake.kind === "amount" ? p.stake.amount : D(0)));
    for (const f of stakes) expect(f.gte("0.1") && f.lte("0.125") && f.decimalPlaces() <= 3).toBe(true);
  });

  it("is mulberry32 from the FNV-1a hash of the seed, so a plan replays the same after an upgrade", () => {
    // The first two worked out apart from the code, from the published algorithms; the rest as the code draws them.
    const r = seededRandom("spotdash");
    expect([r.next(), r.next()]).toEqual([0.09200859745033085, 0.163374874740839]);
    // One word up to a span of 2^24, two above it.
    expect([r.int(0, 1), r.int(5, 5), r.int(0, 2 ** 24 - 1), r.int(0, 2 ** 24), r.int(0, 10 ** 12)]).toEqual([
      0, 5, 14836577, 6789655, 868978992154,
    ]);
  });

  it("draws both ends of a span of two", () => {
    const r = seededRandom("ends");
    expect(new Set(Array.from({ length: 40 }, () => r.int(0, 1)))).toEqual(new Set([0, 1]));
  });

  it("draws replayably, and whole numbers across a span wider than 2^32", () => {
    const a = seededRandom("x");
    const b = seededRandom("x");
    const draws = Array.from({ length: 50 }, () => a.int(0, 10 ** 12));
    expect(draws).toEqual(Array.from({ length: 50 }, () => b.int(0, 10 ** 12)));
    expect(draws.every((n) => Number.isInteger(n) && n >= 0 && n <= 10 ** 12)).toBe(true);
    expect(new Set(draws).size).toBeGreaterThan(45);
  });
});

describe("the spend record", () => {
  it("counts a stake when sent, takes it off when refused, keeps it when the outcome is unknown", () => {
    let s = recordSent(emptySpend(T0), "100", D("0.5"), T0);
    s = recordSent(s, "100", D("0.25"), T0);
    expect([s.dayStaked, s.sessionStaked, s.games["100"]].map(String)).toEqual(["0.75", "0.75", "0.75"]);
    s = recordRefused(s, "100", D("0.25"), T0);
    expect([s.dayStaked, s.sessionStaked, s.games["100"]].map(String)).toEqual(["0.5", "0.5", "0.5"]);
  });

  it("leaves the new day's count alone when a refusal comes after midnight", () => {
    const late = Date.UTC(2026, 1, 16, 23, 59, 59);
    let s = recordSent(emptySpend(late), "100", D(1), late);
    s = recordSent(s, "101", D(2), late + 2_000);
    expect([s.day, String(s.dayStaked)]).toEqual(["2026-02-17", "2"]);
    s = recordRefused(s, "100", D(1), late);
    expect([String(s.dayStaked), String(s.sessionStaked)]).toEqual(["2", "2"]);
  });

  it("settles games into paid, net and the losing run; a cancelled game is neither", () => {
    let s = recordSent(recordSent(emptySpend(T0), "1", D(2), T0), "2", D(2), T0);
    s = recordSettled(s, { gid: "1", paid: D("1.5") });
    expect([String(s.net), s.losingStreak, s.games["1"]]).toEqual(["-0.5", 1, undefined]);
    s = recordSettled(s, { gid: "2", paid: D(2), cancelled: true });
    expect([String(s.net), String(s.paid), s.losingStreak]).toEqual(["-0.5", "1.5", 1]);
    s = recordSettled(s, { gid: "3", paid: D(3), staked: D(1) });
    expect([String(s.net), s.losingStreak]).toEqual(["1.5", 0]);
    const next = startSession(s, T0);
    expect([String(next.sessionStaked), String(next.net), String(next.dayStaked)]).toEqual(["0", "0", "4"]);
  });

  it("says which limit a stake would pass", () => {
    const limits = { ...NO_LIMITS, maxStakePerGame: D(1), maxStakePerSession: D(3) };
    const s = recordSent(emptySpend(T0), "1", D("0.5"), T0);
    expect(stakeFits(limits, s, "1", D("0.5"), T0, "USDC")).toEqual({ ok: true });
    expect(stakeFits(limits, s, "1", D("0.6"), T0, "USDC")).toMatchObject({ ok: false, scope: "game" });
    expect(stakeFits(limits, s, "2", D("2.6"), T0, "USDC")).toMatchObject({ ok: false, scope: "session" });
    expect(utcDay(T0)).toBe("2026-02-16");
  });
});

// ---- the property -------------------------------------------------------------------------

/** How the runner hears of one placement: at once or steps later; placed, refused, or unknown (and maybe settled by /status later). */
interface Answer {
  delay: number;
  kind: "placed" | "refused" | "unknown";
  /** For unknown: whether it really went in, and after how many steps /status says so (never: undefined). */
  truth: boolean;
  reconcileAfter: number | undefined;
}

const amount = (lo: number, hi: number) => fc.integer({ min: lo * 100, max: hi * 100 }).map((n) => D(n).div(100));

const world = fc.record({
  interval: fc.constantFrom<Interval>(10, 60),
  positionsPerGame: fc.integer({ min: 1, max: 10 }),
  stake: fc.oneof(
    amount(1, 3).map((a) => ({ kind: "fixed" as const, amount: a })),
    fc.constant({ kind: "range" as const, min: D("0.1"), max: D("2.5") }),
    fc.constant({ kind: "choices" as const, amounts: [D("0.1"), D("0.5"), D(2)] }),
    fc.constantFrom("0.005", "0.02").map((f) => ({ kind: "fraction" as const, fraction: D(f) })),
  ),
  ladder: fc.boolean(),
  limits: fc.record({
    maxStakePerGame: fc.option(amount(1, 8), { nil: undefined }),
    maxStakePerSession: fc.option(amount(3, 40), { nil: undefined }),
    maxStakePerDay: fc.option(amount(3, 30), { nil: undefined }),
    stopAfterNetLoss: fc.option(amount(1, 20), { nil: undefined }),
    stopAfterLosingGames: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
  }),
  /** Minutes before midnight UTC the run starts, so some runs cross it. */
  startBeforeMidnight: fc.integer({ min: 0, max: 30 }),
  /** Positions placed by hand in each game, before the strategy: mostly none. */
  manual: fc.array(fc.constantFrom(0, 0, 0, 0, 1, 3, 9, 10), { minLength: 1, maxLength: 8 }),
  steps: fc.array(
    fc.record({
      advance: fc.integer({ min: 0, max: 6_000 }),
      price: fc.integer({ min: 60_000, max: 70_000 }),
      balance: fc.oneof({ arbitrary: amount(20, 200), weight: 30 }, { arbitrary: amount(0, 3), weight: 1 }),
      answer: fc.record({
        delay: fc.integer({ min: 0, max: 2 }),
        kind: fc.constantFrom<Answer["kind"]>("placed", "placed", "refused", "unknown"),
        truth: fc.boolean(),
        reconcileAfter: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
      }),
      paid: fc.integer({ min: 0, max: 300 }),
    }),
    { minLength: 20, maxLength: 150 },
  ),
});

type World = typeof world extends fc.Arbitrary<infer W> ? W : never;

/** A runner over a made-up service: one decision at a time, answers in any order, what really went in kept apart from what was heard. */
function run(w: World): {
  placedByGame: Map<string, { n: number; manual: number }>;
  staked: Map<string, Decimal>;
  byDay: Map<string, Decimal>;
  total: Decimal;
  s: StrategyConfig;
  stopped: string | undefined;
} {
  const period = (w.interval * 1000 + lobbyMs(w.interval)) as number;
  const midnight = Date.UTC(2026, 1, 17);
  let now = midnight - w.startBeforeMidnight * 60_000;
  const s = strategy(
    {
      positionsPerGame: w.positionsPerGame,
      stake: w.stake,
      strike: w.ladder ? { kind: "ladder", around: "live", step: D(1), count: 1 } : defaultStrike(w.interval),
      limits: w.limits,
    },
    w.interval,
  );
  let spend: Spend = emptySpend(now);
  const own: (OwnPlacement & { sentAt: number; pending?: { at: number; answer: Answer }; reconcileAt?: number; truth?: boolean })[] = [];
  const truePositions: Position[] = [];
  const placedByGame = new Map<string, { n: number; manual: number }>();
  const staked = new Map<string, Decimal>();
  const byDay = new Map<string, Decimal>();
  let total = D(0);
  let stepNo = 0;
  let stopped: string | undefined;
  const settled = new Set<number>();
  const gameOf = (t: number) => Math.floor(t / period);
  const manualIn = (k: number) => w.manual[k % w.manual.length]!;
  const ensureGame = (k: number) => {
    const gid = String(k);
    if (placedByGame.has(gid)) return;
    const m = manualIn(k);
    placedByGame.set(gid, { n: 0, manual: m });
    for (let i = 0; i < m; i++) truePositions.push(held(gid, String(50_000 + i), "7", `manual-${k}-${i}`));
  };
  for (const step of w.steps) {
    stepNo++;
    now += step.advance;
    const k = gameOf(now);
    ensureGame(k);
    ensureGame(k + 1);
    // Games that ended settle: what the strategy really had in them, paid back as the step says.
    for (const g of [...placedByGame.keys()].map(Number)) {
      if (g < k && !settled.has(g) && spend.games[String(g)] !== undefined) {
        settled.add(g);
        spend = recordSettled(spend, { gid: String(g), paid: D(step.paid).div(100) });
      }
    }
    // Answers due now.
    for (const p of own) {
      if (p.pending && p.pending.at <= stepNo) {
        const { answer } = p.pending;
        p.pending = undefined;
        const wentIn = answer.kind === "placed" || (answer.kind === "unknown" && answer.truth);
        if (wentIn) {
          const txid = `own-${truePositions.length}`;
          truePositions.push(held(p.gid, p.sp, p.f, txid));
          if (answer.kind === "placed") p.txid = txid;
          const g = placedByGame.get(p.gid)!;
          g.n++;
          staked.set(p.gid, (staked.get(p.gid) ?? D(0)).plus(p.f));
          const day = utcDay(p.sentAt);
          byDay.set(day, (byDay.get(day) ?? D(0)).plus(p.f));
          total = total.plus(p.f);
        }
        if (answer.kind === "refused") {
          p.state = "refused";
          spend = recordRefused(spend, p.gid, D(p.f), p.sentAt);
        } else if (answer.kind === "placed") p.state = "placed";
        else {
          p.state = "unknown";
          p.truth = wentIn;
          if (answer.reconcileAfter !== undefined) p.reconcileAt = stepNo + answer.reconcileAfter;
        }
      }
      // /status settles an unknown: placed, or refused after all.
      if (p.state === "unknown" && p.reconcileAt !== undefined && p.reconcileAt <= stepNo) {
        p.reconcileAt = undefined;
        if (p.truth) p.state = "placed";
        else {
          p.state = "refused";
          spend = recordRefused(spend, p.gid, D(p.f), p.sentAt);
        }
      }
    }
    const listing = game({ interval: w.interval, gid: k, start: k * period });
    const market = { listing, price: D(step.price).plus("0.37"), balance: step.balance, positions: truePositions };
    const d = decide({ strategy: s, market, now, spend, own });
    if (d.kind === "stop") {
      stopped = d.reason;
      break;
    }
    if (d.kind !== "place") continue;
    spend = recordSent(spend, d.gid, D(d.f), now);
    own.push({
      gid: d.gid,
      sp: d.sp,
      f: d.f,
      state: "in_flight",
      sentAt: now,
      pending: { at: stepNo + step.answer.delay, answer: step.answer },
    });
  }
  return { placedByGame, staked, byDay, total, s, stopped };
}

describe("decide: the property", () => {
  it("never takes a game past its plan or ten positions, nor the spend past a limit, whatever the answers", () => {
    fc.assert(
      fc.property(world, (w) => {
        const { placedByGame, staked, byDay, total, s } = run(w);
        for (const { n, manual } of placedByGame.values()) {
          expect(n).toBeLessThanOrEqual(s.positionsPerGame);
          expect(n + manual).toBeLessThanOrEqual(Math.max(manual, Math.min(s.positionsPerGame, 10)));
        }
        const { maxStakePerGame, maxStakePerSession, maxStakePerDay } = s.limits;
        if (maxStakePerGame) for (const v of staked.values()) expect(v.lte(maxStakePerGame)).toBe(true);
        if (maxStakePerDay) for (const v of byDay.values()) expect(v.lte(maxStakePerDay)).toBe(true);
        if (maxStakePerSession) expect(total.lte(maxStakePerSession)).toBe(true);
      }),
      { seed: 43, numRuns: 300 },
    );
  });

  it("places something in most worlds (the property is not vacuous)", () => {
    const samples = fc.sample(world, { seed: 7, numRuns: 60 });
    const placing = samples.filter((w) => run(w).total.gt(0)).length;
    expect(placing).toBeGreaterThan(20);
  });
});
