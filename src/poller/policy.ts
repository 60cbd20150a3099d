/**
 * Which request the next slot goes to. Pure: the poller hands in what it
 * knows and gets one task back (or none, when everything due is waiting out
 * a failure). The order encodes what a trader needs first: their own order,
 * then anything the game clock says is out of date, then the heartbeat
 * price, with periodic refreshes fitted in between. An endpoint that is
 * failing waits out its own backoff (health.ts) and its turn passes to the
 * next task, so it never takes the others' slots.
 */
import { livePhase, nextBoundary } from "../domain/game.js";
import type { GameListing } from "../domain/service-data.js";
import { type BookRequest, isCritical } from "./book-policy.js";
import type { Endpoint } from "./snapshot.js";

/** What a slot is spent on; "book" is the book's request of the moment (book-policy.ts). */
export type TaskKind = "place" | "reconcile" | "spot" | "price" | "status" | "balance" | "results" | "settlement" | "book" | "history";

/** The endpoint a task asks: its failures and its backoff are that endpoint's. */
export function endpointOf(kind: TaskKind, book?: Pick<BookRequest, "kind"> | null): Endpoint {
  switch (kind) {
    case "reconcile":
      return "status";
    case "settlement":
    case "history":
      return "results";
    case "book":
      return book?.kind ?? "status";
    default:
      return kind;
  }
}

/** Refresh periods (ms). docs/poller.md explains each figure. */
export const POLICY = {
  /**
   * While the user holds positions the projection moves with every price:
   * every third slot, a hair under 3 s so that slot is not missed by a millisecond.
   */
  statusWhileHoldingMs: 2_900,
  /**
   * The same while games are held in other markets too, or the pass at
   * launch is looking for them: every fifth slot, so that their refreshes
   * and its looks (book-policy.ts) fit beside a price that still gets more
   * than every other slot.
   */
  statusWhileHoldingSharedMs: 4_900,
  /** Nothing held here that the dashboard knows of: still read, so positions placed elsewhere (a bot, the CLI) show within a 10 s game. */
  statusIdleMs: 10_000,
  /** The same while the book shares the slots (games held elsewhere, or its pass at launch): the price keeps its pace. */
  statusIdleSharedMs: 30_000,
  /**
   * Placements, settlements and a position placed elsewhere (placedElsewhere)
   * fetch it at once; this only catches a change nothing shows (a deposit).
   * Longer than a 1 m game's 75 s, so while the trader plays game after game
   * it never spends a slot.
   */
  balanceMs: 90_000,
  /**
   * Countdowns tick locally; this only catches a listing that changed
   * unannounced. Longer than a 1 m game's 75 s, so on one the end's
   * fetch always comes first and this never spends a slot.
   */
  spotSafetyMs: 90_000,
  /**
   * A listing fetched after ends_at still shows the old game: ask again 2 s
   * later, then backing off with the time since that end (half of it, at
   * most spotNoLiveGameMs), so a service slow to move on does not take
   * every slot the price leaves.
   */
  spotSettlingRetryMs: 2_000,
  /** No game is live (between games, a paused asset): check calmly; an announced next start is fetched on time anyway. */
  spotNoLiveGameMs: 10_000,
  resultsOpenMs: 30_000,
  settlementRetryMs: 3_000,
  /**
   * The first minute after launch is the live panes' and the book's pass at
   * launch: the kept results' history, which no pane shows until the
   * performance view opens, is read only after it (at once when the view
   * is opened sooner). Its pages would otherwise take every other slot
   * from the price while the pass runs.
   */
  historyAfterLaunchMs: 60_000,
  /**
   * Games this long or shorter (s) have their positions read before an ended game's result: a 10 s game takes
   * positions for 10 s, and with the result first its count would show 6–7 s in, a projection 4 s after its POST.
   */
  positionsBeforeResultS: 10,
} as const;

