/**
 * Which request the next slot goes to. Pure: the poller hands in what it
 * knows and gets one task back. The order encodes what a trader needs first:
 * their own order, then anything the game clock says is out of date, then
 * the heartbeat price, with periodic refreshes fitted in between.
 */
import { livePhase, nextBoundary } from "../domain/game.js";
import type { GameListing } from "../domain/service-data.js";

export type TaskKind = "place" | "reconcile" | "spot" | "price" | "status" | "balance" | "results" | "settlement";

/** Refresh periods (ms). docs/poller.md explains each figure. */
export const POLICY = {
  /** While the user holds positions the projection moves with every price. */
  /** Every third slot: a hair under 3 s so that slot is not missed by a millisecond. */
  statusWhileHoldingMs: 2_900,
  statusIdleMs: 30_000,
  balanceMs: 30_000,
  /** Countdowns tick locally; this only catches a listing that changed unannounced. */
  spotSafetyMs: 60_000,
  /** A listing fetched after ends_at still shows the old game: ask again, gently. */
  spotSettlingRetryMs: 2_000,
  /** No game is live (between games, a paused asset): check calmly; an announced next start is fetched on time anyway. */
  spotNoLiveGameMs: 10_000,
  resultsOpenMs: 30_000,
  settlementRetryMs: 3_000,
} as const;

export interface PolicyInput {
  /** Local ms. */
  now: number;
  /** Server ms (the game clock). */
  serverNow: number;
  placeQueued: boolean;
  reconcileNeeded: boolean;
  listing: GameListing | undefined;
  /** Server ms at which the current listing was received. */
  listingAt: number | undefined;
  /** Local ms of the last attempt per kind (success or not). */
  lastAttempt: Partial<Record<TaskKind, number>>;
  /** The kinds of the most recent slots, oldest first. */
  recent: readonly TaskKind[];
  /** One-shot needs raised by events (start-up, placement, game end, user intents). */
  want: { spot: boolean; status: boolean; balance: boolean; results: boolean };
  holdingPositions: boolean;
  resultsOpen: boolean;
  /** A game the user played has ended and its result has not been seen yet. */
  settlementPending: boolean;
}

function due(input: PolicyInput, kind: TaskKind, periodMs: number): boolean {
  const last = input.lastAttempt[kind];
  return last === undefined || input.now - last >= periodMs;
}

export function spotDue(i: PolicyInput): boolean {
  if (i.want.spot || i.listing === undefined || i.listingAt === undefined) return true;
  const boundary = nextBoundary(i.listing, i.listingAt);
  if (boundary !== null && i.serverNow >= boundary) return true;
  const phase = livePhase(i.listing, i.serverNow);
  if (phase === null) return due(i, "spot", POLICY.spotNoLiveGameMs);
  if (phase === "settling") return due(i, "spot", POLICY.spotSettlingRetryMs);
  return due(i, "spot", POLICY.spotSafetyMs);
}

export function chooseNext(i: PolicyInput): TaskKind {
  if (i.placeQueued) return "place";
  if (i.reconcileNeeded) return "reconcile";
  // The price is the heartbeat: it gets at least every other slot, so even a
  // game boundary (listing, result, balance, status) never starves it. The
  // exception is the slot after placing: the trader is watching the money.
  const last = i.recent.at(-1);
  if (last === "place" && i.want.balance) return "balance";
  if (last !== undefined && last !== "price") return "price";
  if (spotDue(i)) return "spot";
  // A results page the trader just asked for (opened the view, paged, filtered) is waited on: next free slot.
  if (i.resultsOpen && i.want.results) return "results";
  if (i.settlementPending && due(i, "settlement", POLICY.settlementRetryMs)) return "settlement";
  if (i.want.balance) return "balance";
  if (i.want.status) return "status";
  if (i.resultsOpen && due(i, "results", POLICY.resultsOpenMs)) return "results";
  if (due(i, "status", i.holdingPositions ? POLICY.statusWhileHoldingMs : POLICY.statusIdleMs)) return "status";
  if (due(i, "balance", POLICY.balanceMs)) return "balance";
  return "price";
}
