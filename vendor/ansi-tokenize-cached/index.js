/**
 * Ink 6.8 draws every frame by tokenising every line it writes, one grapheme
 * at a time through Intl.Segmenter (`styledCharsFromTokens(tokenize(line))`
 * in ink/build/output.js), and forgets the result after that frame. A
 * dashboard redraws once a second and most of its lines did not change, so
 * that work is repeated for nothing: about 3.5 µs per character, 15–20 ms a
 * frame at 120x40.
 *
 * This package stands in for @alcalzone/ansi-tokenize (through `overrides`
 * in spotdash's package.json). It returns what upstream returns (a property
 * test compares them) and changes only how much work that takes:
 * - `tokenize` remembers the tokens of the last MAX_LINES lines; a line made
 *   only of characters that are graphemes on their own and SGR codes is split
 *   without the segmenter, from per-character tokens made by upstream once;
 * - `styledCharsFromTokens` remembers its result for remembered tokens, and
 *   gives every distinct style one frozen styles array;
 * - `styledCharsToString` remembers the codes between two such styles, and
 *   writes none between equal ones (upstream's diff of equal styles is empty).
 * Everything else is the upstream package, unchanged. Two additions serve
 * spotdash's frame output (src/ui/ink/output.ts), which joins rows from
 * pieces of text instead of cells: `styledRuns` reads a simple line as runs
 * of equally styled text, and `styleTransition` gives the codes between two
 * styles.
 */
import * as upstream from "ansi-tokenize-upstream";

export { ansiCodesToString, diffAnsiCodes, reduceAnsiCodes, reduceAnsiCodesIncremental, undoAnsiCodes } from "ansi-tokenize-upstream";

/**
 * A full screen is under 50 lines, and spotdash's frame output remembers the
 * lines it drew itself (src/ui/renderer/output.ts): this cache serves the few
 * it draws cell by cell. A screen's worth caps the memory (a styled
 * 120-column line is about 7 KB) where more would hold the chart's rows of
 * minutes past, which change with every price.
 */
export const MAX_LINES = 64;

const tokensByLine = new Map();
const charsByTokens = new WeakMap();
const NO_STYLES = Object.freeze([]);

