import { Box, Text } from "ink";
import { memo } from "react";
import type { PricePoint } from "../../poller/snapshot.js";
import { formatPrice, formatPriceChange } from "../../domain/format.js";
import { Decimal, fromWireNumber } from "../../domain/money.js";
import { renderChart, type RefMark } from "../sparkline.js";
import { AgeBadge, Pane } from "../Pane.js";
import { glyphs, tone, useTheme } from "../theme.js";

export interface PricePaneProps {
  asset: string;
  prices: readonly PricePoint[];
  openPrice: string | undefined;
  aiPrice: string | undefined;
  strikes: readonly string[];
  /** Age of the latest price, ms; undefined before the first. */
  age: number | undefined;
  stale: boolean;
  error: string | undefined;
  width: number;
  height: number;
  chartRows: number;
  focused: boolean;
}

const GUTTER = 14;

export const PricePane = memo(function PricePane(p: PricePaneProps) {
  const theme = useTheme();
  const g = glyphs(theme);
  const inner = Math.max(10, p.width - 4);
  const last = p.prices[p.prices.length - 1];
  const prev = p.prices[p.prices.length - 2];
  const multi = p.chartRows > 1;
  const chartWidth = multi ? inner - GUTTER : inner;

  const refs: RefMark[] = [];
  if (p.openPrice) refs.push({ value: Number(p.openPrice), label: "open" });
  if (p.aiPrice) refs.push({ value: Number(p.aiPrice), label: "ai" });
  for (const s of p.strikes) refs.push({ value: Number(s), label: `@${formatPrice(s).replace(/\.00$/, "")}` });
  const chart = renderChart(p.prices.map((x) => x.value), chartWidth, p.chartRows, multi ? refs : [], theme.ascii);

  const direction = last && prev ? Math.sign(last.value - prev.value) : 0;
  const moveTone = direction > 0 ? "up" : direction < 0 ? "down" : "dim";
  const arrow = direction > 0 ? g.up : direction < 0 ? g.down : g.flat;
  const sinceOpen = last && p.openPrice ? fromWireNumber(last.value).minus(new Decimal(p.openPrice)) : null;
  const pct = sinceOpen && p.openPrice && !new Decimal(p.openPrice).isZero() ? sinceOpen.div(p.openPrice).times(100) : null;

  return (
    <Pane
      title={`PRICE ${p.asset}`}
      width={p.width}
      height={p.height}
      focused={p.focused}
      right={<AgeBadge age={p.age} stale={p.stale} error={p.error} />}
    >
      {chart.rows.map((row, i) => (
        <Box key={i}>
          <Text color={tone(theme, p.stale ? "dim" : "accent")}>{row}</Text>
          {multi ? (
            <Text color={tone(theme, "dim")} wrap="truncate-end">
              {" "}
              {chart.labels[i] ?? ""}
            </Text>
          ) : null}
        </Box>
      ))}
      <Text wrap="truncate-end">
        {last ? (
          <>
            <Text bold color={tone(theme, moveTone)}>
              {arrow} {formatPrice(last.value)}
            </Text>
            {sinceOpen ? (
              <Text color={tone(theme, sinceOpen.gt(0) ? "up" : sinceOpen.lt(0) ? "down" : "dim")}>
                {"  "}
                {formatPriceChange(sinceOpen)}
                {pct ? ` (${formatPriceChange(pct)}%)` : ""} since open
              </Text>
            ) : null}
            {!multi && refs.length > 0 ? (
              <Text color={tone(theme, "dim")}>
                {"  "}
                {refs.map((r) => (r.label.startsWith("@") ? r.label : `${r.label} ${formatPrice(r.value)}`)).join(` ${g.sep} `)}
              </Text>
            ) : null}
            {multi && chart.offChart.length > 0 ? (
              <Text color={tone(theme, "dim")}>
                {"  "}
                {chart.offChart.map((o) => `${o.above ? g.up : g.down}${o.label}`).join(" ")} off chart
              </Text>
            ) : null}
          </>
        ) : (
          <Text color={tone(theme, p.error ? "bad" : "dim")}>{p.error ?? "waiting for the first price…"}</Text>
        )}
      </Text>
    </Pane>
  );
});
