/**
 * The game clock: which phase a listed game is in at a given server time, and
 * how long until its boundaries. Pure; the poller and the panes feed it
 * serverNow() so that countdowns follow the service's clock, not ours.
 */
import { type GameListing, isReadable, type LiveGame, type NextGame, Unreadable } from "./service-data.js";

export type GamePhase =
  /** Before the live game's start_at (we are ahead of the listing). */
  | "next"
  /** Predictions open: between start_at and closes_at. */
  | "accepting"
  /** The lobby: predictions closed, waiting for ends_at. */
  | "locked"
  /** Past ends_at: the game is settling and the listing is out of date. */
  | "settling";

/** The phase of any game with these boundaries (the sim schedules its games with this too). */
export function phaseAt(game: Pick<LiveGame, "start_at" | "closes_at" | "ends_at">, now: number): GamePhase {
  if (now < game.start_at) return "next";
  if (now < game.closes_at) return "accepting";
  if (now < game.ends_at) return "locked";
  return "settling";
}

/**
 * Whether an order for game `gid` can be taken at `now` by the listing's live
 * game: it is that game and is accepting. The form's preview and the
 * poller's last look before a POST ask the same.
 */
export function takesOrderFor(live: LiveGame | null | undefined, gid: string, now: number): boolean {
  return live?.gid === gid && phaseAt(live, now) === "accepting";
}

export interface GameClock {
  phase: GamePhase;
  /** ms until predictions close (0 once closed). */
  toClose: number;
  /** ms until the live game ends (0 once ended). */
  toEnd: number;
  /** Share of the whole game (start_at → ends_at) elapsed, 0..1. */
  progress: number;
}

export function gameClock(live: LiveGame, now: number): GameClock {
  const span = Math.max(1, live.ends_at - live.start_at);
  return {
    phase: phaseAt(live, now),
    toClose: Math.max(0, live.closes_at - now),
    toEnd: Math.max(0, live.ends_at - now),
    progress: Math.min(1, Math.max(0, (now - live.start_at) / span)),
  };
}

/** The next game when the listing announces one we can read. */
export function readableNext(listing: GameListing): NextGame | null {
  return isReadable(listing.nextGame) ? listing.nextGame : null;
}

/** The next game's id, when the listing names one that can be read. */
export function nextGameGid(listing: GameListing): string | undefined {
  const gid = readableNext(listing)?.gid;
  return isReadable(gid) ? gid : undefined;
}

/** ms until the next game starts (0 once started); null when no next game is known. */
export function toNextGame(listing: GameListing, now: number): number | null {
  const next = readableNext(listing);
  return next === null ? null : Math.max(0, next.starts_at - now);
}

/**
 * The next instant at which the listing says something the clock cannot
 * work out (a boundary the poller must refetch /spot at), or null if every
 * boundary has passed: the live game's start and end, the next game's
 * start. Its close too, but only while no next game is announced (the
 * service may announce one then): what else changes at the close, the
 * lobby and can_place_position, the clock works out (phaseAt), so the
 * fetch would spend a slot on nothing new.
 */
export function nextBoundary(listing: GameListing, now: number): number | null {
  const live = listing.liveGame;
  const next = readableNext(listing);
  const candidates = live === null ? [] : [live.start_at, live.ends_at];
  if (live !== null && next === null) candidates.push(live.closes_at);
  if (next !== null) candidates.push(next.starts_at);
  const upcoming = candidates.filter((t) => t > now);
  return upcoming.length === 0 ? null : Math.min(...upcoming);
}

/** The live game's phase, or null when no game is live. */
export function livePhase(listing: GameListing, now: number): GamePhase | null {
  return listing.liveGame === null ? null : phaseAt(listing.liveGame, now);
}

/** How near the lock is, for the countdown's emphasis (docs/glance.md). */
export type LockUrgency = "calm" | "soon" | "final";

/** The last seconds before the lock, whatever the game's length. */
export const LOCK_FINAL_MS = 10_000;
/** The last share of the prediction phase (an hour-long game's last 6 minutes). */
export const LOCK_SOON_SHARE = 0.1;

export function lockUrgency(live: Pick<LiveGame, "start_at" | "closes_at">, now: number): LockUrgency {
  const left = live.closes_at - now;
  const window = live.closes_at - live.start_at;
  if (left <= 0) return "calm";
  // A 10 s game is all last seconds: its final stretch is its second half.
  if (left <= Math.min(LOCK_FINAL_MS, window / 2)) return "final";
  return left <= LOCK_SOON_SHARE * window ? "soon" : "calm";
}

const NOT_LISTED = (field: string) => new Unreadable(field, "not known until the game's own listing", "");

/**
 * The listing as the schedule it announced says it is at `now`: once the
 * live game has ended and the announced next game has started, that game is
 * the live one, its close `lobbyMs` before its end (rules.ts: lobbyMs), so
 * a 10 s game's countdown starts at its start instead of sitting on "0:00"
 * until a new listing arrives. What only the service knows (its open and ai
 * prices, whether it takes positions, the early window, the game after it)
 * is marked provisional, not guessed; once that game is over too it is
 * still the one shown, ended. The same listing until then, and for
 * the same listing and moment the same object, so a pane is not redrawn.
 */
export function scheduledListing(listing: GameListing, now: number, lobbyMs: number): GameListing {
  const live = listing.liveGame;
  const next = readableNext(listing);
  if (live === null || next === null || now < live.ends_at || now < next.starts_at) return listing;
  // A next game already over too (no listing read since: the service does not answer) stays the one shown, ended:
  // going back to the game before it, long over, showed a game number that ran backwards.
  if (!isReadable(next.gid) || !isReadable(next.ends_at)) return listing;
  let rolled = rolledOver.get(listing);
  if (rolled === undefined) {
    rolled = {
      ...listing,
      liveGame: {
        gid: next.gid,
        open_price: NOT_LISTED("liveGame.open_price"),
        ai_price: NOT_LISTED("liveGame.ai_price"),
        start_at: next.starts_at,
        closes_at: Math.max(next.starts_at, next.ends_at - lobbyMs),
        ends_at: next.ends_at,
        lobby: null,
        extra: {},
        provisional: true,
      },
      nextGame: null,
      can_place_position: NOT_LISTED("can_place_position"),
      early_precision_window: NOT_LISTED("early_precision_window"),
    };
    rolledOver.set(listing, rolled);
  }
  return rolled;
}

const rolledOver = new WeakMap<GameListing, GameListing>();
