/**
 * The book reads the price of an asset an alert watches, held or not, at its
 * calm pace and never the focused asset's (the heartbeat reads that one).
 */
import { describe, expect, it } from "vitest";
import { BOOK_POLICY, nextBookRequest } from "../../src/poller/book-policy.js";

const base = { now: 100_000, serverNow: 100_000, focusedAsset: "BTC_USDT", markets: [], launchPassStart: undefined };

describe("prices the alerts watch", () => {
  it("asks for a watched asset's price never read, then again after the calm period", () => {
    expect(nextBookRequest({ ...base, lastPrice: {}, watchedAssets: ["ETH_USDT"] })).toMatchObject({ kind: "price", asset: "ETH_USDT" });
    const read = { ETH_USDT: base.now - BOOK_POLICY.priceMs + 1 };
    expect(nextBookRequest({ ...base, lastPrice: read, watchedAssets: ["ETH_USDT"] })).toBeNull();
    const due = { ETH_USDT: base.now - BOOK_POLICY.priceMs };
    expect(nextBookRequest({ ...base, lastPrice: due, watchedAssets: ["ETH_USDT"] })).toMatchObject({ kind: "price", asset: "ETH_USDT" });
  });

  it("leaves the focused asset to the heartbeat, and nothing is asked when no alert watches", () => {
    expect(nextBookRequest({ ...base, lastPrice: {}, watchedAssets: ["BTC_USDT"] })).toBeNull();
    expect(nextBookRequest({ ...base, lastPrice: {} })).toBeNull();
  });
});
