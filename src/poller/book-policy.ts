/**
 * Which request the book wants next: the games held outside the focused
 * market, and the markets looked through for new ones. Pure, like policy.ts,
 * which fits what this returns into the one request budget: an urgent
 * request (a held game due for a refresh) before the focused game's periodic
 * ones, a discovery only when nothing else is due. docs/poller.md, "The book".
 */
import type { Market } from "../domain/book.js";
import type { Interval } from "../domain/rules.js";

/** Refresh periods (ms) for the book; docs/poller.md explains each figure. */
export const BOOK_POLICY = {
  /**
   * A held game's positions are never older than 30 s, 5 s in the last
   * minute before its end: asked again that much earlier (the lead), so
   * the slots of wait for the heartbeat and the others fit in the bound.
   */
  heldStatusMs: 30_000,
  heldStatusLeadMs: 7_000,
  finalStatusMs: 5_000,
  finalStatusLeadMs: 1_500,
  finalWindowMs: 60_000,
  /**
   * The focused game's end fills about this many seconds of slots with its
   * own fetches (its listing, its settlement, the balance, often a
   * placement and that placement's balance and status), each before a
   * calm refresh. A calm refresh that would fall due in them is due a
   * slot (focusedEndMarginMs) before that end instead: a few seconds
   * early, never late.
   */
  focusedEndBusyMs: 10_000,
  focusedEndMarginMs: 1_000,
  /**
   * Another asset's live price, for its held games' distances: every 30 s
   * (as old as their positions may be), every 10 s while one is in its last
   * minute. Its bound is the period plus the slack: longer than a game's
   * 5 s, so the game's positions come before its distance; short enough
   * that the launch pass's looks do not keep it waiting past the bound.
   */
  priceMs: 30_000,
  finalPriceMs: 10_000,
  priceSlackMs: 3_000,
  /** A held market whose listing could not be fetched is asked again after this long. */
  spotRetryMs: 5_000,
  /** Each market not held is looked at this often for positions placed elsewhere. */
  discoveryMs: 300_000,
  /**
   * While some market has never been looked at (the pass at launch), one of
   * them is asked at least this often, even when held games and the focused
   * game keep every slot busy: a 1 m game held elsewhere is refreshed every
   * few seconds for its whole life and would otherwise hold the pass up.
   */
  launchPaceMs: 4_000,
} as const;

/**
 * A held game's refresh this close to its deadline (ms) is critical: it goes
 * before the focused game's event-driven fetches (a placement's status and
 * balance), after its boundary's listing and settlement, so that requests
 * falling due together cannot push it past its bound. Two slots.
 */
export const BOOK_CRITICAL_MS = 2_000;

/**
 * Whether a book request is critical: a held game's /status within
 * BOOK_CRITICAL_MS of its bound. Not a look of the pass at launch (overdue
 * looks after a busy spell would otherwise hold a placement's /status back
 * for several slots), nor a price or a listing, whose deadlines are ours,
 * with slack: they wait for the focused game's settlement and listing.
 */
export function isCritical(r: BookRequest | null, now: number): boolean {
  return r?.kind === "status" && r.urgent && !r.launch && r.deadline - now <= BOOK_CRITICAL_MS;
}

export interface BookMarketState {
  key: string;
  asset: string;
  interval: Interval;
  /** The last /status listed positions here (or some were placed here). */
  held: boolean;
  /** Server ms at which the held game ends, when its listing says. */
  endsAt: number | undefined;
  /** Server ms at which its listing was received; undefined when there is none. */
  listingAt: number | undefined;
  /** A held game is newer than the listing (a /status after it holds a game it does not show): it is out of date. */
  listingBehind?: boolean;
  /** Local ms of the last /status and /spot sent for it. */
  lastStatus: number | undefined;
  lastSpot: number | undefined;
}

export interface BookPolicyInput {
  /** Local ms. */
  now: number;
  /** Server ms. */
  serverNow: number;
  /** The focused market's asset: its price is the heartbeat's, already fetched. */
  focusedAsset: string;
  /** Every market but the focused one. */
  markets: readonly BookMarketState[];
  /** Local ms of the last /live-price sent per asset other than the focused one. */
  lastPrice: Readonly<Record<string, number>>;
  /** Assets whose price something else reads (an alert on a level), held or not. */
  watchedAssets?: readonly string[];
  /** Local ms of the first /status of the pass at launch, once sent. */
  launchPassStart: number | undefined;
  /** Server ms at which the focused live game ends, when its listing is known. */
  focusedEndsAt?: number | undefined;
}

