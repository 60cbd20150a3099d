/**
 * The only thing in the dashboard that sends requests. One request in flight
 * at a time, starts spaced by the budget, the next request chosen by
 * policy.ts. The UI talks to it through intents (place, refresh, retarget,
 * open results) and reads the store it fills.
 */

import { ApiError, isApiError } from "../api/errors.js";
import type { Network } from "../api/schemas.js";
import type { Market } from "../domain/book.js";
import type { GameListing, PlacedPosition, Unreadable } from "../domain/service-data.js";
import type { BookRequest } from "./book-policy.js";
import { withBookError } from "./book-reducers.js";
import { BookWatch, bookOwnFailure } from "./book-watch.js";
import { RequestHealth } from "./health.js";
import type { PollerClient, PollerOptions } from "./options.js";
import { Placements, placeBody, refused } from "./placements.js";
import { afterOutage, chooseNext, endpointOf, type TaskKind } from "./policy.js";
import {
  answered,
  failed,
  retargeted,
  toInfo,
  withBalance,
  withListing,
  withPlaced,
  withPrice,
  withSettlement,
  withStatus,
} from "./reducers.js";
import { ResultsReader } from "./results-reader.js";
import { ResultsViewPages, type ViewQuery } from "./results-view.js";
import { ServerClock } from "./server-clock.js";
import { focusedGameEnded, gameLeftBy, SettlementWatch } from "./settlements.js";
import type { Endpoint, PlacementOutcome, PlaceRequest, Snapshot, Target } from "./snapshot.js";
import { holdsLiveGame, initialSnapshot, placedElsewhere } from "./snapshot.js";
import { RequestSpacing } from "./spacing.js";
import { isStale } from "./staleness.js";
import { Store } from "./store.js";
import { WakeableSleep } from "./wakeable-sleep.js";

const REFRESH_THROTTLE_MS = 5_000;
/** With nothing to send (every due endpoint backing off), look again this often at the latest. */
const IDLE_RECHECK_MS = 1_000;

export class Poller {
  readonly store: Store<Snapshot>;
  readonly clock = new ServerClock();
  private readonly client: PollerClient;
  private readonly wallet: string | undefined;
  private readonly spacing: RequestSpacing;
  private readonly health: RequestHealth;
  private readonly onRequest: PollerOptions["onRequest"];

  private running = false;
  private readonly sleeper = new WakeableSleep();
  private lastAttempt: Partial<Record<TaskKind, number>> = {};
  private recent: TaskKind[] = [];
  private want = { spot: true, status: true, balance: true, results: false };
  private lastForcedRefresh = -Infinity;
  /** Set on recovery until what it wanted has been fetched (catchUp). */
  private catchingUp = false;
  private readonly placements: Placements;
  private readonly resultsView = new ResultsViewPages();
  private readonly settlements = new SettlementWatch({ update: (f) => this.store.update(f) });
  private readonly book: BookWatch | undefined;
  private readonly history = new ResultsReader();
  /** The network whose kept results the slot being chosen would read, or null. */
  private historyNetwork: Network | null = null;
  /** The book's request of the slot being chosen (the policy gives it a slot or not). */
  private bookRequest: BookRequest | null = null;
  /** Bumped by retarget: an answer for the old asset or interval that lands afterwards is dropped. */
  private epoch = 0;
  private startedAt = 0; // local ms of start()

  constructor(opts: PollerOptions) {
    this.client = opts.client;
    this.wallet = opts.wallet;
    this.spacing = new RequestSpacing(opts.maxRps);
    this.health = new RequestHealth(opts.maxBackoffMs ?? 2_000, opts.jitter);
    this.onRequest = opts.onRequest;
    this.book = opts.book ? new BookWatch(opts.book) : undefined;
    this.store = new Store(initialSnapshot(opts.target, this.book?.markets ?? []));
    this.placements = new Placements(this.store);
  }

  get snapshot(): Snapshot {
    return this.store.getSnapshot();
  }
  serverNow = (): number => this.clock.serverNow();

