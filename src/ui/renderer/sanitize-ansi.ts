/**
 * Ink's sanitizeAnsi (ink/build/sanitize-ansi.js) with a way round it for
 * the text spotdash writes. Ink runs it on every text node of every frame:
 * it walks a string without escapes one character at a time to look for
 * C1 controls (a new string per non-ASCII character: the chart's braille,
 * the frames' box drawing), and tokenises one with escapes to keep only
 * SGR. spotdash's text carries no control but the colours Ink's own Text
 * adds, so two regular expressions answer for nearly all of it; anything
 * else goes to Ink's. What this returns is what Ink's returns
 * (test/unit/sanitize-ansi.test.ts holds it to Ink's on random text).
 *
 * The bundle (scripts/bundle.mjs) and the tests (vitest.config.ts) put this
 * module in place of Ink's for Ink's squash-text-nodes.js
 * (scripts/ink-swaps.mjs).
 */
// Ink's own, by its path: Ink's package exports only its index. The swap applies to squash-text-nodes.js alone.
import inkSanitizeAnsi from "../../../node_modules/ink/build/sanitize-ansi.js";

/** ESC, or a C1 control (U+0080–U+009F): what Ink's sanitizer looks for. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the controls are what it finds
const CONTROL = /[\u001B\u0080-\u009F]/;
/** Text whose only controls are SGR sequences (ESC [ params m): Ink keeps every one, so the text comes back whole. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the controls are what it finds
const SGR_ONLY = /^(?:[^\u001B\u0080-\u009F]|\u001B\[[\d:;]*m)*$/;

export default function sanitizeAnsi(text: string): string {
  if (!CONTROL.test(text) || SGR_ONLY.test(text)) return text;
  return inkSanitizeAnsi(text);
}
