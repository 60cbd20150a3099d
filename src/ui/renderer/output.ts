/**
 * Ink's Output (ink/build/output.js), which turns the laid-out tree into the
 * frame's text, with the rows of the previous frame remembered.
 *
 * Ink builds every frame from nothing: a fresh object for each of the
 * screen's cells (4,800 at 120x40), every written line tokenised into them,
 * every row turned back into a string. That is over a megabyte of garbage a
 * frame and most of the dashboard's CPU, for a frame in which most rows did
 * not change. Here a row is the list of (column, text) writes that land on
 * it; a row whose writes equal the previous frame's takes the previous
 * frame's string. A row that changed is joined from remembered pieces, one
 * per written line, when its writes lie side by side; otherwise it is built
 * cell by cell as Ink builds it. Either way the string is Ink's: a property
 * test compares the two.
 *
 * The bundle (scripts/bundle.mjs) puts this module in place of Ink's own;
 * the tests run Ink's, and the property test holds this one to it.
 */

import {
  type StyledChar,
  styledCharsFromTokens,
  styledCharsToString,
  styledRuns,
  styleTransition,
  tokenize,
} from "@alcalzone/ansi-tokenize";
import sliceAnsi from "slice-ansi";
import stringWidth from "string-width";
import { BRAILLE, NARROW_GLYPHS } from "../narrow-glyphs.js";
import { spaces } from "../spans.js";

type Transformer = (line: string, index: number) => string;
interface Clip {
  x1: number | undefined;
  x2: number | undefined;
  y1: number | undefined;
  y2: number | undefined;
}
type Operation =
  | { type: "write"; x: number; y: number; text: string; transformers: Transformer[] }
  | { type: "clip"; clip: Clip }
  | { type: "unclip" };

/** What lands on one row, in order: column, text, column, text… */
type RowWrites = (number | string)[];

// Cells per character as Ink counts them: at least one, even for a zero-width character (so not
// spans.ts's textWidth, which lays out text). A small set (digits, letters, glyphs); cleared if a flood of distinct ones arrives.
const charWidths = new Map<string, number>();
const narrow = new Set(NARROW_GLYPHS);
function charWidth(value: string): number {
  if (narrow.has(value)) return 1;
  const code = value.charCodeAt(0);
  if (value.length === 1 && code >= BRAILLE.first && code <= BRAILLE.last) return 1;
  let width = charWidths.get(value);
  if (width === undefined) {
    if (charWidths.size > 4096) charWidths.clear();
    width = Math.max(1, stringWidth(value));
    charWidths.set(value, width);
  }
  return width;
}

/** The previous frame: its width, and each row's writes and string. */
let remembered: { width: number; writes: RowWrites[]; rows: string[] } = { width: -1, writes: [], rows: [] };

function sameWrites(a: RowWrites | undefined, b: RowWrites): boolean {
  if (a === undefined || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * A written line as a piece of a row: its characters' text with the codes
 * between them, its first and last styles, and its width in cells. A row of
 * pieces that do not overlap is the pieces and the blanks between them,
 * joined by the codes from one style to the next: the string Ink's cell by
 * cell pass gives, without the cells.
 */
interface Piece {
  width: number;
  first: StyledChar["styles"];
  last: StyledChar["styles"];
  text: string;
}

const NO_STYLES = Object.freeze([]) as unknown as StyledChar["styles"];
const EMPTY: Piece = { width: 0, first: NO_STYLES, last: NO_STYLES, text: "" };
/** A few screens' worth, as the tokenizer remembers (vendor/ansi-tokenize-cached). */
const MAX_PIECES = 256;
const pieces = new Map<string, Piece>();

function pieceOf(line: string): Piece {
  let piece = pieces.get(line);
  if (piece !== undefined) return piece;
  piece = fromRuns(styledRuns(line) ?? runsOfChars(styledCharsFromTokens(tokenize(line))));
  pieces.set(line, piece);
  if (pieces.size > MAX_PIECES) pieces.delete(pieces.keys().next().value!);
  return piece;
}

type Run = { styles: StyledChar["styles"]; text: string; width?: number };

/** Lines with graphemes of several code points, or escapes other than colours, go through Ink's tokenizer. */
function runsOfChars(chars: readonly StyledChar[]): Run[] {
  return chars.map((c) => ({ styles: c.styles, text: c.value, width: charWidth(c.value) }));
}

function fromRuns(runs: readonly Run[]): Piece {
  if (runs.length === 0) return EMPTY;
  let text = "";
  let width = 0;
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i]!;
    if (i > 0) text += styleTransition(runs[i - 1]!.styles, run.styles);
    text += run.text;
    width += run.width ?? simpleWidth(run.text);
  }
  return { width, first: runs[0]!.styles, last: runs[runs.length - 1]!.styles, text };
}

/** A simple run's characters are one code unit each (see styledRuns). */
function simpleWidth(text: string): number {
  let width = 0;
  for (let i = 0; i < text.length; i++) width += text.charCodeAt(i) < 0x7f ? 1 : charWidth(text[i]!);
  return width;
}

// A row's writes by column, reused from row to row: a frame builds dozens of rows each second.
const columns: number[] = [];
const texts: string[] = [];

