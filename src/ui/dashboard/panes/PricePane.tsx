import { memo, useMemo, useRef } from "react";
import { formatInterval, formatPercent, formatPrice, formatPriceChange, strikeLabel } from "../../../domain/format.js";
import type { Decimal } from "../../../domain/money.js";
import type { PriceSeries } from "../../../domain/price-series.js";
import { isReadable, type LiveGame } from "../../../domain/service-data.js";
import { AgeBadge, type Freshness } from "../../age.js";
import { LineMemo } from "../../chart/line-memo.js";
import { type Chart, drawChart, type RefLine, type TimeMark } from "../../chart/price-chart.js";
import { type ChartWindow, type GameSpan, windowRange } from "../../chart/scales.js";
import { sparkline } from "../../chart/sparkline.js";
import { CHART_TAGS, TIME_TAGS } from "../../chart/tags.js";
import { Line } from "../../Line.js";
import { innerWidth, Pane, type PaneFrame } from "../../Pane.js";
import { fitGroups, span } from "../../spans.js";
import { mark } from "../../symbols.js";
import { signTone, useTheme } from "../../theme.js";

export interface PricePaneProps extends PaneFrame, Freshness {
  asset: string;
  /** The asset's prices, oldest first (floats: they are only plotted). */
  prices: PriceSeries;
  /** The latest price, exact. */
  price: Decimal | undefined;
  live: LiveGame | undefined;
  /** The game's interval in seconds. */
  interval: number;
  /** The strikes of the positions held in the live game. */
  strikes: readonly Decimal[];
  /** The best position's strike (bestRow), and whether it is winning. */
  best: { strike: Decimal; winning: boolean } | undefined;
  window: ChartWindow;
  /** Rows for the chart and its time axis; 0: one sparkline line in the title's place. */
  chartRows: number;
  /** The price line under the chart (boxed): the game pane says it where the panes have no borders. */
  priceLine: boolean;
}

export const PricePane = memo(function PricePane(p: PricePaneProps) {
  const theme = useTheme();
  const open = p.live !== undefined && !p.live.provisional && isReadable(p.live.open_price) ? p.live.open_price : undefined;
  // The reference lines change with the listing and the positions; the chart with each price.
  const refs = useMemo(() => referenceLines(p.live, p.strikes, p.best), [p.live, p.strikes, p.best]);
  const game = useMemo(() => gameSpan(p.live, p.interval), [p.live, p.interval]);
  // Only a cache: the chart drawn with it is the chart drawn without.
  const line = useRef<LineMemo>(undefined);
  line.current ??= new LineMemo();
  // The price axis keeps its widest labels' room while the window and the width hold (ChartInput.minGutter).
  const gutter = useRef<{ of: string; cols: number }>(undefined);
  const latest = p.prices.at(-1)?.t ?? p.at ?? 0;
  const range = windowRange(p.window, game, latest);
  const width = innerWidth(p);
  const frame = { width: p.width, height: p.height, focused: p.focused, framed: p.framed };
  const title = `PRICE ${p.asset}  ${p.window === "game" ? `game ${formatInterval(p.interval)}` : `last ${p.window}`}`;
  if (p.chartRows === 0) return <SparklinePane {...p} range={range} />;
  const gutterOf = `${p.window} ${game?.start} ${width} ${p.chartRows}`;
  // No prices, no chart: an axis drawn around nothing would pass for one.
  const chart =
    p.prices.length > 0
      ? drawChart({
          points: p.prices,
          range,
          refs,
          marks: game ? gameMarks(game) : [],
          // The line's colour says which side of the open it is on; away from the game, of the window's first price.
          baseline: p.window === "game" && open ? open.toNumber() : p.prices.at(p.prices.indexFrom(range.from))?.value,
          tag: p.price ? formatPrice(p.price) : undefined,
          cols: Math.max(1, width),
          rows: p.chartRows,
          ascii: theme.ascii,
          stale: p.stale,
          memo: line.current,
          minGutter: gutter.current?.of === gutterOf ? gutter.current.cols : undefined,
        })
      : undefined;
  if (chart !== undefined) gutter.current = { of: gutterOf, cols: chart.gutter };
  // Without the line under the chart, what it left out goes on the title's line.
  const off = !p.priceLine && chart !== undefined && chart.offChart.length > 0 ? `  ${offChartText(chart.offChart, theme.ascii)}` : "";
  return (
    <Pane {...frame} title={`${title}${off}`} right={<AgeBadge at={p.at} stale={p.stale} error={p.error} />}>
      {chart?.rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a chart row is its position on screen, top to bottom
        <Line key={i}>{row}</Line>
      ))}
      {!p.price ? (
        <Line tone={p.error ? "bad" : "dim"}>{p.error ?? "waiting for the first price…"}</Line>
      ) : p.priceLine ? (
        <PriceLine price={p.price} open={open} offChart={chart?.offChart ?? []} width={width} />
      ) : null}
    </Pane>
  );
});