// Printable ASCII, Latin-1 and Latin Extended, punctuation, arrows, maths,
// technical symbols, box drawing, blocks, shapes, dingbats, braille: none of
// these joins a neighbour into one grapheme. Plus SGR codes, which Ink writes.
// Braille (U+2800-U+28FF, BRAILLE in src/ui/narrow-glyphs.ts, which this
// package cannot import) is the price chart's rows, which change with every
// price: without it here each was tokenised a character at a time, 8 % of
// the dashboard's allocations (BENCHMARKS.md, "Dashboard").
// biome-ignore lint/suspicious/noControlCharactersInRegex: SGR codes begin with ESC
const SIMPLE = /^(?:[\x20-\x7e\u00a0-\u02ff\u2010-\u2027\u2030-\u205e\u2190-\u27bf\u2800-\u28ff]|\x1b\[[0-9;]*m)*$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: SGR codes begin with ESC
const SGR = /\x1b\[[0-9;]*m/g;
const charTokens = new Map();
const sgrTokens = new Map();

function charToken(ch) {
  let token = charTokens.get(ch);
  if (token === undefined) {
    token = Object.freeze(upstream.tokenize(ch)[0]);
    charTokens.set(ch, token);
  }
  return token;
}

function sgrTokensOf(code) {
  let tokens = sgrTokens.get(code);
  if (tokens === undefined) {
    tokens = upstream.tokenize(code).map((t) => Object.freeze(t));
    sgrTokens.set(code, tokens);
  }
  return tokens;
}

function tokenizeSimple(str) {
  const out = [];
  let at = 0;
  const take = (until) => {
    for (; at < until; at++) out.push(charToken(str[at]));
  };
  for (const m of str.matchAll(SGR)) {
    take(m.index);
    for (const t of sgrTokensOf(m[0])) out.push(t);
    at = m.index + m[0].length;
  }
  take(str.length);
  return out;
}

export function tokenize(str, endChar) {
  if (endChar !== undefined) return upstream.tokenize(str, endChar);
  let tokens = tokensByLine.get(str);
  if (tokens !== undefined) {
    // Map keeps insertion order: re-inserting makes this the newest entry.
    tokensByLine.delete(str);
    tokensByLine.set(str, tokens);
    return tokens;
  }
  // Frozen because every caller now shares it.
  tokens = Object.freeze(SIMPLE.test(str) ? tokenizeSimple(str) : upstream.tokenize(str));
  tokensByLine.set(str, tokens);
  if (tokensByLine.size > MAX_LINES) tokensByLine.delete(tokensByLine.keys().next().value);
  return tokens;
}

// One frozen array per distinct style, so equal styles are the same array
// everywhere and the string between two styles can be remembered.
const stylesByKey = new Map();
const transitions = new WeakMap();

function canonical(codes) {
  if (codes.length === 0) return NO_STYLES;
  const key = codes.map((c) => c.code).join("");
  let styles = stylesByKey.get(key);
  if (styles === undefined) {
    styles = Object.freeze(codes);
    stylesByKey.set(key, styles);
  }
  return styles;
}

/**
 * A simple line (see SIMPLE) as runs of text, each with the styles that
 * styledCharsFromTokens would give its characters; undefined for any other
 * line. No tokens or characters are made.
 */
export function styledRuns(str) {
  if (!SIMPLE.test(str)) return undefined;
  const runs = [];
  let styles = NO_STYLES;
  let at = 0;
  // In a simple line every ESC opens an SGR code, which ends at the next "m": found with indexOf,
  // without matchAll's iterator and an array per match (every changed line of every frame comes here).
  for (let start = str.indexOf("\x1b"); start !== -1; start = str.indexOf("\x1b", at)) {
    const end = str.indexOf("m", start) + 1;
    if (start > at) runs.push({ styles, text: str.slice(at, start) });
    styles = stylesAfter(styles, str.slice(start, end));
    at = end;
  }
  if (str.length > at) runs.push({ styles, text: str.slice(at) });
  return runs;
}

const afterCode = new WeakMap();
function stylesAfter(styles, code) {
  let byCode = afterCode.get(styles);
  if (byCode === undefined) {
    byCode = new Map();
    afterCode.set(styles, byCode);
  }
  let next = byCode.get(code);
  if (next === undefined) {
    next = styles;
    for (const token of sgrTokensOf(code)) next = canonical(upstream.reduceAnsiCodesIncremental(next, [token]));
    byCode.set(code, next);
  }
  return next;
}

export function styledCharsFromTokens(tokens) {
  const remember = Object.isFrozen(tokens);
  const remembered = remember ? charsByTokens.get(tokens) : undefined;
  if (remembered !== undefined) return remembered;
  const chars = [];
  let styles = NO_STYLES;
  for (const token of tokens) {
    if (token.type === "ansi") styles = canonical(upstream.reduceAnsiCodesIncremental(styles, [token]));
    // A literal, not a spread of the token: the spread takes V8's slow cloning path in code that runs once a frame.
    else if (token.type === "char") chars.push({ type: "char", value: token.value, fullWidth: token.fullWidth, styles });
  }
  if (remember) charsByTokens.set(tokens, Object.freeze(chars));
  return chars;
}

function transition(from, to) {
  // Ink fills blank cells with fresh empty arrays: all empty styles are one.
  if (from.length === 0) from = NO_STYLES;
  if (to.length === 0) to = NO_STYLES;
  if (from === to) return "";
  const fromCanonical = from === NO_STYLES || Object.isFrozen(from);
  let byTarget = fromCanonical ? transitions.get(from) : undefined;
  let codes = byTarget?.get(to);
  if (codes === undefined) {
    codes = upstream.ansiCodesToString(upstream.diffAnsiCodes(from, to));
    if (fromCanonical && (to === NO_STYLES || Object.isFrozen(to))) {
      if (byTarget === undefined) {
        byTarget = new WeakMap();
        transitions.set(from, byTarget);
      }
      byTarget.set(to, codes);
    }
  }
  return codes;
}

/** The codes styledCharsToString writes between a character styled `from` and the next, styled `to`. */
export function styleTransition(from, to) {
  return transition(from, to);
}

export function styledCharsToString(chars) {
  let out = "";
  let previous = NO_STYLES;
  for (const char of chars) {
    out += transition(previous, char.styles) + char.value;
    previous = char.styles;
  }
  return out + transition(previous, NO_STYLES);
}

/** How many lines' tokens are remembered now (for tests and benchmarks). */
export function rememberedLines() {
  return tokensByLine.size;
}
