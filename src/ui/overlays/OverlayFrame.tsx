import { Box } from "ink";
import type { ReactNode } from "react";
import { glyphs, tone, useTheme } from "../theme.js";

/**
 * The frame of a view that covers the panes (help, diagnostics). Rows are
 * clipped: long text on a short terminal must not run over the border and
 * footer. The content keeps its own height, never squeezed: Yoga would
 * overlap shrunk lines instead of dropping the last.
 */
export function OverlayFrame(p: { width: number; height: number; children: ReactNode }) {
  const theme = useTheme();
  return (
    <Box
      flexDirection="column"
      width={p.width}
      height={p.height}
      borderStyle={glyphs(theme).border}
      borderColor={tone(theme, "accent")}
      paddingX={1}
      overflowY="hidden"
    >
      <Box flexDirection="column" flexShrink={0}>
        {p.children}
      </Box>
    </Box>
  );
}
