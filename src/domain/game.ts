/**
 * The game clock: which phase a listed game is in at a given server time, and
 * how long until its boundaries. Pure; the poller and the panes feed it
 * serverNow() so that countdowns follow the service's clock, not ours.
 */
import type { GameListing, LiveGame } from "../api/schemas.js";

export type GamePhase =
  /** Before the live game's start_at (we are ahead of the listing). */
  | "next"
  /** Predictions open: between start_at and closes_at. */
  | "accepting"
  /** The lobby: predictions closed, waiting for ends_at. */
  | "locked"
  /** Past ends_at: the game is settling and the listing is out of date. */
  | "settling";

export function gamePhase(listing: GameListing, now: number): GamePhase {
  return phaseAt(listing.liveGame, now);
}

/** The phase of any game with these boundaries (the sim schedules its games with this too). */
export function phaseAt(game: Pick<LiveGame, "start_at" | "closes_at" | "ends_at">, now: number): GamePhase {
  if (now < game.start_at) return "next";
  if (now < game.closes_at) return "accepting";
  if (now < game.ends_at) return "locked";
  return "settling";
}

export interface GameClock {
  phase: GamePhase;
  /** ms until predictions close (0 once closed). */
  toClose: number;
  /** ms until the live game ends (0 once ended). */
  toEnd: number;
  /** ms until the next game starts (0 once started). */
  toNext: number;
  /** Share of the whole game (start_at → ends_at) elapsed, 0..1. */
  progress: number;
}

export function gameClock(listing: GameListing, now: number): GameClock {
  const live = listing.liveGame;
  const span = Math.max(1, live.ends_at - live.start_at);
  return {
    phase: gamePhase(listing, now),
    toClose: Math.max(0, live.closes_at - now),
    toEnd: Math.max(0, live.ends_at - now),
    toNext: Math.max(0, listing.nextGame.starts_at - now),
    progress: Math.min(1, Math.max(0, (now - live.start_at) / span)),
  };
}

/**
 * The next instant at which the listing changes meaning (a boundary the
 * poller must refetch /spot at), or null if every boundary has passed.
 */
export function nextBoundary(listing: GameListing, now: number): number | null {
  const live = listing.liveGame;
  const candidates = [live.start_at, live.closes_at, live.ends_at, listing.nextGame.starts_at];
  const upcoming = candidates.filter((t) => t > now);
  return upcoming.length === 0 ? null : Math.min(...upcoming);
}

/** Whether a position could be placed at `now` by the listing's own account. */
export function isAccepting(listing: GameListing, now: number): boolean {
  return listing.can_place_position && gamePhase(listing, now) === "accepting";
}
