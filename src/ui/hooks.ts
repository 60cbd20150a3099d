import { type Key, useStdin, useStdout } from "ink";
import { useEffect, useReducer, useRef, useState } from "react";
import { KeyReader, type Paste } from "./input/key-reader.js";

/**
 * The frame clock: one 1 Hz ticker plus the store, drawn as few times as
 * possible. The ticker fires just after each second of the game's own phase
 * (`phaseMs` = start_at mod 1000), which is when a rounded-up countdown
 * changes. New data is drawn by the next tick (at most a second later);
 * only changes `urgent` picks out (what the user is waiting on after a
 * keypress, a connection going down) are drawn at once. Every frame costs
 * Ink a full layout and ANSI pass of the screen, so frames are what the
 * dashboard's CPU is spent on.
 */
export function useFrames<T>(
  store: { subscribe(l: () => void): () => void; getSnapshot(): T },
  serverNow: () => number,
  phaseMs: number,
  urgent: (prev: T, next: T) => boolean,
): T {
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const drawn = useRef(store.getSnapshot());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      const delay = 1000 - ((((serverNow() - phaseMs) % 1000) + 1000) % 1000) + 5;
      timer = setTimeout(() => {
        redraw();
        schedule();
      }, delay);
    };
    schedule();
    return () => clearTimeout(timer);
  }, [serverNow, phaseMs]);
  useEffect(
    () =>
      store.subscribe(() => {
        if (urgent(drawn.current, store.getSnapshot())) redraw();
      }),
    [store, urgent],
  );
  drawn.current = store.getSnapshot();
  return drawn.current;
}

export interface TerminalSize {
  cols: number;
  rows: number;
}

function sizeOf(stdout: NodeJS.WriteStream): TerminalSize {
  return { cols: stdout.columns || 80, rows: stdout.rows || 24 };
}

/** Ink 6 has no size hook; follow stdout's resize events. Test streams have no `rows`: assume 80x24. */
export function useTerminalSize(): TerminalSize {
  const { stdout } = useStdout();
  const [size, setSize] = useState(() => sizeOf(stdout));
  useEffect(() => {
    const onResize = () => setSize(sizeOf(stdout));
    stdout.on("resize", onResize);
    return () => {
      stdout.off("resize", onResize);
    };
  }, [stdout]);
  return size;
}

export type KeyHandler = (input: string, key: Key) => void;
export type PasteHandler = (paste: Paste) => void;

/**
 * The keys and pastes of the terminal, one event at a time (input/key-reader.ts):
 * Ink's useInput hands a handler a whole chunk ("jj", three Tabs) as one
 * input. Listens once and calls the handlers of the latest render, so an
 * inline handler is fine.
 */
export function useKeys(onKey: KeyHandler, onPaste?: PasteHandler): void {
  const latest = useRef({ onKey, onPaste });
  // Keys arrive between frames, after the render that made the handlers was committed.
  latest.current = { onKey, onPaste };
  const { setRawMode, internal_eventEmitter: events } = useStdin();
  useEffect(() => {
    setRawMode(true);
    return () => setRawMode(false);
  }, [setRawMode]);
  useEffect(() => {
    const reader = new KeyReader();
    const onInput = (piece: string) => {
      for (const e of reader.push(piece)) {
        if (e.kind === "key") latest.current.onKey(e.input, e.key);
        else latest.current.onPaste?.({ text: e.text, dropped: e.dropped });
      }
    };
    events.on("input", onInput);
    return () => {
      events.off("input", onInput);
    };
  }, [events]);
}
