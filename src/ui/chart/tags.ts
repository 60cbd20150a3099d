/**
 * The words the price chart tags its lines and its time axis with, and what
 * each stands for: the price pane draws them from here and the help lists
 * them from here, so a tag on screen is one the help explains.
 */

/** The game's instants on the time axis. */
export const TIME_TAGS = { start: "start", lock: "lock", end: "end" } as const;

export const CHART_TAGS = {
  open: { tag: "open", meaning: "the game's open price: the line so tagged" },
  ai: { tag: "ai", meaning: "the price the service gives as the game's target (its ai_price)" },
  strike: {
    tag: "@67,100",
    meaning: "the strike of a position you hold in the live game; your best one bold; ×2 two at it, +1 another strike on its row",
  },
  times: {
    tag: `${TIME_TAGS.start} ${TIME_TAGS.lock} ${TIME_TAGS.end}`,
    meaning:
      "on the time axis: the game's lock (no more positions) and its end, and its start where the chart begins before it; the other labels are the time since the start (0:00) in a 10 s or 1 m game's window, else the clock (HH:MM)",
  },
} as const;
