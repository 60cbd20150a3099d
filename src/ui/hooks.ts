import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { useInput, useStdout } from "ink";

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

/** Ink 6 has no size hook; follow stdout's resize events. Test streams have no `rows`: assume 80x24. */
export function useTerminalSize(): TerminalSize {
  const { stdout } = useStdout();
  const read = (): TerminalSize => ({ cols: stdout.columns || 80, rows: stdout.rows || 24 });
  const [size, setSize] = useState(read);
  useEffect(() => {
    const onResize = () => setSize(read());
    stdout.on("resize", onResize);
    return () => {
      stdout.off("resize", onResize);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stdout]);
  return size;
}

type InputHandler = Parameters<typeof useInput>[0];

/**
 * Ink's useInput with a handler that may change on every render. Ink's own
 * hook takes the handler off stdin and puts it back whenever it is a new
 * function, which an inline handler is on every frame; this one listens once
 * and calls the handler of the latest render.
 */
export function useKeys(handler: InputHandler): void {
  const latest = useRef(handler);
  // Keys arrive between frames, after the render that made the handler was committed.
  latest.current = handler;
  useInput(useCallback<InputHandler>((input, key) => latest.current(input, key), []));
}
