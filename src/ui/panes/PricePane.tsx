import { memo, useMemo } from "react";
import { formatPrice, formatPriceChange } from "../../domain/format.js";
import type { Decimal } from "../../domain/money.js";
import { isReadable, type Unreadable } from "../../domain/service-data.js";
import type { PricePoint } from "../../poller/snapshot.js";
import { AgeBadge, type Freshness } from "../age.js";
import { Line } from "../Line.js";
import { Pane, type PaneFrame } from "../Pane.js";
import { span } from "../spans.js";
import { type RefMark, renderChart } from "../sparkline.js";
import { glyphs, signTone, useTheme } from "../theme.js";

export interface PricePaneProps extends PaneFrame, Freshness {
  asset: string;
  prices: readonly PricePoint[];
  /** The latest price, exact (the chart's points are floats for plotting). */
  price: Decimal | undefined;
  openPrice: Decimal | Unreadable | undefined;
  aiPrice: Decimal | Unreadable | undefined;
  /** The strikes of the positions held in the live game. */
  strikes: readonly Decimal[];
  chartRows: number;
}

const GUTTER = 14;

function referenceMarks(
  openPrice: Decimal | Unreadable | undefined,
  aiPrice: Decimal | Unreadable | undefined,
  strikes: readonly Decimal[],
): RefMark[] {
  const refs: RefMark[] = [];
  // Marks are plotted, so floats; an unreadable price has no place on the chart.
  if (openPrice !== undefined && isReadable(openPrice)) refs.push({ value: openPrice.toNumber(), label: "open" });
  if (aiPrice !== undefined && isReadable(aiPrice)) refs.push({ value: aiPrice.toNumber(), label: "ai" });
  for (const s of strikes) refs.push({ value: s.toNumber(), label: `@${formatPrice(s).replace(/\.00$/, "")}` });
  return refs;
}

export const PricePane = memo(function PricePane(p: PricePaneProps) {
  const theme = useTheme();
  const g = glyphs(theme);
  const inner = Math.max(10, p.width - 4);
  const last = p.prices[p.prices.length - 1];
  const prev = p.prices[p.prices.length - 2];
  const multi = p.chartRows > 1;
  const chartWidth = multi ? inner - GUTTER : inner;

  // The marks change with the listing and the positions, not with each price.
  const refs = useMemo(() => referenceMarks(p.openPrice, p.aiPrice, p.strikes), [p.openPrice, p.aiPrice, p.strikes]);
  // Only the newest prices fit: the history holds several widths' worth.
  const fitting = p.prices.slice(Math.max(0, p.prices.length - Math.max(0, chartWidth)));
  const chart = renderChart(
    fitting.map((x) => x.value),
    chartWidth,
    p.chartRows,
    multi ? refs : [],
    theme.ascii,
  );

  const direction = last && prev ? Math.sign(last.value - prev.value) : 0;
  const moveTone = signTone(direction);
  const arrow = direction > 0 ? g.up : direction < 0 ? g.down : g.flat;
  const open = p.openPrice !== undefined && isReadable(p.openPrice) ? p.openPrice : undefined;
  const sinceOpen = p.price && open ? p.price.minus(open) : null;
  const pct = sinceOpen && open && !open.isZero() ? sinceOpen.div(open).times(100) : null;

  const chartTone = p.stale ? "dim" : "accent";
  return (
    <Pane
      title={`PRICE ${p.asset}`}
      width={p.width}
      height={p.height}
      focused={p.focused}
      right={<AgeBadge at={p.at} stale={p.stale} error={p.error} />}
    >
      {chart.rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a chart row is its position on screen, top to bottom
        <Line key={i}>{[span(row, { tone: chartTone }), multi && span(` ${chart.labels[i] ?? ""}`, { tone: "dim" })]}</Line>
      ))}
      {p.price ? (
        <Line>
          {[
            span(`${arrow} ${formatPrice(p.price)}`, { bold: true, tone: moveTone }),
            sinceOpen &&
              span(`  ${formatPriceChange(sinceOpen)}${pct ? ` (${formatPriceChange(pct)}%)` : ""} since open`, {
                tone: signTone(sinceOpen.cmp(0)),
              }),
            !multi &&
              refs.length > 0 &&
              span(`  ${refs.map((r) => (r.label.startsWith("@") ? r.label : `${r.label} ${formatPrice(r.value)}`)).join(` ${g.sep} `)}`, {
                tone: "dim",
              }),
            multi &&
              chart.offChart.length > 0 &&
              span(`  ${chart.offChart.map((o) => `${o.above ? g.up : g.down}${o.label}`).join(" ")} off chart`, { tone: "dim" }),
          ]}
        </Line>
      ) : (
        <Line tone={p.error ? "bad" : "dim"}>{p.error ?? "waiting for the first price…"}</Line>
      )}
    </Pane>
  );
});
