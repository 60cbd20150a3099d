/**
 * The book's mode (b): which row is selected, and Enter to show that game
 * in the panes. The rows come from the store at each key (bookOf); the
 * selection is an index into them, kept inside their count.
 */
import { useCallback, useMemo } from "react";
import { type BookRow, marketLabel } from "../../domain/book.js";
import type { DashboardController } from "../controller.js";
import type { DashboardAction } from "../dashboard/keys.js";
import { type Binding, binding, hints, type KeyPress, keyName } from "../keymap.js";
import type { Mode } from "../mode.js";
import { useLatestState } from "../use-latest-state.js";
import { bookAction } from "./book-state.js";
import { BOOK_PASS, type BookAction } from "./keys.js";

export interface BookMode {
  /** The selected row while the book's keys are on; undefined when off. */
  selected: number | undefined;
  toggle(): void;
  mode: Mode;
}

export function useBookMode(
  controller: Pick<DashboardController, "retarget">,
  rows: () => readonly BookRow[],
  /** The rows the last frame drew: the footer's hints go by them, not by the book worked out again. */
  drawnRows: () => number,
  say: (text: string) => void,
  table: readonly Binding<BookAction>[],
  dashboard: readonly Binding<DashboardAction>[],
): BookMode {
  const [selected, setSelected, selectedNow] = useLatestState<number | undefined>(undefined);
  const toggle = useCallback(() => setSelected(selectedNow() === undefined ? 0 : undefined), [setSelected, selectedNow]);
  const mode = useMemo<Mode>(() => {
    const passed = dashboard.filter((b) => BOOK_PASS.includes(b.action));
    return {
      title: `IN THE BOOK (${keyName(dashboard, "book", false)})`,
      active: () => selectedNow() !== undefined,
      handleKey: (press: KeyPress) => {
        const at = selectedNow();
        if (at === undefined || binding(passed, press)) return false;
        const b = binding(table, press);
        if (b === undefined) return true;
        const all = rows();
        const next = bookAction(at, b.action, all.length);
        setSelected(next.selected);
        const row = next.show === undefined ? undefined : all[next.show];
        if (row !== undefined) {
          controller.retarget({ asset: row.market.asset, interval: row.market.interval });
          say(`showing ${marketLabel(row.market)}`);
        }
        // Every other key is held while the book has them, as the results view does.
        return true;
      },
      bindings: table,
      hints: () => {
        // j/k only where there are two games to choose between, Enter only over one.
        const n = drawnRows();
        const own = table.filter((b) => (b.action !== "down" || n > 1) && (b.action !== "focus" || n > 0));
        return [...hints(own), ...hints(passed.filter((b) => b.action === "quit"))];
      },
    };
  }, [controller, rows, drawnRows, say, table, dashboard, selectedNow, setSelected]);
  return { selected, toggle, mode };
}
