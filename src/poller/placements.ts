/**
 * Positions on their way to the service: the queue the form and `place`
 * fill, and the one whose POST got no usable answer, which /status must
 * settle before anything is sent again. A position is never sent twice
 * blindly: reconciliation looks for it among the positions /status lists.
 */
import type { ApiError } from "../api/errors.js";
import { Decimal } from "../domain/money.js";
import type { Position } from "../domain/service-data.js";
import type { PlacementOutcome } from "./snapshot.js";

export interface PlaceRequest {
  gid: string;
  sp: string;
  f: string;
}

export interface QueuedPlace {
  id: number;
  req: PlaceRequest;
  resolve: (o: PlacementOutcome) => void;
  /** txids of the game known before sending: what reconciliation compares against. */
  knownTxids?: Set<string>;
  error?: ApiError;
}

export class Placements {
  private queue: QueuedPlace[] = [];
  /** The position whose POST's outcome is unknown, until /status says. */
  reconciling: QueuedPlace | undefined;
  private nextId = 1;

  enqueue(req: PlaceRequest, resolve: (o: PlacementOutcome) => void): QueuedPlace {
    const item = { id: this.nextId++, req, resolve };
    this.queue.push(item);
    return item;
  }

  get next(): QueuedPlace | undefined {
    return this.queue[0];
  }

  get waiting(): boolean {
    return this.queue.length > 0;
  }

  /** The next one has been answered (or must be reconciled): it leaves the queue. */
  sent(): void {
    this.queue.shift();
  }

  /** Resolves everything still queued with `outcome` and empties the queue. */
  drop(outcome: PlacementOutcome): void {
    for (const q of this.queue) q.resolve(outcome);
    this.queue = [];
  }
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

/** A refusal made here, before anything was sent. */
export function refused(message: string, at: number): PlacementOutcome {
  return { kind: "rejected", error: { kind: "invalid", message: `POST /spot: ${message}`, at }, fields: [] };
}
