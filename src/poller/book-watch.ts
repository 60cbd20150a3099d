/**
 * The poller's side of the book: what it has sent for each market other
 * than the focused one, the policy's input made from that and the snapshot,
 * and each book request sent and its answer applied. The poller stays the
 * only sender: it asks this for the book's request when the policy gives
 * the book a slot.
 */
import { isApiError } from "../api/errors.js";
import { type Market, marketKey } from "../domain/book.js";
import { nextGameGid } from "../domain/game.js";
import { positionState } from "../domain/positions.js";
import type { Interval } from "../domain/rules.js";
import { type GameListing, isReadable } from "../domain/service-data.js";
import { type BookMarketState, type BookRequest, nextBookRequest } from "./book-policy.js";
import { withBookListing, withBookPrice, withBookStatus } from "./book-reducers.js";
import type { PollerClient } from "./poller.js";
import type { BookMarket, Snapshot } from "./snapshot.js";

export interface BookOptions {
  /** The assets and intervals looked through for games held (domain/book.ts: DEFAULT_BOOK_ASSETS, bookIntervals). */
  assets: readonly string[];
  intervals: readonly Interval[];
}

/** What a book request brought back: how it changes the snapshot, and the games it showed to have ended. */
export interface BookAnswer {
  apply(s: Snapshot, at: number): Snapshot;
  endpoint: "status" | "spot" | "price";
  issues: GameListing["issues"];
  ended: readonly string[];
}

export class BookWatch {
  private readonly markets: readonly Market[];
  private readonly lastStatus = new Map<string, number>();
  private readonly lastSpot = new Map<string, number>();
  private readonly lastPrice: Record<string, number> = {};

  constructor(opts: BookOptions) {
    this.markets = opts.assets.flatMap((asset) => opts.intervals.map((interval) => ({ asset, interval })));
  }

  /** The book's request for a slot now, or null. */
  next(s: Snapshot, now: number, serverNow: number): BookRequest | null {
    const focused = marketKey(s.target);
    const markets = this.states(s, serverNow).filter((m) => m.key !== focused);
    return nextBookRequest({ now, serverNow, focusedAsset: s.target.asset, markets, lastPrice: this.lastPrice });
  }

  /** Whether a game is held in a market other than the focused one. */
  heldElsewhere(s: Snapshot): boolean {
    const focused = marketKey(s.target);
    return Object.entries(s.book.markets).some(([key, m]) => key !== focused && heldGids(m).length > 0);
  }

  private states(s: Snapshot, serverNow: number): BookMarketState[] {
    return this.markets.map((market) => {
      const key = marketKey(market);
      const data = s.book.markets[key];
      const held = data !== undefined && heldGids(data).length > 0;
      return {
        key,
        asset: market.asset,
        interval: market.interval,
        held,
        endsAt: held ? heldGameEnd(data, serverNow) : undefined,
        listingAt: data?.listing?.at,
        lastStatus: this.lastStatus.get(key),
        lastSpot: this.lastSpot.get(key),
      };
    });
  }

  /** Sends `req` (the poller spaced it) and returns what its answer does. */
  async send(req: BookRequest, client: PollerClient, s: Snapshot, now: number): Promise<BookAnswer> {
    if (req.kind === "price") {
      this.lastPrice[req.asset] = now;
      const price = await client.getLivePrice({ asset: req.asset });
      return { endpoint: "price", issues: price.issues, ended: [], apply: (x, at) => withBookPrice(x, req.asset, price, at) };
    }
    const market = { asset: req.market.asset, interval: req.market.interval };
    const key = marketKey(market);
    const before = s.book.markets[key];
    if (req.kind === "spot") {
      this.lastSpot.set(key, now);
      const listing = await client.getSpot({ asset: market.asset, interval: market.interval });
      const ended = before ? heldGids(before).filter((gid) => !inListing(listing, gid)) : [];
      return {
        endpoint: "spot",
        issues: listing.issues,
        ended,
        apply: (x, at) => withBookListing(x, market, listing, at),
      };
    }
    this.lastStatus.set(key, now);
    const t = s.target;
    const status = await client.getStatus({ asset: market.asset, interval: market.interval, token: t.currency, network: t.network });
    // A game it held that /status lists no more has ended (/status lists the live game's positions).
    const ended = before ? heldGids(before).filter((gid) => !status.positions.some((p) => p.gid === gid)) : [];
    return {
      endpoint: "status",
      issues: status.issues,
      ended,
      apply: (x, at) => withBookStatus(x, market, status, at),
    };
  }
}

/**
 * The market whose row alone a failed book request concerns: every failure
 * but the whole service's (unreachable, the key refused) and a rate limit,
 * which hold back every request (health.ts). Its next try comes at its next
 * period. A price is the asset's, shared: its failure is the endpoint's.
 */
export function bookOwnFailure(e: unknown, req: BookRequest | null): Market | undefined {
  if (!isApiError(e) || req === null || req.kind === "price") return undefined;
  if ((e.kind === "network" && e.unreachable) || e.kind === "auth" || e.kind === "rate_limited") return undefined;
  return req.market;
}

function inListing(listing: GameListing, gid: string): boolean {
  return listing.liveGame?.gid === gid || nextGameGid(listing) === gid;
}

/** The games a market's last /status (and positions placed there) hold. */
export function heldGids(m: BookMarket): string[] {
  const positions = [...(m.status?.value.positions ?? []), ...(m.placed ?? [])].filter((p) => positionState(p.st).active);
  const live = m.listing?.value.liveGame?.gid;
  return [...new Set(positions.map((p) => p.gid ?? live).filter((g): g is string => g !== undefined))];
}

/**
 * Server ms at which the first held game ends: the live game's or the next
 * game's end from the listing; a game the listing shows as neither has
 * ended by the listing's time. Undefined while no listing is known.
 */
function heldGameEnd(m: BookMarket, serverNow: number): number | undefined {
  const listing = m.listing;
  if (listing === undefined) return undefined;
  let end: number | undefined;
  for (const gid of heldGids(m)) {
    const live = listing.value.liveGame;
    const next = listing.value.nextGame;
    let at: number;
    if (live?.gid === gid) at = live.ends_at;
    else if (next !== null && isReadable(next) && next.gid === gid && isReadable(next.ends_at)) at = next.ends_at;
    else at = Math.min(listing.at, serverNow);
    end = end === undefined ? at : Math.min(end, at);
  }
  return end;
}
