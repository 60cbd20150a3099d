/**
 * What the dashboard knows, as one immutable value. Every datum carries the
 * server time at which it was received, so panes can show its age and mark
 * it stale instead of passing old numbers off as fresh.
 */
import type { ApiErrorKind } from "../api/errors.js";
import type { Network } from "../api/schemas.js";
import { type BookRow, bookRows, type Market, type MarketData, marketKey } from "../domain/book.js";
import { scheduledListing } from "../domain/game.js";
import type { Decimal } from "../domain/money.js";
import { heldPositions, playsIn } from "../domain/positions.js";
import { PriceSeries } from "../domain/price-series.js";
import { type Interval, lobbyMs } from "../domain/rules.js";
import type {
  Balance,
  GameListing,
  GameResult,
  LivePrice,
  PlacedPosition,
  Position,
  ResultsPage,
  StatusReport,
  Unreadable,
} from "../domain/service-data.js";

import { initialHistories, type ResultsHistories } from "./results-history.js";

export type Endpoint = "spot" | "price" | "balance" | "status" | "results" | "place";

export interface Datum<T> {
  value: T;
  /** Server ms at which the response arrived. */
  at: number;
}

export interface Target {
  asset: string;
  interval: Interval;
  network: Network;
  currency: string;
}

export type { PricePoint } from "../domain/price-series.js";

export interface EndpointError {
  kind: ApiErrorKind;
  message: string;
  /** Server ms. */
  at: number;
}

/**
 * One endpoint's record for the diagnostics view: unlike `errors`, which
 * holds what is wrong now, this keeps the last failure and the last values
 * that could not be read after the endpoint has recovered, for a bug report.
 */
export interface EndpointDiagnostics {
  requests: number;
  failures: number;
  /** Server ms of the last usable answer. */
  okAt?: number;
  lastError?: EndpointError;
  /** The values of its last response that held any that could not be read. */
  unreadable?: { at: number; issues: readonly Unreadable[] };
  /** Local ms before which it is not asked again (backing off after a failure). */
  retryAt?: number;
}

export type Connection =
  | { state: "connecting" }
  | { state: "ok" }
  /** resumeAt is local ms so a countdown can be drawn without the server clock. */
  | { state: "rate_limited"; resumeAt: number; reason: string }
  | { state: "offline"; retryAt: number; reason: string }
  | { state: "degraded"; retryAt: number; reason: string }
  | { state: "unauthorized"; retryAt: number; reason: string };

/** A position the trader asks for: the game, the strike and the stake, as the service takes them. */
export interface PlaceRequest {
  gid: string;
  sp: string;
  f: string;
}

export type PlacementOutcome =
  | { kind: "placed"; position: PlacedPosition }
  /** The service refused it; nothing was placed. */
  | { kind: "rejected"; error: EndpointError; fields: string[] }
  /** The POST's fate was unknown; /status told us what happened. */
  | { kind: "reconciled"; placed: boolean; txid?: string; error: EndpointError };

export interface Placement {
  id: number;
  sp: string;
  f: string;
  gid: string;
  state: "queued" | "sending" | "reconciling" | "done";
  outcome?: PlacementOutcome;
}

export interface SettlementNotice {
  gid: string;
  result: GameResult;
  /** Server ms at which we learned of it. */
  at: number;
}

export interface ResultsView {
  /** Stable key of the query (see resultsKey). */
  key: string;
  pages: Readonly<Record<string, Datum<ResultsPage>>>;
}

/** Since the dashboard's first answer: the games of the user's that settled (the session summary's input). */
export interface Session {
  /** Server ms of the first successful answer. */
  start?: number;
  games: ReadonlyMap<string, GameResult>;
  /**
   * The games whose positions the dashboard has read (a /status, the book's, a placement's answer). A
   * results page's game is the session's only if it is one of them or was placed in since the start:
   * one that ended before its positions were read (a launch in its last second) was never seen, and
   * the money line could not have counted it either.
   */
  seen: ReadonlySet<string>;
}

/** A market of the book other than the focused one: its last answers, and what went wrong with the last request for it. */
export interface BookMarket extends MarketData {
  error?: string;
}

/** The games held outside the focused market, and the live prices of their assets. */
export interface Book {
  /** Every market the book looks through, the focused one among them; none without a book. */
  watched: readonly Market[];
  markets: Readonly<Record<string, BookMarket>>;
  prices: Readonly<Record<string, Datum<LivePrice>>>;
}

export interface Snapshot {
  target: Target;
  listing?: Datum<GameListing>;
  price?: Datum<LivePrice>;
  /** Each asset's prices seen (and loaded from the history on disk), oldest first, bounded (domain/price-series.ts). */
  priceHistory: Readonly<Record<string, PriceSeries>>;
  /** Why the price history on disk is not being kept, if it is not. */
  historyProblem?: string;
  balance?: Datum<Balance>;
  /** The first balance seen this session, for "change since start". */
  sessionStartBalance?: Decimal;
  status?: Datum<StatusReport>;
  /** Positions placed this session that /status has not reported yet. */
  placed: readonly Position[];
  /** The positions of the game that ended last, kept on screen until its result arrives. */
  settling?: { gid: string; positions: readonly Position[] };
  /**
   * The games the trader played whose result the poller waits on (SettlementWatch), first ended first:
   * the focused game's, one ended in a market since left, one held elsewhere. Until each is in, the
   * session's net would leave it out of both its parts.
   */
  awaitingResults: readonly string[];
  /** What the book has found outside the focused market (the focused one's data is the fields above). */
  book: Book;
  results: ResultsView | null;
  /** The account's settled games kept across launches, per network (results-history.ts). */
  resultsHistory: ResultsHistories;
  settlements: readonly SettlementNotice[];
  session: Session;
  placement?: Placement;
  connection: Connection;
  /** Server ms of the last successful response of any kind. */
  lastOkAt?: number;
  /** What is wrong with each endpoint now; cleared by its next usable answer. */
  errors: Readonly<Partial<Record<Endpoint, EndpointError>>>;
  diagnostics: Readonly<Partial<Record<Endpoint, EndpointDiagnostics>>>;
  /** Server time minus local time, ms. */
  clockOffset: number;
}

