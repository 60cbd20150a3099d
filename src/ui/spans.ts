/**
 * A line of styled text as plain data: what the panes draw, turned into one
 * ANSI string here. Pure, so truncation and styling are unit-tested apart
 * from Ink (see Line.tsx for why panes draw through this, not nested <Text>).
 */
import stringWidth from "string-width";
import { BRAILLE, NARROW_GLYPHS } from "./narrow-glyphs.js";
import type { Tone } from "./palettes.js";
import { paletteOf, type Theme } from "./theme.js";

export interface Span {
  text: string;
  tone?: Tone | undefined;
  bold?: boolean | undefined;
  inverse?: boolean | undefined;
}

/** What a line is made of; false/null/undefined are skipped, as in JSX. */
export type Piece = string | Span | false | null | undefined;

export function span(text: string, style: Omit<Span, "text"> = {}): Span {
  return { text, ...style };
}

const ASCII = /^[\x20-\x7e]*$/;
// Code points whose width depends on their neighbours (surrogate pairs, joiners,
// variation selectors, Hangul jamo): such text is measured as a whole.
// biome-ignore lint/suspicious/noMisleadingCharacterClass: it matches UTF-16 code units one by one, surrogate halves included, on purpose
const CLUSTERED = /[\ud800-\udfff\u200d\ufe00-\ufe0f\u1100-\u11ff\ua960-\ua97f\ud7b0-\ud7ff]/;
const charWidths = new Map<number, number>(Array.from(NARROW_GLYPHS, (c) => [c.charCodeAt(0), 1]));
for (let code = BRAILLE.first; code <= BRAILLE.last; code++) charWidths.set(code, 1);

/**
 * Terminal columns of plain text (no escape codes). The chart and the bars
 * are hundreds of block glyphs a frame, so single characters are measured
 * once and remembered rather than segmenting every string.
 */
export function textWidth(text: string): number {
  if (ASCII.test(text)) return text.length;
  if (CLUSTERED.test(text)) return stringWidth(text);
  let w = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    let cw = code >= 0x20 && code < 0x7f ? 1 : charWidths.get(code);
    if (cw === undefined) {
      cw = stringWidth(text[i]!);
      charWidths.set(code, cw);
    }
    w += cw;
  }
  return w;
}

const blanks: string[] = [];

/** A run of n spaces, the same string each time: lines are laid out and rows padded with them every frame. */
export function spaces(n: number): string {
  blanks[n] ??= " ".repeat(n);
  return blanks[n];
}

// The codes chalk gives Ink's named colours, so a Line looks as <Text color> did.
const FOREGROUND: Record<string, string> = {
  red: "31",
  green: "32",
  yellow: "33",
  blue: "34",
  magenta: "35",
  cyan: "36",
  white: "37",
  gray: "90",
  redBright: "91",
  greenBright: "92",
  yellowBright: "93",
  cyanBright: "96",
};

/** A palette's colour as its escape code's parameters: a name, or ansi256(N). */
function foreground(colour: string): string | undefined {
  const n = /^ansi256\((\d{1,3})\)$/.exec(colour)?.[1];
  return n === undefined ? FOREGROUND[colour] : `38;5;${n}`;
}

/** Spans with the line's base style applied and empty pieces dropped. */
export function normalise(pieces: readonly Piece[], base: Omit<Span, "text"> = {}): Span[] {
  const out: Span[] = [];
  for (const p of pieces) {
    if (p === false || p === null || p === undefined || p === "") continue;
    const s = typeof p === "string" ? { text: p } : p;
    if (s.text === "") continue;
    out.push({ text: s.text, tone: s.tone ?? base.tone, bold: s.bold || base.bold, inverse: s.inverse || base.inverse });
  }
  return out;
}

function samePiece(a: Piece, b: Piece): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  return a.text === b.text && a.tone === b.tone && a.bold === b.bold && a.inverse === b.inverse;
}

/** Whether two lines' pieces are the same, piece by piece (new arrays and spans each render, mostly equal ones). */
export function samePieces(a: Piece | readonly Piece[], b: Piece | readonly Piece[]): boolean {
  if (!Array.isArray(a) || !Array.isArray(b)) return Array.isArray(a) === Array.isArray(b) && samePiece(a as Piece, b as Piece);
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!samePiece(a[i], b[i])) return false;
  return true;
}

export function spansWidth(spans: readonly Span[]): number {
  let w = 0;
  for (const s of spans) w += textWidth(s.text);
  return w;
}

/** Columns a run of pieces takes. */
export function piecesWidth(pieces: readonly Piece[]): number {
  return spansWidth(normalise(pieces));
}

/**
 * Whole groups of pieces, in their order, up to the first that does not fit
 * `width`: a narrow line loses whole items from its end, never half a word.
 */
export function fitGroups(groups: readonly (readonly Piece[])[], width: number): Piece[] {
  const out: Piece[] = [];
  let used = 0;
  for (const g of groups) {
    const w = piecesWidth(g);
    if (used + w > width) break;
    out.push(...g);
    used += w;
  }
  return out;
}