  /** Reads these assets' prices too (an alert's level), at the book's calm pace in the same budget; without a book, nothing. */
  watchPrices = (assets: readonly string[]): void => this.book?.watchPrices(assets);
  /** The book's markets not looked at yet (BookWatch.undiscovered); none without a book. */
  bookUndiscovered = (): Market[] => this.book?.undiscovered(this.snapshot.target) ?? [];

  start(): void {
    if (this.running) return;
    this.running = true;
    this.startedAt = Date.now();
    void this.loop();
  }

  stop(): void {
    this.running = false;
    this.sleeper.wake();
    this.placements.drop(refused("the dashboard is shutting down; nothing was placed", this.serverNow()));
  }

  // ---- intents -------------------------------------------------------------

  /** Queue a position; it takes the very next slot. Resolves with what happened. */
  place(req: PlaceRequest): Promise<PlacementOutcome> {
    if (!this.wallet) return Promise.resolve(refused("no wallet address: set METAFIDE_USER_ADDRESS to place positions", this.serverNow()));
    return new Promise((resolve) => {
      this.placements.enqueue(req, resolve);
      this.sleeper.wake();
    });
  }

  /** Ctrl+R: refetch everything on screen, at most once per few seconds, inside the budget. */
  refresh(): boolean {
    const now = Date.now();
    if (now - this.lastForcedRefresh < REFRESH_THROTTLE_MS) return false;
    this.lastForcedRefresh = now;
    this.want = { spot: true, status: true, balance: true, results: this.resultsView.open };
    this.sleeper.wake();
    return true;
  }

  /** Change asset or interval: the old game's data no longer applies, nor a position queued for it (its body would name the new one). */
  retarget(change: Partial<Pick<Target, "asset" | "interval">>): void {
    const prev = this.snapshot.target;
    const target = { ...prev, ...change };
    if (target.asset === prev.asset && target.interval === prev.interval) return;
    this.epoch++;
    // A game that has just ended by the clock is waited on before the switch puts its positions out of the panes.
    this.settlements.watch(focusedGameEnded(this.snapshot, this.serverNow()), Date.now());
    this.book?.left(prev, this.snapshot.status !== undefined);
    this.placements.drop(refused("the screen moved to another market before it was sent", this.serverNow()));
    this.want = { ...this.want, spot: true, status: true };
    this.sleeper.wake();
    this.store.update((s) => retargeted(s, target, this.serverNow()));
  }

  /** Open (query) or close (null) the results view; fetched only while open. */
  setResultsQuery(query: ViewQuery | null): void {
    const { wanted, apply } = this.resultsView.show(query, this.snapshot);
    this.want.results = wanted;
    if (!apply) return;
    this.store.update(apply);
    this.sleeper.wake();
  }

  /** The performance view opened or closed: while open, games settled elsewhere are read in (results-reader.ts). */
  setPerformanceOpen(open: boolean): void {
    this.history.setViewOpen(open);
    this.sleeper.wake();
  }

  // ---- the loop ------------------------------------------------------------

  private async loop(): Promise<void> {
    while (this.running) {
      // A loop, not one sleep: an intent may end a sleep early, and the spacing between starts holds whatever woke it.
      for (let wait = this.earliestStart() - Date.now(); wait > 0 && this.running; wait = this.earliestStart() - Date.now()) {
        await this.sleeper.sleep(wait);
      }
      if (!this.running) return;
      const kind = this.choose();
      if (kind === null) {
        // Nothing to send: wait until the first backing-off endpoint is free, at most a second, or for an intent (a query, a placement).
        const now = Date.now();
        await this.sleeper.sleep(Math.min(IDLE_RECHECK_MS, (this.health.nextRetry(now) ?? Infinity) - now));
        continue;
      }
      const at = this.spacing.started();
      this.lastAttempt[kind] = at;
      this.recent = [...this.recent.slice(-1), kind];
      this.onRequest?.(kind, at, kind === "book" ? (this.bookRequest ?? undefined) : undefined);
      await this.run(kind);
      this.spacing.finished(Date.now(), this.client.lastExchange);
    }
  }

  private earliestStart(): number {
    return Math.max(this.spacing.nextStart, this.health.pausedUntil);
  }

