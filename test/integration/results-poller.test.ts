/**
 * A 10 s game played through the real poller and client against the sim
 * (ManualClock): two positions, the clock moved past ends_at, the settlement
 * noticed, the balance refreshed, and the game in the results view's page
 * with exact totals. /results is asked for only after the game ended and
 * while the view is open.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Decimal, sum } from "../../src/domain/money.js";
import { gameNet, sessionSummary } from "../../src/domain/results.js";
import type { TaskKind } from "../../src/poller/policy.js";
import { Poller } from "../../src/poller/poller.js";
import { resultsKey } from "../../src/poller/reducers.js";
import { seededRandom } from "../helpers/seeded.js";
import { until } from "../helpers/until.js";
import { startTestSim, type TestSim, toNextGame } from "./sim-helpers.js";

describe("results through the poller against the sim", () => {
  let t: TestSim;
  let poller: Poller;
  const starts: { kind: TaskKind; at: number }[] = [];

  beforeAll(async () => {
    t = await startTestSim();
    await toNextGame(t, "BTC_USDT", 10);
    t.clock.advance(1_000);
    poller = new Poller({
      jitter: seededRandom(),
      client: t.client,
      target: { asset: "BTC_USDT", interval: 10, network: "testnet", currency: "USDC" },
      wallet: t.wallet,
      onRequest: (kind, at) => starts.push({ kind, at }),
    });
    poller.start();
    await until(
      () => poller.snapshot.listing !== undefined && poller.snapshot.balance !== undefined && poller.snapshot.status !== undefined,
    );
  });
  afterAll(async () => {
    poller.stop();
    await t.close();
  });

  it("plays a 10 s game and sees it settled, in results, with exact totals", async () => {
    const game = poller.snapshot.listing!.value.liveGame!;
    const before = poller.snapshot.balance!.value.balance;
    for (const [sp, f] of [
      ["68000.5", "2.5"],
      ["66000", "0.75"],
    ] as const) {
      const o = await poller.place({ gid: game.gid, sp, f });
      expect(o.kind).toBe("placed");
    }
    await until(() => poller.snapshot.status!.value.positions.filter((p) => p.gid === game.gid).length === 2);
    expect(starts.some((s) => s.kind === "results" || s.kind === "settlement")).toBe(false);

    // The game ends: move the sim's clock past ends_at and let the poller see the new listing.
    t.clock.set(game.ends_at + 1_000);
    const settleFrom = Date.now();
    poller.refresh();
    await until(() => poller.snapshot.settlements.some((n) => n.gid === game.gid));
    const notice = poller.snapshot.settlements.find((n) => n.gid === game.gid)!;
    const r = notice.result;
    expect(r.cancelled).toBe(false);
    const won = r.total_winnings as Decimal;
    expect(String(r.total_staked)).toBe("3.25");
    expect(won.eq(sum(r.positions.map((p) => p.w as Decimal)))).toBe(true);
    expect((r.net_return as Decimal).eq(gameNet(r) as Decimal)).toBe(true);

    // The settlement refreshes the balance: down by the stakes, up by the winnings, exactly.
    const expected = before.minus("3.25").plus(won);
    await until(() => poller.snapshot.balance!.value.balance.eq(expected), 8_000);

    // No results page was fetched while the view was closed: only the settlement check.
    expect(starts.filter((s) => s.kind === "results")).toHaveLength(0);
    expect(starts.filter((s) => s.kind === "settlement").every((s) => s.at >= settleFrom)).toBe(true);

    // Open the view: the page arrives, most recent first, with the same totals.
    const query = { interval: 10, limit: 10, offset: 0 };
    poller.setResultsQuery(query);
    await until(() => poller.snapshot.results?.pages[resultsKey(query)] !== undefined);
    const page = poller.snapshot.results!.pages[resultsKey(query)]!.value;
    expect(page.pagination).toMatchObject({ total: 1, limit: 10, offset: 0 });
    const g = page.games[0]!;
    expect(g.gid).toBe(game.gid);
    expect(g.closing_price).not.toBeNull();
    expect(g.positions.map((p) => [String(p.sp), String(p.f)]).sort()).toEqual([
      ["66000", "0.75"],
      ["68000.5", "2.5"],
    ]);
    expect(String(g.total_staked)).toBe("3.25");
    expect(String(g.total_winnings)).toBe(String(won));

    const s = sessionSummary([r]);
    expect(s.played).toBe(1);
    expect(s.staked.eq("3.25")).toBe(true);
    expect(s.net.eq(won.minus("3.25"))).toBe(true);

    // Closed again: no more /results.
    poller.setResultsQuery(null);
    const count = starts.filter((s) => s.kind === "results").length;
    expect(count).toBe(1);
    await new Promise((res) => setTimeout(res, 2_500));
    expect(starts.filter((s) => s.kind === "results")).toHaveLength(count);
    const gaps = starts.slice(1).map((s, i) => s.at - starts[i]!.at);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1000);
  }, 45_000);
});
