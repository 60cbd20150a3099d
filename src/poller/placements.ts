/**
 * Positions on their way to the service: the queue the form and `place`
 * fill, and the one whose POST got no usable answer, which /status must
 * settle before anything is sent again. A position is never sent twice
 * blindly: reconciliation looks for it among the positions /status lists.
 */
import { ApiError } from "../api/errors.js";
import type { PlacePositionBody } from "../api/schemas.js";
import { takesOrderFor } from "../domain/game.js";
import { Decimal } from "../domain/money.js";
import type { Interval } from "../domain/rules.js";
import type { GameListing, PlacedPosition, Position } from "../domain/service-data.js";
import { refusedByService, toInfo, withPlacement } from "./reducers.js";
import { listingAt, type Placement, type PlacementOutcome, type PlaceRequest, type Snapshot, type Target } from "./snapshot.js";

import type { Store } from "./store.js";

export interface QueuedPlace {
  id: number;
  req: PlaceRequest;
  resolve: (o: PlacementOutcome) => void;
  /** txids of the game known before sending: what reconciliation compares against. */
  knownTxids?: Set<string>;
  error?: ApiError;
}

/**
 * The queue and the one being reconciled, and what the snapshot shows of
 * them. The poller sends; this only keeps the record of each.
 */
export class Placements {
  private queue: QueuedPlace[] = [];
  /** The position whose POST's outcome is unknown, until /status says. */
  private reconciling: QueuedPlace | undefined;
  private nextId = 1;

  constructor(private readonly store: Store<Snapshot>) {}

  enqueue(req: PlaceRequest, resolve: (o: PlacementOutcome) => void): void {
    // Stryker disable next-line UpdateOperator: counting down gives ids as distinct, all they need to be
    const item = { id: this.nextId++, req, resolve };
    this.queue.push(item);
    this.show(item, "queued");
  }

  get next(): QueuedPlace | undefined {
    return this.queue[0];
  }

  get waiting(): boolean {
    return this.queue.length > 0;
  }

  get reconcileNeeded(): boolean {
    return this.reconciling !== undefined;
  }

  /** Its POST goes out now; `positions` are what /status last listed, so a new one can be told apart later. */
  sending(item: QueuedPlace, positions: readonly Position[]): void {
    item.knownTxids = new Set(positions.map((p) => p.txid));
    this.show(item, "sending");
  }

  placed(item: QueuedPlace, position: PlacedPosition): void {
    this.queue.shift();
    this.finish(item, { kind: "placed", position });
  }

  /** The POST did not come back placed; see placeFailure. */
  failed(item: QueuedPlace, err: ApiError, at: number): ReturnType<typeof placeFailure> {
    const decision = placeFailure(err);
    if (decision.action === "requeue") {
      this.show(item, "queued");
      return decision;
    }
    this.queue.shift();
    if (decision.action === "reconcile") {
      item.error = err;
      this.reconciling = item;
      this.show(item, "reconciling");
    } else {
      const error = toInfo(err, at);
      // Refused by the service (a 409, a 422): a failed request in diagnostics. One that never reached it is the poller's.
      if (!decision.endpointFailed) this.store.update((s) => refusedByService(s, "place", error));
      this.finish(item, { kind: "rejected", error, fields: err.fields });
    }
    return decision;
  }

  /** /status answered while a POST's outcome was unknown: true if it was placed after all. */
  reconcile(positions: readonly Position[], at: number): boolean {
    const item = this.reconciling;
    if (!item) return false;
    this.reconciling = undefined;
    const outcome = reconcileOutcome(item, positions, at);
    this.finish(item, outcome);
    return outcome.kind === "reconciled" && outcome.placed;
  }

  /**
   * Orders whose game stopped taking positions while they waited for a slot or a 429 are not sent (lapsedBeforeSent).
   * `now` is the service's time: without a listing's timestamp read (a one-shot command's own poller), not asked.
   */
  withdrawLapsed(listing: GameListing | undefined, interval: Interval, now: number): void {
    for (let item = this.queue[0]; item !== undefined; item = this.queue[0]) {
      const why = lapsedBeforeSent(item.req.gid, listing, interval, now);
      if (why === undefined) return;
      this.queue.shift();
      this.finish(item, refused(why, now));
    }
  }

