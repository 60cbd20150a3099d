/**
 * What the performance view draws, made from the store: the figures over
 * the selection (computed again only when the kept games, the selection or
 * the minute changes: a long history is thousands of games) and their lines.
 */
import { useMemo } from "react";
import { performanceOf } from "../../domain/performance/index.js";
import type { Snapshot } from "../../poller/snapshot.js";
import { useTheme } from "../theme.js";
import { type PerformanceViewProps, performanceScrollLimit } from "./PerformanceView.js";
import { performanceLines } from "./performance-lines.js";
import type { PerformanceState } from "./performance-state.js";

const MINUTE = 60_000;

export function usePerformanceView(
  view: PerformanceState | null,
  s: Snapshot,
  now: number,
  layout: { cols: number; bodyHeight: number },
): { props: Omit<PerformanceViewProps, "width" | "height">; scrollLimit: number } | undefined {
  const { ascii } = useTheme();
  const width = layout.cols;
  const history = view === null ? undefined : s.resultsHistory[view.network];
  const kept = history?.kept.games;
  const minute = Math.floor(now / MINUTE);
  const { range, asset, interval, network } = view ?? {};
  const perf = useMemo(() => {
    if (kept === undefined || range === undefined) return undefined;
    const selection = { range, network, ...(asset === undefined ? {} : { asset }), ...(interval === undefined ? {} : { interval }) };
    return performanceOf([...kept.values()], selection, minute * MINUTE);
  }, [kept, range, asset, interval, network, minute]);
  const currency = s.target.currency;
  // "No settled games" only once this run has read the history to the end: before, what is kept may be behind.
  const known = history?.readAt !== null && history?.kept.through !== null;
  const loaded = history?.loaded === true;
  const lines = useMemo(
    () => (perf && loaded ? performanceLines(perf, width - 4, currency, ascii, known) : []),
    [perf, loaded, width, currency, ascii, known],
  );
  if (view === null || history === undefined || perf === undefined) return undefined;
  const props = { state: view, perf, lines, history, error: s.errors.results?.message, now };
  return { props, scrollLimit: performanceScrollLimit(layout.bodyHeight, lines.length) };
}
