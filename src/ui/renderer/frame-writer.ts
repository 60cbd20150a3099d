/**
 * Puts Ink's frames on the terminal. Ink renders each frame as text (debug
 * mode: the whole frame, every time) and this decides what to write:
 *
 *   - a frame at the size of the frame on screen: only the rows that
 *     changed, each written at its own row (absolute positions, so nothing
 *     depends on where the cursor was left);
 *   - the first frame, or the first after the terminal's size changed: the
 *     screen cleared and the whole frame written, so nothing of the old
 *     size survives, whatever the terminal did to it on the resize (reflow,
 *     scrolling, truncation);
 *   - a frame that does not fit the terminal (wider or taller than it): a
 *     cleared screen, nothing more. It was rendered for a size the terminal
 *     no longer has (Ink renders the old tree once when a resize arrives),
 *     and the frame for the new size follows at once.
 *
 * So the screen after any sequence of resizes is the last frame written in
 * full on a cleared screen plus row updates at the same size: a fresh render
 * at the final size, by construction. Writing rows by absolute position also
 * means the frame may be as tall as the terminal.
 */
import { textWidth } from "../spans.js";

export interface Terminal {
  write(data: string): unknown;
  readonly columns?: number;
  readonly rows?: number;
}

const CSI = "\u001B[";
/** Synchronized output: the terminal shows the frame at once, not row by row (ignored where unsupported). */
const BEGIN_SYNC = `${CSI}?2026h`;
const END_SYNC = `${CSI}?2026l`;
const CLEAR_SCREEN = `${CSI}H${CSI}2J`;
/**
 * A row is cleared whole before it is written, not after: a row as wide as
 * the terminal leaves the cursor on its last cell, and clearing from there
 * would erase that cell (the pane's right border) on terminals that do.
 */
const row = (i: number, text: string) => `${CSI}${i + 1};1H${CSI}0m${CSI}2K${text}`;

interface Size {
  cols: number;
  rows: number;
}

export class FrameWriter {
  private onScreen: string[] | undefined;
  private size: Size | undefined;
  /** The last frame Ink produced (written or not), for tests and diagnostics. */
  lastFrame = "";
  /** Bytes (UTF-8) written to the terminal, for the benchmarks. */
  bytesWritten = 0;

  constructor(private readonly terminal: Terminal) {}

  /** The terminal's size now; a stream without one (a pipe, a test) is taken as 80x24. */
  currentSize(): Size {
    return { cols: this.terminal.columns || 80, rows: this.terminal.rows || 24 };
  }

  write(frame: string): void {
    this.lastFrame = frame;
    const rows = frame.split("\n");
    const size = this.currentSize();
    if (this.onScreen === undefined || this.size === undefined || size.cols !== this.size.cols || size.rows !== this.size.rows) {
      if (!fits(rows, size)) {
        // Rendered for a size the terminal no longer has: nothing of the old screen stays meanwhile.
        if (this.onScreen !== undefined) this.put(CLEAR_SCREEN);
        this.onScreen = undefined;
        return;
      }
      this.put(BEGIN_SYNC + CLEAR_SCREEN + rows.map((text, i) => row(i, text)).join("") + END_SYNC);
      this.onScreen = rows;
      this.size = size;
      return;
    }
    let out = "";
    const height = Math.max(rows.length, this.onScreen.length);
    for (let i = 0; i < height; i++) {
      if (rows[i] !== this.onScreen[i]) out += row(i, rows[i] ?? "");
    }
    if (out !== "") this.put(BEGIN_SYNC + out + END_SYNC);
    this.onScreen = rows;
  }

  /** Forgets what is on screen: the next frame is written in full (after something else wrote to the terminal). */
  invalidate(): void {
    this.onScreen = undefined;
  }

  private put(data: string): void {
    this.bytesWritten += Buffer.byteLength(data);
    this.terminal.write(data);
  }
}

/** Whether every row of the frame fits the terminal's width, and the rows its height. */
export function fits(rows: readonly string[], size: Size): boolean {
  if (rows.length > size.rows) return false;
  // A row no longer than half the width fits whatever it holds: no character is wider than two cells.
  for (const row of rows) if (row.length * 2 > size.cols && textWidth(row.replace(SGR, "")) > size.cols) return false;
  return true;
}

/** The styles Ink writes into a frame's rows (colour, bold, inverse), which take no cells. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: an escape sequence is what it matches
const SGR = /\u001B\[[0-9;]*m/g;
