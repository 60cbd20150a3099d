/**
 * The characters beyond ASCII that spotdash draws itself (glyphs, borders,
 * chart blocks, punctuation in its own texts), each one terminal cell wide.
 *
 * Their widths are known up front so that the first frame never asks
 * string-width about a non-ASCII character: its first such answer compiles
 * its Unicode-property regular expressions, about 100 ms on this project's
 * machines (BENCHMARKS.md), paid before anything showed. A test checks each
 * one against string-width, and that the sources draw no other.
 */
export const NARROW_GLYPHS = "…–·—→←↑↓±≤−×✓✗‹›▸★●■▲▼◀◆▁▂▃▄▅▆▇█░┄┈┆┤│─━╭╮╰╯";

/** The price chart's braille cells (U+2800 + a dot mask), made at run time rather than written in a source. */
export const BRAILLE = { first: 0x2800, last: 0x28ff } as const;