  private choose(): TaskKind | null {
    const s = this.snapshot;
    if (this.clock.synced) this.placements.withdrawLapsed(s.listing?.value, s.target.interval, this.serverNow());
    this.catchingUp &&= this.want.status || this.want.balance || this.want.spot;
    this.bookRequest = this.book?.next(s, Date.now(), this.serverNow()) ?? null;
    const ended = [...(this.book?.ended(s, this.serverNow()) ?? []), ...focusedGameEnded(s, this.serverNow())];
    this.settlements.watch(ended, Date.now());
    this.historyNetwork = this.history.next(s, this.serverNow());
    const now = Date.now();
    return chooseNext({
      now,
      sinceStart: now - this.startedAt,
      serverNow: this.serverNow(),
      placeQueued: this.placements.waiting,
      reconcileNeeded: this.placements.reconcileNeeded,
      listing: s.listing?.value,
      listingAt: s.listing?.at,
      lastAttempt: this.lastAttempt,
      recent: this.recent,
      want: this.want,
      catchingUp: this.catchingUp,
      holdingPositions: holdsLiveGame(s),
      unread: { spot: s.listing === undefined, status: s.status === undefined, balance: s.balance === undefined },
      slotMs: this.spacing.nextStart - this.spacing.lastStarted,
      book: this.bookRequest,
      bookBusy: this.book?.busy(s) ?? false,
      resultsOpen: this.resultsView.open,
      history: this.historyNetwork === null ? null : this.history.waited ? "waited" : "idle",
      settlementPending: this.settlements.pending,
      blockedUntil: this.health.blockedUntil(),
      failing: this.health.failing(),
    });
  }

  private async run(kind: TaskKind): Promise<void> {
    try {
      await this.tasks[kind](this.epoch, this.snapshot.target);
    } catch (e) {
      const market = kind === "book" ? bookOwnFailure(e, this.bookRequest) : undefined;
      // Only that market's row says so; the focused panes keep their cadence.
      if (market) this.store.update((s) => withBookError(s, market, (e as Error).message));
      else this.fail(kind, e);
    }
  }

  /** One request per kind. `epoch` is the target's when it was sent: an answer about a market the trader has since left is dropped. */
  private readonly tasks: Record<TaskKind, (epoch: number, t: Target) => Promise<void>> = {
    spot: async (epoch, t) => {
      const sentAt = Date.now();
      const listing = await this.client.getSpot({ asset: t.asset, interval: t.interval });
      this.clock.addExchange(sentAt, this.client.lastExchange, listing.timestamp);
      if (epoch !== this.epoch) return;
      this.want.spot = false;
      this.onListing(listing);
    },
    price: async (epoch, t) => {
      const price = await this.client.getLivePrice({ asset: t.asset });
      if (epoch !== this.epoch) return;
      this.succeed("price", price.issues, (s, at) => withPrice(s, price, at));
    },
    balance: async (_epoch, t) => {
      const balance = await this.client.getUserBalance({ currency: t.currency, network: t.network });
      this.want.balance = false;
      this.succeed("balance", balance.issues, (s, at) => withBalance(s, balance, at));
    },
    status: (epoch, t) => this.fetchStatus(epoch, t, false),
    reconcile: (epoch, t) => this.fetchStatus(epoch, t, true),
    results: async (_epoch, t) => {
      const answer = await this.resultsView.send(this.client, t);
      if (answer === null) return;
      // The view may have moved to another page while this one was in flight: that one is still wanted.
      this.want.results = answer.stillWanted;
      this.succeed("results", answer.page.issues, answer.apply);
    },
    settlement: () => this.checkSettlement(),
    history: async () => {
      if (this.historyNetwork === null) return;
      const answer = await this.history.send(this.client, this.snapshot, this.historyNetwork);
      this.succeed("results", answer.issues, answer.apply);
    },
    place: () => this.sendPlace(),
    book: async () => {
      if (!this.book || this.bookRequest === null) return;
      const answer = await this.book.send(this.bookRequest, this.client, this.snapshot, Date.now());
      this.settlements.watch(answer.ended, Date.now());
      this.want.balance ||= answer.placedElsewhere === true;
      this.succeed(answer.endpoint, answer.issues, answer.apply);
    },
  };

