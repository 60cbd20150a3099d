/**
 * Responses shaped exactly like the spec's examples, built around a game
 * start time so tests can move the clock through a game. Each is checked
 * against the spec's strict schema (so a fixture that drifts from the spec
 * fails loudly) and then read by the real reader into the domain values
 * the poller and the panes work with — the path every response takes.
 */

import { readBalance, readListing, readLivePrice, readPlacedPosition, readResults, readStatus } from "../../src/api/read/resources.js";
import {
  BalanceSchema,
  GameListingSchema,
  LivePriceSchema,
  PlacedPositionSchema,
  ResultsResponseSchema,
  StatusPositionSchema,
  type GameResult as WireGameResult,
  type PlacedPosition as WirePlaced,
  type ResultsResponse as WireResults,
  type StatusPosition as WireStatusPosition,
} from "../../src/api/schemas.js";
import { type Interval, lobbyMs } from "../../src/domain/rules.js";
import type {
  Balance,
  GameListing,
  GameResult,
  LivePrice,
  PlacedPosition,
  Position,
  ResultsPage,
  StatusReport,
} from "../../src/domain/service-data.js";
import type { LiveListing } from "./spec-client.js";

export interface ListingOptions {
  start: number;
  interval?: Interval;
  gid?: string;
  now?: number;
  asset?: string;
  canPlace?: boolean;
}

/** GET /spot exactly as the spec shows it. */
export function wireListing(opts: ListingOptions): LiveListing {
  const interval = opts.interval ?? 60;
  const start = opts.start;
  const closes = start + interval * 1000;
  const ends = closes + lobbyMs(interval);
  const now = opts.now ?? start;
  const gid = opts.gid ?? "489886";
  return GameListingSchema.parse({
    asset: opts.asset ?? "BTC_USDT",
    interval,
    early_precision_window: now < start + interval * 200,
    can_place_position: opts.canPlace ?? (now >= start && now < closes),
    nextGame: { gid: String(Number(gid) + 1), starts_at: ends, ends_at: ends + (ends - start) },
    liveGame: {
      gid,
      open_price: "67036.047800",
      ai_price: "67018.30517498772",
      start_at: start,
      closes_at: closes,
      ends_at: ends,
      lobby: { start_at: closes, end_at: ends, isLobby: now >= closes && now < ends },
    },
    timestamp: now,
  }) as LiveListing;
}

export function listing(opts: ListingOptions): GameListing {
  const wire = wireListing(opts);
  return readListing(wire, { asset: wire.asset, interval: wire.interval });
}

export function livePrice(value: number, timestamp: number): LivePrice {
  return readLivePrice(LivePriceSchema.parse({ timestamp, value }));
}

export function balance(amount = "1000"): Balance {
  return readBalance(BalanceSchema.parse({ userId: 1, balance: amount, withdrawal_req: "none" }));
}

const positionBase = {
  gid: "489886",
  c: "USDC",
  a: "BTC_USDT",
  id: 1,
  f: "5",
  sp: "66169",
  cm: false,
  cmt: null,
  pw: "0x00000000000000000000000000000000000000aa",
  win: null,
  t: "1771495586504",
  tx: null,
  txid: "95c7bbf3-0000-4000-8000-000000000001",
  p: null,
  created_at: "2026-02-19T10:06:26.505Z",
  st: "success",
  it: 60,
  n: "testnet",
  username: "trader",
  avatar: { imageUrl: "https://example.invalid/a.png", backgroundColor: "#123456" },
};

export function wirePlacedPosition(over: Partial<WirePlaced> = {}): WirePlaced {
  return PlacedPositionSchema.parse({ ...positionBase, w: "0", r: null, ...over });
}

export function placedPosition(over: Partial<WirePlaced> = {}): PlacedPosition {
  return readPlacedPosition(wirePlacedPosition(over));
}

export function wireStatusPosition(over: Partial<WireStatusPosition> = {}): WireStatusPosition {
  return StatusPositionSchema.parse({ ...positionBase, w: 4.587819563491935, r: -8.243608730161291, ...over });
}

export function statusPosition(over: Partial<WireStatusPosition> = {}): Position {
  return readStatus({ positions: [wireStatusPosition(over)], streaks: [] }).positions[0]!;
}

export function statusResponse(positions: Position[] = [], streaks: unknown[] = []): StatusReport {
  return { ...readStatus({ positions: [], streaks }), positions };
}

/** A GET /results answer written as the spec shows it, read as the client reads it. */
export function resultsPage(wire: WireResults): ResultsPage {
  return readResults(ResultsResponseSchema.parse(wire), {});
}

/** One game of a results page, written as the spec shows it. */
export function gameResult(wire: WireGameResult): GameResult {
  return resultsPage({ games: [wire], pagination: { total: 1, limit: 20, offset: 0 } }).games[0]!;
}
