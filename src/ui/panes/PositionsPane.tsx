import { memo, useMemo } from "react";
import { formatClockOf, formatMoney, formatPercent, formatPrice, formatPriceChange } from "../../domain/format.js";
import type { Decimal } from "../../domain/money.js";
import { distanceFrom, type OtherGame, type PositionRow, positionTotals } from "../../domain/positions.js";
import { MAX_POSITIONS_PER_GAME } from "../../domain/rules.js";
import { isReadable } from "../../domain/service-data.js";
import { AgeBadge, type Freshness } from "../age.js";
import { type Column, cells } from "../columns.js";
import { Line } from "../Line.js";
import { Pane, type PaneFrame } from "../Pane.js";
import { span } from "../spans.js";
import type { Tone } from "../theme.js";

export interface PositionsPaneProps extends PaneFrame, Freshness {
  gid: string | undefined;
  /** The held positions; their distances are measured here, from livePrice. */
  rows: readonly PositionRow[];
  livePrice: Decimal | undefined;
  streaks: readonly { positionId: string; streak: number }[];
  /** Positions /status lists for games other than the live one. */
  others: readonly OtherGame[];
  /** Set when the listing says no game is live: what to say instead of waiting. */
  noLiveGame?: string | undefined;
  scroll: number;
  visibleRows: number;
}

/** A plain fixed-width table is cheaper to draw every second than a table component. */
const COLS: readonly Column[] = [
  { title: "STRIKE", width: 12 },
  { title: "STAKE", width: 11 },
  { title: "DIST", width: 10 },
  { title: "PROJ. WIN", width: 12 },
  { title: "RETURN", width: 9 },
  { title: "PLACED", width: 9 },
];

export const PositionsPane = memo(function PositionsPane(p: PositionsPaneProps) {
  // The rows change with /status, the live price with every price: only the distances follow the price.
  const totals = useMemo(() => positionTotals(p.rows), [p.rows]);
  const live = p.livePrice ?? null;
  const left = Math.max(0, MAX_POSITIONS_PER_GAME - totals.count);
  // When the rows overflow, one row goes to the "rows a–b of n" line.
  const capacity = p.rows.length > p.visibleRows ? Math.max(1, p.visibleRows - 1) : p.visibleRows;
  const scroll = Math.min(p.scroll, Math.max(0, p.rows.length - capacity));
  const shown = p.rows.slice(scroll, scroll + capacity);
  const title = `POSITIONS${p.gid ? ` #${p.gid}` : ""}  ${totals.count} held ${left} left`;

  return (
    <Pane
      title={title}
      width={p.width}
      height={p.height}
      focused={p.focused}
      right={<AgeBadge at={p.at} stale={p.stale} error={p.error} />}
    >
      <Line tone="dim">
        {cells(
          COLS,
          COLS.map((c) => c.title),
        )}
      </Line>
      {p.rows.length === 0 ? (
        <Line tone={p.error ? "bad" : "dim"}>
          {p.error ?? (p.gid ? "no positions in this game — p places one" : (p.noLiveGame ?? "waiting for the live game…"))}
        </Line>
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
      {p.others.length > 0 ? <Line tone="dim">{otherGamesLine(p.others)}</Line> : null}
      {p.streaks.length > 0 && Math.max(1, p.rows.length) < p.visibleRows ? (
        <Line tone="accent">{`streaks on track: ${p.streaks.map((s) => `${s.streak} wins (${shortId(s.positionId)})`).join(", ")}`}</Line>
      ) : null}
    </Pane>
  );
});

/** "+2 in ended game #489885 (result pending) · +1 in next game #489887" */
function otherGamesLine(others: readonly OtherGame[]): string {
  return others
    .map((o) => `+${o.count} in ${o.relation === "next" ? `next game #${o.gid}` : `ended game #${o.gid} (result pending)`}`)
    .join(" · ");
}

/** One position. Its figures are formatted when /status changes them; a new price re-formats the distance only. */
const PositionLine = memo(function PositionLine({ row: r, live, stale }: { row: PositionRow; live: Decimal | null; stale: boolean }) {
  const text = useMemo(
    () => ({
      held: `${cells(COLS, [formatPrice(r.strike), formatMoney(r.stake)])} `,
      projected: (r.projected === null ? (r.pending ? "pending" : "–") : formatMoney(r.projected)).padStart(COLS[3]!.width),
      returnPct: (r.returnPct === null ? "–" : formatPercent(r.returnPct)).padStart(COLS[4]!.width),
      placed: ` ${formatClockOf(r.placedAt).padStart(COLS[5]!.width)}`,
      near: isReadable(r.strike) ? r.strike.times("0.0005") : null,
    }),
    [r],
  );
  const distance = live === null ? null : distanceFrom(live, r);
  // A stale or inactive row is grey throughout: its colours would claim a verdict it does not have.
  const grey = stale || !r.active;
  const shade = (t: Tone) => (grey ? "dim" : t);
  const near = distance !== null && isReadable(distance) && text.near !== null && distance.abs().lte(text.near);
  const projected = r.projected !== null && isReadable(r.projected) && isReadable(r.stake) ? r.projected.gte(r.stake) : null;
  const gaining = r.returnPct !== null && isReadable(r.returnPct) ? r.returnPct.gte(0) : null;
  return (
    <Line tone={grey ? "dim" : undefined}>
      {[
        text.held,
        span((distance === null ? "–" : formatPriceChange(distance)).padStart(COLS[2]!.width), { tone: shade(near ? "good" : "dim") }),
        " ",
        span(text.projected, { tone: shade(projected === null ? "dim" : projected ? "up" : "down") }),
        " ",
        span(text.returnPct, { tone: shade(gaining === null ? "dim" : gaining ? "up" : "down") }),
        text.placed,
        r.note !== null && span(` ${r.note}`, { tone: r.active ? "warn" : "dim" }),
      ]}
    </Line>
  );
});

function shortId(id: unknown): string {
  return String(id).slice(0, 8);
}
