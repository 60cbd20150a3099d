/**
 * The games of a played history as its journal record keeps them
 * (records.ts), and their check on read. Checked by hand rather than by a
 * schema: a history of a few hundred games is thousands of values, read at
 * every start, and a schema's parse of them would be most of that start.
 */
import { DECIMAL_RE } from "../../api/schemas.js";

export interface HistoryGameRecord {
  gid: string;
  open: string;
  /** null: the closing tick was lost and the game cancelled. */
  close: string | null;
  /** The users' positions: [userId, txid, placed at (epoch ms), sp, f, w]. */
  positions: Array<[number, string, number, string, string, string]>;
  /** Each crowd bot's part of the game: [its id, staked, won]. */
  crowd: Array<[number, string, string]>;
}

const isId = (v: unknown) => Number.isSafeInteger(v) && (v as number) > 0;
const isTime = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 0;
const isDecimal = (v: unknown) => typeof v === "string" && DECIMAL_RE.test(v);
const isTuple = (v: unknown, checks: ReadonlyArray<(x: unknown) => boolean>) =>
  Array.isArray(v) && v.length === checks.length && checks.every((check, i) => check(v[i]));

const POSITION = [isId, (v: unknown) => typeof v === "string" && v.length > 0, isTime, isDecimal, isDecimal, isDecimal];
const CROWD = [isId, isDecimal, isDecimal];

function isGame(v: unknown): v is HistoryGameRecord {
  if (v === null || typeof v !== "object") return false;
  const g = v as Record<string, unknown>;
  return (
    typeof g.gid === "string" &&
    /^\d+$/.test(g.gid) &&
    isDecimal(g.open) &&
    (g.close === null || isDecimal(g.close)) &&
    Array.isArray(g.positions) &&
    g.positions.every((p) => isTuple(p, POSITION)) &&
    Array.isArray(g.crowd) &&
    g.crowd.every((c) => isTuple(c, CROWD))
  );
}

export function isHistoryGames(v: unknown): v is HistoryGameRecord[] {
  return Array.isArray(v) && v.every(isGame);
}
