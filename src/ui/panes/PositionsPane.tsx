import { cells, type Column } from "../columns.js";
import { memo, useMemo } from "react";
import type { Streak } from "../../api/schemas.js";
import { formatClock, formatMoney, formatPercent, formatPrice, formatPriceChange } from "../../domain/format.js";
import { distanceFrom, positionTotals, type PositionRow } from "../../domain/positions.js";
import { fromWireNumber, type Decimal } from "../../domain/money.js";
import { MAX_POSITIONS_PER_GAME } from "../../domain/rules.js";
import { AgeBadge, Pane } from "../Pane.js";
import { Line } from "../Line.js";
import { span } from "../spans.js";
import type { Tone } from "../theme.js";

export interface PositionsPaneProps {
  gid: string | undefined;
  /** The held positions; their distances are measured here, from livePrice. */
  rows: readonly PositionRow[];
  livePrice: number | undefined;
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
  // The rows change with /status, the live price with every price: only the distances follow the price.
  const totals = useMemo(() => positionTotals(p.rows), [p.rows]);
  const live = useMemo(() => (p.livePrice === undefined ? null : fromWireNumber(p.livePrice)), [p.livePrice]);
  const left = Math.max(0, MAX_POSITIONS_PER_GAME - p.rows.length);
  // When the rows overflow, one row goes to the "rows a–b of n" line.
  const capacity = p.rows.length > p.visibleRows ? Math.max(1, p.visibleRows - 1) : p.visibleRows;
  const scroll = Math.min(p.scroll, Math.max(0, p.rows.length - capacity));
  const shown = p.rows.slice(scroll, scroll + capacity);
  const title = `POSITIONS${p.gid ? ` #${p.gid}` : ""}  ${p.rows.length} held ${left} left`;

  return (
    <Pane title={title} width={p.width} height={p.height} focused={p.focused} right={<AgeBadge at={p.at} stale={p.stale} error={p.error} />}>
      <Line tone="dim">{cells(COLS, COLS.map((c) => c.title))}</Line>
      {p.rows.length === 0 ? (
        <Line tone={p.error ? "bad" : "dim"}>{p.error ?? (p.gid ? "no positions in this game — p places one" : "waiting for the live game…")}</Line>
      ) : (
        shown.map((r) => <PositionLine key={r.txid} row={r} live={live} stale={p.stale} />)
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

/** One position. Its figures are formatted when /status changes them; a new price re-formats the distance only. */
const PositionLine = memo(function PositionLine({ row: r, live, stale }: { row: PositionRow; live: Decimal | null; stale: boolean }) {
  const text = useMemo(
    () => ({
      held: `${cells(COLS, [formatPrice(r.strike), formatMoney(r.stake)])} `,
      projected: (r.projected === null ? (r.pending ? "pending" : "–") : formatMoney(r.projected)).padStart(COLS[3]!.width),
      returnPct: (r.returnPct === null ? "–" : formatPercent(r.returnPct)).padStart(COLS[4]!.width),
      placed: ` ${formatClock(r.placedAt).padStart(COLS[5]!.width)}`,
      near: r.strike.times("0.0005"),
    }),
    [r],
  );
  const distance = live === null ? null : distanceFrom(live, r);
  // A stale row is grey throughout: its colours would claim a fresh verdict.
  const shade = (t: Tone) => (stale ? "dim" : t);
  return (
    <Line tone={stale ? "dim" : undefined}>
      {[
        text.held,
        span((distance === null ? "–" : formatPriceChange(distance)).padStart(COLS[2]!.width), {
          tone: shade(distance !== null && distance.abs().lte(text.near) ? "good" : "dim"),
        }),
        " ",
        span(text.projected, { tone: shade(r.projected === null ? "dim" : r.projected.gte(r.stake) ? "up" : "down") }),
        " ",
        span(text.returnPct, { tone: shade(r.returnPct === null ? "dim" : r.returnPct.gte(0) ? "up" : "down") }),
        text.placed,
      ]}
    </Line>
  );
});
