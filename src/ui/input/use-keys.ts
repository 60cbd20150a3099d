import { type Key, useStdin } from "ink";
import { useEffect, useRef } from "react";
import { KeyReader, type Paste } from "./key-reader.js";

export type KeyHandler = (input: string, key: Key) => void;
export type PasteHandler = (paste: Paste) => void;
export type FocusHandler = (focused: boolean) => void;

/**
 * The keys and pastes of the terminal, one event at a time (input/key-reader.ts):
 * Ink's useInput hands a handler a whole chunk ("jj", three Tabs) as one
 * input. Listens once and calls the handlers of the latest render, so an
 * inline handler is fine. Focus reports (when the terminal was asked for
 * them) go to onFocus, or nowhere: never to onKey.
 */
export function useKeys(onKey: KeyHandler, onPaste?: PasteHandler, onFocus?: FocusHandler): void {
  const latest = useRef({ onKey, onPaste, onFocus });
  // Keys arrive between frames, after the render that made the handlers was committed.
  latest.current = { onKey, onPaste, onFocus };
  const { setRawMode, internal_eventEmitter: events } = useStdin();
  useEffect(
    () => {
      setRawMode(true);
      return () => setRawMode(false);
    },
    // Stryker disable next-line ArrayDeclaration: Ink's stdin context keeps one setRawMode for the app's life
    [setRawMode],
  );
  useEffect(
    () => {
      const reader = new KeyReader();
      const onInput = (piece: string) => {
        for (const e of reader.push(piece)) {
          if (e.kind === "key") latest.current.onKey(e.input, e.key);
          else if (e.kind === "paste") latest.current.onPaste?.({ text: e.text, dropped: e.dropped });
          else latest.current.onFocus?.(e.focused);
        }
      };
      events.on("input", onInput);
      return () => {
        events.off("input", onInput);
      };
    },
    // Stryker disable next-line ArrayDeclaration: and one event emitter
    [events],
  );
}
