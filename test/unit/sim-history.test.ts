/**
 * A practice account's played history (sim/engine/history*.ts): which games
 * it holds, and what the engine makes of them — results with exact sums,
 * refunds for the cancelled, a balance that is what the play left, the
 * same history for the same seed.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { GameResult } from "../../src/api/schemas.js";
import { Decimal, sum } from "../../src/domain/money.js";
import { INTERVALS } from "../../src/domain/rules.js";
import { ManualClock } from "../../src/sim/engine/clock.js";
import { Engine } from "../../src/sim/engine/engine.js";
import { affordableStake, checkHistory } from "../../src/sim/engine/history.js";
import { DAY_MS, historyGames } from "../../src/sim/engine/history-games.js";
import { hashKey, type SimUser } from "../../src/sim/engine/users.js";
import { Noise } from "../../src/sim/feed/noise.js";
import type { JournalRecord } from "../../src/sim/persistence/records.js";

const T = Date.UTC(2026, 1, 19, 10, 0, 0);

function world(seed: number, days = 3, gamesPerDay?: number, crowd = false): { engine: Engine; user: SimUser } {
  const engine = new Engine({ clock: new ManualClock(T), seed, crowd });
  const user = engine.createUser(hashKey(`history test ${seed}`));
  engine.seedHistory({ days, gamesPerDay });
  return { engine, user };
}

/** Every result of the user on testnet, newest first, 100 a page. */
function allResults(engine: Engine, user: SimUser): GameResult[] {
  const out: GameResult[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = engine.results(user, { network: "testnet", limit: 100, offset });
    out.push(...page.games);
    if (offset + 100 >= page.pagination.total) return out;
  }
}

describe("the history's games", () => {
  const spec = { t: T, days: 3, gamesPerDay: 60, userIds: [1, 2] };

  it("are days × gamesPerDay distinct games per user, all started and ended within the days before", () => {
    const games = historyGames(new Noise(5), spec);
    for (const userId of [1, 2]) {
      const mine = games.filter((g) => g.userId === userId);
      expect(mine).toHaveLength(180);
      expect(new Set(mine.map((g) => g.slot.gid)).size).toBe(180);
      for (const { slot } of mine) {
        expect(slot.startAt).toBeGreaterThanOrEqual(T - 3 * DAY_MS);
        expect(slot.endsAt).toBeLessThanOrEqual(T);
      }
    }
  });

  it("are the same for the same seed, and others for another", () => {
    expect(historyGames(new Noise(5), spec)).toEqual(historyGames(new Noise(5), spec));
    const gids = (seed: number) => historyGames(new Noise(seed), spec).map((g) => g.slot.gid);
    expect(gids(6)).not.toEqual(gids(5));
  });

  it("spread over both assets and every interval, mostly short games, a few cancelled", () => {
    const mine = historyGames(new Noise(5), spec).filter((g) => g.userId === 1);
    const count = (f: (g: (typeof mine)[number]) => boolean) => mine.filter(f).length;
    for (const interval of INTERVALS) expect(count((g) => g.slot.interval === interval)).toBeGreaterThan(0);
    expect(count((g) => g.slot.interval <= 60)).toBeGreaterThan(mine.length / 2);
    expect(count((g) => g.slot.asset === "BTC_USDT")).toBeGreaterThan(count((g) => g.slot.asset === "ETH_USDT"));
    expect(count((g) => g.slot.asset === "ETH_USDT")).toBeGreaterThan(0);
    const cancelled = count((g) => g.cancelled);
    expect(cancelled).toBeGreaterThanOrEqual(1);
    expect(cancelled).toBeLessThanOrEqual(10);
  });

  it("keep their count when a longer interval has no room: no daily game fits in one day", () => {
    const mine = historyGames(new Noise(9), { t: T, days: 1, gamesPerDay: 1_500, userIds: [1] });
    expect(mine).toHaveLength(1_500);
    expect(mine.some((g) => g.slot.interval === 86400)).toBe(false);
    expect(new Set(mine.map((g) => g.slot.gid)).size).toBe(1_500);
  });
});

