import { memo, useMemo } from "react";
import { formatInterval, formatPrice, formatPriceChange, strikeLabel } from "../../domain/format.js";
import type { Decimal } from "../../domain/money.js";
import { nearestStrike } from "../../domain/positions.js";
import type { PriceSeries } from "../../domain/price-series.js";
import { isReadable, type LiveGame } from "../../domain/service-data.js";
import { AgeBadge, type Freshness } from "../age.js";
import { drawChart, type RefLine, type TimeMark } from "../chart/price-chart.js";
import { type ChartWindow, type GameSpan, windowRange } from "../chart/scales.js";
import { Line } from "../Line.js";
import { Pane, type PaneFrame } from "../Pane.js";
import { fitGroups, span } from "../spans.js";
import { glyphs, signTone, useTheme } from "../theme.js";

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
  window: ChartWindow;
  /** Rows for the chart and its time axis; the price line comes after them. */
  chartRows: number;
}

export const PricePane = memo(function PricePane(p: PricePaneProps) {
  const theme = useTheme();
  const open = p.live !== undefined && isReadable(p.live.open_price) ? p.live.open_price : undefined;
  // The reference lines change with the listing, the positions and the price; the chart with each price.
  const refs = useMemo(() => referenceLines(p.live, p.strikes, p.price), [p.live, p.strikes, p.price]);
  const game = useMemo(() => gameSpan(p.live, p.interval), [p.live, p.interval]);
  const latest = p.prices.at(-1)?.t ?? p.at ?? 0;
  const range = windowRange(p.window, game, latest);
  // No prices, no chart: an axis drawn around nothing would pass for one.
  const chart =
    p.chartRows > 0 && p.prices.length > 0
      ? drawChart({
          points: p.prices,
          range,
          refs,
          marks: game ? gameMarks(game) : [],
          // The line's colour says which side of the open it is on; away from the game, of the window's first price.
          baseline: p.window === "game" && open ? open.toNumber() : p.prices.at(p.prices.indexFrom(range.from))?.value,
          tag: p.price ? formatPrice(p.price) : undefined,
          cols: Math.max(1, p.width - 4),
          rows: p.chartRows,
          ascii: theme.ascii,
          stale: p.stale,
        })
      : undefined;
  const title = `PRICE ${p.asset}  ${p.window === "game" ? `game ${formatInterval(p.interval)}` : `last ${p.window}`}`;
  return (
    <Pane
      title={title}
      width={p.width}
      height={p.height}
      focused={p.focused}
      right={<AgeBadge at={p.at} stale={p.stale} error={p.error} />}
    >
      {chart?.rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a chart row is its position on screen, top to bottom
        <Line key={i}>{row}</Line>
      ))}
      {p.price ? (
        <PriceLine price={p.price} prices={p.prices} open={open} refs={refs} offChart={chart?.offChart} width={p.width - 4} />
      ) : (
        <Line tone={p.error ? "bad" : "dim"}>{p.error ?? "waiting for the first price…"}</Line>
      )}
    </Pane>
  );
});

function gameSpan(live: LiveGame | undefined, interval: number): GameSpan | undefined {
  return live === undefined ? undefined : { start: live.start_at, lock: live.closes_at, end: live.ends_at, interval };
}

function gameMarks(game: GameSpan): TimeMark[] {
  return [
    { t: game.start, label: "start" },
    { t: game.lock, label: "lock" },
    { t: game.end, label: "end" },
  ];
}

/** The open, the ai price and the user's strikes (the one nearest the price marked); an unreadable price has no place. */
function referenceLines(live: LiveGame | undefined, strikes: readonly Decimal[], price: Decimal | undefined): RefLine[] {
  const refs: RefLine[] = [];
  if (live !== undefined && isReadable(live.open_price)) refs.push({ value: live.open_price.toNumber(), label: "open", kind: "open" });
  if (live !== undefined && isReadable(live.ai_price)) refs.push({ value: live.ai_price.toNumber(), label: "ai", kind: "ai" });
  const closest = price === undefined ? undefined : nearestStrike(strikes, price);
  for (const s of strikes) {
    refs.push({ value: s.toNumber(), label: strikeLabel(s), kind: "strike", closest: s === closest });
  }
  return refs;
}

/**
 * "▲ 67,003.65  -32.40 (-0.05%) since open  ▼@66,169 off chart": whole
 * items, so a narrow pane drops the off-chart list, then the change since
 * the open.
 */
function PriceLine(p: {
  price: Decimal;
  prices: PriceSeries;
  open: Decimal | undefined;
  refs: readonly RefLine[];
  offChart: readonly { label: string; above: boolean }[] | undefined;
  width: number;
}) {
  const g = glyphs(useTheme());
  const last = p.prices.at(-1);
  const prev = p.prices.at(-2);
  const direction = last && prev ? Math.sign(last.value - prev.value) : 0;
  const sinceOpen = p.open ? p.price.minus(p.open) : null;
  const pct = sinceOpen && p.open && !p.open.isZero() ? sinceOpen.div(p.open).times(100) : null;
  return (
    <Line>
      {fitGroups(
        [
          // The arrow is the last tick; the colour is the side of the open, as the chart's line: one colour per meaning.
          [
            span(`${direction > 0 ? g.up : direction < 0 ? g.down : g.flat} `, { bold: true }),
            span(formatPrice(p.price), { bold: true, tone: sinceOpen ? signTone(sinceOpen.cmp(0)) : undefined }),
          ],
          [
            sinceOpen &&
              span(`  ${formatPriceChange(sinceOpen)}${pct ? ` (${formatPriceChange(pct)}%)` : ""} since open`, {
                tone: signTone(sinceOpen.cmp(0)),
              }),
          ],
          [p.offChart === undefined && p.refs.length > 0 && span(`  ${p.refs.map((r) => r.label).join(` ${g.sep} `)}`, { tone: "dim" })],
          [
            p.offChart !== undefined &&
              p.offChart.length > 0 &&
              span(`  ${p.offChart.map((o) => `${o.above ? g.up : g.down}${o.label}`).join(" ")} off chart`, { tone: "dim" }),
          ],
        ],
        p.width,
      )}
    </Line>
  );
}
