/**
 * Mounts a React tree on a terminal the way the dashboard and its tests both
 * do: Ink renders each frame as text (debug mode: whole frames, no writer
 * of its own, no throttle) into a stand-in stdout, and the FrameWriter puts
 * the frames on the real terminal. One pipeline, so the tests see what a
 * trader sees (README.md in this directory).
 */
import { EventEmitter } from "node:events";
import { type Instance, render } from "ink";
import type { ReactElement } from "react";
import { FrameWriter, type Terminal } from "./frame-writer.js";

export interface ScreenIO {
  /** The terminal: writes, its size, and its resize events. */
  terminal: Terminal & Pick<NodeJS.EventEmitter, "on" | "off">;
  stdin: NodeJS.ReadStream;
}

export interface Screen {
  instance: Instance;
  writer: FrameWriter;
  /** Stops taking frames: nothing more reaches the terminal (on the way out, before the screen is restored). */
  close(): void;
}

const BELL = "\u0007";

/**
 * What Ink takes for stdout. Its size is the terminal's; its resize events
 * are the terminal's. Of what is written to it, frames go to the writer:
 * the one write after each render (Ink calls onRender just before it).
 */
class FrameSink extends EventEmitter {
  readonly isTTY = true;
  expectFrame = false;
  closed = false;

  constructor(
    private readonly terminal: ScreenIO["terminal"],
    private readonly writer: FrameWriter,
  ) {
    super();
  }

  get columns(): number {
    return this.writer.currentSize().cols;
  }

  get rows(): number {
    return this.writer.currentSize().rows;
  }

  write = (data: string): boolean => {
    const frame = this.expectFrame;
    this.expectFrame = false;
    if (this.closed) return true;
    if (frame) this.writer.write(data);
    else if (data !== "") {
      // Anything else (the bell, mostly) goes to the terminal as it is; what
      // could have moved the cursor or drawn makes the next frame a full one.
      this.terminal.write(data);
      if (data !== BELL) this.writer.invalidate();
    }
    return true;
  };

  follow(): () => void {
    const resized = () => this.emit("resize");
    this.terminal.on("resize", resized);
    return () => this.terminal.off("resize", resized);
  }
}

export function mountScreen(tree: ReactElement, io: ScreenIO): Screen {
  const writer = new FrameWriter(io.terminal);
  const sink = new FrameSink(io.terminal, writer);
  const unfollow = sink.follow();
  const stderr = new EventEmitter() as unknown as NodeJS.WriteStream;
  Object.assign(stderr, { write: () => true, isTTY: false });
  const instance = render(tree, {
    stdout: sink as unknown as NodeJS.WriteStream,
    stdin: io.stdin,
    stderr,
    debug: true,
    exitOnCtrlC: false,
    // Console output would land in the middle of the screen; the dashboard's code writes none.
    patchConsole: false,
    onRender: () => {
      sink.expectFrame = true;
    },
  });
  return {
    instance,
    writer,
    close() {
      sink.closed = true;
      unfollow();
    },
  };
}