/** One row from its writes: from pieces when they lie side by side inside the frame, else cell by cell as Ink does. */
function buildRow(width: number, writes: RowWrites): string {
  // Sorted by column, stable (a box's right border is written before its content): an insertion sort of a handful.
  const n = writes.length / 2;
  for (let i = 0; i < n; i++) {
    const x = writes[2 * i] as number;
    let j = i;
    for (; j > 0 && columns[j - 1]! > x; j--) {
      columns[j] = columns[j - 1]!;
      texts[j] = texts[j - 1]!;
    }
    columns[j] = x;
    texts[j] = writes[2 * i + 1] as string;
  }
  let out = "";
  let previous = NO_STYLES;
  let at = 0;
  for (let i = 0; i < n; i++) {
    const x = columns[i]!;
    const piece = pieceOf(texts[i]!);
    if (piece.width === 0) continue;
    if (!Number.isInteger(x) || x < at || x + piece.width > width) return buildRowFromCells(width, writes);
    if (x > at) {
      out += styleTransition(previous, NO_STYLES) + spaces(x - at);
      previous = NO_STYLES;
    }
    out += styleTransition(previous, piece.first) + piece.text;
    previous = piece.last;
    at = x + piece.width;
  }
  if (width > at) {
    out += styleTransition(previous, NO_STYLES) + spaces(width - at);
    previous = NO_STYLES;
  }
  return (out + styleTransition(previous, NO_STYLES)).trimEnd();
}

/** Ink's way, for writes that overlap or cross the frame's edge: blank cells, each write's characters over them, back to a string. */
function buildRowFromCells(width: number, writes: RowWrites): string {
  const blank: StyledChar = { type: "char", value: " ", fullWidth: false, styles: NO_STYLES };
  const cells: StyledChar[] = new Array<StyledChar>(width).fill(blank);
  for (let i = 0; i < writes.length; i += 2) {
    let offsetX = writes[i] as number;
    for (const character of styledCharsFromTokens(tokenize(writes[i + 1] as string))) {
      cells[offsetX] = character;
      const w = charWidth(character.value);
      for (let k = 1; k < w; k++) cells[offsetX + k] = { type: "char", value: "", fullWidth: false, styles: character.styles };
      offsetX += w;
    }
  }
  // Writes past the right edge can leave holes; Ink drops them.
  return styledCharsToString(cells.filter((c) => c !== undefined)).trimEnd();
}

export default class Output {
  width: number;
  height: number;
  private readonly operations: Operation[] = [];
  private readonly widths = new Map<string, number>();

  constructor(options: { width: number; height: number }) {
    this.width = options.width;
    this.height = options.height;
  }

  write(x: number, y: number, text: string, options: { transformers: Transformer[] }): void {
    if (!text) return;
    this.operations.push({ type: "write", x, y, text, transformers: options.transformers });
  }

  clip(clip: Clip): void {
    this.operations.push({ type: "clip", clip });
  }

  unclip(): void {
    this.operations.push({ type: "unclip" });
  }

  private stringWidth(text: string): number {
    let width = this.widths.get(text);
    if (width === undefined) {
      width = stringWidth(text);
      this.widths.set(text, width);
    }
    return width;
  }

  get(): { output: string; height: number } {
    const writes: RowWrites[] = Array.from({ length: this.height }, () => []);
    const clips: Clip[] = [];
    for (const operation of this.operations) {
      if (operation.type === "clip") clips.push(operation.clip);
      else if (operation.type === "unclip") clips.pop();
      else this.place(operation, clips.at(-1), writes);
    }
    const previous = remembered.width === this.width ? remembered : undefined;
    const rows = writes.map((row, y) => (previous && sameWrites(previous.writes[y], row) ? previous.rows[y]! : buildRow(this.width, row)));
    remembered = { width: this.width, writes, rows };
    return { output: rows.join("\n"), height: rows.length };
  }

  /** Ink's clipping and line placement, unchanged; the characters are laid down later, row by row. */
  private place(operation: Extract<Operation, { type: "write" }>, clip: Clip | undefined, writes: RowWrites[]): void {
    const { text, transformers } = operation;
    let { x, y } = operation;
    // Most writes are one line of a pane, clipped to its rows only: no arrays for them.
    const clipsColumns = typeof clip?.x1 === "number" && typeof clip.x2 === "number";
    if (!clipsColumns && !text.includes("\n")) {
      if (typeof clip?.y1 === "number" && typeof clip.y2 === "number" && (y < clip.y1 || y >= clip.y2)) return;
      let line = text;
      for (const transformer of transformers) line = transformer(line, 0);
      writes[y]?.push(x, line);
      return;
    }
    let lines = text.split("\n");
    if (clip) {
      const clipHorizontally = typeof clip.x1 === "number" && typeof clip.x2 === "number";
      const clipVertically = typeof clip.y1 === "number" && typeof clip.y2 === "number";
      if (clipHorizontally) {
        const widest = Math.max(0, ...lines.map((line) => this.stringWidth(line)));
        if (x + widest < clip.x1! || x > clip.x2!) return;
      }
      if (clipVertically && (y + lines.length < clip.y1! || y > clip.y2!)) return;
      if (clipHorizontally) {
        lines = lines.map((line) => {
          const from = x < clip.x1! ? clip.x1! - x : 0;
          const width = this.stringWidth(line);
          const to = x + width > clip.x2! ? clip.x2! - x : width;
          return sliceAnsi(line, from, to);
        });
        if (x < clip.x1!) x = clip.x1!;
      }
      if (clipVertically) {
        const from = y < clip.y1! ? clip.y1! - y : 0;
        const to = y + lines.length > clip.y2! ? clip.y2! - y : lines.length;
        lines = lines.slice(from, to);
        if (y < clip.y1!) y = clip.y1!;
      }
    }
    // As in Ink: a line whose row is off the frame is skipped and the ones after it land on that same missing row.
    let offsetY = 0;
    lines.forEach((original, index) => {
      const row = writes[y + offsetY];
      if (!row) return;
      let line = original;
      for (const transformer of transformers) line = transformer(line, index);
      row.push(x, line);
      offsetY++;
    });
  }
}
