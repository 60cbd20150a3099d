/**
 * Winning and losing runs: games in a row, by settlement time oldest first.
 *   - a won game extends a winning run, a lost one a losing run;
 *   - a cancelled game is skipped: it neither breaks nor extends a run;
 *   - an even game, or one whose figures cannot be read, breaks both;
 *   - a game whose settlement time cannot be read cannot be placed in the
 *     order and is left out (neither breaks nor extends).
 */
import type { PlayedGame } from "./played.js";

export interface CurrentRun {
  /** "none": no game yet, or the most recent one was even or unreadable. */
  kind: "won" | "lost" | "none";
  /** Games in the run; 0 with "none". */
  length: number;
}

export interface Runs {
  longestWinningRun: number;
  longestLosingRun: number;
  currentRun: CurrentRun;
}

/** The runs of games already in order (playedGames' order). */
export function runsOf(ordered: readonly PlayedGame[]): Runs {
  let longestWinningRun = 0;
  let longestLosingRun = 0;
  let current: CurrentRun = { kind: "none", length: 0 };
  for (const g of ordered) {
    if (g.at === null || g.outcome === "cancelled") continue;
    if (g.outcome === "won" || g.outcome === "lost") {
      current = current.kind === g.outcome ? { kind: g.outcome, length: current.length + 1 } : { kind: g.outcome, length: 1 };
      if (g.outcome === "won") longestWinningRun = Math.max(longestWinningRun, current.length);
      else longestLosingRun = Math.max(longestLosingRun, current.length);
    } else {
      current = { kind: "none", length: 0 };
    }
  }
  return { longestWinningRun, longestLosingRun, currentRun: current };
}
