/**
 * The only thing in the dashboard that sends requests. One request in flight
 * at a time, starts spaced by the budget, the next request chosen by
 * policy.ts. The UI talks to it through intents (place, refresh, retarget,
 * open results) and reads the store it fills.
 */

import type { ApiClient, ResultsQuery } from "../api/client.js";
import { ApiError, isApiError } from "../api/errors.js";
import { nextGameGid } from "../domain/game.js";
import { Decimal } from "../domain/money.js";
import { otherGames, playsIn } from "../domain/positions.js";
import { isSettled } from "../domain/results.js";
import type { GameListing, PlacedPosition, Position, Unreadable } from "../domain/service-data.js";
import { RequestHealth } from "./health.js";
import { chooseNext, endpointOf, type TaskKind } from "./policy.js";
import { ServerClock } from "./server-clock.js";
import {
  type Endpoint,
  type EndpointDiagnostics,
  type EndpointError,
  initialSnapshot,
  type PlacementOutcome,
  PRICE_HISTORY,
  type Snapshot,
  type Target,
} from "./snapshot.js";
import { RequestSpacing } from "./spacing.js";
import { Store } from "./store.js";

export type PollerClient = Pick<ApiClient, "getSpot" | "getLivePrice" | "getUserBalance" | "getStatus" | "getResults" | "placePosition">;

export interface PollerOptions {
  client: PollerClient;
  target: Target;
  /** Wallet address sent as pw; placing is refused without it. */
  wallet?: string;
  /** Requests per second at most (default 1, never more than the user set). */
  maxRps?: number;
  /** Upper bound of the retry delay after network and server errors. */
  maxBackoffMs?: number;
  /** Called for every request start (benchmarks and tests count them). */
  onRequest?: (kind: TaskKind, at: number) => void;
}

export interface PlaceRequest {
  gid: string;
  sp: string;
  f: string;
}

const REFRESH_THROTTLE_MS = 5_000;
/** With nothing to send (every due endpoint backing off), look again this often at the latest. */
const IDLE_RECHECK_MS = 1_000;
const KEEP_SETTLEMENTS = 20;

interface QueuedPlace {
  id: number;
  req: PlaceRequest;
  resolve: (o: PlacementOutcome) => void;
  /** txids of the game known before sending: what reconciliation compares against. */
  knownTxids?: Set<string>;
  error?: ApiError;
}

export class Poller {
  readonly store: Store<Snapshot>;
  readonly clock: ServerClock;
  private readonly client: PollerClient;
  private readonly wallet: string | undefined;
  private readonly spacing: RequestSpacing;
  private readonly health: RequestHealth;
  private readonly onRequest: PollerOptions["onRequest"];

  private running = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private wake: (() => void) | undefined;
  private lastAttempt: Partial<Record<TaskKind, number>> = {};
  private recent: TaskKind[] = [];
  private want = { spot: true, status: true, balance: true, results: false };
  private lastForcedRefresh = -Infinity;
  private placeQueue: QueuedPlace[] = [];
  private reconciling: QueuedPlace | undefined;
  private nextPlaceId = 1;
  private resultsQuery: Omit<ResultsQuery, "network"> | null = null;
  /** Games the user played that have ended, awaiting their result. */
  private settlementWatch: { gid: string; since: number }[] = [];
  /** Every game ever put on the watch, so a game /status keeps listing is not watched twice. */
  private readonly watched = new Set<string>();
  private epoch = 0;

  constructor(opts: PollerOptions) {
    this.client = opts.client;
    this.wallet = opts.wallet;
    this.spacing = new RequestSpacing(opts.maxRps);
    this.health = new RequestHealth(opts.maxBackoffMs ?? 2_000);
    this.onRequest = opts.onRequest;
    this.clock = new ServerClock();
    this.store = new Store(initialSnapshot(opts.target));
  }

  get snapshot(): Snapshot {
    return this.store.getSnapshot();
  }

  serverNow = (): number => this.clock.serverNow();

  start(): void {
    if (this.running) return;
    this.running = true;
    void this.loop();
  }