export interface PolicyInput {
  /** Local ms. */
  now: number;
  /** Local ms since the poller started. */
  sinceStart: number;
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
  /**
   * What the panes have never read: for the focused market (at launch, after a
   * switch of asset or interval) the listing and the positions; the balance.
   */
  unread: { spot: boolean; status: boolean; balance: boolean };
  /** The least time between two starts (spacing.ts): when the slot after this one can start. */
  slotMs: number;
  /** The book's next request (nextBookRequest), or null when it wants nothing now. */
  book: BookRequest | null;
  /**
   * Games are held outside the focused market, or the pass at launch is
   * still looking for them: the focused status shares the slots with theirs.
   */
  bookBusy: boolean;
  /** The service answers again after an outage: what went stale is fetched back to back, without the price between. */
  catchingUp: boolean;
  resultsOpen: boolean;
  /**
   * A network's kept results want a page read (results-reader.ts): "waited"
   * while the performance view is open (the trader waits on it), else "idle".
   */
  history: "waited" | "idle" | null;
  /** A game the user played has ended and its result has not been seen yet. */
  settlementPending: boolean;
  /** Per endpoint, the local ms before which it must not be asked (it is backing off after a failure). */
  blockedUntil: Partial<Record<Endpoint, number>>;
  /** Endpoints whose last answer was a failure: their retries yield to the others' due requests. */
  failing: ReadonlySet<Endpoint>;
}

type Wants = PolicyInput["want"];

/**
 * The service answers again after being unreachable (or refusing the key):
 * everything the outage left stale is wanted next, and fetched back to back
 * (catchingUp), so every pane is fresh within a couple of seconds rather
 * than at its next periodic refresh. `answered` is the request that got through.
 */
export function afterOutage(want: Wants, answered: Endpoint, listingStale: boolean): Wants {
  return {
    ...want,
    status: want.status || answered !== "status",
    balance: want.balance || answered !== "balance",
    spot: want.spot || (answered !== "spot" && listingStale),
  };
}

function due(input: PolicyInput, kind: TaskKind, periodMs: number): boolean {
  const last = input.lastAttempt[kind];
  return last === undefined || input.now - last >= periodMs;
}

/**
 * Whether the listing is due, and how: "now" when the game clock says it is
 * out of date (a boundary passed, none yet, asked for); "settling" when one
 * fetched after the live game's end still shows it (asked again, backing
 * off, after the end's settlement and event-driven fetches);
 * "periodic" for the calm checks (no game live, the safety net), which
 * yield to the book's due refreshes.
 */
export function spotDue(i: PolicyInput): "now" | "settling" | "periodic" | false {
  if (i.want.spot || i.listing === undefined || i.listingAt === undefined) return "now";
  const boundary = nextBoundary(i.listing, i.listingAt);
  if (boundary !== null && i.serverNow >= boundary) return "now";
  const phase = livePhase(i.listing, i.serverNow);
  if (phase === "settling") return due(i, "spot", settlingRetryMs(i.listing, i.serverNow)) && "settling";
  return due(i, "spot", phase === null ? POLICY.spotNoLiveGameMs : POLICY.spotSafetyMs) && "periodic";
}

function settlingRetryMs(listing: GameListing, serverNow: number): number {
  const endedAgo = serverNow - (listing.liveGame?.ends_at ?? serverNow);
  return Math.min(POLICY.spotNoLiveGameMs, Math.max(POLICY.spotSettlingRetryMs, endedAgo / 2));
}

function focusedStatusMs(i: PolicyInput): number {
  if (!i.holdingPositions) return i.bookBusy ? POLICY.statusIdleSharedMs : POLICY.statusIdleMs;
  return i.bookBusy ? POLICY.statusWhileHoldingSharedMs : POLICY.statusWhileHoldingMs;
}

/** A placement this close to its game's lock goes before the price's turn: a slot's wait could miss the lock. */
export const PLACE_BEFORE_LOCK_MS = 2_500;

function locksSoon(i: PolicyInput): boolean {
  const closes = i.listing?.liveGame?.closes_at;
  return closes === undefined || closes - i.serverNow < PLACE_BEFORE_LOCK_MS;
}

/** What the focused market's panes read first, in this order. */
const FIRST_LOOK = ["spot", "status"] as const;

/**
 * The next task, or null when nothing may be sent now (every due endpoint is
 * backing off). A task is a candidate when it is due and its endpoint is not
 * backing off; the first candidate whose endpoint is healthy wins, else the
 * first failing one, so a retry never delays another endpoint's data.
 */