export function initialSnapshot(target: Target, watched: readonly Market[] = []): Snapshot {
  return {
    target,
    priceHistory: {},
    placed: [],
    awaitingResults: [],
    book: { watched, markets: {}, prices: {} },
    results: null,
    resultsHistory: initialHistories(),
    settlements: [],
    session: { games: new Map(), seen: new Set() },
    connection: { state: "connecting" },
    errors: {},
    diagnostics: {},
    clockOffset: 0,
  };
}

/** Whether a game the trader played has ended and its result is not in: shown settling, or waited on elsewhere. */
export function resultPending(s: Pick<Snapshot, "settling" | "awaitingResults">): boolean {
  return s.settling !== undefined || s.awaitingResults.length > 0;
}

/** Whether the user has a position (placed here or listed by /status) in the live game. */
export function holdsLiveGame(s: Snapshot): boolean {
  const gid = s.listing?.value.liveGame?.gid;
  return gid !== undefined && playsIn(gid, s.placed, s.status?.value.positions ?? []);
}

/**
 * A /status answer lists a position the dashboard never knew of, neither in
 * the market's last /status nor placed here: one placed elsewhere (the
 * CLI, a bot, another device), so the balance it was staked from is out of
 * date. A market's first read says nothing: the balance read at launch
 * already counts what was held then. `market` is the focused one (the
 * snapshot) or one of the book's.
 */
export function placedElsewhere(market: Pick<MarketData, "status" | "placed">, status: StatusReport): boolean {
  const before = market.status?.value.positions;
  if (before === undefined) return false;
  const known = new Set([...before, ...(market.placed ?? [])].map((p) => p.txid));
  return status.positions.some((p) => !known.has(p.txid));
}

/** The target asset's prices: what the chart draws. */
export function targetPrices(s: Snapshot): PriceSeries {
  return s.priceHistory[s.target.asset] ?? PriceSeries.EMPTY;
}

/** The focused market's data in the book's terms. */
export function focusedMarket(s: Snapshot): MarketData {
  return { market: s.target, status: s.status, listing: s.listing, placed: s.placed };
}

/** Every game held, the focused market's and the book's, at server time `now`. */
export function bookOf(s: Snapshot, now: number): BookRow[] {
  const prices: Record<string, Decimal> = {};
  for (const [asset, p] of Object.entries(s.book.prices)) prices[asset] = p.value.value;
  if (s.price) prices[s.target.asset] = s.price.value.value;
  const key = marketKey(s.target);
  const others = Object.entries(s.book.markets).flatMap(([k, m]) => (k === key ? [] : [m]));
  const rows = bookRows([focusedMarket(s), ...others], prices, s.target, now);
  // A focused game whose result is in is over, though the last /status still lists it (the other markets' lose it at once).
  return s.settlements.length === 0 ? rows : rows.filter((r) => !r.focused || !s.settlements.some((n) => n.gid === r.gid));
}

/**
 * How far the book's look through its markets has got: the markets whose
 * /status has answered, of those it watches. Until every one has, "no games
 * held" would be a guess.
 */
export function bookRead(s: Snapshot): { read: number; of: number } {
  const focused = marketKey(s.target);
  const read = s.book.watched.filter((m) => {
    const key = marketKey(m);
    return key === focused ? s.status !== undefined : s.book.markets[key]?.status !== undefined;
  }).length;
  return { read, of: s.book.watched.length };
}

/** A market's listing as of server time `now`: rolled over to the game its schedule says is live. */
export function listingAt(listing: GameListing, interval: Interval, now: number): GameListing {
  return scheduledListing(listing, now, lobbyMs(interval));
}

/**
 * The snapshot as the screen shows it at server time `now`: the listing
 * rolled over to the game its schedule says is live (scheduledListing), so
 * a boundary shows the new game at once; the poller fetches the listing
 * itself at that boundary. The same snapshot when nothing rolls over.
 */
export function snapshotAt(s: Snapshot, now: number): Snapshot {
  if (s.listing === undefined) return s;
  const listing = listingAt(s.listing.value, s.target.interval, now);
  if (listing === s.listing.value) return s;
  // The same snapshot rolled over the same way each frame until the store changes: what the panes memoise on stays put.
  const known = rolledSnapshots.get(s);
  if (known?.listing?.value === listing) return known;
  // The ended game's positions stay on screen, as settling, from the same instant the new game does.
  const rolled = { ...s, listing: { value: listing, at: s.listing.at }, settling: endedGame(s) ?? s.settling };
  rolledSnapshots.set(s, rolled);
  return rolled;
}

const rolledSnapshots = new WeakMap<Snapshot, Snapshot>();

/** The positions of the live game that has just ended, if the user held any and its result is not in yet: shown as settling. */
export function endedGame(s: Snapshot): Snapshot["settling"] {
  const gid = s.listing?.value.liveGame?.gid;
  // Its result can come before a listing that shows the next game (it is asked for from the end by the game clock).
  if (gid === undefined || s.settlements.some((n) => n.gid === gid)) return undefined;
  const positions = heldPositions(gid, [...(s.status?.value.positions ?? []), ...s.placed]);
  return positions.length === 0 ? undefined : { gid, positions };
}
