/**
 * A grid of dots, 2 wide and 4 tall per terminal cell, drawn as braille
 * (U+2800 + the cell's dot mask) or, in ASCII, as one of a few characters
 * chosen by where the cell's dots sit. Each cell also keeps a tone index,
 * set by whoever drew in it last, so a line can change colour mid-way.
 */

/** Braille's dot bits by [column][row within the cell]. */
const BRAILLE_BITS = [
  [0x01, 0x02, 0x04, 0x40],
  [0x08, 0x10, 0x20, 0x80],
] as const;

const TOP = 0x01 | 0x08 | 0x02 | 0x10;
const BOTTOM = 0x04 | 0x20 | 0x40 | 0x80;
const HIGHEST = 0x01 | 0x08;
const LOWEST = 0x40 | 0x80;

export class DotCanvas {
  readonly cols: number;
  readonly rows: number;
  private readonly masks: Uint8Array;
  private readonly tones: Uint8Array;

  constructor(cols: number, rows: number) {
    this.cols = Math.max(0, cols);
    this.rows = Math.max(0, rows);
    this.masks = new Uint8Array(this.cols * this.rows);
    this.tones = new Uint8Array(this.cols * this.rows);
  }

  /** Dots across and down. */
  get width(): number {
    return this.cols * 2;
  }

  get height(): number {
    return this.rows * 4;
  }

  /** Sets the dot at (x, y), y counted from the top; outside the grid nothing happens. */
  set(x: number, y: number, tone = 0): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const cell = (y >> 2) * this.cols + (x >> 1);
    this.masks[cell]! |= BRAILLE_BITS[x & 1]![y & 3]!;
    this.tones[cell] = tone;
  }

  /**
   * A line from (x0, y0) to (x1, y1) that never leaves a hole: each dot
   * column takes the rows from its own point halfway to its neighbours'.
   * Drawn for every point of the window with every price, so it allocates
   * nothing: no closure, no swap through an array.
   */
  line(x0: number, y0: number, x1: number, y1: number, tone = 0): void {
    if (x1 < x0) {
      this.line(x1, y1, x0, y0, tone);
      return;
    }
    const dx = x1 - x0;
    for (let x = x0; x <= x1; x++) {
      const y = yOnLine(x0, y0, x1, y1, x);
      const before = x > x0 ? (yOnLine(x0, y0, x1, y1, x - 1) + y) / 2 : dx === 0 ? y0 : y;
      const after = x < x1 ? (yOnLine(x0, y0, x1, y1, x + 1) + y) / 2 : y;
      const top = Math.round(Math.min(y, before, after));
      const bottom = Math.round(Math.max(y, before, after));
      for (let yy = top; yy <= bottom; yy++) this.set(x, yy, tone);
    }
  }

  mask(col: number, row: number): number {
    return this.masks[row * this.cols + col] ?? 0;
  }

  tone(col: number, row: number): number {
    return this.tones[row * this.cols + col] ?? 0;
  }
}

/** The line's y at x (its end's y on a vertical line). */
function yOnLine(x0: number, y0: number, x1: number, y1: number, x: number): number {
  const dx = x1 - x0;
  return dx === 0 ? y1 : y0 + ((y1 - y0) * (x - x0)) / dx;
}

export function brailleOf(mask: number): string {
  return String.fromCharCode(0x2800 + mask);
}

/** A cell's dots in ASCII: ' high, . low, : both halves, | top to bottom. */
export function asciiOf(mask: number): string {
  if (mask === 0) return " ";
  if ((mask & HIGHEST) !== 0 && (mask & LOWEST) !== 0) return "|";
  const top = (mask & TOP) !== 0;
  const bottom = (mask & BOTTOM) !== 0;
  if (top && bottom) return ":";
  return top ? "'" : ".";
}
