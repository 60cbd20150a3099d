/**
 * The performance view (g): the cumulative net of the settled games over
 * the range as a braille chart, with the price chart's axes, and under it
 * the figures, the tables and the strikes' distance, scrolled with j/k.
 * What is not known yet is said as such: the kept history still loading,
 * the first read of a long history under way (the figures marked "so far"),
 * a read that failed.
 */
import { Box } from "ink";
import { memo } from "react";
import { formatAge, formatInterval, formatMoneyChange, plural } from "../../domain/format.js";
import { type Performance, rangeLabel } from "../../domain/performance/index.js";
import { type PricePoint, PriceSeries } from "../../domain/price-series.js";
import { RESULTS_PAGE } from "../../domain/results-history.js";
import type { ResultsHistory } from "../../poller/results-history.js";
import { drawChart } from "../chart/price-chart.js";
import { Line } from "../Line.js";
import { bodyLines, innerWidth, Pane } from "../Pane.js";
import { type Piece, textWidth } from "../spans.js";
import { useTheme } from "../theme.js";
import type { PerfLine } from "./performance-lines.js";
import type { PerformanceState } from "./performance-state.js";

export interface PerformanceViewProps {
  state: PerformanceState;
  perf: Performance;
  /** The figures' lines under the chart (performanceLines). */
  lines: readonly PerfLine[];
  history: ResultsHistory;
  /** Why the last read failed, while it has. */
  error: string | undefined;
  /** Server ms. */
  now: number;
  width: number;
  height: number;
}

/** How the body's rows are shared: the chart's, and the figures' window under it. */
export function performanceRows(height: number, lines: number): { chart: number; figures: number } {
  const inner = bodyLines({ height, framed: true });
  // A third of the rows at least (6 on a small pane), half at most while figures are waiting below.
  const least = Math.min(Math.max(6, Math.floor(inner / 3)), Math.floor(inner / 2));
  const most = Math.max(least, Math.min(18, inner - 4));
  const chart = Math.max(least, Math.min(most, inner - lines));
  return { chart, figures: Math.max(0, inner - chart) };
}

/** The figures' lines that do not fit under the chart: how far j scrolls. */
export function performanceScrollLimit(height: number, lines: number): number {
  return Math.max(0, lines - performanceRows(height, lines).figures);
}

/**
 * "testnet · 7 days · every asset · every interval", in that order, in `room` columns: "every asset" and "every
 * interval" (no filter) go first, then the filters from the end; the network stays. A filter chosen is what the
 * figures are of, so it outlasts the defaults.
 */
export function filterTitle(s: PerformanceState, room = Number.POSITIVE_INFINITY): string {
  const parts = filterParts(s);
  const drops = [...parts.filter((p) => p.unset).reverse(), ...parts.filter((p) => !p.unset && p !== parts[0]).reverse()];
  let kept = parts;
  for (const drop of drops) {
    if (textWidth(joinFilters(kept)) <= room) break;
    kept = kept.filter((p) => p !== drop);
  }
  return joinFilters(kept);
}

/** The filters the figures are of, without the defaults: what the title keeps beside the history's status. */
export function chosenFilters(s: PerformanceState): string {
  return joinFilters(filterParts(s).filter((p) => !p.unset));
}

function filterParts(s: PerformanceState): { text: string; unset: boolean }[] {
  return [
    { text: s.network, unset: false },
    { text: rangeLabel(s.range), unset: false },
    { text: s.asset ?? "every asset", unset: s.asset === undefined },
    { text: s.interval === undefined ? "every interval" : `${formatInterval(s.interval)} games`, unset: s.interval === undefined },
  ];
}

const joinFilters = (parts: readonly { text: string }[]) => parts.map((p) => p.text).join(" · ");

/** Where the history stands, for the title's right: loading, reading (and how far), read a while ago, or not kept. */
export function historyStatus(h: ResultsHistory, error: string | undefined, now: number): { text: string; tone?: "dim" | "warn" | "bad" } {
  if (!h.loaded) return { text: "loading the kept results…", tone: "dim" };
  // Until a read has once reached the oldest page, what is kept is not the whole history.
  const n = h.kept.games.size;
  const kept = h.kept.through !== null ? `${plural(n, "game")} in all` : n === 0 ? "none read yet" : `${plural(n, "game")} so far`;
  if (h.read !== null) {
    const pages = h.read.total === null ? "" : ` of ${Math.max(1, Math.ceil(h.read.total / RESULTS_PAGE))}`;
    return { text: `${kept} · reading page ${h.read.pages + 1}${pages}…`, tone: "warn" };
  }
  if (error !== undefined && h.readAt === null) return { text: `${kept} · not read: ${error}`, tone: "bad" };
  if (h.readAt === null) return { text: `${kept} · to be read next`, tone: "dim" };
  // Games seen settling since are kept at once: the count moves on while the read's age grows, and says why.
  const since = h.settledSinceRead > 0 ? ` · ${h.settledSinceRead} settled since, counted` : "";
  return { text: `${kept} · read ${formatAge(now - h.readAt)} ago${since}${h.problem ? " · not kept on disk" : ""}`, tone: "dim" };
}

