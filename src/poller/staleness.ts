/**
 * When a datum stops being fresh: well past the refresh the poller plans for
 * it (policy.ts). Stale data stays on screen, marked, never passed off as new.
 */
import { POLICY } from "./policy.js";
import type { Datum, Endpoint, Snapshot } from "./snapshot.js";

const GRACE_MS = 5_000;

function expectedRefreshMs(endpoint: Endpoint, holdingPositions: boolean): number {
  switch (endpoint) {
    case "price":
      return 1_000;
    case "status":
      // Idle, the longer of its two paces (the book's sharing the slots or not): never STALE while on schedule.
      return holdingPositions ? POLICY.statusWhileHoldingMs : POLICY.statusIdleSharedMs;
    case "balance":
      return POLICY.balanceMs;
    case "spot":
      return POLICY.spotSafetyMs;
    case "results":
      return POLICY.resultsOpenMs;
    case "place":
      return Infinity;
  }
}

export function staleAfterMs(endpoint: Endpoint, holdingPositions = false): number {
  const expected = expectedRefreshMs(endpoint, holdingPositions);
  return Math.max(2 * expected, expected + GRACE_MS);
}

export function isStale(datum: Datum<unknown> | undefined, endpoint: Endpoint, serverNow: number, holdingPositions = false): boolean {
  return datum !== undefined && serverNow - datum.at > staleAfterMs(endpoint, holdingPositions);
}

/**
 * The balance read is known to be behind: a game settled, or a position
 * was placed here (the last placement is the latest), since. The poller
 * reads it again at once (docs/poller.md); until then its figure is drawn
 * dim, not as fresh.
 */
export function balanceOutdated(s: Pick<Snapshot, "balance" | "settlements" | "placement">): boolean {
  const at = s.balance?.at;
  if (at === undefined) return false;
  const outcome = s.placement?.outcome;
  const placedAt = outcome?.kind === "placed" ? outcome.position.t : undefined;
  return s.settlements.some((n) => n.at > at) || (typeof placedAt === "number" && placedAt > at);
}

/**
 * Whether what the game pane says about placing can be trusted now: the
 * service answering (live, or degraded elsewhere) and the listing fresh.
 * Offline, "can place now" would be a guess.
 */
export function placingKnown(s: Pick<Snapshot, "connection" | "listing">, serverNow: number): boolean {
  return placingUnknown(s, serverNow) === undefined;
}

/** Why placing is not known now (placingKnown), in the words the form and the strategy say it with; undefined when it is. */
export function placingUnknown(s: Pick<Snapshot, "connection" | "listing">, serverNow: number): string | undefined {
  // Before the first answer nothing has failed yet: "not answering" would be a fault the launch has not seen.
  if (s.connection.state === "connecting") return "placing unknown: the service has not answered yet";
  if (s.connection.state !== "ok" && s.connection.state !== "degraded") return "placing unknown: the service is not answering";
  // After a switch of asset or interval, its listing is the first request: a moment, not a fault.
  if (s.listing === undefined) return "placing unknown: the game listing is loading";
  return isStale(s.listing, "spot", serverNow) ? "placing unknown: the game listing is out of date" : undefined;
}

/**
 * Whether the live game's positions have been read: a /status answered since
 * the game started, or one that lists it. Until then its count is unknown,
 * not 0 (at launch, after a switch, in the second after a 10 s game starts).
 * Without a listing no game is known, so no count is either: after a switch
 * the book's /status of the market can be there before its listing.
 */
export function positionsRead(s: Pick<Snapshot, "status" | "listing">): boolean {
  if (s.status === undefined || s.listing === undefined) return false;
  const live = s.listing.value.liveGame;
  if (!live) return true;
  return s.status.at >= live.start_at || s.status.value.positions.some((p) => p.gid === live.gid);
}