export function chooseNext(i: PolicyInput): TaskKind | null {
  const ready = (kind: TaskKind) => (i.blockedUntil[endpointOf(kind, i.book)] ?? 0) <= i.now;
  // The price is the heartbeat: it gets at least every other slot, so even a
  // game boundary (listing, result, balance, status) or a placement never
  // starves it, and its turn comes no more often, so it cannot starve them either, failing or not (it takes
  // more only of the slots nothing else wants, and of a periodic refresh's before a boundary: boundaryNext).
  const last = i.recent.at(-1);
  const priceTurn = last !== undefined && last !== "price" && !i.catchingUp && ready("price");
  // A placement waits for the heartbeat's turn, unless that would take it past its game's lock.
  if (i.placeQueued && ready("place") && (!priceTurn || locksSoon(i))) return "place";
  if (i.reconcileNeeded && ready("reconcile")) return "reconcile";
  // Until the focused game's listing and positions are read, its panes can only say "loading": they
  // go first, before the price, so that a 10 s game held at launch is shown within its own seconds.
  const unread = FIRST_LOOK.find((kind) => i.unread[kind] && ready(kind) && !i.failing.has(kind));
  if (unread) return unread;
  if (priceTurn) return "price";
  // Then the balance, never read, before a boundary's listing: a game ending in the launch's first seconds
  // would otherwise leave the balance pane saying "loading" for four slots more (its listing, a price, its positions, a price).
  if (i.unread.balance && ready("balance") && !i.failing.has("balance")) return "balance";
  const candidates: [TaskKind, () => boolean][] = [
    ["spot", () => spotDue(i) === "now"],
    // A results page the trader just asked for (opened the view, paged, filtered) is waited on: next free slot.
    ["results", () => i.resultsOpen && i.want.results],
    // In a 10 s game the positions a game end or a placement wants, before the result (unless a game held elsewhere is critical).
    ["status", () => i.want.status && (i.listing?.interval ?? Infinity) <= POLICY.positionsBeforeResultS && !isCritical(i.book, i.now)],
    ["settlement", () => i.settlementPending && due(i, "settlement", POLICY.settlementRetryMs)],
    // A game held elsewhere whose bound runs out within a couple of slots goes before the focused game's event-driven fetches.
    ["book", () => isCritical(i.book, i.now)],
    // A placement's projection (and the positions at a boundary) before the balance: the trader watches what the position will pay.
    ["status", () => i.want.status],
    ["balance", () => i.want.balance],
    ["spot", () => spotDue(i) === "settling"],
  ];
  // The periodic refreshes and the book's looks: each can wait a slot (boundaryNext).
  const periodic: [TaskKind, () => boolean][] = [
    // A game held elsewhere that is due (its bound is 30 s, 5 s in its last minute) before the focused game's periodic refreshes.
    ["book", () => i.book?.urgent === true],
    ["spot", () => spotDue(i) === "periodic"],
    ["results", () => i.resultsOpen && due(i, "results", POLICY.resultsOpenMs)],
    ["status", () => due(i, "status", focusedStatusMs(i))],
    ["balance", () => due(i, "balance", POLICY.balanceMs)],
    // The results history the open performance view waits on, before the book's look through the markets.
    ["history", () => i.history === "waited"],
    // Looking through the other markets for games held there: when nothing else is due.
    ["book", () => i.book !== null],
    // Reading the kept results' history otherwise: the slots nothing else wants, once the launch's first minute is over.
    ["history", () => i.history !== null && i.sinceStart >= POLICY.historyAfterLaunchMs],
  ];
  const open = [...candidates, ...periodic].filter(([kind]) => ready(kind));
  const healthy = open.find(([kind, isDue]) => !i.failing.has(endpointOf(kind, i.book)) && isDue());
  const chosen = healthy ?? open.find(([, isDue]) => isDue());
  // Before a boundary the price, not a refresh that can wait: the slot after it is then not the price's turn, and
  // goes to the new game's listing (after a refresh here, the price's turn would put it 1.3–2 s into a 10 s game).
  if (chosen && !(periodic.includes(chosen) && boundaryNext(i) && ready("price"))) return chosen[0];
  // Nothing else is due: the heartbeat.
  return ready("price") ? "price" : null;
}

/** The focused listing's next boundary passes before the slot after this one can start. */
function boundaryNext(i: PolicyInput): boolean {
  if (i.listing === undefined || i.listingAt === undefined) return false;
  const boundary = nextBoundary(i.listing, i.listingAt);
  return boundary !== null && boundary > i.serverNow && boundary <= i.serverNow + i.slotMs;
}
