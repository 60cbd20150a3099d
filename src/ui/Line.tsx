/**
 * One line of styled text, drawn so that Ink never measures its content.
 *
 * Ink measures the text of every <Text> whose content changed, with a full
 * Unicode segmentation, and remembers every string it ever measured in a
 * module-level map that is never emptied. A dashboard whose prices, ages and
 * chart change every second would grow that map by megabytes an hour and pay
 * the measuring on every frame. A Line is laid out as a run of spaces as wide
 * as its content (the same few strings every frame, measured once) and its
 * styled content is put in their place when Ink writes the frame. When Ink
 * has to truncate it, the content is cut to the same width, ending in "…".
 */
import { createElement, memo } from "react";
import { normalise, type Piece, paint, type Span, samePieces, spaces, spansWidth } from "./spans.js";
import { useTheme } from "./theme.js";

// Ink's <Text wrap="truncate-end">, minus the colouring, which paint() does.
const STYLE = { flexGrow: 0, flexShrink: 1, flexDirection: "row", textWrap: "truncate-end" } as const;

type LineProps = { children: Piece | readonly Piece[] } & Omit<Span, "text">;

export const Line = memo(function Line(p: LineProps) {
  const theme = useTheme();
  const spans = normalise(Array.isArray(p.children) ? p.children : [p.children as Piece], p);
  const width = spansWidth(spans);
  if (width === 0) return null;
  // Ink hands the transform the laid-out (possibly truncated) placeholder, every frame; an unchanged Line paints once.
  let painted: { width: number; text: string } | undefined;
  const transform = (placeholder: string) => {
    if (painted?.width !== placeholder.length)
      painted = { width: placeholder.length, text: paint(theme, spans, placeholder.length, width) };
    return painted.text;
  };
  return createElement("ink-text", { style: STYLE, internal_transform: transform }, spaces(width));
}, sameLine);

// Panes build their pieces afresh each frame, and most are what they were: those Lines are neither rendered nor committed again.
function sameLine(a: LineProps, b: LineProps): boolean {
  return a.tone === b.tone && a.bold === b.bold && a.inverse === b.inverse && samePieces(a.children, b.children);
}
