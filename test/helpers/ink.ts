/**
 * ink-testing-library fixes the terminal at 100 columns and no rows; the
 * dashboard's layout depends on both, so this renders into a terminal of a
 * chosen size that can also be resized.
 */
import { EventEmitter } from "node:events";
import { render as inkRender } from "ink";
import type { ReactElement } from "react";

class FakeStdout extends EventEmitter {
  frames: string[] = [];
  constructor(public columns: number, public rows: number) {
    super();
  }
  isTTY = true;
  write = (frame: string) => {
    this.frames.push(frame);
    return true;
  };
  resize(columns: number, rows: number) {
    this.columns = columns;
    this.rows = rows;
    this.emit("resize");
  }
}

class FakeStdin extends EventEmitter {
  isTTY = true;
  private data: string | null = null;
  write = (data: string) => {
    this.data = data;
    this.emit("readable");
    this.emit("data", data);
  };
  read = () => {
    const d = this.data;
    this.data = null;
    return d;
  };
  setEncoding() {}
  setRawMode() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
}

export function renderAt(tree: ReactElement, columns: number, rows: number) {
  const stdout = new FakeStdout(columns, rows);
  const stdin = new FakeStdin();
  const stderr = new FakeStdout(columns, rows);
  const instance = inkRender(tree, {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    stderr: stderr as unknown as NodeJS.WriteStream,
    debug: true,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  return {
    stdout,
    stdin,
    instance,
    lastFrame: () => stdout.frames.at(-1) ?? "",
    /** The last frame with colours removed. */
    text: () => stripAnsi(stdout.frames.at(-1) ?? ""),
    press: async (keys: string) => {
      stdin.write(keys);
      await tick();
    },
    unmount: () => instance.unmount(),
  };
}

export function stripAnsi(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, "").replace(/\u001b\][^\u0007]*\u0007/g, "");
}

/** Long enough for Ink's frame throttle (30 fps) to flush a frame. */
export function tick(ms = 40): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