describe("a played history", () => {
  let engine: Engine;
  let user: SimUser;
  let results: GameResult[];
  beforeEach(() => {
    ({ engine, user } = world(11));
    results = allResults(engine, user);
  });

  it("lists every game as settled, newest first, settled in the days before", () => {
    expect(results).toHaveLength(180);
    const settled = results.map((g) => Date.parse(g.settled_at!));
    expect(settled).toEqual([...settled].sort((a, b) => b - a));
    for (const at of settled) {
      expect(at).toBeGreaterThan(T - 3 * DAY_MS);
      expect(at).toBeLessThanOrEqual(T);
    }
  });

  it("sums exactly: staked = Σ f, winnings = Σ w, net = winnings − staked", () => {
    for (const g of results) {
      expect(g.positions.length).toBeGreaterThanOrEqual(1);
      expect(g.positions.length).toBeLessThanOrEqual(4);
      const staked = sum(g.positions.map((p) => new Decimal(p.f)));
      const won = sum(g.positions.map((p) => new Decimal(p.w!)));
      expect(new Decimal(g.total_staked).eq(staked)).toBe(true);
      expect(new Decimal(g.total_winnings).eq(won)).toBe(true);
      expect(new Decimal(g.net_return).eq(won.minus(staked))).toBe(true);
    }
  });

  it("refunds each cancelled game's stakes; a settled game's positions carry their variance and win", () => {
    const cancelled = results.filter((g) => g.cancelled);
    expect(cancelled.length).toBeGreaterThan(0);
    for (const g of cancelled) {
      expect(g.closing_price).toBeNull();
      expect(g.net_return).toBe("0");
      for (const p of g.positions) expect(p).toMatchObject({ w: p.f, r: "0", win: false, variance: null });
    }
    for (const g of results.filter((r) => !r.cancelled)) {
      const close = new Decimal(g.closing_price!);
      for (const p of g.positions) {
        expect(new Decimal(p.variance!).eq(new Decimal(p.sp).minus(close).abs())).toBe(true);
        expect(p.win).toBe(new Decimal(p.w!).gt(p.f));
        const placed = Date.parse(p.placed_at);
        expect(placed).toBeLessThan(Date.parse(g.settled_at!));
      }
    }
  });

  it("has games won and games lost", () => {
    const nets = results.filter((g) => !g.cancelled).map((g) => new Decimal(g.net_return));
    expect(nets.filter((n) => n.gt(0)).length).toBeGreaterThan(10);
    expect(nets.filter((n) => n.lt(0)).length).toBeGreaterThan(10);
  });

  it("leaves the balance at the starting 1000 plus the history's net, and every unit accounted for", () => {
    const net = sum(results.map((g) => new Decimal(g.net_return)));
    expect(engine.balance(user, "USDC", "testnet").balance).toBe(new Decimal(1000).plus(net).toFixed());
    const t = engine.ledger.totals("USDC", "testnet");
    expect(t.users.plus(t.crowd).plus(t.house).plus(t.inPlay).eq(t.deposited)).toBe(true);
    expect(t.inPlay.isZero()).toBe(true);
    expect(engine.activeGames()).toEqual([]);
  });

  it("is the same for the same seed, to the last digit and txid, and another for another seed", () => {
    const again = world(11);
    expect(allResults(again.engine, again.user)).toEqual(results);
    const other = world(12);
    expect(allResults(other.engine, other.user).map((g) => g.gid)).not.toEqual(results.map((g) => g.gid));
  });

  it("puts the crowd in its games even when the live games have none", () => {
    // A game played alone pays back only the pot's share of its own stakes: some history games pay more than staked.
    expect(results.some((g) => new Decimal(g.total_winnings).gt(g.total_staked))).toBe(true);
  });

  it("is filed the same from its journal record: results, balances, every account's total", () => {
    const records: JournalRecord[] = [];
    const made = new Engine({ clock: new ManualClock(T), seed: 11, crowd: false });
    made.setJournal((r) => records.push(r));
    const user = made.createUser(hashKey("history test 11"));
    made.seedHistory({ days: 3 });
    const replayed = new Engine({ clock: new ManualClock(T + 60_000), seed: 11, crowd: false });
    for (const r of records) replayed.replay(r);
    const back = replayed.users.get(user.id)!;
    expect(allResults(replayed, back)).toEqual(results);
    expect(replayed.balance(back, "USDC", "testnet")).toEqual(engine.balance(user, "USDC", "testnet"));
    expect(replayed.ledger.totals("USDC", "testnet")).toEqual(engine.ledger.totals("USDC", "testnet"));
    expect(replayed.ledger.balance("crowd:900001", "USDC", "testnet")).toEqual(engine.ledger.balance("crowd:900001", "USDC", "testnet"));
  });

  it("refuses a position in a cancelled game of the past as cancelled: its closing tick stays lost", () => {
    const cancelled = results.find((g) => g.cancelled)!;
    const req = {
      gid: cancelled.gid,
      c: "USDC",
      a: cancelled.asset as "BTC_USDT",
      sp: new Decimal(cancelled.open_price),
      f: new Decimal(1),
      pw: user.wallet,
      n: "testnet" as const,
      it: cancelled.interval as 60,
    };
    expect(() => engine.place(user, req)).toThrow(expect.objectContaining({ status: 409, error: "Game cancelled" }));
  });

  it("goes into a world where no game has been played, once", () => {
    expect(() => engine.seedHistory({ days: 1 })).toThrow(/no game has been played/);
  });
});

describe("a history's size", () => {
  it("is any count of games a test asks for: 1,200 games for one user", () => {
    const { engine, user } = world(3, 20, 60, true);
    const page = engine.results(user, { network: "testnet", limit: 100, offset: 0 });
    expect(page.pagination.total).toBe(1_200);
    expect(page.games).toHaveLength(100);
    expect(engine.results(user, { network: "testnet", limit: 100, offset: 1_100 }).games).toHaveLength(100);
    const hourly = engine.results(user, { network: "testnet", interval: 3600, limit: 100, offset: 0 });
    expect(hourly.games.every((g) => g.interval === 3600)).toBe(true);
  });

  it("is refused past its limits", () => {
    expect(() => checkHistory(0, 60)).toThrow(/days must be a whole number from 1 to 30/);
    expect(() => checkHistory(31, 60)).toThrow(/days/);
    expect(() => checkHistory(3, 2.5)).toThrow(/gamesPerDay must be a whole number from 1 to 2000/);
    expect(() => checkHistory(3, 2_001)).toThrow(/gamesPerDay/);
  });
});

describe("affordableStake", () => {
  it("stakes what was meant, at most 2 % of the balance to the cent, never under the minimum, nothing under it", () => {
    expect(affordableStake(new Decimal(5), new Decimal(1000), 10)?.toFixed()).toBe("5");
    expect(affordableStake(new Decimal(50), new Decimal(1000), 86400)?.toFixed()).toBe("20");
    expect(affordableStake(new Decimal(2), new Decimal("33.339"), 60)?.toFixed()).toBe("0.66");
    expect(affordableStake(new Decimal(10), new Decimal(100), 86400)?.toFixed()).toBe("5");
    expect(affordableStake(new Decimal(10), new Decimal("4.99"), 86400)).toBeNull();
  });
});
