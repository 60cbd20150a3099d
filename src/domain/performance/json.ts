/**
 * The performance figures as plain JSON, for `spotdash stats --json`
 * (docs/performance.md, "stats --json" lists every field). Money, prices and
 * rates are decimal strings: exact where the figure is (sums, min, max,
 * medians and quantiles of exact values), rounded half-even to
 * JSON_QUOTIENT_DECIMALS places where it is a quotient (rates, means,
 * percent distances). Counts are numbers, times ISO 8601 (UTC) strings, and
 * null stands for a figure that is not known.
 */
import { type Decimal, toWire } from "../money.js";
import type { MedianDistance, Spread, StrikeDistance } from "./distance.js";
import type { Figures, NotableGame } from "./figures.js";
import type { Performance } from "./report.js";
import type { CurrentRun } from "./runs.js";
import { rangeLabel } from "./select.js";
import type { Row } from "./tables.js";

/** Decimal places a quotient keeps in the JSON. */
export const JSON_QUOTIENT_DECIMALS = 8;

export interface NotableGameJson {
  gid: string;
  net: string;
  settled_at: string | null;
}

export interface FiguresJson {
  games: number;
  won: number;
  lost: number;
  even: number;
  cancelled: number;
  unknown: number;
  positions: number;
  positions_won: number;
  positions_unknown: number;
  staked: string;
  paid: string;
  net: string;
  return_on_stake: string | null;
  win_rate: string | null;
  position_win_rate: string | null;
  average_net: string | null;
  median_net: string | null;
  best: NotableGameJson | null;
  worst: NotableGameJson | null;
  longest_winning_run: number;
  longest_losing_run: number;
  current_run: CurrentRun;
}

export interface SpreadJson {
  count: number;
  min: string;
  p25: string;
  median: string;
  p75: string;
  p90: string;
  max: string;
  mean: string;
}

export interface StrikeDistanceJson {
  price: SpreadJson | null;
  percent: SpreadJson | null;
  histogram: { label: string; below_pct: string | null; count: number }[];
  won_median: { price: string | null; percent: string | null };
  lost_median: { price: string | null; percent: string | null };
  unmeasured: number;
}

export interface PerformanceJson {
  range: string;
  range_label: string;
  since: string | null;
  now: string;
  asset: string | null;
  interval: number | null;
  network: string | null;
  figures: FiguresJson;
  by_interval: { interval: number | null; figures: FiguresJson }[];
  by_asset: { asset: string | null; figures: FiguresJson }[];
  strike_distance: StrikeDistanceJson;
}

/** An exact figure. */
function exact(d: Decimal): string {
  return toWire(d);
}

/** A quotient, rounded; null stays null. */
function quotient(d: Decimal | null): string | null {
  return d === null ? null : toWire(d.toDecimalPlaces(JSON_QUOTIENT_DECIMALS));
}

function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

function notable(g: NotableGame | null): NotableGameJson | null {
  return g === null ? null : { gid: g.gid, net: exact(g.net), settled_at: iso(g.settledAt) };
}

export function figuresJson(f: Figures): FiguresJson {
  return {
    games: f.games,
    won: f.won,
    lost: f.lost,
    even: f.even,
    cancelled: f.cancelled,
    unknown: f.unknown,
    positions: f.positions,
    positions_won: f.positionsWon,
    positions_unknown: f.positionsUnknown,
    staked: exact(f.staked),
    paid: exact(f.paid),
    net: exact(f.net),
    return_on_stake: quotient(f.returnOnStake),
    win_rate: quotient(f.winRate),
    position_win_rate: quotient(f.positionWinRate),
    average_net: quotient(f.averageNet),
    median_net: f.medianNet === null ? null : exact(f.medianNet),
    best: notable(f.best),
    worst: notable(f.worst),
    longest_winning_run: f.longestWinningRun,
    longest_losing_run: f.longestLosingRun,
    current_run: { kind: f.currentRun.kind, length: f.currentRun.length },
  };
}

function spreadJson(s: Spread | null, round: (d: Decimal) => string): SpreadJson | null {
  if (s === null) return null;
  const { count, min, p25, median, p75, p90, max, mean } = s;
  return {
    count,
    min: round(min),
    p25: round(p25),
    median: round(median),
    p75: round(p75),
    p90: round(p90),
    max: round(max),
    mean: quotient(mean)!,
  };
}

function medianJson(m: MedianDistance): { price: string | null; percent: string | null } {
  return { price: m.price === null ? null : exact(m.price), percent: quotient(m.percent) };
}

export function strikeDistanceJson(d: StrikeDistance): StrikeDistanceJson {
  return {
    price: spreadJson(d.price, exact),
    percent: spreadJson(d.percent, (v) => quotient(v)!),
    histogram: d.histogram.map((b) => ({ label: b.label, below_pct: b.below === null ? null : exact(b.below), count: b.count })),
    won_median: medianJson(d.won),
    lost_median: medianJson(d.lost),
    unmeasured: d.unmeasured,
  };
}

export function performanceJson(p: Performance): PerformanceJson {
  const s = p.selection;
  return {
    range: s.range,
    range_label: rangeLabel(s.range),
    since: iso(p.since),
    now: iso(p.nowMs)!,
    asset: s.asset ?? null,
    interval: s.interval ?? null,
    network: s.network ?? null,
    figures: figuresJson(p.figures),
    by_interval: p.byInterval.map((r: Row<number>) => ({ interval: r.key, figures: figuresJson(r.figures) })),
    by_asset: p.byAsset.map((r: Row<string>) => ({ asset: r.key, figures: figuresJson(r.figures) })),
    strike_distance: strikeDistanceJson(p.distance),
  };
}
