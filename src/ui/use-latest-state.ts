import { type Dispatch, type SetStateAction, useCallback, useRef, useState } from "react";

/**
 * State whose latest value can be read before the next render: the keys of
 * a burst are handled one after another, and each must see what the one
 * before it did.
 */
export function useLatestState<T>(initial: T): [T, Dispatch<SetStateAction<T>>, () => T] {
  const [value, setValue] = useState(initial);
  const latest = useRef(initial);
  const set = useCallback((next: SetStateAction<T>) => {
    latest.current = typeof next === "function" ? (next as (prev: T) => T)(latest.current) : next;
    setValue(latest.current);
  }, []);
  const read = useCallback(() => latest.current, []);
  return [value, set, read];
}
