import { Box, type DOMElement, measureElement } from "ink";
import { type ReactNode, useLayoutEffect, useRef } from "react";
import { glyphs, tone, useTheme } from "../theme.js";

/** How a view taller than the terminal scrolls (overlay-state.ts). */
export interface OverlayScroll {
  /** The first line shown; 0 unless scrolled. */
  scroll?: number | undefined;
  /** Told, after each frame, how many of its lines do not fit (how far it can scroll) and how many show. */
  onOverflow?: ((lines: number, visible: number) => void) | undefined;
}

/** The frame's border and the padding inside it. */
const FRAME_ROWS = 2;

/**
 * The frame of a view that covers the panes (help, diagnostics). Rows are
 * clipped: long text on a short terminal must not run over the border and
 * footer; the view scrolls to what is below (j/k, PgUp/PgDn). The content
 * keeps its own height, never squeezed: Yoga would overlap shrunk lines
 * instead of dropping the last.
 */
export function OverlayFrame(p: { width: number; height: number; children: ReactNode } & OverlayScroll) {
  const theme = useTheme();
  const content = useRef<DOMElement>(null);
  const visible = Math.max(0, p.height - FRAME_ROWS);
  const { onOverflow } = p;
  useLayoutEffect(() => {
    if (content.current && onOverflow) onOverflow(Math.max(0, measureElement(content.current).height - visible), visible);
  });
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
      <Box ref={content} flexDirection="column" flexShrink={0} marginTop={-Math.max(0, p.scroll ?? 0)}>
        {p.children}
      </Box>
    </Box>
  );
}
