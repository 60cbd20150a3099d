import { Box } from "ink";
import { createContext, type ReactNode, useContext } from "react";
import { formatAge } from "../domain/format.js";
import { Line } from "./Line.js";
import type { Piece } from "./spans.js";
import { glyphs, tone, useTheme } from "./theme.js";

/**
 * A bordered pane whose first line is its title; fixed size so the frame
 * never grows. It clips rows only: a pane squeezed to its borders (the form
 * open at 60x20) must not draw over them. Lines cut their own width, and a
 * horizontal clip would make Ink slice every line of the pane each frame.
 */
export function Pane(props: {
  title: string;
  width: number | string;
  height: number;
  focused: boolean;
  right?: ReactNode;
  children?: ReactNode;
}) {
  const theme = useTheme();
  return (
    <Box
      flexDirection="column"
      width={props.width}
      height={props.height}
      // Fixed size: Yoga must never squeeze a pane (its lines would overlap).
      flexShrink={0}
      borderStyle={glyphs(theme).border}
      borderColor={props.focused ? tone(theme, "accent") : tone(theme, "dim")}
      paddingX={1}
      overflowY="hidden"
    >
      {/* Its own height, never squeezed: Yoga would overlap shrunk lines instead of dropping the last. */}
      <Box flexDirection="column" flexShrink={0}>
        <Box justifyContent="space-between">
          {/* A marker as well as a colour, so focus shows without colour too. */}
          <Line bold tone={props.focused ? "accent" : undefined}>
            {[props.focused && `${theme.ascii ? ">" : "▸"} `, props.title]}
          </Line>
          {props.right === undefined ? null : (
            <Box flexShrink={0} marginLeft={1}>
              {props.right}
            </Box>
          )}
        </Box>
        {props.children}
      </Box>
    </Box>
  );
}

/** "3.2s" in grey, or "STALE 40s" in yellow when the datum is past its refresh. */
export function ageBadge(age: number | undefined, stale: boolean, error?: string | undefined): Piece {
  if (error !== undefined && age === undefined) return { text: "no data", tone: "bad" };
  if (age === undefined) return { text: "waiting…", tone: "dim" };
  const seconds = formatAge(age);
  return stale || error !== undefined ? { text: `STALE ${seconds}`, tone: "warn", bold: true } : { text: seconds, tone: "dim" };
}

/**
 * The instant being drawn (server ms). Ages are read from it where they are
 * shown, so a pane whose data did not change is not redrawn every second
 * just because its age did.
 */
export const NowContext = createContext(0);

/** Age at `now` of data fetched at `at` (both server ms); undefined before any. */
export function ageAt(now: number, at: number | undefined): number | undefined {
  return at === undefined ? undefined : Math.max(0, now - at);
}

/** The age of data fetched at `at` (server ms), drawn by ageBadge(). */
export function AgeBadge(props: { at: number | undefined; stale: boolean; error?: string | undefined }) {
  const now = useContext(NowContext);
  return <Line>{ageBadge(ageAt(now, props.at), props.stale, props.error)}</Line>;
}