  stop(): void {
    this.running = false;
    this.poke();
    for (const q of this.placeQueue) q.resolve(refused("the dashboard is shutting down; nothing was placed", this.serverNow()));
    this.placeQueue = [];
  }

  // ---- intents -------------------------------------------------------------

  /** Queue a position; it takes the very next slot. Resolves with what happened. */
  place(req: PlaceRequest): Promise<PlacementOutcome> {
    return new Promise((resolve) => {
      const id = this.nextPlaceId++;
      const item: QueuedPlace = { id, req, resolve };
      if (!this.wallet) {
        resolve(refused("no wallet address: set METAFIDE_USER_ADDRESS to place positions", this.serverNow()));
        return;
      }
      this.placeQueue.push(item);
      this.setPlacement(item, "queued");
      this.poke();
    });
  }

  /** Ctrl+R: refetch everything on screen, at most once per few seconds, inside the budget. */
  refresh(): boolean {
    const now = Date.now();
    if (now - this.lastForcedRefresh < REFRESH_THROTTLE_MS) return false;
    this.lastForcedRefresh = now;
    this.want = { spot: true, status: true, balance: true, results: this.resultsQuery !== null };
    this.poke();
    return true;
  }

  /** Change asset or interval: the old game's data no longer applies. */
  retarget(change: Partial<Pick<Target, "asset" | "interval">>): void {
    const prev = this.snapshot.target;
    const target = { ...prev, ...change };
    if (target.asset === prev.asset && target.interval === prev.interval) return;
    this.epoch++;
    this.want = { ...this.want, spot: true, status: true };
    this.poke();
    this.store.update((s) => ({
      ...s,
      target,
      listing: undefined,
      status: undefined,
      placed: [],
      ...(target.asset !== prev.asset ? { price: undefined, prices: [] } : {}),
    }));
  }

  /** Open (query) or close (null) the results view; fetched only while open. */
  setResultsQuery(query: Omit<ResultsQuery, "network"> | null): void {
    this.resultsQuery = query;
    if (query === null) return;
    const key = resultsKey(query);
    // Fetch a page not seen yet, or one fetched before the latest settlement (it may now be out of date).
    const page = this.snapshot.results?.pages[key];
    const lastSettled = this.snapshot.settlements.at(-1)?.at;
    this.want.results = page === undefined || (lastSettled !== undefined && page.at < lastSettled);
    this.store.update((s) => ({ ...s, results: { key, pages: s.results?.pages ?? {} } }));
    this.poke();
  }

  // ---- the loop ------------------------------------------------------------

  private async loop(): Promise<void> {
    while (this.running) {
      // A loop, not one sleep: an intent's wake() may end a sleep early, and
      // the spacing between starts holds whatever woke it.
      for (let wait = this.earliestStart() - Date.now(); wait > 0 && this.running; wait = this.earliestStart() - Date.now()) {
        await this.sleep(wait);
      }
      if (!this.running) return;
      const kind = this.choose();
      if (kind === null) {
        // Nothing to send now: wait for the first backing-off endpoint to be
        // free, at most a second (something falls due), or for wake() (a new query or placement).
        const now = Date.now();
        await this.sleep(Math.min(IDLE_RECHECK_MS, (this.health.nextRetry(now) ?? Infinity) - now));
        continue;
      }
      const at = this.spacing.started();
      this.lastAttempt[kind] = at;
      this.recent = [...this.recent.slice(-1), kind];
      this.onRequest?.(kind, at);
      await this.run(kind);
      this.spacing.finished();
    }
  }

