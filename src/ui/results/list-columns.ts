/**
 * The results list's columns at a width: what each row says of its game, the
 * money columns fitted to the page's figures, and what a narrow pane leaves
 * out. Pure.
 */
import {
  formatClock,
  formatGross,
  formatInterval,
  formatMoneyChange,
  formatPrice,
  formatStake,
  fractionWidth,
  padFraction,
  shortGid,
  UNREADABLE_MARK,
} from "../../domain/format.js";
import { formatClosing, gameNet, settledAt } from "../../domain/results.js";
import { type GameResult, readOr } from "../../domain/service-data.js";
import type { DroppableColumn } from "../columns.js";

export type ListKey = "gid" | "int" | "asset" | "prices" | "stake" | "paid" | "net" | "settled";

export interface ListColumn extends DroppableColumn {
  key: ListKey;
  /** A money column's figures are padded to this fraction (padFraction), so their points line up down the page. */
  fraction?: number;
  /** The prices column's open and close widths (pricePair), fitted to the page's games. */
  halves?: readonly [number, number];
}

/** The selection marker and its space before each row. */
const ROW_LEAD = 2;

const MONEY: readonly ListKey[] = ["stake", "paid", "net"];

const ARROW = " → ";
const OPEN = "OPEN";
const CLOSE = "CLOSE";

/**
 * From 100 columns, wider money cells and the time each game settled. A
 * narrow pane drops the open and close prices first, then the asset, then the
 * interval: the game, what was staked, paid and netted stay.
 */
function listCols(wide: boolean): ListColumn[] {
  return [
    { key: "gid", title: "GID", width: 11, left: true },
    { key: "int", title: "INT", width: 3, left: true, drop: 3 },
    { key: "asset", title: "ASSET", width: 8, left: true, drop: 2 },
    // Its title and halves fitted to the page (fittedPrices).
    { key: "prices", title: `${OPEN}${ARROW}${CLOSE}`, width: wide ? 25 : 21, drop: 1 },
    { key: "stake", title: "STAKE", width: wide ? 10 : 8 },
    { key: "paid", title: "PAID", width: wide ? 11 : 8 },
    { key: "net", title: "NET", width: wide ? 11 : 9 },
    ...(wide ? [{ key: "settled" as const, title: "SETTLED", width: 9 }] : []),
  ];
}

/**
 * "64,055.14 → 63,856.78" over " 3,180.77 →  3,181.88": the open and the close each right-aligned to
 * the page's widest (`halves`), so the arrows, the title's too, stand in one column down a page of
 * several assets.
 */
function pricePair(open: string, close: string, [openWidth, closeWidth]: readonly [number, number]): string {
  return `${open.padStart(openWidth)}${ARROW}${close.padStart(closeWidth)}`;
}

/** The prices column fitted to the page: its halves as wide as the widest open and close, its title over them. */
function fittedPrices(c: ListColumn, games: readonly GameResult[]): ListColumn & { least: number } {
  const halves = [
    Math.max(OPEN.length, ...games.map((g) => formatPrice(g.open_price).length)),
    Math.max(CLOSE.length, ...games.map((g) => formatClosing(g.closing_price).length)),
  ] as const;
  const width = Math.max(c.width, halves[0] + ARROW.length + halves[1]);
  return { ...c, title: pricePair(OPEN, CLOSE, halves), halves, width, least: width };
}

const CANCELLED = "CANCELLED";

/** The list's money cells of a game: staked, paid (gross), net. */
function moneyCells(g: GameResult): Record<"stake" | "paid" | "net", string> {
  const net = g.cancelled === true ? CANCELLED : formatMoneyChange(gameNet(g));
  return { stake: formatStake(g.total_staked), paid: formatGross(g.total_winnings, g.total_staked), net };
}

/**
 * Each cell of a game's row, by column: the id short where its column is narrower than it, the money figures
 * padded so that their points line up (`0.00728 ` over `0.003473`).
 */
export function rowCells(g: GameResult, cols: readonly ListColumn[], ascii: boolean): Record<ListKey, string> {
  const at = settledAt(g);
  const gidWidth = cols.find((c) => c.key === "gid")?.width ?? g.gid.length;
  const money = moneyCells(g);
  const aligned = (k: "stake" | "paid" | "net") => padFraction(money[k], cols.find((c) => c.key === k)?.fraction ?? 0);
  return {
    gid: g.gid.length > gidWidth ? shortGid(g.gid, ascii) : g.gid,
    int: formatInterval(g.interval),
    asset: readOr(g.asset, UNREADABLE_MARK),
    prices: pricePair(formatPrice(g.open_price), formatClosing(g.closing_price), cols.find((c) => c.key === "prices")?.halves ?? [0, 0]),
    stake: aligned("stake"),
    paid: aligned("paid"),
    net: aligned("net"),
    settled: at === null ? "–" : formatClock(at),
  };
}

/**
 * The columns for `room` (the pane's inner width). The money columns fit the
 * page's games (not only the rows shown, so the columns hold still while the
 * selection scrolls). A gross keeps its net's digits (formatGross): six
 * decimals on a stake of 10 or more, wider than PAID's column. Its column
 * widens rather than push the row's later cells out of line. Where the row
 * would then no longer fit, the width comes from the other money columns'
 * room to spare (never below their widest figure or their title), then from
 * the ids, shown short (`…329100`); where that is not enough, whole columns
 * go (listCols), as few as will do, and what they leave is given back.
 */
export function listColumns(games: readonly GameResult[], room: number, wide: boolean, ascii: boolean): ListColumn[] {
  const texts = games.map(moneyCells);
  const natural = listCols(wide).map((c) => {
    if (c.key === "gid") return { ...c, least: Math.max(c.title.length, ...games.map((g) => shortGid(g.gid, ascii).length)) };
    if (c.key === "prices") return fittedPrices(c, games);
    const k = c.key;
    if (k !== "stake" && k !== "paid" && k !== "net") return { ...c, least: c.width };
    const fraction = fractionWidth(texts.map((t) => t[k]));
    const least = Math.max(c.title.length, ...texts.map((t) => padFraction(t[k], fraction).length));
    return { ...c, width: Math.max(c.width, least), least, fraction };
  });
  const droppable = natural.filter((c) => c.drop !== undefined).sort((a, b) => a.drop! - b.drop!);
  let cols = squeezed(natural, room);
  for (let n = 1; n <= droppable.length && rowWidth(cols) > room; n++) {
    cols = squeezed(
      natural.filter((c) => !droppable.slice(0, n).includes(c)),
      room,
    );
  }
  return cols.map(({ least: _, ...c }) => c);
}

type Sized = ListColumn & { least: number };

const rowWidth = (cols: readonly ListColumn[]) => ROW_LEAD + cols.reduce((w, c) => w + c.width + 1, -1);

/** The columns narrowed by what the row is over `room`: the money columns' spare first, then the ids'. */
function squeezed(cols: readonly Sized[], room: number): Sized[] {
  const out = cols.map((c) => ({ ...c }));
  let over = rowWidth(out) - room;
  for (const key of [...MONEY, "gid"]) {
    const c = out.find((x) => x.key === key)!;
    const spare = Math.min(over, c.width - c.least);
    if (spare <= 0) continue;
    c.width -= spare;
    over -= spare;
  }
  return out;
}