  private async fetchStatus(epoch: number, t: Target, reconciling: boolean): Promise<void> {
    const status = await this.client.getStatus({ asset: t.asset, token: t.currency, network: t.network, interval: t.interval });
    if (epoch !== this.epoch) return;
    this.want = { ...this.want, status: false, balance: this.want.balance || placedElsewhere(this.snapshot, status) };
    this.settlements.watchEndedListed(this.snapshot.listing?.value, status.positions, Date.now());
    this.succeed("status", status.issues, (s, at) => withStatus(s, status, at));
    if (reconciling && this.placements.reconcile(status.positions, this.serverNow())) this.want.balance = true;
  }

  // ---- outcomes ------------------------------------------------------------

  private succeed(endpoint: Endpoint, issues: readonly Unreadable[], apply: (s: Snapshot, at: number) => Snapshot): void {
    if (this.health.succeeded(endpoint)) {
      this.want = afterOutage(this.want, endpoint, isStale(this.snapshot.listing, "spot", this.serverNow()));
      this.catchingUp = true;
    }
    const at = this.serverNow();
    const connection = this.health.connection(Date.now());
    this.store.update((s) => answered(apply(s, at), { endpoint, at, issues, connection, clockOffset: this.clock.offset }));
  }

  private fail(kind: TaskKind, e: unknown): void {
    const err = isApiError(e) ? e : new ApiError({ kind: "server", call: kind, message: String(e) });
    const endpoint = endpointOf(kind, this.bookRequest);
    const now = Date.now();
    // Catching up is for a service that is back: a failure returns the heartbeat its every other slot.
    this.catchingUp = false;
    // What was wanted stays wanted: it is asked again once this endpoint's wait is over.
    const retryAt = this.health.failed(endpoint, err, now);
    const connection = this.health.connection(now);
    this.store.update((s) => failed(s, endpoint, toInfo(err, this.serverNow()), retryAt, connection));
  }

  /** The endpoint answered, but not in a form that could be read: shown in diagnostics, with no backoff. */
  private answeredUnreadably(endpoint: Endpoint, err: ApiError): void {
    this.health.succeeded(endpoint);
    this.store.update((s) => failed(s, endpoint, toInfo(err, this.serverNow()), undefined));
  }

  private onListing(listing: GameListing): void {
    const ended = gameLeftBy(this.snapshot, listing);
    if (ended !== undefined) {
      this.want.status = true;
      // The balance and results follow once the result is in (checkSettlement).
      if (ended.played) this.settlements.watch([ended.gid], Date.now());
    }
    this.succeed("spot", listing.issues, (s, at) => withListing(s, listing, at, ended !== undefined));
  }

  private async checkSettlement(): Promise<void> {
    const { games, issues } = await this.settlements.ask(this.client, this.snapshot.target.network, Date.now());
    this.succeed("results", issues, (s, at) => this.settlements.withWaiting(games.reduce((x, game) => withSettlement(x, game, at), s)));
    if (games.length > 0) this.want = { ...this.want, balance: true, results: this.want.results || this.resultsView.open };
  }

  // ---- placing -------------------------------------------------------------

  private async sendPlace(): Promise<void> {
    const item = this.placements.next;
    if (!item) return;
    this.placements.sending(item, this.snapshot.status?.value.positions ?? []);
    let position: PlacedPosition;
    try {
      position = await this.client.placePosition(placeBody(item.req, this.snapshot.target, this.wallet ?? ""));
    } catch (e) {
      const err = isApiError(e) ? e : new ApiError({ kind: "server", call: "POST /spot", message: String(e), outcomeUnknown: true });
      const { action, endpointFailed } = this.placements.failed(item, err, this.serverNow());
      if (endpointFailed) throw err;
      if (action === "reconcile") this.answeredUnreadably("place", err);
      return;
    }
    this.want = { ...this.want, balance: true, status: true };
    this.succeed("place", position.issues, (s) => withPlaced(s, position));
    this.placements.placed(item, position);
  }
}
