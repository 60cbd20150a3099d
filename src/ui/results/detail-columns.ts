/**
 * The table of a settled game's positions at a width: every digit of each
 * figure, their points lined up. A narrow pane first tightens the columns to
 * their widest cell, then drops the time placed, the variance, and the
 * return: the strike, what was staked and won, and whether it won stay.
 * Where not every position fits, a window of them that follows the
 * selected one. Pure.
 */
import {
  alignDecimals,
  formatClockOf,
  formatMoneyExact,
  formatPercent,
  formatPrice,
  formatPriceExact,
  UNREADABLE_MARK,
} from "../../domain/format.js";
import { isReadable, type ResultPosition } from "../../domain/service-data.js";
import { cell, type DroppableColumn, fitColumns } from "../columns.js";
import { windowStart } from "../list-window.js";
import { type Piece, span, textWidth } from "../spans.js";

type DetailKey = "strike" | "stake" | "winnings" | "return" | "win" | "variance" | "placed";

interface DetailColumn extends DroppableColumn {
  key: DetailKey;
}

/** The widths a wide pane gives; a narrow one narrows them to what the cells take. */
const DETAIL_COLS: readonly DetailColumn[] = [
  { key: "strike", title: "STRIKE", width: 12 },
  { key: "stake", title: "STAKE", width: 10 },
  { key: "winnings", title: "WINNINGS", width: 11 },
  { key: "return", title: "RETURN", width: 9, drop: 3 },
  { key: "win", title: "WIN", width: 4 },
  { key: "variance", title: "VARIANCE", width: 10, drop: 2 },
  { key: "placed", title: "PLACED", width: 9, drop: 1 },
];

export interface DetailRow {
  cells: Record<DetailKey, string>;
  /** Whether the position won; null when not known. */
  won: boolean | null;
}

/** Whether a position won: the spec's boolean, or, when the service sends the amount, more back than staked. */
function winOf(pos: ResultPosition): boolean | null {
  const win = pos.win;
  if (win === null || !isReadable(win)) return null;
  if (typeof win === "boolean") return win;
  return isReadable(pos.f) ? win.gt(pos.f) : null;
}

/** Each position's cells. The detail shows every digit: the points of a column are aligned instead. */
export function detailRows(positions: readonly ResultPosition[], ascii: boolean): DetailRow[] {
  const stakes = alignDecimals(positions.map((pos) => formatMoneyExact(pos.f)));
  const wins = alignDecimals(positions.map((pos) => (pos.w === null ? "–" : formatMoneyExact(pos.w))));
  const strikes = alignDecimals(positions.map((pos) => formatPriceExact(pos.sp)));
  return positions.map((pos, i) => {
    const won = winOf(pos);
    const mark = pos.win === null ? "–" : won === null ? UNREADABLE_MARK : won ? (ascii ? "yes" : "✓") : ascii ? "no" : "✗";
    return {
      won,
      cells: {
        strike: strikes[i]!,
        stake: stakes[i]!,
        winnings: wins[i]!,
        return: pos.r === null ? "–" : formatPercent(pos.r),
        win: mark,
        variance: pos.variance === null ? "–" : formatPrice(pos.variance),
        placed: formatClockOf(pos.placed_at),
      },
    };
  });
}

const tableWidth = (cols: readonly DetailColumn[]) => cols.reduce((w, c) => w + c.width + 1, -1);

/** The columns for `room` columns: the wide widths where they fit, else each as wide as its cells, dropping whole columns. */
export function detailColumns(rows: readonly DetailRow[], room: number): DetailColumn[] {
  const widest = (c: DetailColumn) => Math.max(textWidth(c.title), ...rows.map((r) => textWidth(r.cells[c.key])));
  const natural = DETAIL_COLS.map((c) => ({ ...c, width: Math.max(c.width, widest(c)) }));
  if (tableWidth(natural) <= room) return natural;
  return fitColumns(
    DETAIL_COLS.map((c) => ({ ...c, width: widest(c) })),
    room,
  );
}

export function detailHeader(cols: readonly DetailColumn[]): string {
  return cols.map((c) => cell(c, c.title)).join(" ");
}

/** A position's row: whether it won in its tone, the rest plain. */
export function detailLine(cols: readonly DetailColumn[], row: DetailRow): Piece[] {
  return cols.flatMap((c, i) => {
    const text = cell(c, row.cells[c.key]);
    const piece = c.key === "win" ? span(text, { tone: row.won === null ? "dim" : row.won ? "up" : "down" }) : text;
    return i === 0 ? [piece] : [" ", piece];
  });
}

/**
 * Which of `count` positions fit `room` lines: all, or a window that keeps
 * the selected one in it, less a line that says which.
 */
export function detailWindow(
  count: number,
  room: number,
  selected: number,
): { first: number; end: number; selected: number; scrolls: boolean } {
  const at = Math.max(0, Math.min(selected, count - 1));
  if (count <= room) return { first: 0, end: count, selected: at, scrolls: false };
  const capacity = Math.max(1, room - 1);
  const first = windowStart(at, capacity, count);
  return { first, end: first + capacity, selected: at, scrolls: true };
}
