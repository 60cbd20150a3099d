/**
 * A strategy's share of a settled game (src/strategy/settled-share.ts): its
 * own positions told apart by txid from those placed by hand; the game's
 * totals shared by stake when they cannot be; a cancelled game refunds.
 */
import { describe, expect, it } from "vitest";
import { Decimal } from "../../src/domain/money.js";
import type { OwnPlacement } from "../../src/strategy/decide.js";
import { settledShare } from "../../src/strategy/settled-share.js";
import { gameResult } from "../helpers/fixtures.js";

const position = (txid: string, f: string, w: string) => ({
  sp: "100",
  f,
  w,
  r: "0",
  win: Number(w) > Number(f),
  variance: "0",
  txid,
  placed_at: "2026-03-01T12:00:00.000Z",
});

const result = (cancelled = false) =>
  gameResult({
    gid: "7",
    interval: 60,
    asset: "BTC_USDT",
    network: "testnet",
    currency: "USDC",
    open_price: "100",
    closing_price: "101",
    settled_at: "2026-03-01T12:01:15.000Z",
    cancelled,
    positions: [position("mine-1", "1", "1.5"), position("mine-2", "1", "0"), position("by-hand", "2", "4")],
    total_staked: "4",
    total_winnings: "5.5",
    net_return: "1.5",
  });

const own = (txid?: string): OwnPlacement => ({ gid: "7", sp: "100", f: "1", state: "placed", ...(txid ? { txid } : {}) });

describe("a strategy's share of a settled game", () => {
  it("is its own positions', by txid, not the hand-placed one's", () => {
    const share = settledShare(result(), [own("mine-1"), own("mine-2"), { ...own("x"), state: "refused" }]);
    expect([share.paid.toFixed(), share.staked?.toFixed(), share.cancelled]).toEqual(["1.5", "2", undefined]);
  });

  it("shares the game's totals by stake when its positions have no txid", () => {
    const share = settledShare(result(), [own(), own()]);
    expect([share.paid.toFixed(), share.staked?.toFixed()]).toEqual(["2.75", "2"]);
  });

  it("refunds a cancelled game's stakes", () => {
    const share = settledShare(result(true), [own("mine-1")]);
    expect([share.paid.eq(new Decimal(1)), share.cancelled]).toEqual([true, true]);
  });

  it("leaves out its placements in other games", () => {
    const share = settledShare(result(), [own("mine-1"), { ...own("mine-2"), gid: "8" }]);
    expect([share.paid.toFixed(), share.staked?.toFixed()]).toEqual(["1.5", "1"]);
  });

  it("shares by stake when only some of its positions can be told apart", () => {
    const share = settledShare(result(), [own("mine-1"), own()]);
    expect([share.paid.toFixed(), share.staked?.toFixed()]).toEqual(["2.75", "2"]);
  });

  it("with nothing of its own in the game, its share is nothing", () => {
    const share = settledShare(result(), [{ ...own("mine-1"), state: "refused" }]);
    expect([share.paid.toFixed(), share.staked?.toFixed()]).toEqual(["0", "0"]);
  });
});
