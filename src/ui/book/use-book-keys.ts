/**
 * The book's keys (b): which row is selected, and Enter to show that game
 * in the panes. The rows come from the store each frame (bookOf); the
 * selection is an index into them, kept inside their count.
 */
import { useCallback } from "react";
import { type BookRow, marketLabel } from "../../domain/book.js";
import type { DashboardController } from "../App.js";
import { BOOK_KEYS, binding, type KeyPress, passesThroughBook } from "../keymap.js";
import { useLatestState } from "../use-latest-state.js";

export interface BookKeys {
  /** The selected row while the book's keys are on; undefined when off. */
  selected: number | undefined;
  toggle(): void;
  /** True when the key was the book's. */
  handleKey(p: KeyPress, rows: readonly BookRow[]): boolean;
}

export function useBookKeys(controller: Pick<DashboardController, "retarget">, say: (text: string) => void): BookKeys {
  const [selected, setSelected, selectedNow] = useLatestState<number | undefined>(undefined);
  const toggle = useCallback(() => setSelected(selectedNow() === undefined ? 0 : undefined), [setSelected, selectedNow]);
  const handleKey = useCallback(
    (p: KeyPress, rows: readonly BookRow[]) => {
      const at = selectedNow();
      if (at === undefined || passesThroughBook(p)) return false;
      const b = binding(BOOK_KEYS, p);
      const clamp = (i: number) => Math.max(0, Math.min(rows.length - 1, i));
      switch (b?.action) {
        case "close":
          setSelected(undefined);
          break;
        case "down":
          setSelected(clamp(at + 1));
          break;
        case "up":
          setSelected(clamp(at - 1));
          break;
        case "focus": {
          const row = rows[clamp(at)];
          if (row === undefined) break;
          controller.retarget({ asset: row.market.asset, interval: row.market.interval });
          setSelected(undefined);
          say(`showing ${marketLabel(row.market)}`);
          break;
        }
      }
      // Every other key is held while the book has them, as the results view does.
      return true;
    },
    [controller, say, selectedNow, setSelected],
  );
  return { selected, toggle, handleKey };
}
