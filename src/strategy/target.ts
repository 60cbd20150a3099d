/**
 * Which game a strategy places into now, or how long it waits: the live
 * game while it takes positions and the strategy's timing allows; in
 * next-game mode the announced next game, from its start. The sim refuses a
 * position in a game that has not started, and the operator's bot fires at
 * the live game's end for that reason, so next-game mode aims at the next
 * game as soon as it is announced and sends from the instant it opens.
 */
import { formatCountdown } from "../domain/format.js";
import { phaseAt, readableNext } from "../domain/game.js";
import { earlyWindowMs, inEarlyWindow } from "../domain/rules.js";
import { type GameListing, isReadable, type LiveGame } from "../domain/service-data.js";
import type { StrategyConfig } from "./strategy.js";

/**
 * A position sent this near the close may reach the service after it:
 * ours, the spec gives no figure. One request slot of the poller's budget.
 */
export const CLOSE_MARGIN_MS = 1_000;

/** In next-game mode a game is joined only in the first half of its prediction phase; later, the next one is waited for. */
export const JOIN_SHARE = 0.5;

export type Wait = { kind: "wait"; until?: number; reason: string };

export type TargetChoice = { kind: "target"; game: LiveGame; nextStart: number } | Wait;

/**
 * The game to place into at server time `now`. `joined(gid)`: whether the
 * strategy has already sent a position into that game (so next-game mode
 * carries on with a game it started however late it is).
 */
export function chooseTarget(strategy: StrategyConfig, listing: GameListing, now: number, joined: (gid: string) => boolean): TargetChoice {
  const live = listing.liveGame;
  const next = readableNext(listing);
  const nextGid = next !== null && isReadable(next.gid) ? next.gid : undefined;
  if (live === null) {
    if (next === null) return wait("no game announced yet");
    return wait(`no live game; the next${nextGid ? ` #${nextGid}` : ""} opens in ${formatCountdown(next.starts_at - now)}`, next.starts_at);
  }
  const nextStart = next?.starts_at ?? live.ends_at;
  if (strategy.when.nextGame && phaseAt(live, now) === "accepting" && !joined(live.gid)) {
    const joinBy = live.start_at + (live.closes_at - live.start_at) * JOIN_SHARE;
    if (now >= joinBy) {
      const what = nextGid === undefined ? "the next game" : `the next game #${nextGid}`;
      return wait(`#${live.gid} is under way; ${what} opens in ${formatCountdown(nextStart - now)}, placing from its start`, nextStart);
    }
  }
  return whenInGame(strategy, listing, live, now, nextStart);
}

/** The live game as the target, unless its phase or the strategy's timing says to wait. */
function whenInGame(strategy: StrategyConfig, listing: GameListing, live: LiveGame, now: number, nextStart: number): TargetChoice {
  const phase = phaseAt(live, now);
  if (phase === "next") return wait(`#${live.gid} opens in ${formatCountdown(live.start_at - now)}`, live.start_at);
  const toNext = `the next game opens in ${formatCountdown(Math.max(0, nextStart - now))}`;
  if (phase !== "accepting") return wait(`#${live.gid} is closed to positions; ${toNext}`, nextStart);
  // Unreadable: the service did not say; the clock says accepting, and the service has the last word on a refusal.
  if (listing.can_place_position === false) return wait("the service is not accepting positions from you right now");
  if (live.closes_at - now < CLOSE_MARGIN_MS) return wait(`too near the close of #${live.gid}; ${toNext}`, nextStart);
  const { fromSeconds, untilSeconds, earlyOnly } = strategy.when;
  const into = now - live.start_at;
  if (fromSeconds !== undefined && into < fromSeconds * 1000) {
    return wait(`placing from ${fromSeconds} s into the game`, live.start_at + fromSeconds * 1000);
  }
  if (untilSeconds !== undefined && into >= untilSeconds * 1000) return wait(`past ${untilSeconds} s into the game; ${toNext}`, nextStart);
  if (earlyOnly && !earlyWindowOpen(strategy, listing, live, now)) {
    const windowEnd = live.start_at + earlyWindowMs(strategy.market.interval);
    return now < windowEnd ? wait("the service says the early window is closed") : wait(`outside the early window; ${toNext}`, nextStart);
  }
  return { kind: "target", game: live, nextStart };
}

/**
 * Our clock's window (rules.ts) and, when it sent one we can read, the
 * service's flag: the flag is as old as the listing, so it alone would keep
 * a window open that the clock has seen close.
 */
function earlyWindowOpen(strategy: StrategyConfig, listing: GameListing, live: LiveGame, now: number): boolean {
  const flag = listing.early_precision_window;
  return inEarlyWindow(strategy.market.interval, live.start_at, now) && (!isReadable(flag) || flag);
}

function wait(reason: string, until?: number): Wait {
  return until === undefined ? { kind: "wait", reason } : { kind: "wait", until, reason };
}
