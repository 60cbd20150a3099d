/**
 * What each answer (or failure) does to the snapshot, as pure functions of
 * the snapshot: the poller decides when to send and calls one of these with
 * what came back; nothing here sends, waits or reads a clock.
 */
import type { ResultsQuery } from "../api/client.js";
import type { ApiError } from "../api/errors.js";
import { appendPrice, mergeSeries, PriceSeries } from "../domain/price-series.js";
import { mergeSessionGames, type SessionInputs } from "../domain/results.js";
import type {
  Balance,
  GameListing,
  GameResult,
  LivePrice,
  PlacedPosition,
  ResultsPage,
  StatusReport,
  Unreadable,
} from "../domain/service-data.js";
import { refocusedBook, withoutSettledGame } from "./book-reducers.js";
import { withSettledGame } from "./results-history.js";
import { withSeenGames } from "./seen-games.js";
import type {
  Connection,
  Endpoint,
  EndpointDiagnostics,
  EndpointError,
  Placement,
  PlacementOutcome,
  PlaceRequest,
  Snapshot,
  Target,
} from "./snapshot.js";
import { endedGame, listingAt } from "./snapshot.js";
import { positionsRead } from "./staleness.js";

/** Settlement notices kept for the toast and the session summary. */
const KEEP_SETTLEMENTS = 20;

/** A stable key for a results query, so pages already seen can be shown again. */
export function resultsKey(q: Omit<ResultsQuery, "network">): string {
  return JSON.stringify([q.asset ?? null, q.interval ?? null, q.gid ?? null, q.limit ?? 20, q.offset ?? 0]);
}

export function toInfo(err: ApiError, at: number): EndpointError {
  return { kind: err.kind, message: err.message, at };
}

/** The diagnostics with one endpoint's record changed. */
function noted(
  all: Snapshot["diagnostics"],
  endpoint: Endpoint,
  change: (d: EndpointDiagnostics) => EndpointDiagnostics,
): Snapshot["diagnostics"] {
  return { ...all, [endpoint]: change(all[endpoint] ?? { requests: 0, failures: 0 }) };
}

// ---- what every answer records ---------------------------------------------------

export interface Answered {
  endpoint: Endpoint;
  /** Server ms of the answer. */
  at: number;
  /** Values it sent that could not be read. */
  issues: readonly Unreadable[];
  connection: Connection;
  clockOffset: number;
}

/** An endpoint answered: its error is cleared, its diagnostics counted, the data is fresh as of `at`. */
export function answered(s: Snapshot, a: Answered): Snapshot {
  const { [a.endpoint]: _cleared, ...errors } = s.errors;
  const diagnostics = noted(s.diagnostics, a.endpoint, (d) => ({
    ...d,
    requests: d.requests + 1,
    okAt: a.at,
    retryAt: undefined,
    ...(a.issues.length > 0 ? { unreadable: { at: a.at, issues: a.issues } } : {}),
  }));
  const session = s.session.start === undefined ? { ...s.session, start: a.at } : s.session;
  return { ...s, errors, diagnostics, connection: a.connection, lastOkAt: a.at, clockOffset: a.clockOffset, session };
}

/**
 * An endpoint failed (`retryAt` when it is tried again) or answered in a
 * form that could not be read (`retryAt` undefined, the connection as it was).
 */
export function failed(
  s: Snapshot,
  endpoint: Endpoint,
  info: EndpointError,
  retryAt: number | undefined,
  connection?: Connection,
): Snapshot {
  return {
    ...s,
    ...(connection ? { connection } : {}),
    errors: { ...s.errors, [endpoint]: info },
    diagnostics: noted(s.diagnostics, endpoint, (d) => ({ ...failedOnce(d, info), retryAt })),
  };
}

/** One more request in an endpoint's diagnostics, failed with `info`, its last failure. */
function failedOnce(d: EndpointDiagnostics, info: EndpointError): EndpointDiagnostics {
  return { ...d, requests: d.requests + 1, failures: d.failures + 1, lastError: info };
}

/**
 * An endpoint answered by refusing what was asked (a placement the service
 * would not take: a duplicate, a stake below the minimum): a failed request
 * in diagnostics, its last failure, while the endpoint carries no error of
 * its own. What was refused is the form's to say, and the next request is
 * not held back for it.
 */
export function refusedByService(s: Snapshot, endpoint: Endpoint, info: EndpointError): Snapshot {
  return { ...s, diagnostics: noted(s.diagnostics, endpoint, (d) => failedOnce(d, info)) };
}

// ---- each answer's data ---------------------------------------------------------------------

/** The listing; positions placed from here in a game that is no longer live are dropped. */
export function withListing(s: Snapshot, listing: GameListing, at: number, changedGame: boolean): Snapshot {
  const gid = listing.liveGame?.gid;
  if (!changedGame) return { ...s, listing: { value: listing, at } };
  return { ...s, listing: { value: listing, at }, placed: s.placed.filter((p) => p.gid === gid), settling: endedGame(s) ?? s.settling };
}

export function withPrice(s: Snapshot, price: LivePrice, at: number): Snapshot {
  // A price without its own time is placed at its arrival.
  const t = price.timestamp ?? at;
  const asset = s.target.asset;
  // The chart plots floats; the price itself stays an exact decimal.
  const series = appendPrice(s.priceHistory[asset] ?? PriceSeries.EMPTY, { t, value: price.value.toNumber() });
  const priceHistory = series === s.priceHistory[asset] ? s.priceHistory : { ...s.priceHistory, [asset]: series };
  return { ...s, price: { value: price, at }, priceHistory };
}

