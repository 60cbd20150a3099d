/**
 * Settled games for the performance tests, written as the spec shows a
 * GET /results game (through helpers/fixtures.ts's gameResult, so each is
 * checked against the spec's schema and read by the real reader), with a
 * way to make one field unreadable.
 */
import type { ResultPosition as WireResultPosition } from "../../src/api/schemas.js";
import { Decimal } from "../../src/domain/money.js";
import { type GameResult, Unreadable } from "../../src/domain/service-data.js";
import { gameResult } from "./fixtures.js";

export interface GameSpec {
  gid: string | number;
  /** Settlement time, epoch ms; null: not settled. */
  at: number | null;
  staked?: string;
  paid?: string;
  interval?: number;
  asset?: string;
  network?: string;
  cancelled?: boolean;
  closing?: string | null;
  /** The positions; default one position with the whole stake and winnings. */
  positions?: Partial<WireResultPosition>[];
}

let txids = 0;

export function settled(spec: GameSpec): GameResult {
  const staked = spec.staked ?? "1";
  const paid = spec.paid ?? "0";
  const at = spec.at;
  const positions = spec.positions ?? [{ f: staked, w: paid, win: new Decimal(paid).gt(staked) }];
  return gameResult({
    gid: String(spec.gid),
    interval: spec.interval ?? 60,
    asset: spec.asset ?? "BTC_USDT",
    network: spec.network ?? "testnet",
    currency: "USDC",
    open_price: "60000",
    closing_price: spec.closing === undefined ? "60000" : spec.closing,
    settled_at: at === null ? null : new Date(at).toISOString(),
    cancelled: spec.cancelled ?? false,
    positions: positions.map((p) => ({
      sp: "60000",
      f: "1",
      w: "0",
      r: "0",
      win: false,
      variance: "0",
      txid: `tx-${++txids}`,
      placed_at: new Date((at ?? 0) - 30_000).toISOString(),
      ...p,
    })),
    total_staked: staked,
    total_winnings: paid,
    net_return: new Decimal(paid).minus(staked).toFixed(),
  });
}

type UnreadableField =
  | "total_staked"
  | "total_winnings"
  | "cancelled"
  | "settled_at"
  | "asset"
  | "interval"
  | "network"
  | "currency"
  | "closing_price";

/** The game with one field the reader could not read. */
export function unreadable(g: GameResult, field: UnreadableField): GameResult {
  return { ...g, [field]: new Unreadable(`games[0].${field}`, "expected a decimal number (string or number)", '"??" (string)') };
}
