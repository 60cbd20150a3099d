/**
 * The session's games in the snapshot (src/poller/reducers.ts): what the
 * results view's SESSION line sums. Settlement notices are bounded; the
 * session's games are not, and results pages add the games that settled
 * since the dashboard's first answer.
 */
import { describe, expect, it } from "vitest";
import { Decimal } from "../../src/domain/money.js";
import type { GameResult } from "../../src/domain/service-data.js";
import { answered, withResultsPage, withSettlement } from "../../src/poller/reducers.js";
import { initialSnapshot, type Snapshot } from "../../src/poller/snapshot.js";
import { gameResult, resultsPage } from "../helpers/fixtures.js";

const START = Date.parse("2026-03-01T12:00:00Z");
const target = { asset: "BTC_USDT", interval: 60 as const, network: "testnet" as const, currency: "USDC" };

function game(gid: number, settledAt: number, staked = "1"): GameResult {
  return gameResult({
    gid: String(gid),
    interval: 60,
    asset: "BTC_USDT",
    network: "testnet",
    currency: "USDC",
    open_price: "100",
    closing_price: "101",
    settled_at: new Date(settledAt).toISOString(),
    cancelled: false,
    positions: [
      {
        sp: "101",
        f: staked,
        w: "2",
        r: "100",
        win: true,
        variance: "0",
        txid: `t${gid}`,
        placed_at: new Date(settledAt - 30_000).toISOString(),
      },
    ],
    total_staked: staked,
    total_winnings: "2",
    net_return: "1",
  });
}

function started(): Snapshot {
  return answered(initialSnapshot(target), { endpoint: "spot", at: START, issues: [], connection: { state: "ok" }, clockOffset: 0 });
}

describe("session games", () => {
  it("starts at the first answer and keeps it", () => {
    const s = answered(started(), { endpoint: "price", at: START + 5_000, issues: [], connection: { state: "ok" }, clockOffset: 0 });
    expect(s.session.start).toBe(START);
  });

  it("keeps every settled game although the notices are bounded", () => {
    let s = started();
    for (let i = 0; i < 25; i++) s = withSettlement(s, game(1000 + i, START + i * 60_000), START + i * 60_000);
    expect([s.settlements.length, s.session.games.size]).toEqual([20, 25]);
  });

  it("adds a page's games settled since the start, not older ones, nor games the user had nothing in", () => {
    const before = game(1, START - 60_000);
    const after = game(2, START + 60_000);
    const notMine = { ...game(3, START + 120_000), positions: [], total_staked: new Decimal(0) };
    const page = { ...resultsPage({ games: [], pagination: { total: 3, limit: 20, offset: 0 } }), games: [before, after, notMine] };
    const s = withResultsPage(started(), "k", "k", page, START + 130_000);
    expect([...s.session.games.keys()]).toEqual(["2"]);
  });

  it("leaves the map as it was when a game is seen again unchanged", () => {
    const g = game(7, START + 60_000);
    const s = withSettlement(started(), g, START + 61_000);
    const again = withResultsPage(
      s,
      "k",
      "k",
      { ...resultsPage({ games: [], pagination: { total: 1, limit: 20, offset: 0 } }), games: [g] },
      START + 70_000,
    );
    expect(again.session.games).toBe(s.session.games);
  });
});
