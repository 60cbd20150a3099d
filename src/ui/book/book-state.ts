/** The book's selection and what its keys do to it, as pure functions: an index kept inside the rows there are. */
import type { BookAction } from "./keys.js";

/** The selection after an action (undefined: the book's keys off), and the row to show in the panes on Enter. */
export function bookAction(selected: number, action: BookAction, rows: number): { selected: number | undefined; show?: number } {
  const clamp = (i: number) => Math.max(0, Math.min(rows - 1, i));
  switch (action) {
    case "close":
      return { selected: undefined };
    case "down":
      return { selected: clamp(selected + 1) };
    case "up":
      return { selected: clamp(selected - 1) };
    case "focus":
      return rows === 0 ? { selected } : { selected: undefined, show: clamp(selected) };
  }
}
