import { cells, type Column } from "../columns.js";
import { memo } from "react";
import type { Streak } from "../../api/schemas.js";
import { formatClock, formatMoney, formatPercent, formatPrice, formatPriceChange } from "../../domain/format.js";
import { positionTotals, type PositionRow } from "../../domain/positions.js";
import { MAX_POSITIONS_PER_GAME } from "../../domain/rules.js";
import { AgeBadge, Pane } from "../Pane.js";
import { Line } from "../Line.js";
import { span } from "../spans.js";
import type { Tone } from "../theme.js";

export interface PositionsPaneProps {
  gid: string | undefined;
  rows: readonly PositionRow[];
  streaks: readonly Streak[];
  scroll: number;
  visibleRows: number;
  /** Server ms the positions arrived. */
  at: number | undefined;
  stale: boolean;
  error: string | undefined;
  width: number;
  height: number;
  focused: boolean;
}

/** A plain fixed-width table is cheaper to draw every second than a table component. */
const COLS: readonly Column[] = [
  { title: "STRIKE", width: 12 },
  { title: "STAKE", width: 11 },
  { title: "DIST", width: 10 },
  { title: "PROJ. WIN", width: 12 },
  { title: "RETURN", width: 9 },
  { title: "PLACED", width: 9 },
]

export const PositionsPane = memo(function PositionsPane(p: PositionsPaneProps) {
  const totals = positionTotals(p.rows);
  const left = Math.max(0, MAX_POSITIONS_PER_GAME - p.rows.length);
  // When the rows overflow, one row goes to the "rows a–b of n" line.
  const capacity = p.rows.length > p.visibleRows ? Math.max(1, p.visibleRows - 1) : p.visibleRows;
  const scroll = Math.min(p.scroll, Math.max(0, p.rows.length - capacity));
  const shown = p.rows.slice(scroll, scroll + capacity);
  const title = `POSITIONS${p.gid ? ` #${p.gid}` : ""}  ${p.rows.length} held ${left} left`;

  const rowTone = p.stale ? "dim" : undefined;
  // A stale row is grey throughout: its colours would claim a fresh verdict.
  const shade = (t: Tone) => rowTone ?? t;
  return (
    <Pane title={title} width={p.width} height={p.height} focused={p.focused} right={<AgeBadge at={p.at} stale={p.stale} error={p.error} />}>
      <Line tone="dim">{cells(COLS, COLS.map((c) => c.title))}</Line>
      {p.rows.length === 0 ? (
        <Line tone={p.error ? "bad" : "dim"}>{p.error ?? (p.gid ? "no positions in this game — p places one" : "waiting for the live game…")}</Line>
      ) : (
        shown.map((r) => (
          <Line key={r.txid} tone={rowTone}>
            {[
              `${cells(COLS, [formatPrice(r.strike), formatMoney(r.stake)])} `,
              span((r.distance === null ? "–" : formatPriceChange(r.distance)).padStart(COLS[2]!.width), {
                tone: shade(r.distance !== null && r.distance.abs().lte(r.strike.times("0.0005")) ? "good" : "dim"),
              }),
              " ",
              span((r.projected === null ? (r.pending ? "pending" : "–") : formatMoney(r.projected)).padStart(COLS[3]!.width), {
                tone: shade(r.projected === null ? "dim" : r.projected.gte(r.stake) ? "up" : "down"),
              }),
              " ",
              span((r.returnPct === null ? "–" : formatPercent(r.returnPct)).padStart(COLS[4]!.width), {
                tone: shade(r.returnPct === null ? "dim" : r.returnPct.gte(0) ? "up" : "down"),
              }),
              ` ${formatClock(r.placedAt).padStart(COLS[5]!.width)}`,
            ]}
          </Line>
        ))
      )}
      {p.rows.length > p.visibleRows ? (
        <Line tone="dim">{`rows ${scroll + 1}–${scroll + shown.length} of ${p.rows.length} (j/k)`}</Line>
      ) : null}
      {p.rows.length > 0 ? (
        <Line bold>
          {cells(COLS, [
            "total",
            formatMoney(totals.staked),
            "",
            totals.projected === null ? "–" : formatMoney(totals.projected),
            totals.returnPct === null ? "–" : formatPercent(totals.returnPct),
            "",
          ])}
        </Line>
      ) : null}
      {p.streaks.length > 0 && Math.max(1, p.rows.length) < p.visibleRows ? (
        <Line tone="accent">{`streaks on track: ${p.streaks.map((s) => `${s.streak} wins (${String(s.positionId).slice(0, 8)})`).join(", ")}`}</Line>
      ) : null}
    </Pane>
  );
});
