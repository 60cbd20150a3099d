/**
 * The book: one row per game held, in any market the dashboard looks
 * through. Beside the panes on a large terminal, a view of its own (b) on a
 * smaller one; the same component either way. docs/book.md.
 */
import { memo } from "react";
import { type BookRow, bookSummary, marketLabel } from "../../domain/book.js";
import {
  formatAge,
  formatCountdown,
  formatDistance,
  formatGross,
  formatPercent,
  formatStake,
  SHORT_GID_DIGITS,
  shortGid,
} from "../../domain/format.js";
import { type Column, cells, type DroppableColumn, fitColumns } from "../columns.js";
import { Line } from "../Line.js";
import { bodyLines, innerWidth, Pane, type PaneFrame } from "../Pane.js";
import { mark } from "../symbols.js";
import { useTheme } from "../theme.js";

export interface BookPaneProps extends PaneFrame {
  rows: readonly BookRow[];
  currency: string;
  /** The row the book's keys act on, while they do (b); undefined otherwise. */
  selected: number | undefined;
  /** How many of the markets it watches have answered (bookRead): "no games held" only once all have. */
  read: { read: number; of: number };
  /** The assets it looks through, for the line shown while nothing is held. */
  assets: string;
  /** Why nothing gets through now (serviceDown), if that is so. */
  down: string | undefined;
}

type Key = "game" | "id" | "closes" | "ends" | "count" | "stake" | "projected" | "ret" | "dist" | "age";

/** Narrow panes drop whole columns: the id first, then STAKE, RETURN, AGE and PROJ.GROSS; the game, its times and its distance stay. */
const COLS: readonly (DroppableColumn & { key: Key })[] = [
  { key: "game", title: "GAME", width: 11, left: true },
  // "#" and shortGid's widest, an id of SHORT_GID_DIGITS + 2 digits kept whole.
  { key: "id", title: "ID", width: SHORT_GID_DIGITS + 3, left: true, drop: 0 },
  // A day's game counts down from "23:55:00".
  { key: "closes", title: "CLOSES", width: 8 },
  { key: "ends", title: "ENDS", width: 8 },
  { key: "count", title: "POS", width: 3 },
  { key: "stake", title: "STAKE", width: 9, drop: 1 },
  { key: "projected", title: "PROJ.GROSS", width: 10, drop: 4 },
  { key: "ret", title: "RETURN", width: 8, drop: 2 },
  { key: "dist", title: "PRICE−NEAR", width: 11 },
  { key: "age", title: "AGE", width: 5, drop: 3 },
];
/** The row marker: ▸ for the game the panes show. */
const MARK = 2;

export const BookPane = memo(function BookPane(p: BookPaneProps) {
  const theme = useTheme();
  const cols = fitColumns(COLS, innerWidth(p), MARK);
  const room = Math.max(0, bodyLines(p) - 1);
  // Rows go as games settle: the selection is the last row then, the one Enter shows (bookAction clamps alike).
  const at = p.selected === undefined ? undefined : Math.min(p.selected, Math.max(0, p.rows.length - 1));
  // The selected row stays in sight.
  const first = at === undefined ? 0 : Math.max(0, Math.min(at - room + 1, p.rows.length - room));
  const title = p.rows.length === 0 ? "BOOK" : `BOOK ${bookSummary(p.rows, p.currency)}`;
  const looking = p.read.read < p.read.of;
  return (
    <Pane
      title={title}
      width={p.width}
      height={p.height}
      focused={p.focused}
      framed={p.framed}
      // With no rows the empty line says it already.
      right={looking && p.rows.length > 0 ? <Line tone="dim">{`${p.read.read} of ${p.read.of} markets read`}</Line> : undefined}
    >
      <Line tone="dim">{`${" ".repeat(MARK)}${cells(
        cols,
        cols.map((c) => c.title),
      )}`}</Line>
      {p.rows.length === 0 ? <Line tone={p.down ? "bad" : "dim"}>{emptyLine(p, looking)}</Line> : null}
      {p.rows.slice(first, first + room).map((r, i) => {
        const selected = at === first + i;
        const focus = r.focused ? `${mark("focus", theme.ascii)} ` : "  ";
        return (
          <Line
            key={`${r.market.asset} ${r.market.interval} ${r.gid}`}
            tone={r.ended ? "dim" : undefined}
            inverse={selected}
            bold={r.focused}
          >
            {`${focus}${cells(cols, rowCells(r, cols, theme.ascii))}`}
          </Line>
        );
      })}
      {/* With no game to select, Enter has nothing to show. */}
      {p.selected !== undefined && p.rows.length > 0 ? <Line tone="accent">Enter shows the selected game in the panes</Line> : null}
    </Pane>
  );
});

/** With no rows: that none is held, only once every market has answered. */
function emptyLine(p: BookPaneProps, looking: boolean): string {
  if (p.down && looking) return p.down;
  return looking ? `looking for games held: ${p.read.read} of ${p.read.of} markets read` : `no games held in ${p.assets}`;
}

function rowCells(r: BookRow, cols: readonly (Column & { key: Key })[], ascii: boolean): string[] {
  const value: Record<Key, () => string> = {
    game: () => marketLabel(r.market),
    id: () => `#${shortGid(r.gid, ascii)}`,
    closes: () => (r.ended ? "ended" : r.closesIn === null ? "–" : r.closesIn === 0 ? "locked" : formatCountdown(r.closesIn)),
    ends: () => (r.ended ? "settling" : r.endsIn === null ? "–" : formatCountdown(r.endsIn)),
    count: () => String(r.count),
    stake: () => formatStake(r.staked),
    projected: () => (r.projected === null || r.ended ? "–" : formatGross(r.projected, r.staked)),
    ret: () => (r.returnPct === null || r.ended ? "–" : formatPercent(r.returnPct)),
    dist: () => (r.distance === undefined || r.ended ? "–" : formatDistance(r.distance)),
    age: () => (r.age === undefined ? "–" : formatAge(r.age)),
  };
  return cols.map((c) => value[c.key]());
}
