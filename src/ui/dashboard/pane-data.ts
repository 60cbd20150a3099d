/**
 * What the panes show of the snapshot, derived once a frame for every
 * arrangement (DashboardPanes.tsx, LinesBody.tsx) and rebuilt only when
 * what it comes from changes.
 */
import { useMemo, useRef } from "react";
import { livePhase } from "../../domain/game.js";
import { type ClosedNow, ifClosedNow, sessionMoney } from "../../domain/money-line.js";
import { bestRow, isWinning, type PositionRow, positionTotals } from "../../domain/positions.js";
import { sessionSummary } from "../../domain/results.js";
import { isReadable } from "../../domain/service-data.js";
import { bookOf, bookRead, resultPending } from "../../poller/snapshot.js";
import { balanceOutdated, positionsRead } from "../../poller/staleness.js";
import { freshness } from "../age.js";
import type { DashboardProps } from "../dashboard-props.js";
import type { Money } from "./panes/BalancePane.js";
import { positionView } from "./position-view.js";

export type PaneData = ReturnType<typeof usePaneData>;

/** What the panes show of the snapshot, rebuilt only when what it comes from changes. */
export function usePaneData(p: DashboardProps) {
  const s = p.snapshot;
  const fallback = useMemo(() => (p.positions ? undefined : positionView(s)), [p.positions, s]);
  // The pane measures the distances from the price, so a new price does not rebuild the rows.
  const view = p.positions ?? fallback!;
  const { rows } = view;
  const price = s.price?.value.value;
  const strikes = useMemo(() => rows.flatMap((r) => (r.active && isReadable(r.strike) ? [r.strike] : [])), [rows]);
  const bestOf = bestRow(rows, price);
  const bestStrike = bestOf && isReadable(bestOf.strike) ? bestOf.strike : undefined;
  // Projections from a /status past its refresh are no verdict: ◆ and the money say so, as the table does.
  const stale = freshness(s, "status", s.status, p.now, view.statusHeld).stale;
  const winning = bestOf !== undefined && isWinning(bestOf) && !stale;
  const best = useMemo(() => (bestStrike === undefined ? undefined : { strike: bestStrike, winning }), [bestStrike, winning]);
  const read = positionsRead(s);
  const money = useMoney(p, rows, read, stale);
  return { view, rows, strikes, best, read, money, accepting: isAccepting(s, p.now) };
}

function useMoney(p: DashboardProps, rows: readonly PositionRow[], read: boolean, stale: boolean): Money {
  const s = p.snapshot;
  const summary = useMemo(() => sessionSummary(s.session.games.values()), [s.session.games]);
  const bookRows = p.book?.rows ?? bookOf(s, p.now);
  // Until the focused game's positions and every market's have been read, the open games are not known; nor,
  // while a game the trader played has ended and its result is not in, is what it came to.
  const book = bookRead(s);
  const session = sessionMoney(summary, bookRows, read && book.read >= book.of, resultPending(s));
  // Rows that are all inactive hold nothing: "nothing held", not a projection that never comes.
  const totals = positionTotals(rows);
  const closedNow: ClosedNow | null | "none" | undefined = !read ? undefined : totals.count === 0 ? "none" : ifClosedNow(totals);
  // The figures, not their objects: a frame whose money did not change leaves the panes as they are.
  return useSameValue({ closedNow, session, stale: read && stale }, moneyText);
}

/** The money's figures as text, to tell an unchanged frame's money from a new one. */
function moneyText(m: Money): string {
  return JSON.stringify(m);
}

/** `value`, or the one returned last time while it reads the same (`key`): memoised panes see the same object. */
function useSameValue<T>(value: T, key: (v: T) => string): T {
  const last = useRef<{ key: string; value: T } | undefined>(undefined);
  const k = key(value);
  if (last.current?.key !== k) last.current = { key: k, value };
  return last.current.value;
}

/** The balance's error and staleness, and whether a settlement or a placement since has put it behind, as the money line shows them. */
export function moneyFreshness(s: DashboardProps["snapshot"], now: number) {
  const f = freshness(s, "balance", s.balance, now);
  return { error: f.error, stale: f.stale, outdated: balanceOutdated(s) };
}

/** Whether the live game takes positions now, by the game clock. */
function isAccepting(s: DashboardProps["snapshot"], now: number): boolean {
  return s.listing !== undefined && livePhase(s.listing.value, now) === "accepting";
}
