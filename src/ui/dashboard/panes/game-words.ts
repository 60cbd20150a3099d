/**
 * The words the game pane and the positions' title say of a game, and what
 * each means: the panes take the phases' labels from here and the help
 * lists every word from here, so none on screen goes unexplained.
 */
import { type GamePhase, LOCK_FINAL_MS, LOCK_SOON_SHARE } from "../../../domain/game.js";
import { MAX_POSITIONS_PER_GAME } from "../../../domain/rules.js";

export const PHASE_WORDS: Record<GamePhase, { label: string; meaning: string }> = {
  next: { label: "NEXT", meaning: "the game after the live one, not started yet" },
  accepting: { label: "ACCEPTING", meaning: "the live game takes positions until its lock" },
  locked: { label: "LOCKED LOBBY", meaning: "past its lock: no more positions, waiting for its end" },
  settling: { label: "SETTLING", meaning: "ended: its result is on its way" },
};

/** Every word, in the order the help lists them. */
export const GAME_WORDS: readonly (readonly [string, string])[] = [
  ...(["accepting", "locked", "settling", "next"] as const).map((p) => [PHASE_WORDS[p].label, PHASE_WORDS[p].meaning] as const),
  ["EARLY", "inside the game's early-precision bonus window (the service does not publish its rules)"],
  [
    "a dim phase",
    "by the clock, from the schedule the last listing announced: the game's own listing is not read yet (the moment after a boundary, or while the service does not answer)",
  ],
  ["! closes in", `the lock is near: the last ${LOCK_SOON_SHARE * 100} % of the time before it`],
  [
    "!! closes in",
    `the lock is ${LOCK_FINAL_MS / 1000} s away or less, or half the game's time to it where that is shorter (a 10 s game's last 5 s)`,
  ],
  [
    "3 held 7 left",
    `your positions in the live game, and how many more it takes (${MAX_POSITIONS_PER_GAME} a game); past its lock only "3 held"`,
  ],
  [
    "best @67,100 +12.00",
    "your position with the most projected winnings (the strike nearest the price until one has a projection), and the price less its strike, marked winning while its projected net is above 0",
  ],
  ["last 67,003.65 42s ago", "the price is past its refresh (after a switch back to an asset): where it was, not where it is"],
];

/**
 * "3 held 7 left" while the live game takes positions; "3 held" once it no longer does, when none are left to
 * place. Before the game's positions are read only what was placed from here is known, "1 placed here" (more may
 * be held, placed elsewhere); with none of those, undefined: nothing is known.
 */
export function heldCount(count: number, accepting: boolean, read: boolean): string | undefined {
  if (!read) return count > 0 ? `${count} placed here` : undefined;
  return accepting ? `${count} held ${Math.max(0, MAX_POSITIONS_PER_GAME - count)} left` : `${count} held`;
}
