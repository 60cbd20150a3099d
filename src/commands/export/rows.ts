/**
 * The rows `spotdash results --all` prints: one per game or one per
 * position, in the columns below, which are their documentation's order
 * too (docs/performance.md, "Export"). Every amount is the exact decimal
 * string of the service's figure. A value not given (a null closing price)
 * or not readable is null in NDJSON and an empty field in CSV; what could
 * not be read is said on stderr.
 */
import { moneyJson } from "../../api/spec-form.js";
import { type GameResult, isReadable, type ResultPosition, type Unreadable } from "../../domain/service-data.js";

export type RowsPer = "game" | "position";
export type Cell = string | number | boolean | null;
export type Row = Record<string, Cell>;

const iso = (ms: number | null | Unreadable): string | null => (ms === null || !isReadable(ms) ? null : new Date(ms).toISOString());
const plain = <T extends string | number | boolean>(v: T | null | Unreadable): T | null => (v === null || !isReadable(v) ? null : v);

type Columns<T> = readonly (readonly [string, (x: T) => Cell])[];

const GAME: Columns<GameResult> = [
  ["gid", (g) => g.gid],
  ["network", (g) => plain(g.network)],
  ["asset", (g) => plain(g.asset)],
  ["interval", (g) => plain(g.interval)],
  ["currency", (g) => plain(g.currency)],
  ["settled_at", (g) => iso(g.settled_at)],
  ["cancelled", (g) => plain(g.cancelled)],
  ["open_price", (g) => moneyJson(g.open_price)],
  ["closing_price", (g) => moneyJson(g.closing_price)],
];

const GAME_TOTALS: Columns<GameResult> = [
  ["positions", (g) => g.positions.length],
  ["total_staked", (g) => moneyJson(g.total_staked)],
  ["total_winnings", (g) => moneyJson(g.total_winnings)],
  ["net_return", (g) => moneyJson(g.net_return)],
];

const POSITION: Columns<ResultPosition> = [
  ["txid", (p) => p.txid],
  ["placed_at", (p) => iso(p.placed_at)],
  ["sp", (p) => moneyJson(p.sp)],
  ["f", (p) => moneyJson(p.f)],
  ["w", (p) => moneyJson(p.w)],
  ["r", (p) => moneyJson(p.r)],
  // A service sending the amount instead of a boolean: won when it is above zero.
  ["win", (p) => (p.win === null || typeof p.win === "boolean" ? p.win : isReadable(p.win) ? p.win.gt(0) : null)],
  ["variance", (p) => moneyJson(p.variance)],
];

/** The columns, in order: the CSV header, and the keys of each NDJSON object. */
export const COLUMNS: Record<RowsPer, readonly string[]> = {
  game: [...GAME, ...GAME_TOTALS].map(([name]) => name),
  position: [...GAME.map(([name]) => name), ...POSITION.map(([name]) => name)],
};

const cells = <T>(columns: Columns<T>, x: T): Row => Object.fromEntries(columns.map(([name, get]) => [name, get(x)]));

export function rowsOf(g: GameResult, per: RowsPer): Row[] {
  if (per === "game") return [cells([...GAME, ...GAME_TOTALS], g)];
  const game = cells(GAME, g);
  return g.positions.map((p) => ({ ...game, ...cells(POSITION, p) }));
}

/** RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled. */
function csvField(v: Cell): string {
  const text = v === null ? "" : String(v);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: readonly Cell[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}

export function csvRow(row: Row, per: RowsPer): string {
  return csvLine(COLUMNS[per].map((c) => row[c] ?? null));
}
