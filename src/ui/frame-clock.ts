import { useEffect, useReducer, useRef } from "react";

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