export type BookRequest =
  /** `launch`: a look of the pass at launch, which guards no held game's bound, so it is never critical. */
  | { kind: "status"; market: Market; urgent: boolean; deadline: number; launch?: true; calm?: true }
  | { kind: "spot"; market: Market; urgent: true; deadline: number }
  | { kind: "price"; asset: string; urgent: true; deadline: number };

/** Whether a held game is in its last minute. */
function inFinalMinute(m: Pick<BookMarketState, "endsAt">, serverNow: number): boolean {
  return m.endsAt !== undefined && m.endsAt - serverNow <= BOOK_POLICY.finalWindowMs;
}

/** Local ms since `last`, or Infinity when never. */
const since = (now: number, last: number | undefined) => (last === undefined ? Number.POSITIVE_INFINITY : now - last);

/**
 * Local ms by which a held game's positions are due again, and how early
 * to ask: 30 s after the last /status; 5 s from one such bound before its
 * last minute, so that the minute starts with positions under 5 s old.
 */
function statusDue(m: BookMarketState, i: BookPolicyInput): { deadline: number; lead: number; calm: boolean } {
  const final = { lead: BOOK_POLICY.finalStatusLeadMs, calm: false };
  if (m.lastStatus === undefined) return { deadline: i.now, ...final };
  if (m.endsAt !== undefined && m.endsAt - i.serverNow <= BOOK_POLICY.finalWindowMs + BOOK_POLICY.finalStatusMs)
    return { deadline: m.lastStatus + BOOK_POLICY.finalStatusMs, ...final };
  return { deadline: beforeFocusedEnd(m.lastStatus + BOOK_POLICY.heldStatusMs, i), lead: BOOK_POLICY.heldStatusLeadMs, calm: true };
}

/**
 * A calm deadline moved out of the slots the focused game's end fills
 * (focusedEndBusyMs): to a slot before that end, when it would fall in
 * them. Once that end has passed, the deadline is its own again: a
 * refresh not sent before the end waits its turn rather than jump the
 * end's fetches.
 */
function beforeFocusedEnd(deadline: number, i: BookPolicyInput): number {
  if (i.focusedEndsAt === undefined || i.focusedEndsAt <= i.serverNow) return deadline;
  const busyFrom = i.now + (i.focusedEndsAt - i.serverNow) - BOOK_POLICY.focusedEndMarginMs;
  return deadline > busyFrom && deadline <= busyFrom + BOOK_POLICY.focusedEndMarginMs + BOOK_POLICY.focusedEndBusyMs ? busyFrom : deadline;
}

function heldRequests(m: BookMarketState, i: BookPolicyInput): BookRequest[] {
  const out: BookRequest[] = [];
  const ended = m.endsAt !== undefined && i.serverNow >= m.endsAt;
  // Once its game has ended: the listing (which game is live now) and the positions once more.
  const endedAgo = ended ? i.serverNow - m.endsAt! : 0;
  const noListing = (m.listingAt === undefined || m.listingBehind === true) && since(i.now, m.lastSpot) >= BOOK_POLICY.spotRetryMs;
  if (noListing || (ended && m.listingAt! < m.endsAt! && since(i.now, m.lastSpot) > endedAgo)) {
    // A game just found (a market just found held, or its next game) has waited for its times since its /status:
    // first found, first asked.
    const deadline = noListing && m.lastStatus !== undefined ? m.lastStatus : i.now;
    out.push({ kind: "spot", market: m, urgent: true, deadline });
  }
  // The once-after-the-end /status goes before the listing: it tells whether the game's positions are gone.
  // Its deadline is the end in local ms, like every other deadline here (endedAgo is the same span on either clock).
  if (ended && since(i.now, m.lastStatus) > endedAgo) out.push({ kind: "status", market: m, urgent: true, deadline: i.now - endedAgo });
  else if (!ended) {
    const { deadline, lead, calm } = statusDue(m, i);
    // Ordered by when the bound runs out, so a last-minute refresh goes before a price or a calmer game's.
    if (deadline - lead <= i.now) out.push({ kind: "status", market: m, urgent: true, deadline, ...(calm ? { calm } : {}) });
  }
  return out;
}