/** One line: the title's words, the sparkline as wide as what is left, the price. */
function SparklinePane(p: PricePaneProps & { range: ReturnType<typeof windowRange> }) {
  const ascii = useTheme().ascii;
  const tag = p.price ? ` ${formatPrice(p.price)}` : "";
  const room = Math.max(0, innerWidth(p) - `PRICE ${p.window === "game" ? "" : p.window} `.length - tag.length - 8);
  const line = p.prices.length === 0 ? "" : sparkline(p.prices, p.range, Math.min(room, 60), ascii);
  return (
    <Pane
      width={p.width}
      height={p.height}
      focused={p.focused}
      framed={p.framed}
      title={`PRICE${p.window === "game" ? "" : ` ${p.window}`}`}
      right={
        <Line>
          {[
            span(line, { tone: "accent" }),
            span(tag, { bold: true }),
            p.prices.length === 0 ? span(p.error ?? " waiting…", { tone: p.error ? "bad" : "dim" }) : null,
          ]}
        </Line>
      }
    />
  );
}

function gameSpan(live: LiveGame | undefined, interval: number): GameSpan | undefined {
  return live === undefined ? undefined : { start: live.start_at, lock: live.closes_at, end: live.ends_at, interval };
}

function gameMarks(game: GameSpan): TimeMark[] {
  return [
    { t: game.start, label: TIME_TAGS.start },
    { t: game.lock, label: TIME_TAGS.lock },
    { t: game.end, label: TIME_TAGS.end },
  ];
}

/** The open, the ai price and the user's strikes (the best position's marked); an unreadable price has no place. */
function referenceLines(live: LiveGame | undefined, strikes: readonly Decimal[], best: PricePaneProps["best"]): RefLine[] {
  const refs: RefLine[] = [];
  if (live !== undefined && isReadable(live.open_price))
    refs.push({ value: live.open_price.toNumber(), label: CHART_TAGS.open.tag, kind: "open" });
  if (live !== undefined && isReadable(live.ai_price)) refs.push({ value: live.ai_price.toNumber(), label: CHART_TAGS.ai.tag, kind: "ai" });
  for (const s of strikes) {
    const isBest = best !== undefined && s.eq(best.strike);
    refs.push({ value: s.toNumber(), label: strikeLabel(s), kind: "strike", best: isBest, winning: isBest && best.winning });
  }
  return refs;
}

/**
 * "▲ 67,003.65 +32.40 (+0.05%) since open  ↑ai +120.00 off chart": the
 * price and its move since the open (▲/▼ and the colour both say which
 * way), then each line the chart left out, with its direction (↑/↓) and its
 * distance from the price. Whole items: a narrow pane drops the off-chart
 * list, then the move.
 */
function PriceLine(p: { price: Decimal; open: Decimal | undefined; offChart: readonly OffChart[]; width: number }) {
  const ascii = useTheme().ascii;
  const sinceOpen = p.open ? p.price.minus(p.open) : null;
  const pct = sinceOpen && p.open && !p.open.isZero() ? sinceOpen.div(p.open).times(100) : null;
  const tone = signTone(sinceOpen?.cmp(0) ?? 0);
  const arrow = sinceOpen === null || sinceOpen.isZero() ? "" : `${mark(sinceOpen.gt(0) ? "up" : "down", ascii)} `;
  return (
    <Line>
      {fitGroups(
        [
          [span(`${arrow}${formatPrice(p.price)}`, { bold: true, tone })],
          [sinceOpen && span(`  ${formatPriceChange(sinceOpen)}${pct ? ` (${formatPercent(pct)})` : ""} since open`, { tone })],
          [p.offChart.length > 0 && span(`  ${offChartText(p.offChart, ascii)}`, { tone: "dim" })],
        ],
        p.width,
      )}
    </Line>
  );
}

type OffChart = Chart["offChart"][number];

/**
 * "↑open +295.86 ↑ai +164.52 ↓6 strikes off chart": which way each of the
 * open and the ai price is, and how far from the price; the strikes left
 * out counted by side (the table has each one's distance).
 */
function offChartText(off: readonly OffChart[], ascii: boolean): string {
  const side = (above: boolean) => mark(above ? "above" : "below", ascii);
  const named = off.filter((o) => o.label === CHART_TAGS.open.tag || o.label === CHART_TAGS.ai.tag);
  const strikes = off.filter((o) => !named.includes(o));
  const parts = named.map((o) => `${side(o.above)}${o.label}${o.distance === undefined ? "" : ` ${formatPriceChange(o.distance)}`}`);
  for (const above of [true, false]) {
    const n = strikes.filter((o) => o.above === above).length;
    if (n > 0) parts.push(`${side(above)}${n === 1 ? strikes.find((o) => o.above === above)!.label : `${n} strikes`}`);
  }
  return `${parts.join(" ")} off chart`;
}
