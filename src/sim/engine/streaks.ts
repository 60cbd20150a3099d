/**
 * Streaks, our reading of the public "streak pots for 5, 10 and 25 wins": a
 * streak counts the caller's consecutive profitable positions (winnings above
 * stake) on one asset × interval × network, oldest to newest by placement.
 * Refunds of cancelled games neither extend nor break it. Pure.
 */
import type { Streak } from "../../api/schemas.js";

/** The run of profitable positions at the end of a settled history, given newest first: read no further than the run. */
export function currentStreak(newestFirst: Iterable<boolean>): number {
  let n = 0;
  for (const profitable of newestFirst) {
    if (!profitable) break;
    n++;
  }
  return n;
}

/**
 * For each live position projected to be profitable, the streak it would
 * bring the caller to if the game ended now; a projected loss resets the run.
 */
export function projectStreaks(prior: number, live: ReadonlyArray<{ positionId: string; profitable: boolean }>): Streak[] {
  const out: Streak[] = [];
  let run = prior;
  for (const p of live) {
    run = p.profitable ? run + 1 : 0;
    if (p.profitable) out.push({ positionId: p.positionId, streak: run });
  }
  return out;
}