/**
 * Each asset held outside the focused one: its price, more often while one
 * of its games is in its last minute; and each asset an alert watches, at
 * the calm period.
 */
function priceRequests(i: BookPolicyInput): BookRequest[] {
  const periods = new Map<string, number>();
  for (const m of i.markets) {
    if (!m.held || m.asset === i.focusedAsset) continue;
    const period = inFinalMinute(m, i.serverNow) ? BOOK_POLICY.finalPriceMs : BOOK_POLICY.priceMs;
    periods.set(m.asset, Math.min(periods.get(m.asset) ?? Number.POSITIVE_INFINITY, period));
  }
  for (const asset of i.watchedAssets ?? []) {
    if (asset !== i.focusedAsset) periods.set(asset, Math.min(periods.get(asset) ?? Number.POSITIVE_INFINITY, BOOK_POLICY.priceMs));
  }
  return [...periods].flatMap(([asset, period]) => {
    const last = i.lastPrice[asset];
    if (last !== undefined && i.now - last < period) return [];
    // Never asked: before anything else due (the rows show no distance without it). Then after any held game's
    // refresh whose 5 s bound runs out sooner: the row's positions first, its distance next.
    const deadline = last === undefined ? Number.NEGATIVE_INFINITY : last + period + BOOK_POLICY.priceSlackMs;
    return [{ kind: "price" as const, asset, urgent: true as const, deadline }];
  });
}

/**
 * The pass at launch kept going: the next market never looked at, the
 * shortest interval first, the n-th one urgent launchPaceMs × n after the
 * pass began. Paced from the start, not from the last look, so a look held
 * back a slot by the focused game does not push every later one back too.
 */
function launchPassRequest(i: BookPolicyInput): BookRequest[] {
  const unseen = i.markets.filter((m) => m.lastStatus === undefined);
  // The shortest games first: they end soonest, and a position in one is the likeliest to be missed.
  const next = unseen.sort((a, b) => a.interval - b.interval)[0];
  if (next === undefined) return [];
  const looked = i.markets.length - unseen.length;
  const deadline = i.launchPassStart === undefined ? i.now : i.launchPassStart + looked * BOOK_POLICY.launchPaceMs;
  return deadline <= i.now ? [{ kind: "status", market: next, urgent: true, deadline, launch: true }] : [];
}

/**
 * The book's next request, or null when nothing is due: the due request
 * with the earliest deadline, urgent ones (held games, their prices, the
 * launch pass at its pace) before discovery.
 */
export function nextBookRequest(i: BookPolicyInput): BookRequest | null {
  const due: BookRequest[] = [
    ...i.markets.filter((m) => m.held).flatMap((m) => heldRequests(m, i)),
    ...priceRequests(i),
    ...launchPassRequest(i),
  ];
  if (due.length === 0) {
    for (const m of i.markets) {
      if (m.held) continue;
      const deadline = m.lastStatus === undefined ? i.now : m.lastStatus + BOOK_POLICY.discoveryMs;
      if (deadline <= i.now) due.push({ kind: "status", market: m, urgent: false, deadline });
    }
  }
  // The earliest deadline first, but a held game's refresh at its bound goes before a listing or a price (their
  // deadlines are ours, with slack), so the critical request is the one chooseNext sees; and a calm one before the
  // looks of the pass at launch, however overdue they are: a game just found would otherwise wait for the whole pass.
  // (Not a last-minute refresh: a 1 m game held elsewhere is always in one and would hold the pass up.)
  const atBound = due.filter((r) => isCritical(r, i.now));
  const calmAtBound = atBound.some((r) => r.kind === "status" && r.calm === true);
  const waits = (r: BookRequest) =>
    (atBound.length > 0 && (r.kind === "spot" || r.kind === "price")) || (calmAtBound && r.kind === "status" && r.launch === true);
  let best: BookRequest | null = null;
  for (const r of due) if (!waits(r) && (best === null || r.deadline < best.deadline)) best = r;
  return best;
}
