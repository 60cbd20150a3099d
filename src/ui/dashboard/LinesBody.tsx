/**
 * The smallest layout (layout.ts, "lines"): one line a pane, for a pane a
 * few rows high. The game and its countdown; the price, its move and the
 * best position's distance; the money; the positions' summary, then as many
 * of them as fit, the best first; in the rows left, the price chart under
 * its title where they hold CHART_ROWS_SHORT rows of it, else the sparkline.
 */

import { Box } from "ink";
import { formatDistance, formatInterval, formatMoneyChangeAt, formatStake, plural, shortGid, strikeLabel } from "../../domain/format.js";
import { gameClock } from "../../domain/game.js";
import { ifClosedNow } from "../../domain/money-line.js";
import {
  bestRow,
  distanceFrom,
  isWinning,
  type PositionRow,
  type PositionTotals,
  positionTotals,
  projectedNetOf,
} from "../../domain/positions.js";
import { targetPrices } from "../../poller/snapshot.js";
import { freshness, staleAge } from "../age.js";
import { windowRange } from "../chart/scales.js";
import { sparkline } from "../chart/sparkline.js";
import type { DashboardProps } from "../dashboard-props.js";
import { Line } from "../Line.js";
import { CHART_ROWS_SHORT } from "../layout.js";
import { fitGroups, span } from "../spans.js";
import { mark } from "../symbols.js";
import { signTone, useTheme } from "../theme.js";
import { FormSlot } from "./FormSlot.js";
import { moneyFreshness, type PaneData } from "./pane-data.js";
import { MoneyLine } from "./panes/BalancePane.js";
import { CountdownLine, PriceLine } from "./panes/GamePane.js";
import { heldCount } from "./panes/game-words.js";
import { PricePane } from "./panes/PricePane.js";
import { visibleRows } from "./position-view.js";

export function LinesBody(p: DashboardProps & { height: number; data: PaneData }) {
  const { snapshot: s, layout: l, now } = p;
  const theme = useTheme();
  const live = s.listing?.value.liveGame ?? undefined;
  const d = p.data;
  const game = live ? gameClock(live, now) : undefined;
  const head = `${formatInterval(s.target.interval)}${live ? ` #${shortGid(live.gid, theme.ascii)}` : ""} ${game ? game.phase.toUpperCase() : ""} `;
  const best = bestRow(d.rows, s.price?.value.value);
  const room = l.positionsHeight - 1;
  const { shown } = visibleRows(d.rows, best, room, p.scroll);
  const totals = positionTotals(d.rows);
  const spare = Math.max(0, room - shown.length);
  // The ended game's positions, waiting for their result, as one line where one is left; before the chart.
  const settling = spare > 0 ? d.view.settling : undefined;
  const chartLines = spare - (settling ? 1 : 0);
  const gameError = freshness(s, "spot", s.listing, now).error;
  return (
    <Box flexDirection="column" height={p.height} flexShrink={0}>
      <Box height={1} flexShrink={0}>
        <Line bold>{head}</Line>
        {live ? (
          <CountdownLine live={live} now={now} width={Math.max(1, l.cols - head.length)} />
        ) : (
          <Line tone={gameError ? "bad" : "dim"}>{gameError ?? "loading the live game…"}</Line>
        )}
      </Box>
      {live ? (
        <PriceLine livePrice={s.price?.value.value} staleAge={staleAge(s.price, "price", now)} best={d.best} live={live} width={l.cols} />
      ) : (
        <Line tone="dim">–</Line>
      )}
      <MoneyLine
        balance={s.balance?.value.balance}
        {...moneyFreshness(s, now)}
        money={d.money}
        currency={s.target.currency}
        width={l.cols}
      />
      <FormSlot {...p} />
      {l.positionsHeight > 0 ? <Line>{summary(d, totals)}</Line> : null}
      {shown.map((r) => (
        <Line key={r.txid} bold={r === best}>
          {positionLine(r, s.price?.value.value, totals.places, theme.ascii)}
        </Line>
      ))}
      {settling ? (
        <Line tone="accent">
          {fitGroups(
            [
              [`ended #${shortGid(settling.gid, theme.ascii)}: settling`],
              [`, ${plural(settling.rows.length, "position")}`],
              [", result on its way"],
            ],
            l.cols,
          )}
        </Line>
      ) : null}
      <SpareRows {...p} rows={chartLines} />
    </Box>
  );
}

/** The rows the positions leave: the price chart under its title where they hold CHART_ROWS_SHORT rows of it, else the sparkline. */
function SpareRows(p: DashboardProps & { rows: number; data: PaneData }) {
  const { snapshot: s, layout: l, now } = p;
  const theme = useTheme();
  const live = s.listing?.value.liveGame ?? undefined;
  if (p.rows <= 0 || !s.price) return null;
  if (p.rows > CHART_ROWS_SHORT) {
    return (
      <PricePane
        width={l.cols}
        height={p.rows}
        focused={false}
        framed={false}
        {...freshness(s, "price", s.price, now)}
        asset={s.target.asset}
        prices={targetPrices(s)}
        price={s.price.value.value}
        live={live}
        interval={s.target.interval}
        strikes={p.data.strikes}
        best={p.data.best}
        window={p.chartWindow ?? "game"}
        chartRows={p.rows - 1}
        priceLine={false}
      />
    );
  }
  return (
    <Line tone="accent">
      {sparkline(
        targetPrices(s),
        windowRange(
          p.chartWindow ?? "game",
          live && { start: live.start_at, lock: live.closes_at, end: live.ends_at, interval: s.target.interval },
          s.price.at,
        ),
        l.cols,
        theme.ascii,
      )}
    </Line>
  );
}

/** "POSITIONS 3 held 7 left · net +0.12", or what is not known yet. */
function summary(d: PaneData, t: PositionTotals) {
  const held = heldCount(t.count, d.accepting, d.read);
  if (held === undefined) return [span("POSITIONS ", { bold: true }), span("loading…", { tone: "dim" })];
  const net = ifClosedNow(t)?.net ?? null;
  return [
    span("POSITIONS ", { bold: true }),
    held,
    t.count > 0 &&
      span(`  net ${net === null ? "pending" : formatMoneyChangeAt(net, t.places)}`, { tone: net === null ? "dim" : signTone(net.cmp(0)) }),
  ];
}

/** "◆@63,500 2.00 +72.16 net +0.10" */
function positionLine(r: PositionRow, price: Parameters<typeof distanceFrom>[0] | undefined, places: number, ascii: boolean) {
  const net = projectedNetOf(r);
  const winning = isWinning(r) ? mark("winning", ascii) : " ";
  return [
    span(`${winning}${strikeLabel(r.strike)} `, { tone: "accent" }),
    `${formatStake(r.stake)} `,
    price === undefined ? "– " : `${formatDistance(distanceFrom(price, r))} `,
    span(`net ${net === null ? (r.pending ? "pending" : "–") : formatMoneyChangeAt(net, places)}`, {
      tone: net === null ? "dim" : signTone(net.cmp(0)),
    }),
  ];
}
