/**
 * The game clock (src/domain/game.ts): the countdowns and progress at and past each end, the next game,
 * the lock's urgency at each threshold, and what a rolled-over listing says it does not know.
 * scheduled-listing.test.ts has the roll-over itself.
 */
import { describe, expect, it } from "vitest";
import {
  gameClock,
  LOCK_FINAL_MS,
  lockUrgency,
  nextBoundary,
  nextGameGid,
  readableNext,
  scheduledListing,
  toNextGame,
} from "../../src/domain/game.js";
import { lobbyMs } from "../../src/domain/rules.js";
import { type GameListing, isReadable, Unreadable } from "../../src/domain/service-data.js";
import { listing } from "../helpers/fixtures.js";

const START = Date.UTC(2026, 10, 25, 12, 0, 0);
/** A 60 s game from START: accepting to +60 s, locked to +75 s; the next one announced from +75 s. */
const sixty = (): GameListing => listing({ start: START, gid: "700", now: START + 1_000 });

describe("gameClock", () => {
  it("counts down to the lock and the end, never below zero, and its progress from 0 to 1", () => {
    const live = sixty().liveGame!;
    const at = (t: number) => {
      const c = gameClock(live, t);
      return [c.phase, c.toClose, c.toEnd, c.progress];
    };
    expect(at(START - 5_000)).toEqual(["next", 65_000, 80_000, 0]);
    expect(at(START + 15_000)).toEqual(["accepting", 45_000, 60_000, 0.2]);
    expect(at(START + 75_000)).toEqual(["settling", 0, 0, 1]);
    expect(at(START + 90_000)).toEqual(["settling", 0, 0, 1]);
  });

  it("takes a game whose end is its start as already over", () => {
    const live = { ...sixty().liveGame!, closes_at: START, ends_at: START };
    expect(gameClock(live, START).progress).toBe(0);
    expect(gameClock(live, START + 1).progress).toBe(1);
  });
});

describe("the next game", () => {
  it("reads the announced next game, its id and the time to its start, none when it cannot be read", () => {
    const l = sixty();
    expect([readableNext(l)?.gid, nextGameGid(l), toNextGame(l, START + 70_000), toNextGame(l, START + 80_000)]).toEqual([
      "701",
      "701",
      5_000,
      0,
    ]);
    const unread: GameListing = { ...l, nextGame: new Unreadable("nextGame", "expected an object", "1") };
    expect([readableNext(unread), nextGameGid(unread), toNextGame(unread, START)]).toEqual([null, undefined, null]);
    const noGid: GameListing = { ...l, nextGame: { ...readableNext(l)!, gid: new Unreadable("nextGame.gid", "x", "") } };
    expect(nextGameGid(noGid)).toBeUndefined();
  });

  it("has no boundary left once every one has passed", () => {
    const l = { ...sixty(), nextGame: null };
    expect([nextBoundary(l, START + 60_000), nextBoundary(l, START + 75_000)]).toEqual([START + 75_000, null]);
  });
});

describe("lockUrgency", () => {
  const game = (seconds: number) => ({ start_at: START, closes_at: START + seconds * 1_000 });

  it("is calm, then soon in the last tenth, then final in the last ten seconds, and calm once locked", () => {
    const hour = game(3_600);
    const close = START + 3_600_000;
    expect(
      [close - 360_001, close - 360_000, close - LOCK_FINAL_MS - 1, close - LOCK_FINAL_MS, close - 1, close].map((t) =>
        lockUrgency(hour, t),
      ),
    ).toEqual(["calm", "soon", "soon", "final", "final", "calm"]);
  });

  it("makes a 10 s game's second half its final stretch", () => {
    const ten = game(10);
    expect([START + 4_999, START + 5_000].map((t) => lockUrgency(ten, t))).toEqual(["calm", "final"]);
    expect(lockUrgency(ten, START)).toBe("calm");
  });
});

describe("a rolled-over listing", () => {
  it("says what only the game's own listing knows is not known yet, by field", () => {
    const l = sixty();
    const rolled = scheduledListing(l, START + 75_000, lobbyMs(60));
    const fields = [rolled.liveGame!.open_price, rolled.liveGame!.ai_price, rolled.can_place_position, rolled.early_precision_window];
    // Nothing was received for them: each says only what it is and why (its toString, as a diagnostic shows it).
    expect(fields.map((f) => (isReadable(f) ? "read" : String(f)))).toEqual([
      "liveGame.open_price: not known until the game's own listing",
      "liveGame.ai_price: not known until the game's own listing",
      "can_place_position: not known until the game's own listing",
      "early_precision_window: not known until the game's own listing",
    ]);
  });

  it("rolls over neither before the live game's end nor before the next one's start", () => {
    const l = sixty();
    const next = readableNext(l)!;
    expect(scheduledListing(l, START + 74_999, lobbyMs(60))).toBe(l);
    const later: GameListing = { ...l, nextGame: { ...next, starts_at: START + 80_000 } };
    expect(scheduledListing(later, START + 79_999, lobbyMs(60))).toBe(later);
    expect(scheduledListing(later, START + 80_000, lobbyMs(60)).liveGame?.gid).toBe("701");
    // A next game announced to start before the live one ends: the live game stays live to its end.
    const early: GameListing = { ...l, nextGame: { ...next, starts_at: START + 60_000 } };
    expect(scheduledListing(early, START + 74_999, lobbyMs(60))).toBe(early);
  });
});
