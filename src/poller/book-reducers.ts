/**
 * What the book's answers do to the snapshot (book-watch.ts sends them):
 * pure, like reducers.ts. The focused market's data stays in the snapshot's
 * own fields; these keep every other market's.
 */
import { type Market, marketKey } from "../domain/book.js";
import type { GameListing, LivePrice, StatusReport } from "../domain/service-data.js";
import { withSeenGames } from "./seen-games.js";
import type { BookMarket, Snapshot } from "./snapshot.js";

function withMarket(s: Snapshot, market: Market, change: (m: BookMarket) => BookMarket): Snapshot {
  const key = marketKey(market);
  const m = change(s.book.markets[key] ?? { market });
  return { ...s, book: { ...s.book, markets: { ...s.book.markets, [key]: m } } };
}

export function withBookStatus(s: Snapshot, market: Market, status: StatusReport, at: number): Snapshot {
  const next = withMarket(s, market, (m) => ({ ...m, status: { value: status, at }, error: undefined }));
  return withSeenGames(next, status.positions, s.book.markets[marketKey(market)]?.listing?.value.liveGame?.gid);
}

export function withBookListing(s: Snapshot, market: Market, listing: GameListing, at: number): Snapshot {
  return withMarket(s, market, (m) => ({ ...m, listing: { value: listing, at }, error: undefined }));
}

export function withBookPrice(s: Snapshot, asset: string, price: LivePrice, at: number): Snapshot {
  return { ...s, book: { ...s.book, prices: { ...s.book.prices, [asset]: { value: price, at } } } };
}

/** A request for a market of the book failed: said on its row; the focused panes are not its concern. */
export function withBookError(s: Snapshot, market: Market, message: string): Snapshot {
  return withMarket(s, market, (m) => ({ ...m, error: message }));
}

/**
 * A game's result is in: the book no longer holds it (its positions leave the row that showed it settling),
 * those /status listed and those placed before the focus moved away and not listed yet alike.
 */
export function withoutSettledGame(s: Snapshot, gid: string): Snapshot {
  let markets: Record<string, BookMarket> | undefined;
  const other = (p: { gid: string | null }) => p.gid !== gid;
  for (const [key, m] of Object.entries(s.book.markets)) {
    const positions = m.status?.value.positions;
    const listed = m.status !== undefined && positions?.some((p) => !other(p)) === true;
    const placed = m.placed?.some((p) => !other(p)) === true;
    if (!listed && !placed) continue;
    markets ??= { ...s.book.markets };
    const status = listed && m.status ? { ...m.status, value: { ...m.status.value, positions: positions!.filter(other) } } : m.status;
    markets[key] = { ...m, status, ...(placed ? { placed: m.placed!.filter(other) } : {}) };
  }
  return markets ? { ...s, book: { ...s.book, markets } } : s;
}

/**
 * The focus moves to another market: what was known of the one left goes
 * into the book (so it stays on the book's rows), and what the book knew of
 * the new one is shown at once while it is fetched again.
 */
export function refocusedBook(s: Snapshot, next: Market): { book: Snapshot["book"]; seed: BookMarket | undefined } {
  const markets = { ...s.book.markets };
  const left = marketKey(s.target);
  if (s.status !== undefined || s.listing !== undefined)
    markets[left] = { market: s.target, status: s.status, listing: s.listing, placed: s.placed };
  const key = marketKey(next);
  const seed = markets[key];
  delete markets[key];
  const prices = { ...s.book.prices };
  if (s.price !== undefined) prices[s.target.asset] = s.price;
  return { book: { ...s.book, markets, prices }, seed };
}
