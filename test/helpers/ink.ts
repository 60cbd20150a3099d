/**
 * Renders a tree as the dashboard does (src/ui/renderer/mount.ts: Ink in
 * debug mode, frames put on the terminal by the FrameWriter) into a
 * terminal of a chosen size that can also be resized. ink-testing-library
 * fixes the terminal at 100 columns and no rows and writes with Ink's own
 * writer, which the dashboard does not use.
 */
import { EventEmitter } from "node:events";
import type { ReactElement } from "react";
import { mountScreen } from "../../src/ui/renderer/mount.js";

/** The terminal: what the writer wrote, its size, its resize events. */
export class FakeTerminal extends EventEmitter {
  written = "";
  constructor(
    public columns: number,
    public rows: number,
  ) {
    super();
  }
  isTTY = true;
  write = (data: string) => {
    this.written += data;
    this.onWrite?.(data);
    return true;
  };
  /** Called with every write (an emulator that keeps the screen, say). */
  onWrite: ((data: string) => void) | undefined;
  resize(columns: number, rows: number) {
    this.columns = columns;
    this.rows = rows;
    this.emit("resize");
  }
}

export class FakeStdin extends EventEmitter {
  isTTY = true;
  private chunks: string[] = [];
  write = (data: string) => {
    this.chunks.push(data);
    this.emit("readable");
  };
  read = () => this.chunks.shift() ?? null;
  setEncoding() {}
  setRawMode() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
}

export function renderAt(tree: ReactElement, columns: number, rows: number) {
  const stdout = new FakeTerminal(columns, rows);
  const stdin = new FakeStdin();
  const screen = mountScreen(tree, { terminal: stdout, stdin: stdin as unknown as NodeJS.ReadStream });
  const instance = screen.instance;
  return {
    stdout,
    stdin,
    instance,
    screen,
    lastFrame: () => screen.writer.lastFrame,
    /** The last frame with colours removed. */
    text: () => stripAnsi(screen.writer.lastFrame),
    press: async (keys: string) => {
      stdin.write(keys);
      await tick();
    },
    unmount: () => instance.unmount(),
  };
}

export function stripAnsi(s: string): string {
  // CSI and OSC sequences: a control character (ESC), then the rest.
  return s.replace(/\p{Cc}\[[0-9;?]*[A-Za-z]/gu, "").replace(/\p{Cc}\][^\p{Cc}]*\p{Cc}/gu, "");
}

/** Long enough for Ink's frame throttle (30 fps) to flush a frame. */
export function tick(ms = 40): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
