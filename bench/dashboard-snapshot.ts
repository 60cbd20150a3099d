/** A dashboard's data as a live 1 h game with 10 positions held: what bench:render and bench:input draw. */

import { readBalance, readListing, readLivePrice, readStatus } from "../src/api/read/resources.js";
import { Decimal } from "../src/domain/money.js";
import { PriceSeries } from "../src/domain/price-series.js";
import { initialSnapshot, type Snapshot } from "../src/poller/snapshot.js";

/**
 * The game and the positions stay put while the clock runs, as they do in a
 * live game, and keep their identity as the poller's store keeps it; a new
 * price arrives every other second, as the poller fetches it.
 */
export function snapshots(start: number): (now: number) => Snapshot {
  const listing = readListing(
    {
      asset: "BTC_USDT",
      interval: 3600,
      early_precision_window: false,
      can_place_position: true,
      timestamp: start,
      nextGame: { gid: "2", starts_at: start + 3_615_000, ends_at: start + 7_230_000 },
      liveGame: {
        gid: "1",
        open_price: "67000",
        ai_price: "67010",
        start_at: start,
        closes_at: start + 3_600_000,
        ends_at: start + 3_615_000,
        lobby: { start_at: start + 3_600_000, end_at: start + 3_615_000, isLobby: false },
      },
    },
    { asset: "BTC_USDT", interval: 3600 },
  );
  const positions = Array.from({ length: 10 }, (_, i) => ({
    gid: "1",
    c: "USDC",
    a: "BTC_USDT",
    id: 1,
    f: "2",
    sp: String(66980 + i * 5),
    cm: false,
    cmt: null,
    w: 1.9 + i / 10,
    r: -5 + i,
    pw: "0x1",
    win: null,
    t: String(start + i * 1000),
    tx: null,
    txid: `tx${i}`,
    p: null,
    created_at: "2026-01-01T00:00:00Z",
    st: "success",
    it: 3600,
    n: "testnet",
    username: "u",
    avatar: { imageUrl: "", backgroundColor: "#000" },
  }));
  const base: Snapshot = {
    ...initialSnapshot({ asset: "BTC_USDT", interval: 3600, network: "testnet", currency: "USDC" }),
    listing: { value: listing, at: start },
    balance: { value: readBalance({ userId: 1, balance: "980", withdrawal_req: "none" }), at: start },
    sessionStartBalance: new Decimal("1000"),
    status: { value: readStatus({ positions, streaks: [] }), at: start },
    connection: { state: "ok" },
  };
  let latest = -1;
  let withPrices = base;
  return (now) => {
    const k = Math.floor((now - start) / 2000);
    if (k !== latest) {
      latest = k;
      const prices = Array.from({ length: 600 }, (_, i) => {
        const j = k - 599 + i;
        return { t: start + j * 2000, value: 67000 + Math.sin(j / 7) * 25 + Math.sin(j / 3) * 4 };
      });
      withPrices = {
        ...base,
        price: { value: readLivePrice({ timestamp: now, value: prices.at(-1)!.value }), at: now },
        priceHistory: { BTC_USDT: PriceSeries.of(prices) },
        lastOkAt: now,
      };
    }
    return withPrices;
  };
}