  private earliestStart(): number {
    return Math.max(this.spacing.nextStart, this.health.pausedUntil);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.wake = resolve;
      this.timer = setTimeout(resolve, ms);
    });
  }

  /** Ends the loop's current sleep so that a new intent is looked at now, not at the next recheck. */
  private poke(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.wake?.();
  }

  private choose(): TaskKind | null {
    const s = this.snapshot;
    return chooseNext({
      now: Date.now(),
      serverNow: this.serverNow(),
      placeQueued: this.placeQueue.length > 0,
      reconcileNeeded: this.reconciling !== undefined,
      listing: s.listing?.value,
      listingAt: s.listing?.at,
      lastAttempt: this.lastAttempt,
      recent: this.recent,
      want: this.want,
      holdingPositions: this.holdingPositions(),
      resultsOpen: this.resultsQuery !== null,
      settlementPending: this.settlementWatch.length > 0,
      blockedUntil: this.health.blockedUntil(),
      failing: this.health.failing(),
    });
  }

  private holdingPositions(): boolean {
    const s = this.snapshot;
    const gid = s.listing?.value.liveGame?.gid;
    return gid !== undefined && playsIn(gid, s.placed, s.status?.value.positions ?? []);
  }

  private async run(kind: TaskKind): Promise<void> {
    const epoch = this.epoch;
    const t = this.snapshot.target;
    const sentAt = Date.now();
    try {
      switch (kind) {
        case "spot": {
          const listing = await this.client.getSpot({ asset: t.asset, interval: t.interval });
          if (listing.timestamp !== null) this.clock.addSample(sentAt, Date.now(), listing.timestamp);
          if (epoch !== this.epoch) return;
          this.want.spot = false;
          this.onListing(listing);
          break;
        }
        case "price": {
          const price = await this.client.getLivePrice({ asset: t.asset });
          if (epoch !== this.epoch) return;
          this.succeed("price", price.issues, (s, at) => {
            const last = s.prices[s.prices.length - 1];
            // A price without its own time is placed at its arrival.
            const t = price.timestamp ?? at;
            // The chart plots floats; the price itself stays an exact decimal.
            const prices = last?.t === t ? s.prices : [...s.prices.slice(-(PRICE_HISTORY - 1)), { t, value: price.value.toNumber() }];
            return { ...s, price: { value: price, at }, prices };
          });
          break;
        }
        case "balance": {
          const balance = await this.client.getUserBalance({ currency: t.currency, network: t.network });
          this.want.balance = false;
          this.succeed("balance", balance.issues, (s, at) => ({
            ...s,
            balance: { value: balance, at },
            sessionStartBalance: s.sessionStartBalance ?? balance.balance,
          }));
          break;
        }
        case "status":
        case "reconcile": {
          const status = await this.client.getStatus({ asset: t.asset, token: t.currency, network: t.network, interval: t.interval });
          if (epoch !== this.epoch) return;
          this.want.status = false;
          this.succeed("status", status.issues, (s, at) => {
            const seen = new Set(status.positions.map((p) => p.txid));
            return { ...s, status: { value: status, at }, placed: s.placed.filter((p) => !seen.has(p.txid)) };
          });
          if (kind === "reconcile") this.finishReconcile(status.positions);
          // A game /status still lists that is neither live nor next has ended: its result is awaited like any other.
          const listing = this.snapshot.listing?.value;
          if (listing) {
            for (const o of otherGames(listing.liveGame?.gid, nextGameGid(listing), status.positions)) {
              if (o.relation === "ended" && o.gid !== "?") this.watchSettlement(o.gid);
            }
          }
          break;
        }
        case "results": {
          const query = this.resultsQuery;
          if (query === null) break;
          const key = resultsKey(query);
          const results = await this.client.getResults({ ...query, network: t.network });
          // The view may have moved to another page while this one was in flight: that one is still wanted.
          if (this.resultsQuery === null || resultsKey(this.resultsQuery) === key) this.want.results = false;
          this.succeed("results", results.issues, (s, at) => ({
            ...s,
            results: {
              key: this.resultsQuery ? resultsKey(this.resultsQuery) : key,
              pages: { ...(s.results?.pages ?? {}), [key]: { value: results, at } },
            },
          }));
          break;
        }
        case "settlement":
          await this.checkSettlement();
          break;
        case "place":
          await this.sendPlace();
          break;
      }
    } catch (e) {
      this.fail(kind, e);
    }
  }

  // ---- outcomes ------------------------------------------------------------

  private succeed(endpoint: Endpoint, issues: readonly Unreadable[], apply: (s: Snapshot, at: number) => Snapshot): void {
    this.health.succeeded(endpoint);
    const at = this.serverNow();
    const connection = this.health.connection(Date.now());
    this.store.update((s) => {
      const next = apply(s, at);
      const { [endpoint]: _cleared, ...errors } = s.errors;
      const diagnostics = noted(s.diagnostics, endpoint, (d) => ({
        ...d,
        requests: d.requests + 1,
        okAt: at,
        retryAt: undefined,
        ...(issues.length > 0 ? { unreadable: { at, issues } } : {}),
      }));
      return { ...next, errors, diagnostics, connection, lastOkAt: at, clockOffset: this.clock.offset };
    });
  }

  private fail(kind: TaskKind, e: unknown): void {
    const err = isApiError(e) ? e : new ApiError({ kind: "server", call: kind, message: String(e) });
    const endpoint = endpointOf(kind);
    const now = Date.now();
    const info: EndpointError = { kind: err.kind, message: err.message, at: this.serverNow() };
    // What was wanted stays wanted: it is asked again once this endpoint's wait is over.
    const retryAt = this.health.failed(endpoint, err, now);
    const connection = this.health.connection(now);
    this.store.update((s) => ({
      ...s,
      connection,
      errors: { ...s.errors, [endpoint]: info },
      diagnostics: noted(s.diagnostics, endpoint, (d) => ({
        ...d,
        requests: d.requests + 1,
        failures: d.failures + 1,
        lastError: info,
        retryAt,
      })),
    }));
  }

  /** The endpoint answered, but not in a form that could be read: shown in diagnostics, with no backoff. */
  private answeredUnreadably(endpoint: Endpoint, err: ApiError): void {
    this.health.succeeded(endpoint);
    const info = toInfo(err, this.serverNow());
    this.store.update((s) => ({
      ...s,
      errors: { ...s.errors, [endpoint]: info },
      diagnostics: noted(s.diagnostics, endpoint, (d) => ({
        ...d,
        requests: d.requests + 1,
        failures: d.failures + 1,
        lastError: info,
        retryAt: undefined,
      })),
    }));
  }

  private onListing(listing: GameListing): void {
    const prevGid = this.snapshot.listing?.value.liveGame?.gid;
    const gid = listing.liveGame?.gid;
    const changedGame = prevGid !== undefined && prevGid !== gid;
    if (changedGame) {
      const endedGid = prevGid;
      const played = playsIn(endedGid, this.snapshot.placed, this.snapshot.status?.value.positions ?? []);
      this.want.status = true;
      // The balance and results follow once the result is in (checkSettlement).
      if (played) this.watchSettlement(endedGid);
    }
    this.succeed("spot", listing.issues, (s, at) => ({
      ...s,
      listing: { value: listing, at },
      placed: changedGame ? s.placed.filter((p) => p.gid === gid) : s.placed,
    }));
  }

  private watchSettlement(gid: string): void {
    if (this.watched.has(gid)) return;
    this.watched.add(gid);
    this.settlementWatch.push({ gid, since: Date.now() });
  }

  private async checkSettlement(): Promise<void> {
    const watch = this.settlementWatch[0];
    if (!watch) return;
    const t = this.snapshot.target;
    const res = await this.client.getResults({ network: t.network, gid: watch.gid });
    const game = res.games.find((g) => g.gid === watch.gid);
    const settled = game !== undefined && isSettled(game);
    const givenUp = Date.now() - watch.since > 10 * 60_000;
    if (settled || givenUp) this.settlementWatch.shift();
    this.succeed("results", res.issues, (s, at) =>
      settled && game ? { ...s, settlements: [...s.settlements.slice(-(KEEP_SETTLEMENTS - 1)), { gid: game.gid, result: game, at }] } : s,
    );
    if (settled) {
      this.want.balance = true;
      if (this.resultsQuery) this.want.results = true;
    }
  }

  // ---- placing -------------------------------------------------------------

  private async sendPlace(): Promise<void> {
    const item = this.placeQueue[0];
    if (!item) return;
    const t = this.snapshot.target;
    item.knownTxids = new Set(this.snapshot.status?.value.positions.filter((p) => p.gid === item.req.gid).map((p) => p.txid));
    this.setPlacement(item, "sending");
    let position: PlacedPosition;
    try {
      position = await this.client.placePosition({
        gid: item.req.gid,
        c: t.currency,
        a: t.asset,
        sp: item.req.sp,
        f: item.req.f,
        pw: this.wallet ?? "",
        n: t.network,
        it: t.interval,
      });
    } catch (e) {
      const err = isApiError(e) ? e : new ApiError({ kind: "server", call: "POST /spot", message: String(e), outcomeUnknown: true });
      if (err.kind === "rate_limited") {
        // Refused before it was applied: it stays queued until the limit resets.
        this.setPlacement(item, "queued");
        throw err;
      }
      this.placeQueue.shift();
      if (err.outcomeUnknown || err.kind === "server" || err.kind === "schema") {
        // The service may have applied it. Never send it again blindly: ask /status.
        item.error = err;
        this.reconciling = item;
        this.setPlacement(item, "reconciling");
        // An answer it could not read is still an answer: the endpoint works,
        // and the next position is not held back for it.
        if (err.kind === "schema") this.answeredUnreadably("place", err);
        else throw err;
        return;
      }
      const outcome: PlacementOutcome = { kind: "rejected", error: toInfo(err, this.serverNow()), fields: err.fields };
      this.finishPlacement(item, outcome);
      if (err.kind === "network" || err.kind === "auth") throw err;
      return;
    }
    this.placeQueue.shift();
    this.want.balance = true;
    this.want.status = true;
    this.succeed("place", position.issues, (s) => ({ ...s, placed: [...s.placed, position] }));
    this.finishPlacement(item, { kind: "placed", position });
  }

  private finishReconcile(positions: readonly Position[]): void {
    const item = this.reconciling;
    if (!item) return;
    this.reconciling = undefined;
    const sp = new Decimal(item.req.sp);
    const f = new Decimal(item.req.f);
    const found = positions.find(
      (p) =>
        (p.gid === null || p.gid === item.req.gid) &&
        !item.knownTxids?.has(p.txid) &&
        p.sp instanceof Decimal &&
        p.sp.eq(sp) &&
        p.f instanceof Decimal &&
        p.f.eq(f),
    );
    const error = toInfo(item.error ?? new ApiError({ kind: "network", call: "POST /spot", message: "outcome unknown" }), this.serverNow());
    if (found) this.want.balance = true;
    this.finishPlacement(
      item,
      found ? { kind: "reconciled", placed: true, txid: found.txid, error } : { kind: "reconciled", placed: false, error },
    );
  }

  private setPlacement(item: QueuedPlace, state: "queued" | "sending" | "reconciling"): void {
    this.store.update((s) => ({ ...s, placement: { id: item.id, ...item.req, state } }));
  }

  private finishPlacement(item: QueuedPlace, outcome: PlacementOutcome): void {
    this.store.update((s) => ({ ...s, placement: { id: item.id, ...item.req, state: "done", outcome } }));
    item.resolve(outcome);
  }
}

/** The diagnostics with one endpoint's record changed. */
function noted(
  all: Snapshot["diagnostics"],
  endpoint: Endpoint,
  change: (d: EndpointDiagnostics) => EndpointDiagnostics,
): Snapshot["diagnostics"] {
  return { ...all, [endpoint]: change(all[endpoint] ?? { requests: 0, failures: 0 }) };
}

function toInfo(err: ApiError, at: number): EndpointError {
  return { kind: err.kind, message: err.message, at };
}

function refused(message: string, at: number): PlacementOutcome {
  return { kind: "rejected", error: { kind: "invalid", message: `POST /spot: ${message}`, at }, fields: [] };
}

/** A stable key for a results query, so pages already seen can be shown again. */
export function resultsKey(q: Omit<ResultsQuery, "network">): string {
  return JSON.stringify([q.asset ?? null, q.interval ?? null, q.gid ?? null, q.limit ?? 20, q.offset ?? 0]);
}
