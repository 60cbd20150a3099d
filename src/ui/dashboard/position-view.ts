/**
 * What the positions table shows of a snapshot, derived once a frame: the
 * layout sizes the pane by it, the pane draws it, and the scroll keys are
 * bounded by it, so the three count the same lines.
 */
import { nextGameGid } from "../../domain/game.js";
import { type OtherGame, otherGames, type PositionRow, playsIn, positionRows, readableStreaks } from "../../domain/positions.js";
import type { Snapshot } from "../../poller/snapshot.js";
import type { Layout } from "../layout.js";

export interface PositionView {
  /** The live game. */
  gid: string | undefined;
  /** Its positions. */
  rows: readonly PositionRow[];
  /** The ended game's positions until its result arrives (no projection: only the result will tell). */
  settling: { gid: string; rows: readonly PositionRow[] } | undefined;
  /** The rows the table lists: the live game's, then the settling game's. */
  all: readonly PositionRow[];
  /** Positions /status lists for other games, but the settling game's and those whose result has arrived. */
  others: readonly OtherGame[];
  /** Whether the last /status listed positions of the live game: what its own refresh was planned on. */
  statusHeld: boolean;
  /** Streaks of the live game's positions (a /status from before the game changed speaks of positions no longer shown). */
  streaks: readonly { positionId: string; streak: number }[];
  /** Streaks of positions on no row: a line of their own. */
  unplaced: readonly { positionId: string; streak: number }[];
  /** Lines between the column names and the total: "no positions", the rows, the settling line, other games, streaks. */
  lines: number;
  /** The column names over the rows and the total under them: each only when there is something to name or add up. */
  chrome: number;
}

export function positionView(s: Snapshot): PositionView {
  const gid = s.listing?.value.liveGame?.gid;
  const status = s.status?.value.positions ?? [];
  const rows = positionRows(gid, status, s.placed);
  const settling = s.settling
    ? {
        gid: s.settling.gid,
        rows: positionRows(s.settling.gid, s.settling.positions, []).map((r) => ({ ...r, projected: null, returnPct: null })),
      }
    : undefined;
  const all = [...rows, ...(settling?.rows ?? [])];
  const settled = new Set(s.settlements.map((n) => n.gid));
  const nextGid = s.listing ? nextGameGid(s.listing.value) : undefined;
  const others = otherGames(gid, nextGid, status).filter((o) => o.gid !== settling?.gid && !settled.has(o.gid));
  const statusHeld = gid !== undefined && playsIn(gid, status);
  const streaks = statusHeld ? readableStreaks(s.status?.value.streaks ?? []) : [];
  const unplaced = streaks.filter((st) => !all.some((r) => r.txid === st.positionId));
  const lines = (rows.length === 0 ? 1 : 0) + all.length + (settling ? 1 : 0) + (others.length > 0 ? 1 : 0) + (unplaced.length > 0 ? 1 : 0);
  const chrome = (all.length > 0 ? 1 : 0) + (rows.length > 0 ? 1 : 0);
  return { gid, rows, settling, all, others, statusHeld, streaks, unplaced, lines, chrome };
}

/**
 * How `lines` rows of the pane are shared: the lines under the rows
 * (settling, "no positions", other games, streaks) first, the streaks' and
 * then the other games' line given up before the rows' last one.
 */
export function tableWindow(v: PositionView, lines: number): { room: number; othersLine: boolean; streaksLine: boolean } {
  const fixed = (v.rows.length === 0 ? 1 : 0) + (v.settling ? 1 : 0);
  const least = v.all.length > 0 ? 1 : 0;
  let othersLine = v.others.length > 0;
  let streaksLine = v.unplaced.length > 0;
  const room = () => lines - fixed - (othersLine ? 1 : 0) - (streaksLine ? 1 : 0);
  if (room() < least) streaksLine = false;
  if (room() < least) othersLine = false;
  return { room: room(), othersLine, streaksLine };
}

/**
 * The rows the scroll moves through and the lines they have, in the layout
 * drawn: the live game's. The ended game's rows take what they leave
 * (endedRows).
 */
export function scrollWindow(v: PositionView, l: Layout): { list: readonly PositionRow[]; room: number } {
  if (l.mode === "lines") return { list: v.rows, room: l.positionsHeight - 1 };
  return { list: v.rows, room: tableWindow(v, l.positionRows).room };
}

/**
 * The ended game's rows that fit the `room` lines the live game's leave
 * (its heading line is counted apart, in tableWindow): the live game's
 * positions, which can still be acted on, come first.
 */
export function endedRows(v: PositionView, room: number): readonly PositionRow[] {
  return v.settling ? v.settling.rows.slice(0, Math.max(0, room)) : [];
}

/**
 * The rows that fit `room` lines: all of them when they fit; otherwise the
 * best position first, always in sight, then a window of the others from
 * `scroll`, with a line that says which ("rows 3–5 of 9"); with no room for
 * a window, the best row and the count it hides (`window` 0).
 */
export function visibleRows<R>(all: readonly R[], best: R | undefined, room: number, scroll: number) {
  if (room <= 0) return { shown: [], scroll: 0, more: undefined };
  if (all.length <= room) return { shown: all, scroll: 0, more: undefined };
  const capacity = room - 1 - (best === undefined ? 0 : 1);
  // No room for a window: the best row alone (else the first), and where a line is left, how many it hides.
  if (capacity < 1) return { shown: [best ?? all[0]!], scroll: 0, more: room >= 2 ? { window: 0, of: all.length - 1 } : undefined };
  const others = best === undefined ? all : all.filter((r) => r !== best);
  const from = Math.min(Math.max(0, scroll), scrollLimit(all, best, room));
  const window = others.slice(from, from + capacity);
  return { shown: best === undefined ? window : [best, ...window], scroll: from, more: { window: window.length, of: others.length } };
}

/** The largest scroll that still moves the window (visibleRows): 0 when every row fits. */
export function scrollLimit<R>(all: readonly R[], best: R | undefined, room: number): number {
  if (room <= 0 || all.length <= room) return 0;
  const capacity = room - 1 - (best === undefined ? 0 : 1);
  if (capacity < 1) return 0;
  const others = best === undefined ? all.length : all.length - (all.includes(best) ? 1 : 0);
  return Math.max(0, others - capacity);
}