/** The price history on disk could not be read or written: said in the help overlay's problems. */
export function withHistoryProblem(s: Snapshot, message: string): Snapshot {
  return { ...s, historyProblem: message };
}

/** The history read from disk at launch, merged under what the poller has seen since. */
export function withLoadedHistory(s: Snapshot, loaded: Readonly<Record<string, PriceSeries>>): Snapshot {
  const priceHistory = { ...s.priceHistory };
  for (const [asset, series] of Object.entries(loaded)) priceHistory[asset] = mergeSeries(series, s.priceHistory[asset] ?? []);
  return { ...s, priceHistory };
}

export function withBalance(s: Snapshot, balance: Balance, at: number): Snapshot {
  return { ...s, balance: { value: balance, at }, sessionStartBalance: s.sessionStartBalance ?? balance.balance };
}

/** /status; a position placed from here that it now lists is no longer shown twice. */
export function withStatus(s: Snapshot, status: StatusReport, at: number): Snapshot {
  const seen = new Set(status.positions.map((p) => p.txid));
  const next = { ...s, status: { value: status, at }, placed: s.placed.filter((p) => !seen.has(p.txid)) };
  return withSeenGames(next, status.positions, s.listing?.value.liveGame?.gid);
}

/** A page not fetched yet, or one that may be out of date now. */
export function resultsPageWanted(s: Snapshot, key: string): boolean {
  const page = s.results?.pages[key];
  return page === undefined || resultsPageOutdated(s, page);
}

/** Fetched before the latest settlement: the game that settled may be missing from it. */
export function resultsPageOutdated(s: Snapshot, page: { at: number }): boolean {
  const lastSettled = s.settlements.at(-1)?.at;
  return lastSettled !== undefined && page.at < lastSettled;
}

export function withResultsShown(s: Snapshot, key: string): Snapshot {
  return { ...s, results: { key, pages: s.results?.pages ?? {} } };
}

/** A results page, kept with the others; `shown` is the key of the page the view shows now. */
export function withResultsPage(s: Snapshot, key: string, shown: string, page: ResultsPage, at: number): Snapshot {
  const results = { key: shown, pages: { ...(s.results?.pages ?? {}), [key]: { value: page, at } } };
  return withSessionGames({ ...s, results }, { notices: [], pages: [page] });
}

export function withSettlement(s: Snapshot, game: GameResult, at: number): Snapshot {
  const notice = { gid: game.gid, result: game, at };
  const settling = s.settling?.gid === game.gid ? undefined : s.settling;
  const kept = withSettledGame(s, game, s.target.network);
  return withSessionGames(
    withoutSettledGame({ ...kept, settlements: [...s.settlements.slice(-(KEEP_SETTLEMENTS - 1)), notice], settling }, game.gid),
    { notices: [notice], pages: [] },
  );
}

/** The session's games outlive the bounded notice list and the pages the results view has fetched. */
function withSessionGames(s: Snapshot, seen: Omit<SessionInputs, "sessionStart" | "seen">): Snapshot {
  const games = mergeSessionGames(s.session.games, { ...seen, sessionStart: s.session.start, seen: s.session.seen });
  return games === s.session.games ? s : { ...s, session: { ...s.session, games } };
}

export function withPlaced(s: Snapshot, position: PlacedPosition): Snapshot {
  return withSeenGames({ ...s, placed: [...s.placed, position] }, [position], s.listing?.value.liveGame?.gid);
}

/**
 * Another asset or interval: the old game's data no longer applies to the
 * panes (the price too, for another asset); it stays in the book, and what
 * the book knew of the new market shows until it is fetched again: its
 * positions only if read in its live game, and its
 * listing only while its game, rolled by its schedule, has not ended (at
 * server time `now`): one kept from a visit 40 s ago showed a 10 s game long
 * over as the live one, SETTLING, with the price's move against its open.
 */
export function retargeted(s: Snapshot, target: Target, now: number): Snapshot {
  const { book, seed } = refocusedBook(s, target);
  const kept = seed?.listing;
  const rolled = kept === undefined ? undefined : { ...kept, value: listingAt(kept.value, target.interval, now) };
  const live = rolled?.value.liveGame ?? null;
  const listing = live !== null && now >= live.ends_at ? undefined : kept;
  // Positions the book read before the game live now began are another game's: left out, so the poller reads this one's first.
  const status = positionsRead({ status: seed?.status, listing: listing === undefined ? undefined : rolled }) ? seed?.status : undefined;
  // The book has the asset's last price: the one just shown, for another interval of the same asset.
  const price = book.prices[target.asset];
  // Each asset's price history stays: switching back shows it at once.
  return { ...s, target, book, listing, status, placed: seed?.placed ?? [], settling: undefined, price };
}

/** The placement the form shows: its request, where it stands, and once done what happened. */
export function withPlacement(s: Snapshot, id: number, req: PlaceRequest, state: Placement["state"], outcome?: PlacementOutcome): Snapshot {
  return { ...s, placement: { id, ...req, state, ...(outcome ? { outcome } : {}) } };
}