/**
 * A line's parts between `sep`, as many as fit whole (the first however
 * narrow). A toast's, or a fired alert's, come first with the result and the
 * amount (" · "); a message's with what happened, then what to do next (" — ").
 */
export function fitParts(text: string, sep: string, width: number): string {
  const parts = text.split(sep);
  return (
    fitGroups(
      parts.map((part, i) => [i === 0 ? part : `${sep}${part}`]),
      width,
    ).join("") || cutAtWord(parts[0] ?? "", width)
  );
}

/**
 * `text` whole where it fits, else its words that fit and "…": a line cut
 * mid-word ("nothing he…") reads as another word. Where whole words would
 * leave half the line empty (a word wider than the line), it is cut where
 * the line ends.
 */
export function cutAtWord(text: string, width: number): string {
  if (textWidth(text) <= width) return text;
  const room = Math.max(0, width - 1);
  const words = text.split(" ");
  let kept = "";
  for (const word of words) {
    const next = kept === "" ? word : `${kept} ${word}`;
    if (textWidth(next) > room) break;
    kept = next;
  }
  return `${(textWidth(kept) < room / 2 ? cut(text, room) : kept).replace(/[\s,;:—–-]+$/, "")}…`;
}

/**
 * The longest of a line's forms (each naming its subject less than the one
 * before) whose first part (`sep`) fits `width` whole, else the shortest;
 * its parts that fit whole (fitParts). A toast's or an alert's result and
 * amount are never cut while a shorter form keeps them.
 */
export function fitForms(forms: readonly string[], sep: string, width: number): string {
  return fitParts(forms.find((f) => fitsFirstPart(f, sep, width)) ?? forms.at(-1)!, sep, width);
}

/** Whether `text`'s first part (before `sep`) fits `width`. */
export function fitsFirstPart(text: string, sep: string, width: number): boolean {
  return textWidth(text.split(sep)[0]!) <= width;
}

/**
 * Whole groups in lines of at most `width` columns, in their order, `sep`
 * between two on a line: a narrow pane takes more lines rather than cut an
 * item. A group wider than a line has one to itself (and is cut there).
 */
export function packGroups(groups: readonly (readonly Piece[])[], width: number, sep: Piece): Piece[][] {
  const lines: Piece[][] = [];
  let used = 0;
  const sepWidth = piecesWidth([sep]);
  for (const g of groups) {
    const w = piecesWidth(g);
    const line = lines.at(-1);
    if (line !== undefined && used + sepWidth + w <= width) {
      line.push(sep, ...g);
      used += sepWidth + w;
    } else {
      lines.push([...g]);
      used = w;
    }
  }
  return lines;
}

/**
 * Text broken into lines of at most `width` columns at its spaces, the
 * space at each break dropped. Ink's own wrap keeps it, so a line that
 * filled its width exactly began the next one a column further in. A
 * number stays with the unit after it ("1 h", "5 min", "10 s"). A word
 * wider than a line is left for Ink to break.
 */
export function wrapWords(text: string, width: number): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/ (?!(?<=\d )(?:h|min|s|ms|d|m)\b)/)) {
    if (line !== "" && textWidth(line) + 1 + textWidth(word) > width) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  return [...lines, line].join("\n");
}

const graphemes = new Intl.Segmenter();

/** The longest prefix of `text` at most `max` columns wide, never splitting a character. */
function cut(text: string, max: number): string {
  if (ASCII.test(text)) return text.slice(0, max);
  let out = "";
  let w = 0;
  for (const { segment } of graphemes.segment(text)) {
    const cw = stringWidth(segment);
    if (w + cw > max) break;
    out += segment;
    w += cw;
  }
  return out;
}

function styled(theme: Theme, s: Span): string {
  let open = "";
  let close = "";
  const colour = theme.color && s.tone !== undefined ? foreground(paletteOf(theme)[s.tone]) : undefined;
  if (colour !== undefined) {
    open += `\x1b[${colour}m`;
    close = `\x1b[39m${close}`;
  }
  // Bold and inverse are not colour: NO_COLOR keeps them (the mainnet marker relies on inverse).
  if (s.bold) {
    open += "\x1b[1m";
    close = `\x1b[22m${close}`;
  }
  if (s.inverse) {
    open += "\x1b[7m";
    close = `\x1b[27m${close}`;
  }
  return open === "" ? s.text : `${open}${s.text}${close}`;
}

/**
 * The spans as one ANSI string at most `max` columns wide; text that does
 * not fit ends in "…", as Ink's truncate-end would.
 */
export function paint(theme: Theme, spans: readonly Span[], max: number, width = spansWidth(spans)): string {
  if (width <= max) return spans.map((s) => styled(theme, s)).join("");
  if (max <= 0) return "";
  let out = "";
  let room = max - 1; // one column for the ellipsis
  for (const s of spans) {
    const w = textWidth(s.text);
    if (w <= room) {
      out += styled(theme, s);
      room -= w;
      continue;
    }
    return out + styled(theme, { ...s, text: `${cut(s.text, room)}…` });
  }
  return out;
}
