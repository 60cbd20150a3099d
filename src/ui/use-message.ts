import { useCallback, useEffect, useRef, useState } from "react";

const MESSAGE_MS = 3_000;

/**
 * A message in the footer for a few seconds (what a key did, or why it did nothing), or until the next key: what
 * one key said is not left standing over what the next one did ("the shortest window already" after `+` widened it).
 * `standing` (what the launch warned of) shows whenever nothing else is said, until the first key.
 */
export function useMessage(standing?: string): [string | undefined, (text: string) => void, () => void] {
  const [said, setSaid] = useState<string | undefined>();
  const [warning, setWarning] = useState(standing);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const say = useCallback((text: string) => {
    setSaid(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setSaid(undefined), MESSAGE_MS);
  }, []);
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setSaid(undefined);
    setWarning(undefined);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [said ?? warning, say, clear];
}
