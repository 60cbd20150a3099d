/**
 * A held game's times from its market's listing (domain/book.ts: gameTimes):
 * whether a game the listing shows neither live nor next is over or newer
 * than the listing is decided by when its positions were placed, not by
 * which answer came last (/status may go on listing a game that has ended).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { gameTimes, type MarketData } from "../../src/domain/book.js";
import { type GameListing, Unreadable } from "../../src/domain/service-data.js";
import { listing, statusPosition, statusResponse } from "../helpers/fixtures.js";

const START = 1_771_495_000_000;
let LIVE: GameListing;
let END: number;
beforeEach(() => {
  LIVE = listing({ start: START, now: START + 5_000, gid: "500010" });
  END = LIVE.liveGame!.ends_at;
});

function market(gid: string, placedAt: number, statusAt: number): MarketData {
  return {
    market: { asset: "ETH_USDT", interval: 60 },
    listing: { value: { ...LIVE, nextGame: null }, at: START + 5_000 },
    status: { value: statusResponse([statusPosition({ gid, txid: "a", t: String(placedAt) })]), at: statusAt },
  };
}

describe("gameTimes", () => {
  it("takes a game placed in after the listing's last end for newer than the listing", () => {
    expect(gameTimes(market("500011", END + 1_000, END + 2_000), "500011")).toEqual({ gone: false, unknown: true });
  });

  it("takes a game placed in before the listing's live game for over, though a later /status still lists it", () => {
    expect(gameTimes(market("500009", START - 30_000, START + 20_000), "500009")).toEqual({ gone: true });
  });

  it("gives the live game's times", () => {
    expect(gameTimes(market("500010", START + 1_000, START + 6_000), "500010")).toMatchObject({ endsAt: END, gone: false });
  });

  it("gives the announced next game's end, and takes an older game for over, whatever else was placed since", () => {
    const nextEnd = END + 75_000;
    const withNext = (m: MarketData): MarketData => ({
      ...m,
      listing: { value: { ...LIVE, nextGame: { gid: "500011", starts_at: END, ends_at: nextEnd, extra: {} } }, at: START + 5_000 },
    });
    expect(gameTimes(withNext(market("500011", END + 1_000, END + 2_000)), "500011")).toEqual({ endsAt: nextEnd, gone: false });
    const old = withNext(market("500009", START - 30_000, START + 20_000));
    const placedSince = statusPosition({ gid: "500012", txid: "b", t: String(nextEnd + 1_000) });
    const both = { ...old, status: { value: statusResponse([...old.status!.value.positions, placedSince]), at: nextEnd + 2_000 } };
    expect(gameTimes(both, "500009")).toEqual({ gone: true });
    // The game placed in since is newer than the listing, whatever older game the market also holds.
    expect(gameTimes(both, "500012")).toEqual({ gone: false, unknown: true });
  });

  it("the next game held, its end unreadable: not over, its times not known yet", () => {
    const unreadable = new Unreadable("nextGame.ends_at", "not a time", "soon");
    const m: MarketData = {
      ...market("500011", START + 1_000, START + 6_000),
      listing: { value: { ...LIVE, nextGame: { gid: "500011", starts_at: END, ends_at: unreadable, extra: {} } }, at: START + 5_000 },
    };
    expect(gameTimes(m, "500011")).toEqual({ gone: false, unknown: true });
  });
});
