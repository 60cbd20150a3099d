/**
 * The poller's side of the book: what it has sent for each market other
 * than the focused one, the policy's input made from that and the snapshot,
 * and each book request sent and its answer applied. The poller stays the
 * only sender: it asks this for the book's request when the policy gives
 * the book a slot.
 */
import { isApiError } from "../api/errors.js";
import { bookIntervals, bookMarkets, gameTimes, heldGids, type Market, marketKey } from "../domain/book.js";
import { nextGameGid } from "../domain/game.js";
import type { GameListing } from "../domain/service-data.js";
import { type BookMarketState, type BookRequest, nextBookRequest } from "./book-policy.js";
import { withBookListing, withBookPrice, withBookStatus } from "./book-reducers.js";
import type { BookOptions, PollerClient } from "./options.js";
import { type BookMarket, placedElsewhere, type Snapshot } from "./snapshot.js";

/** What a book request brought back: how it changes the snapshot, and the games it showed to have ended. */
export interface BookAnswer {
  apply(s: Snapshot, at: number): Snapshot;
  endpoint: "status" | "spot" | "price";
  issues: GameListing["issues"];
  ended: readonly string[];
  /** A /status listed a position placed elsewhere (placedElsewhere): the balance is out of date. */
  placedElsewhere?: boolean;
}

export class BookWatch {
  /** The markets it looks through, the focused one among them. */
  readonly markets: readonly Market[];
  private readonly lastStatus = new Map<string, number>();
  private readonly lastSpot = new Map<string, number>();
  private readonly lastPrice: Record<string, number> = {};
  private launchPassStart: number | undefined;
  /** Assets whose price the alerts read (Poller.watchPrices). */
  private watchedAssets: readonly string[] = [];
  /** Markets held at the last look, to notice when one is held no more. */
  private readonly heldBefore = new Set<string>();
  /** Markets whose /status has been answered (or has failed) at least once. */
  private readonly looked = new Set<string>();

  constructor(opts: BookOptions) {
    this.markets = bookMarkets(opts.assets, opts.intervals);
  }

  /** The book's request for a slot now, or null. */
  next(s: Snapshot, now: number, serverNow: number): BookRequest | null {
    const focused = marketKey(s.target);
    const markets = this.states(s, serverNow).filter((m) => m.key !== focused);
    for (const m of markets) {
      if (m.held) this.heldBefore.add(m.key);
      else if (this.heldBefore.delete(m.key)) {
        // Its held games have ended and settled: looked at again at once (as in the launch pass), for the trader
        // may hold its next game too — not only at the next discovery, minutes later.
        this.lastStatus.delete(m.key);
        m.lastStatus = undefined;
      }
    }
    return nextBookRequest({
      now,
      serverNow,
      focusedAsset: s.target.asset,
      markets,
      lastPrice: this.lastPrice,
      watchedAssets: this.watchedAssets,
      launchPassStart: this.launchPassStart,
      focusedEndsAt: s.listing?.value.liveGame?.ends_at,
    });
  }

  /** The assets whose price is read besides those of the games held: an alert's level on an asset not focused. */
  watchPrices(assets: readonly string[]): void {
    this.watchedAssets = assets;
  }

  /** The markets other than `focused` whose /status has not been answered (or failed) yet: the discovery pass is done when none is left. */
  undiscovered(focused: Market): Market[] {
    const key = marketKey(focused);
    return this.markets.filter((m) => marketKey(m) !== key && !this.looked.has(marketKey(m)));
  }

  /**
   * The screen has left `market`. Left before its positions were read, it goes to the book with none (what the book
   * had read of it was set aside at the switch as maybe another game's: retargeted), so it is looked at again as a
   * market never looked at is: in the next slots the book has, and counted read (bookRead) once it answers.
   */
  left(market: Market, positionsRead: boolean): void {
    if (positionsRead) return;
    this.looked.delete(marketKey(market));
    this.lastStatus.delete(marketKey(market));
  }

  /** Whether a game is held in a market other than the focused one, or some market is still to be looked at first. */
  busy(s: Snapshot): boolean {
    const focused = marketKey(s.target);
    return (
      Object.entries(s.book.markets).some(([key, m]) => key !== focused && heldGids(m).length > 0) || this.undiscovered(s.target).length > 0
    );
  }

  /**
   * The games held outside the focused market whose end has passed by the
   * game clock: their settlement is waited on from that moment, without
   * waiting for a /status to show them gone.
   */
  ended(s: Snapshot, serverNow: number): string[] {
    const focused = marketKey(s.target);
    return Object.entries(s.book.markets).flatMap(([key, m]) =>
      key === focused ? [] : heldGameEnds(m, serverNow).flatMap(({ gid, endsAt }) => (serverNow >= endsAt ? [gid] : [])),
    );
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
        listingBehind: held && heldGids(data).some((gid) => gameTimes(data, gid).unknown === true),
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
    this.launchPassStart ??= now;
    this.lastStatus.set(key, now);
    const t = s.target;
    const status = await client
      .getStatus({ asset: market.asset, interval: market.interval, token: t.currency, network: t.network })
      .finally(() => this.looked.add(key));
    // A game it held that /status lists no more has ended (/status lists the live game's positions).
    const ended = before ? heldGids(before).filter((gid) => !status.positions.some((p) => p.gid === gid)) : [];
    return {
      endpoint: "status",
      issues: status.issues,
      ended,
      placedElsewhere: before !== undefined && placedElsewhere(before, status),
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

/**
 * Server ms at which each held game ends: the live or next game's end from
 * the listing; a game the listing shows as neither has ended by the
 * listing's time. None while no listing is known, nor for a game newer
 * than the listing (domain/book.ts: gameTimes), until a listing shows it.
 */
function heldGameEnds(m: BookMarket, serverNow: number): { gid: string; endsAt: number }[] {
  const listing = m.listing;
  if (listing === undefined) return [];
  return heldGids(m).flatMap((gid) => {
    const times = gameTimes(m, gid);
    if (times.unknown) return [];
    return [{ gid, endsAt: times.endsAt ?? Math.min(listing.at, serverNow) }];
  });
}

/** Server ms at which the first held game ends; undefined while none is known. */
function heldGameEnd(m: BookMarket, serverNow: number): number | undefined {
  const ends = heldGameEnds(m, serverNow).map((e) => e.endsAt);
  return ends.length === 0 ? undefined : Math.min(...ends);
}

/** The markets of --assets (and the focused asset) over the intervals the service runs: 10 s too on the sim. */
export function bookOptions(config: { asset: string; assets: readonly string[] }, sim: boolean): BookOptions {
  return { assets: [...new Set([config.asset, ...config.assets])], intervals: bookIntervals(sim) };
}
