/**
 * domain/money-line.ts: one answer to "am I up?". The session's settled
 * figure is the results view's, to the cent, on the same games; the open
 * projection is the book's; "if closed now" is the focused game's.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatMoneyChange } from "../../src/domain/format.js";
import { Decimal } from "../../src/domain/money.js";
import { ifClosedNow, sessionMoney } from "../../src/domain/money-line.js";
import { positionRows, positionTotals } from "../../src/domain/positions.js";
import { gameNet, sessionSummary } from "../../src/domain/results.js";
import { answered, withResultsPage, withSettlement, withStatus } from "../../src/poller/reducers.js";
import { bookOf, initialSnapshot, type Snapshot } from "../../src/poller/snapshot.js";
import { gameResult, listing, resultsPage, statusPosition, statusResponse } from "../helpers/fixtures.js";

const START = Date.UTC(2026, 10, 22, 12, 0, 0);
const target = { asset: "BTC_USDT", interval: 60 as const, network: "testnet" as const, currency: "USDC" };

function game(gid: string, staked: string, won: string, settledAt: number, cancelled = false, placedAt = "2026-11-22T11:59:00Z") {
  return gameResult({
    gid,
    interval: 60,
    asset: "BTC_USDT",
    network: "testnet",
    currency: "USDC",
    open_price: "67000",
    closing_price: "67010",
    settled_at: new Date(settledAt).toISOString(),
    cancelled,
    positions: [{ sp: "67000", f: staked, w: won, r: "0", win: true, variance: "10", txid: `t${gid}`, placed_at: placedAt }],
    total_staked: staked,
    total_winnings: won,
    net_return: new Decimal(won).minus(staked).toFixed(),
  });
}

/** A session that started at START: its first answer. */
function session(): Snapshot {
  return answered(initialSnapshot(target), { endpoint: "spot", at: START, issues: [], connection: { state: "ok" }, clockOffset: 0 });
}

const rows = (positions: { sp: string; f: string; w: number }[]) =>
  positionRows(
    "489886",
    positions.map((p, i) => statusPosition({ gid: "489886", sp: p.sp, f: p.f, w: p.w, r: 0, txid: `p${i}` })),
    [],
  );

describe("if closed now", () => {
  it.each([
    [
      "two positions",
      [
        { sp: "67000", f: "2", w: 3.1 },
        { sp: "67100", f: "1", w: 0.2 },
      ],
      "0.3",
      "10",
    ],
    ["a loss", [{ sp: "67000", f: "5", w: 4.5878 }], "-0.4122", "-8.244"],
  ])("is the projected winnings minus the stakes, and its share of them: %s", (_, positions, net, pct) => {
    const now = ifClosedNow(positionTotals(rows(positions)));
    expect([now?.net.toFixed(), now?.pct?.toFixed()]).toEqual([net, pct]);
  });

  it("is not known with nothing held, or while a position just placed has no projection", () => {
    expect(ifClosedNow(positionTotals([]))).toBeNull();
    const pending = positionRows("489886", [], [statusPosition({ gid: "489886", txid: "new" })]);
    expect(ifClosedNow(positionTotals(pending))).toBeNull();
  });
});

