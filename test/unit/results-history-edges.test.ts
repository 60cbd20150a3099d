/**
 * The kept results' merge at its edges (src/domain/results-history.ts): what is left as it was when
 * nothing changed, which games a settlement watched adds, and when a read goes on, stops or gives up.
 * results-history.test.ts reads whole histories through it.
 */
import { describe, expect, it } from "vitest";
import { FIRST_PAGE, type KeptResults, mergePage, NO_RESULTS, withGames } from "../../src/domain/results-history.js";
import type { GameResult } from "../../src/domain/service-data.js";
import { figuresText } from "../../src/poller/results-history.js";
import { gameResult } from "../helpers/fixtures.js";

const T0 = Date.parse("2026-11-20T00:00:00Z");

/** Game n settled n minutes after T0 (unsettled when `settled` is false); `won` changes its figures. */
function game(n: number, won = "0", settled = true): GameResult {
  return gameResult({
    gid: String(1000 + n),
    interval: 60,
    asset: "BTC_USDT",
    network: "testnet",
    currency: "USDT",
    open_price: "100",
    closing_price: "101",
    settled_at: settled ? new Date(T0 + n * 60_000).toISOString() : null,
    cancelled: false,
    positions: [],
    total_staked: "1",
    total_winnings: won,
    net_return: String(Number(won) - 1),
  });
}
const keptOf = (games: GameResult[], through: number | null = null): KeptResults => ({
  games: new Map(games.map((g) => [g.gid, g])),
  through,
});

describe("withGames", () => {
  it("adds a settled game that is new or changed, and leaves what is kept as it was otherwise", () => {
    const kept = keptOf([game(1)]);
    expect(withGames(kept, [game(1), game(2, "0", false)], figuresText)).toBe(kept);
    const added = withGames(kept, [game(2)], figuresText);
    expect([...added.games.keys()]).toEqual(["1001", "1002"]);
    expect(
      withGames(kept, [game(1, "2")], figuresText)
        .games.get("1001")!
        .total_winnings.toString(),
    ).toBe("2");
  });
});

describe("mergePage", () => {
  it("keeps the same map of games when a page changes none", () => {
    const kept = keptOf([game(3), game(2)]);
    const merged = mergePage(kept, FIRST_PAGE, { games: [game(3), game(2)], total: 2, limit: 100 }, figuresText);
    expect([merged.kept.games === kept.games, merged.changed, merged.next]).toEqual([true, [], null]);
  });

  it("reads on past a full page, and counts a game already seen in this read as nothing new", () => {
    const first = mergePage(NO_RESULTS, FIRST_PAGE, { games: [game(5), game(4)], total: null, limit: 2 }, figuresText);
    expect(first.next).toMatchObject({ offset: 2, newest: T0 + 5 * 60_000, oldest: T0 + 4 * 60_000, ordered: true });
    // The same games again where the next ones were due: a service that does not page. Over, `through` unmoved.
    const again = mergePage(first.kept, first.next!, { games: [game(5), game(4)], total: null, limit: 2 }, figuresText);
    expect([again.next, again.kept.through]).toEqual([null, null]);
  });

  it("notes a page out of time order, and stops at a kept game only when the read was in order", () => {
    const kept = keptOf([game(2)], T0 + 3 * 60_000);
    const inOrder = mergePage(kept, FIRST_PAGE, { games: [game(4), game(2)], total: null, limit: 2 }, figuresText);
    expect([inOrder.next, inOrder.kept.through]).toEqual([null, T0 + 4 * 60_000]);
    const shuffled = mergePage(kept, FIRST_PAGE, { games: [game(2), game(4)], total: null, limit: 2 }, figuresText);
    expect(shuffled.next).toMatchObject({ offset: 2, ordered: false });
  });

  it("does not stop at a kept game of the very instant the last read reached", () => {
    const kept = keptOf([game(3)], T0 + 3 * 60_000);
    const merged = mergePage(kept, FIRST_PAGE, { games: [game(4), game(3)], total: null, limit: 2 }, figuresText);
    expect(merged.next).toMatchObject({ offset: 2 });
  });
});
