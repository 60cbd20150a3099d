/**
 * A new world's played history over real HTTP (docs/sim.md, "Played
 * history"): GET /results pages through it newest first with the right
 * totals and filters, answers a page of 100 of 1,200 games at once, and a
 * world kept with --data serves the same history after a restart without
 * making it again.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GameResult, ResultsResponse } from "../../src/api/schemas.js";
import { Decimal, sum } from "../../src/domain/money.js";
import { ManualClock } from "../../src/sim/index.js";
import { body, startTestSim, T0, type TestSim, toNextGame } from "./sim-helpers.js";

const DAY_MS = 86_400_000;

/** Every page of a query, 100 at a time, with each page's pagination. */
async function pages(t: TestSim, q: Omit<Parameters<TestSim["client"]["results"]>[0], "limit" | "offset">): Promise<ResultsResponse[]> {
  const out: ResultsResponse[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await t.client.results({ ...q, limit: 100, offset });
    out.push(page);
    if (offset + 100 >= page.pagination.total) return out;
  }
}

const gamesOf = (ps: ResultsResponse[]): GameResult[] => ps.flatMap((p) => p.games);

describe("a new world's played history over HTTP", () => {
  let t: TestSim;
  let all: GameResult[];

  beforeAll(async () => {
    t = await startTestSim({ historyDays: 3, crowd: true });
    all = gamesOf(await pages(t, { network: "testnet" }));
  });
  afterAll(async () => {
    await t.close();
  });

  it("pages through every game, newest first, each page counting them all", async () => {
    const ps = await pages(t, { network: "testnet" });
    expect(ps.map((p) => p.pagination.total)).toEqual([180, 180]);
    expect(all).toHaveLength(180);
    expect(new Set(all.map((g) => g.gid)).size).toBe(180);
    const ends = all.map((g) => Date.parse(g.settled_at!));
    expect(ends).toEqual([...ends].sort((a, b) => b - a));
    expect(Math.min(...ends)).toBeGreaterThan(T0 - 3 * DAY_MS);
    expect(Math.max(...ends)).toBeLessThanOrEqual(T0);
    expect((await t.client.results({ network: "mainnet" })).pagination.total).toBe(0);
  });

  it("filters by asset, interval and gid, with totals to match", async () => {
    for (const asset of ["BTC_USDT", "ETH_USDT"] as const) {
      for (const interval of [10, 60, 3600, 86400] as const) {
        const expected = all.filter((g) => g.asset === asset && g.interval === interval);
        const got = gamesOf(await pages(t, { network: "testnet", asset, interval }));
        expect(got.map((g) => g.gid)).toEqual(expected.map((g) => g.gid));
      }
    }
    const daily = await t.client.results({ network: "testnet", interval: 86400 });
    expect(daily.pagination.total).toBeGreaterThan(0);
    const one = all[37]!;
    expect(await t.client.results({ network: "testnet", gid: one.gid })).toEqual({
      games: [one],
      pagination: { total: 1, limit: 20, offset: 0 },
    });
  });

  it("leaves the balance at 1000 plus the history's net", async () => {
    const net = sum(all.map((g) => new Decimal(g.net_return)));
    expect((await t.client.balance({ currency: "USDC", network: "testnet" })).balance).toBe(new Decimal(1000).plus(net).toFixed());
  });

  it("lists a game played live above the history", async () => {
    const listing = await toNextGame(t, "BTC_USDT", 10);
    await t.client.place(body(t, listing, { f: "1" }));
    t.clock.set(listing.liveGame.ends_at);
    const first = await t.client.results({ network: "testnet", limit: 2 });
    expect(first.pagination.total).toBe(181);
    expect(first.games.map((g) => g.gid)).toEqual([listing.liveGame.gid, all[0]!.gid]);
  });
});

describe("a history of 1,200 games", () => {
  let t: TestSim;

  beforeAll(async () => {
    t = await startTestSim({ historyDays: 20, historyGamesPerDay: 60, crowd: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers a full page of 100 wherever the page is", async () => {
    await t.client.results({ network: "testnet", limit: 100 });
    for (const offset of [0, 600, 1_100]) {
      const page = await t.client.results({ network: "testnet", limit: 100, offset });
      expect(page.pagination.total).toBe(1_200);
      expect(page.games).toHaveLength(100);
    }
  });
});

describe("a played history kept with --data", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it("comes back identical after a restart, kept once, whatever the later starts ask", async () => {
    const dir = mkdtempSync(join(tmpdir(), "spotdash-sim-history-"));
    dirs.push(dir);
    const read = async (s: TestSim) => ({
      results: gamesOf(await pages(s, { network: "testnet" })),
      balance: (await s.client.balance({ currency: "USDC", network: "testnet" })).balance,
    });
    const first = await startTestSim({ dataDir: dir, historyDays: 3, crowd: true, clock: new ManualClock(T0) });
    const before = await read(first);
    expect(before.results).toHaveLength(180);
    await first.close();

    // An hour on, and asking for another history: the world has its own, and no other is made.
    for (const historyDays of [3, 7, 0]) {
      const again = await startTestSim({ dataDir: dir, historyDays, crowd: true, clock: new ManualClock(T0 + 3_600_000) });
      expect(await read(again)).toEqual(before);
      await again.close();
    }
    const records = readFileSync(join(dir, "journal.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    const histories = records.filter((r) => r.type === "history");
    expect(histories).toHaveLength(1);
    expect(histories[0]).toMatchObject({ v: 1, t: T0, days: 3, gamesPerDay: 60, userIds: [1] });
    expect(histories[0].games).toHaveLength(180);
    expect(records.filter((r) => r.type === "place")).toEqual([]);
  });
});
