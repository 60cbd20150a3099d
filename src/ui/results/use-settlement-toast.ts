/**
 * When a game the user played settles, say so at once: a one-line toast with
 * the result (the bell and any other call to the trader is the `settled`
 * alert's: src/alerts). Only notices that arrive after the App mounted
 * count; the poller has already asked for the balance (and the open results
 * page) to be refreshed.
 */
import { useEffect, useRef, useState } from "react";
import { playedIn, settlementToast, type Toast } from "../../domain/results.js";
import type { GameResult } from "../../domain/service-data.js";
import type { SettlementNotice } from "../../poller/snapshot.js";
import { useTheme } from "../theme.js";

export const TOAST_MS = 10_000;

/**
 * How long a game's toast stands: TOAST_MS, or half its interval where that is shorter. It stands in the key
 * hints' place, and a 10 s game's comes 3 s into the next game: for 10 s it hid the hints for most of every game.
 */
export function toastMs(interval: GameResult["interval"]): number {
  return typeof interval === "number" && interval > 0 ? Math.min(TOAST_MS, (interval * 1_000) / 2) : TOAST_MS;
}

export function useSettlementToast(settlements: readonly SettlementNotice[], resultsKey: string): Toast | undefined {
  const ascii = useTheme().ascii;
  const [toast, setToast] = useState<Toast | undefined>();
  const seen = useRef<SettlementNotice | undefined>(settlements.at(-1));
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    const last = settlements.at(-1);
    if (last === seen.current) return;
    const from = seen.current === undefined ? -1 : settlements.indexOf(seen.current);
    seen.current = last;
    const fresh = settlements.slice(from + 1).filter((n) => playedIn(n.result));
    const newest = fresh.at(-1);
    if (!newest) return;
    setToast(settlementToast(newest.result, ascii, resultsKey, fresh.length - 1));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setToast(undefined), toastMs(newest.result.interval));
  }, [settlements, ascii, resultsKey]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return toast;
}
