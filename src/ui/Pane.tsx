import { Box } from "ink";
import type { ReactNode } from "react";
import { Line } from "./Line.js";
import { glyphs, tone, useTheme } from "./theme.js";

/** Where a pane sits: its size and whether it has the focus. Every pane takes these as its own props. */
export interface PaneFrame {
  width: number;
  height: number;
  focused: boolean;
}

/**
 * A bordered pane whose first line is its title; fixed size so the frame
 * never grows. It clips rows only: a pane squeezed to its borders (the form
 * open at 60x20) must not draw over them. Lines cut their own width, and a
 * horizontal clip would make Ink slice every line of the pane each frame.
 */
export function Pane(props: PaneFrame & { title: string; right?: ReactNode; children?: ReactNode }) {
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
