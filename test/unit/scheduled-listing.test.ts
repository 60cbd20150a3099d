/** domain/game.ts scheduledListing and poller/snapshot.ts snapshotAt: the next game shown from its start, from the schedule. */
import { beforeEach, describe, expect, it } from "vitest";
import { gameClock, scheduledListing } from "../../src/domain/game.js";
import { lobbyMs } from "../../src/domain/rules.js";
import { type GameListing, isReadable } from "../../src/domain/service-data.js";
import { initialSnapshot, snapshotAt } from "../../src/poller/snapshot.js";
import { listing, statusPosition, statusResponse } from "../helpers/fixtures.js";

const START = Date.UTC(2026, 10, 22, 12, 0, 0);
/** A 10 s game: 10 s accepting, then a 5 s lobby; the next one starts at its end. */
let ten: GameListing;
beforeEach(() => {
  ten = listing({ start: START, interval: 10, gid: "500", now: START + 1_000 });
});
const END = START + 15_000;

describe("scheduledListing", () => {
  it.each([
    ["while the live game runs", START + 5_000],
    ["a millisecond before its end", END - 1],
  ])("is the same listing %s", (_, now) => {
    expect(scheduledListing(ten, now, lobbyMs(10))).toBe(ten);
  });

  it("from the live game's end, shows the announced next game as live, provisional, its close a lobby before its end", () => {
    const rolled = scheduledListing(ten, END, lobbyMs(10));
    const live = rolled.liveGame!;
    expect([live.gid, live.start_at, live.closes_at, live.ends_at, live.provisional]).toEqual([
      "501",
      END,
      END + 10_000,
      END + 15_000,
      true,
    ]);
    expect(gameClock(live, END + 500)).toMatchObject({ phase: "accepting", toClose: 9_500 });
    // What only the service knows is not guessed.
    expect([isReadable(live.open_price), isReadable(live.ai_price), isReadable(rolled.can_place_position)]).toEqual([false, false, false]);
    expect(rolled.nextGame).toBeNull();
    // The same object for the same listing: memoised panes are not redrawn every second.
    expect(scheduledListing(ten, END + 2_000, lobbyMs(10))).toBe(rolled);
  });

  it("stays with the listing when no next game is announced", () => {
    expect(scheduledListing({ ...ten, nextGame: null }, END + 1_000, lobbyMs(10)).liveGame!.gid).toBe("500");
  });

  it("keeps the next game once it is over too (no listing since: the service does not answer), ended, never the one before", () => {
    const over = scheduledListing(ten, END + 15_000, lobbyMs(10)).liveGame!;
    expect([over.gid, over.provisional]).toEqual(["501", true]);
    expect(gameClock(over, END + 20_000).phase).toBe("settling");
  });

  it("is what the screen draws: snapshotAt rolls the snapshot's listing, and leaves a snapshot without one as it is", () => {
    const target = { asset: "BTC_USDT", interval: 10 as const, network: "testnet" as const, currency: "USDC" };
    const s = { ...initialSnapshot(target), listing: { value: ten, at: START + 1_000 } };
    expect(snapshotAt(s, END - 1)).toBe(s);
    const at = snapshotAt(s, END + 10);
    expect([at.listing!.value.liveGame!.gid, at.listing!.at]).toEqual(["501", START + 1_000]);
    const empty = initialSnapshot(target);
    expect(snapshotAt(empty, END)).toBe(empty);
  });

  it("keeps the ended game's positions on screen as settling from the instant the next game is drawn", () => {
    const target = { asset: "BTC_USDT", interval: 10 as const, network: "testnet" as const, currency: "USDC" };
    const held = statusPosition({ gid: "500" });
    const s = {
      ...initialSnapshot(target),
      listing: { value: ten, at: START + 1_000 },
      status: { value: statusResponse([held]), at: START + 2_000 },
    };
    expect(snapshotAt(s, END - 1).settling).toBeUndefined();
    expect(snapshotAt(s, END).settling).toEqual({ gid: "500", positions: [held] });
    // The same rolled snapshot frame after frame, until the store's changes: memoised panes are left alone.
    expect(snapshotAt(s, END + 1_000)).toBe(snapshotAt(s, END));
    // Nothing held in the ended game: nothing settling.
    expect(snapshotAt({ ...s, status: { value: statusResponse([]), at: START + 2_000 } }, END).settling).toBeUndefined();
  });
});
