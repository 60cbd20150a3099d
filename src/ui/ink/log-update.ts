/**
 * Ink's log-update (ink/build/log-update.js), which puts each frame on the
 * terminal over the previous one, with one change: a frame as tall as the
 * one on screen is written as the rows that changed, each rewritten in place.
 *
 * Ink's writer erases the whole previous frame and writes the whole new
 * one: all 40 rows of a 120x40 dashboard every second, for a frame in which
 * a countdown, a few ages and the price rows changed, and the terminal (or
 * tmux) parses and redraws all of it. Ink's own `incrementalRendering`
 * option writes changed rows only, but it starts one row too low when the
 * frame ends in a newline, as Ink's frames do, and draws every row under the
 * one above it (README, "How it stays cheap to draw").
 *
 * Everything else (the first frame, a frame of another height, a visible
 * cursor, clearing) is left to Ink's writer, which also keeps the state Ink
 * asks it about: after a row update it is told what is now on screen.
 *
 * The bundle (scripts/bundle.mjs) hands Ink this in place of its own; the
 * tests run Ink's, and test/unit/ink-log-update.test.ts compares the two on
 * a terminal emulator.
 */
export interface CursorPosition {
  x: number;
  y: number;
}

export interface LogUpdate {
  (str: string): boolean;
  clear(): void;
  done(): void;
  sync(str: string): void;
  setCursorPosition(position: CursorPosition | undefined): void;
  isCursorDirty(): boolean;
  willRender(str: string): boolean;
}

export interface LogUpdateModule {
  create(stream: NodeJS.WriteStream, options?: { showCursor?: boolean; incremental?: boolean }): LogUpdate;
}

const CSI = "\u001B[";

export function withRowUpdates(ink: LogUpdateModule): LogUpdateModule {
  return {
    create(stream, options = {}) {
      const inner = ink.create(stream, { ...options, incremental: false });
      // The rows on screen when they can be rewritten in place: a frame ending in a newline, the cursor just under it.
      let onScreen: string[] | undefined;
      // Once a component places the terminal's cursor, Ink's writer keeps track of it: every frame goes through it.
      let cursorPlaced = false;

      const render = ((str: string): boolean => {
        const rows = cursorPlaced || !str.endsWith("\n") ? undefined : str.split("\n");
        if (rows === undefined || onScreen === undefined || rows.length !== onScreen.length) {
          const wrote = inner(str);
          onScreen = rows;
          return wrote;
        }
        if (!inner.willRender(str)) return false;
        stream.write(rowUpdates(onScreen, rows));
        inner.sync(str);
        onScreen = rows;
        return true;
      }) as LogUpdate;
      render.clear = () => {
        inner.clear();
        onScreen = undefined;
      };
      render.done = () => {
        inner.done();
        onScreen = undefined;
      };
      render.sync = (str) => {
        inner.sync(str);
        onScreen = str.endsWith("\n") ? str.split("\n") : undefined;
      };
      render.setCursorPosition = (position) => {
        // Ink also calls this with no position after its own console writes.
        if (position !== undefined) cursorPlaced = true;
        inner.setCursorPosition(position);
      };
      render.isCursorDirty = () => inner.isCursorDirty();
      render.willRender = (str) => inner.willRender(str);
      return render;
    },
  };
}

/**
 * From the cursor at the start of the row under the frame: each changed row
 * erased and written, then back under the frame. A row is erased before it
 * is written: after a row as wide as the terminal the cursor waits on its
 * last column, and some terminals would erase that character too.
 */
export function rowUpdates(before: readonly string[], after: readonly string[]): string {
  const bottom = after.length - 1;
  let out = "";
  let row = bottom;
  for (let i = 0; i < bottom; i++) {
    if (after[i] === before[i]) continue;
    if (row > i) out += `${CSI}${row - i}A`;
    else if (row < i) out += `${CSI}${i - row}B`;
    out += `\r${CSI}K${after[i]}`;
    row = i;
  }
  if (row < bottom) out += `${CSI}${bottom - row}B`;
  return `${out}\r`;
}
