import type { PolicyInput } from "../../src/poller/policy.js";

/**
 * The policy's input at `now` with nothing pending but what `over` says. The
 * focused listing is taken as fresh: its boundaries are the focused game's
 * concern, tested in poller.test.ts.
 */
export function policyInput(now: number, over: Partial<PolicyInput>): PolicyInput {
  return {
    now,
    sinceStart: 3_600_000,
    serverNow: now,
    placeQueued: false,
    reconcileNeeded: false,
    listing: LISTING(now),
    listingAt: now,
    lastAttempt: {},
    recent: [],
    want: { spot: false, status: false, balance: false, results: false },
    holdingPositions: false,
    unread: { spot: false, status: false, balance: false },
    catchingUp: false,
    resultsOpen: false,
    history: null,
    settlementPending: false,
    blockedUntil: {},
    failing: new Set(),
    slotMs: 1_015,
    book: null,
    bookBusy: false,
    ...over,
  };
}

/** A listing whose live game is far from any boundary. */
export const LISTING = (now: number) =>
  ({
    asset: "BTC_USDT",
    interval: 60,
    liveGame: { gid: "1", start_at: now - 1_000, closes_at: now + 3_600_000, ends_at: now + 3_600_000, lobby: null },
    nextGame: null,
  }) as unknown as PolicyInput["listing"];