/**
 * The history's status in `room` columns: its parts (" · ") dropped from the end, the count kept, so that the
 * title keeps its name ("PERF… 185 games in all" at 60 columns).
 */
function fitStatus(text: string, room: number): string {
  const parts = text.split(" · ");
  while (parts.length > 1 && textWidth(parts.join(" · ")) > room) parts.pop();
  return parts.join(" · ");
}

/** The focus marker before a pane's title ("▸ "). */
const TITLE_MARK = 2;
/** The least gap between the title's filters and the history's status. */
const TITLE_GAP = 2;

export const PerformanceView = memo(function PerformanceView(p: PerformanceViewProps) {
  const theme = useTheme();
  const width = innerWidth({ width: p.width, framed: true });
  const rows = performanceRows(p.height, p.lines.length);
  const found = historyStatus(p.history, p.error, p.now);
  // The title's row: its name and the filters chosen first, the history's status in what is left, then the defaults.
  const room = width - TITLE_MARK - "PERFORMANCE ".length - TITLE_GAP;
  const statusRoom = room - textWidth(chosenFilters(p.state));
  const fitted = fitStatus(found.text, statusRoom);
  // Where even the count has no room beside them, a plain count gives way; a read under way or failed does not.
  const status = { ...found, text: textWidth(fitted) > statusRoom && found.tone === "dim" ? "" : fitted };
  const scroll = Math.max(0, Math.min(p.state.scroll, p.lines.length - rows.figures));
  const more = p.lines.length - scroll - rows.figures;
  const inView = p.lines.slice(scroll, scroll + rows.figures - (more > 0 ? 1 : 0));
  // Scrolled into a table, its column heading stands in the first row: the row under it shows one k up.
  const shown = scroll > 0 && inView[0]?.head !== undefined ? [inView[0].head, ...inView.slice(1)] : inView;
  return (
    <Pane
      // Whole filters beside the history's status, two columns apart so that the two read apart; the rest are one key away (t, a, i, n).
      title={`PERFORMANCE ${filterTitle(p.state, room - textWidth(status.text))}`}
      width={p.width}
      height={p.height}
      focused
      framed
      right={<Line tone={status.tone}>{status.text}</Line>}
    >
      <NetChart
        perf={p.perf}
        width={width}
        rows={rows.chart}
        ascii={theme.ascii}
        now={p.now}
        loaded={p.history.loaded}
        known={p.history.readAt !== null}
      />
      {shown.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a line is its place in the scrolled window
        <Line key={i}>{line as Piece[]}</Line>
      ))}
      {more > 0 ? <Line tone="dim">{`↓ ${plural(more, "more line")} (j)`}</Line> : null}
      {p.history.problem ? <Line tone="warn">{p.history.problem}</Line> : null}
      <Box flexGrow={1} />
    </Pane>
  );
});

/**
 * The running net as steps: flat at 0 from the range's start, each game's
 * settlement a step, flat again to now. Straight lines between games days
 * apart would draw a net that never was.
 */
export function netSteps(points: readonly { t: number; net: { toNumber(): number } }[], from: number, to: number): PricePoint[] {
  const out: PricePoint[] = [{ t: from, value: 0 }];
  let value = 0;
  for (const p of points) {
    if (p.t > out.at(-1)!.t) out.push({ t: p.t, value });
    value = p.net.toNumber();
    out.push({ t: p.t, value });
  }
  if (to > out.at(-1)!.t) out.push({ t: to, value });
  return out;
}

function NetChart(p: { perf: Performance; width: number; rows: number; ascii: boolean; now: number; loaded: boolean; known: boolean }) {
  const points = p.perf.series.points;
  const first = points[0];
  if (first === undefined) {
    const empty = !p.loaded
      ? "loading…"
      : p.known
        ? `no settled games to chart over ${rangeLabel(p.perf.selection.range)}`
        : "the chart follows the first read";
    return (
      <Box height={p.rows} flexShrink={0}>
        <Line tone="dim">{empty}</Line>
      </Box>
    );
  }
  const from = Math.min(p.perf.since ?? first.t, first.t);
  const to = Math.max(p.now, points.at(-1)!.t);
  const series = PriceSeries.of(netSteps(points, from, to));
  const net = points.at(-1)!.net;
  const chart = drawChart({
    points: series,
    range: { from, to, labels: to - from > 2 * 86_400_000 ? "date" : "clock" },
    refs: [{ value: 0, label: "0", kind: "open" }],
    marks: [],
    baseline: 0,
    tag: formatMoneyChange(net),
    cols: p.width,
    rows: p.rows,
    ascii: p.ascii,
    stale: false,
    continuous: true,
  });
  return (
    <>
      {chart.rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a chart row is its position on screen, top to bottom
        <Line key={i}>{row}</Line>
      ))}
    </>
  );
}
