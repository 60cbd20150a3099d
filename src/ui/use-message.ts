import { useCallback, useEffect, useRef, useState } from "react";

const MESSAGE_MS = 3_000;

/** A message in the footer for a few seconds (what a key did, or why it did nothing). */
export function useMessage(): [string | undefined, (text: string) => void] {
  const [message, setMessage] = useState<string | undefined>();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const say = useCallback((text: string) => {
    setMessage(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setMessage(undefined), MESSAGE_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [message, say];
}