  /** Resolves everything still queued with `outcome` and empties the queue. */
  drop(outcome: PlacementOutcome): void {
    for (const q of this.queue) q.resolve(outcome);
    this.queue = [];
  }

  private show(item: QueuedPlace, state: Exclude<Placement["state"], "done">): void {
    this.store.update((s) => withPlacement(s, item.id, item.req, state));
  }

  private finish(item: QueuedPlace, outcome: PlacementOutcome): void {
    this.store.update((s) => withPlacement(s, item.id, item.req, "done", outcome));
    item.resolve(outcome);
  }
}

export function placeBody(req: PlaceRequest, t: Target, wallet: string): PlacePositionBody {
  return { gid: req.gid, c: t.currency, a: t.asset, sp: req.sp, f: req.f, pw: wallet, n: t.network, it: t.interval };
}

/**
 * What a POST that did not come back placed leads to. `requeue`: refused
 * before it was applied, so it waits for the limit to reset. `reconcile`: the
 * service may have applied it, so it is never sent again blindly; /status
 * decides. `reject`: nothing was placed. `endpointFailed`: whether POST's
 * health hears of it (an answer that could not be read is still an answer,
 * and the next position is not held back for it).
 */
export function placeFailure(err: ApiError): { action: "requeue" | "reconcile" | "reject"; endpointFailed: boolean } {
  if (err.kind === "rate_limited") return { action: "requeue", endpointFailed: true };
  if (err.kind === "schema") return { action: "reconcile", endpointFailed: false };
  if (err.outcomeUnknown || err.kind === "server") return { action: "reconcile", endpointFailed: true };
  return { action: "reject", endpointFailed: err.kind === "network" || err.kind === "auth" };
}

/** What /status says became of a POST whose outcome was unknown. */
export function reconcileOutcome(item: QueuedPlace, positions: readonly Position[], at: number): PlacementOutcome {
  const found = reconciledPosition(item, positions);
  const error = toInfo(item.error ?? new ApiError({ kind: "network", call: "POST /spot", message: "outcome unknown" }), at);
  return found ? { kind: "reconciled", placed: true, txid: found.txid, error } : { kind: "reconciled", placed: false, error };
}

/** The position /status lists that the unanswered POST created, if any: same game, strike and stake, and new. */
export function reconciledPosition(item: QueuedPlace, positions: readonly Position[]): Position | undefined {
  const sp = new Decimal(item.req.sp);
  const f = new Decimal(item.req.f);
  return positions.find(
    (p) =>
      (p.gid === null || p.gid === item.req.gid) &&
      !item.knownTxids?.has(p.txid) &&
      p.sp instanceof Decimal &&
      p.sp.eq(sp) &&
      p.f instanceof Decimal &&
      p.f.eq(f),
  );
}

/**
 * Why an order can no longer be taken by its game, by the listing rolled to
 * server time `now` as the screen rolls it: its game has locked, or another
 * game is live. Undefined while it can be taken, and when the listing does
 * not know its game (the service decides). An order waits for its slot, or
 * out a 429, and can wait past the lock; sent then, it would only earn the
 * service's refusal, which on a 10 s game is the next game's first seconds.
 */
export function lapsedBeforeSent(gid: string, listing: GameListing | undefined, interval: Interval, now: number): string | undefined {
  const live = listing?.liveGame;
  if (listing === undefined || live == null) return undefined;
  const rolled = listingAt(listing, interval, now).liveGame;
  if (live.gid !== gid && rolled?.gid !== gid) return undefined;
  return takesOrderFor(rolled, gid, now) ? undefined : `not sent: #${gid} closed while the order waited`;
}

/** A refusal made here, before anything was sent. */
export function refused(message: string, at: number): PlacementOutcome {
  return { kind: "rejected", error: { kind: "invalid", message: `POST /spot: ${message}`, at }, fields: [] };
}
