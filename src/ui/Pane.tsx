import { Box } from "ink";
import type { ReactNode } from "react";
import { Line } from "./Line.js";
import { mark } from "./symbols.js";
import { glyphs, tone, useTheme } from "./theme.js";

/** Where a pane sits: its size, whether it has the focus, and whether it is drawn in a border. Every pane takes these. */
export interface PaneFrame {
  width: number;
  height: number;
  focused: boolean;
  /**
   * In a border (the boxed layout), or as a section under its title line
   * when rows are short (layout.ts): the border costs two rows and four columns.
   */
  framed: boolean;
}

/** The columns inside a pane: its width less the border and padding when it has them. */
export function innerWidth(f: Pick<PaneFrame, "width" | "framed">): number {
  return f.framed ? f.width - 4 : f.width;
}

/** The lines inside a pane below its title. */
export function bodyLines(f: Pick<PaneFrame, "height" | "framed">): number {
  return Math.max(0, f.height - (f.framed ? 3 : 1));
}

/**
 * A pane whose first line is its title (its name in capitals, bold); fixed
 * size so the frame never grows. Framed, a rounded border in the focus
 * colour; unframed, a section under its title line, without the border's
 * rows and columns. It clips rows only: a pane squeezed
 * to its title must not draw over the next one. Lines cut their own width,
 * and a horizontal clip would make Ink slice every line of the pane each frame.
 */
export function Pane(props: PaneFrame & { title: string; right?: ReactNode; children?: ReactNode }) {
  const theme = useTheme();
  const title = (
    <Box justifyContent="space-between" flexShrink={0}>
      {/* A marker as well as a colour, so focus shows without colour too. */}
      <Line bold tone={props.focused ? "accent" : undefined}>
        {[props.focused && `${mark("focus", theme.ascii)} `, props.title]}
      </Line>
      {props.right === undefined ? null : (
        <Box flexShrink={0} marginLeft={1}>
          {props.right}
        </Box>
      )}
    </Box>
  );
  if (!props.framed) {
    return (
      <Box flexDirection="column" width={props.width} height={props.height} flexShrink={0} overflowY="hidden">
        <Box flexDirection="column" flexShrink={0}>
          {title}
          {props.children}
        </Box>
      </Box>
    );
  }
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
        {title}
        {props.children}
      </Box>
    </Box>
  );
}
