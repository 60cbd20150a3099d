/**
 * GET /spot's read model: a market's live game (open price, ai_price, phase)
 * and its next game, or no live game while the market is paused.
 */
import { type GameListing, NETWORKS } from "../../api/schemas.js";
import { toWire } from "../../domain/money.js";
import { type Interval, inEarlyWindow } from "../../domain/rules.js";
import type { PriceFeed } from "../feed/feed.js";
import { aiPrice, forecastSampleTimes } from "../feed/forecast.js";
import { type Asset, WIRE_PRICE_DECIMALS } from "./markets.js";
import { couldPlace, type PlacingView } from "./placement-checks.js";
import { slotAt, slotByIndex, slotPhase } from "./schedule.js";
import type { SimUser } from "./users.js";

/** The engine's parts a listing reads: what placing reads, and the prices behind ai_price. */
export interface ListingView extends PlacingView {
  readonly feed: PriceFeed;
}

export function gameListing(view: ListingView, user: SimUser, asset: Asset, interval: Interval, t: number): GameListing {
  const showNext = view.markets.showsNextGame(asset, interval);
  const paused = view.markets.pausedAt(asset, interval, t);
  if (paused) {
    // No live game; the first game after the pause is announced when the pause has an end.
    const resumes = paused.until === null ? null : slotAt(asset, interval, paused.until);
    return {
      asset,
      interval,
      early_precision_window: false,
      can_place_position: false,
      nextGame: resumes && showNext ? { gid: resumes.gid, starts_at: resumes.startAt, ends_at: resumes.endsAt } : null,
      liveGame: null,
      timestamp: t,
    };
  }
  return liveListing(view, user, asset, interval, t, showNext);
}

function liveListing(view: ListingView, user: SimUser, asset: Asset, interval: Interval, t: number, showNext: boolean): GameListing {
  const live = slotAt(asset, interval, t);
  const next = slotByIndex(asset, interval, live.index + 1);
  const open = view.games.openPrice(live);
  const history = forecastSampleTimes(live.startAt, interval).map((s) => view.feed.latest(asset, s).price);
  const phase = slotPhase(live, t);
  return {
    asset,
    interval,
    early_precision_window: phase === "accepting" && inEarlyWindow(interval, live.startAt, t),
    // GET /spot names no network: the caller can place if it could on either.
    can_place_position: phase === "accepting" && NETWORKS.some((n) => couldPlace(view, user, live, n)),
    nextGame: showNext ? { gid: next.gid, starts_at: next.startAt, ends_at: next.endsAt } : null,
    liveGame: {
      gid: live.gid,
      open_price: open.toFixed(WIRE_PRICE_DECIMALS),
      ai_price: toWire(aiPrice(open, history)),
      start_at: live.startAt,
      closes_at: live.closesAt,
      ends_at: live.endsAt,
      lobby: { start_at: live.closesAt, end_at: live.endsAt, isLobby: phase === "locked" },
    },
    timestamp: t,
  };
}
