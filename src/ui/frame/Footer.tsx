import { Box } from "ink";
import { memo } from "react";
import { formatAge, formatClock } from "../../domain/format.js";
import type { Toast } from "../../domain/results.js";
import { fitHints } from "../fit-hints.js";
import type { Hint } from "../keymap.js";
import { Line } from "../Line.js";
import type { Tone } from "../palettes.js";
import { fitForms, fitParts, fitsFirstPart } from "../spans.js";

export interface FooterProps {
  hints: readonly Hint[];
  /** Server ms of the last successful fetch. */
  lastOkAt: number | undefined;
  age: number | undefined;
  message: string | undefined;
  /** A game of the user's just settled: shown in place of the hints until it times out. */
  toast?: Toast | undefined;
  width: number;
}

/** The data age's slot, as wide as its widest text ("data 9.9s old (05:32:35)"): the hints beside it never move. */
const AGE_SLOT = 24;
/** Between the hints and the age: two columns, as between two hints, so the last hint never reads as the age's ("r results data 1.0s old"). */
const AGE_GAP = 2;

const TOAST_TONE: Record<Toast["outcome"], Tone> = { won: "up", lost: "down", even: "dim", cancelled: "warn", unknown: "warn" };

export const Footer = memo(function Footer(p: FooterProps) {
  const toast = p.message === undefined ? p.toast : undefined;
  // A toast leaves the data age its slot when its game, result and amount fit beside it, named in full (the game
  // may be another market's): a 10 s game's settles every game, and took the age away for 10 s of every 15. Else it,
  // and a message, gets the whole line for its few seconds.
  const besideAge = p.width - AGE_SLOT - AGE_GAP;
  const toastRoom = toast !== undefined && fitsFirstPart(toast.text, " · ", besideAge) ? besideAge : p.width;
  const whole = (toast !== undefined && toastRoom === p.width) || p.message !== undefined;
  return (
    <Box width={p.width} height={1} flexShrink={0}>
      <Box flexGrow={1} flexShrink={1}>
        {toast !== undefined ? (
          <Line bold tone={TOAST_TONE[toast.outcome]}>
            {fitForms([toast.text, ...toast.shorter], " · ", toastRoom)}
          </Line>
        ) : (
          <Line tone={p.message ? "warn" : "dim"}>
            {p.message !== undefined ? fitParts(p.message, " — ", p.width) : fitHints(p.hints, besideAge)}
          </Line>
        )}
      </Box>
      {whole ? null : (
        <Box flexShrink={0} marginLeft={AGE_GAP}>
          <Line tone="dim">
            {(p.lastOkAt === undefined || p.age === undefined
              ? "no data yet"
              : `data ${formatAge(p.age)} old (${formatClock(p.lastOkAt)})`
            ).padStart(AGE_SLOT)}
          </Line>
        </Box>
      )}
    </Box>
  );
});