describe("the session", () => {
  it("settled: the results view's net, to the cent, on the same games; games settled before the session, or never seen and placed in before it, do not count", () => {
    let s = session();
    // Games 102's and 103's positions read while they were open.
    const read = ["102", "103"].map((gid) => statusPosition({ gid, sp: "67000", f: "1", w: 0.5, r: 0, txid: `s${gid}` }));
    s = withStatus(s, statusResponse(read), START + 1_000);
    // Three games settled during the session (one seen as a notice, two on a results page: one seen, one placed in
    // after the start), one before it, one cancelled; and one that settled during it but was placed in before the start
    // and never seen (it ended before its positions were read): not the session's.
    s = withSettlement(s, game("101", "2.5", "3.1", START + 60_000), START + 61_000);
    const page = resultsPage({
      games: [
        game("102", "1", "0.4", START + 120_000),
        game("099", "10", "30", START - 60_000),
        game("103", "5", "5", START + 180_000, true),
        game("104", "10", "30", START + 1_000),
        game("105", "1", "1.5", START + 190_000, false, "2026-11-22T12:02:00Z"),
      ].map((g) => ({
        gid: g.gid,
        interval: 60,
        asset: "BTC_USDT",
        network: "testnet",
        currency: "USDC",
        open_price: "67000",
        closing_price: "67010",
        settled_at: new Date(g.settled_at as number).toISOString(),
        cancelled: g.cancelled as boolean,
        positions: [
          {
            sp: "67000",
            f: String(g.total_staked),
            w: "0",
            r: "0",
            win: false,
            variance: "1",
            txid: `x${g.gid}`,
            placed_at: new Date(g.positions[0]!.placed_at as number).toISOString(),
          },
        ],
        total_staked: String(g.total_staked),
        total_winnings: String(g.total_winnings),
        net_return: String(gameNet(g)),
      })),
      pagination: { total: 3, limit: 20, offset: 0 },
    });
    s = withResultsPage(s, "k", "k", page, START + 200_000);
    // Nothing held now.
    s = withStatus(s, statusResponse([]), START + 200_000);
    // What App hands the results view, and what the money line is made of: the same figure.
    const resultsView = sessionSummary(s.session.games.values());
    const money = sessionMoney(resultsView, bookOf(s, START + 200_000), true);
    expect(formatMoneyChange(money.settled)).toBe(formatMoneyChange(resultsView.net));
    expect([...s.session.games.keys()].sort()).toEqual(["101", "102", "103", "105"]);
    expect(money.settled.toFixed()).toBe("0.5");
    expect([money.open?.toFixed(), money.total?.toFixed()]).toEqual(["0", "0.5"]);
  });

  it("open: the projected net of the games still held, the focused one's 'if closed now' when it is the only one", () => {
    const now = START + 20_000;
    let s = session();
    s = { ...s, listing: { value: listing({ start: START, now, gid: "489886" }), at: now } };
    s = withStatus(
      s,
      statusResponse([
        statusPosition({ gid: "489886", sp: "67000", f: "2", w: 3.1, r: 55, txid: "a" }),
        statusPosition({ gid: "489886", sp: "67100", f: "1", w: 0.2, r: -80, txid: "b" }),
      ]),
      now,
    );
    s = withSettlement(s, game("101", "2.5", "3.1", START + 10_000), START + 11_000);
    const money = sessionMoney(sessionSummary(s.session.games.values()), bookOf(s, now), true);
    const focused = ifClosedNow(positionTotals(positionRows("489886", s.status!.value.positions, [])));
    expect([money.settled.toFixed(), money.open?.toFixed(), money.total?.toFixed()]).toEqual(["0.6", "0.3", "0.9"]);
    expect(money.open?.toFixed()).toBe(focused?.net.toFixed());
    // Until every market's positions are read, the open part and the total are not known; the settled part is.
    const reading = sessionMoney(sessionSummary(s.session.games.values()), bookOf(s, now), false);
    expect([reading.settled.toFixed(), reading.open, reading.total]).toEqual(["0.6", undefined, undefined]);
  });

  it("settled is exact whatever the games: the sum of each settled game's winnings minus its stakes, cancelled ones refunded", () => {
    const money = fc.record({ units: fc.integer({ min: 0, max: 10_000_000 }), scale: fc.constantFrom(0, 2, 6) });
    const amount = (m: { units: number; scale: number }) => new Decimal(m.units).div(10 ** m.scale).toFixed();
    fc.assert(
      fc.property(fc.array(fc.record({ staked: money, won: money, cancelled: fc.boolean() }), { maxLength: 12 }), (games) => {
        let s = session();
        let expected = new Decimal(0);
        games.forEach((g, i) => {
          const settled = START + (i + 1) * 1000;
          s = withSettlement(s, game(String(500 + i), amount(g.staked), amount(g.won), settled, g.cancelled), settled);
          if (!g.cancelled) expected = expected.plus(amount(g.won)).minus(amount(g.staked));
        });
        expect(sessionMoney(sessionSummary(s.session.games.values()), [], true).settled.toFixed()).toBe(expected.toFixed());
      }),
    );
  });
});
