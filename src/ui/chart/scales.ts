/**
 * The price chart's scales, as pure functions: which span of time it shows,
 * where the price and time ticks fall and how they read, and when a pause
 * in the data is a gap. docs/chart.md describes the choices.
 */
import { groupThousands } from "../../domain/money.js";

/** The windows + and - step through, shortest first after the game's own. */
export const CHART_WINDOWS = ["game", "5m", "1h", "24h"] as const;
export type ChartWindow = (typeof CHART_WINDOWS)[number];

const WINDOW_MS: Record<Exclude<ChartWindow, "game">, number> = { "5m": 5 * 60_000, "1h": 3_600_000, "24h": 86_400_000 };

export interface GameSpan {
  start: number;
  lock: number;
  end: number;
  /** The game's interval in seconds: a game of a minute or less reads its time as m:ss from the start. */
  interval: number;
}

export interface TimeRange {
  from: number;
  to: number;
  /** "elapsed": m:ss since `from` (a short game); "clock": HH:MM local time; "date": MM-DD, local days (days of results). */
  labels: "elapsed" | "clock" | "date";
}

/**
 * The span a window shows. The game window runs from the game's start to
 * its end, so the empty space on the right is the time left; the others
 * end at the latest price. Without a live game, the game window is 5 min.
 */
export function windowRange(window: ChartWindow, game: GameSpan | undefined, latest: number): TimeRange {
  if (window === "game" && game !== undefined) {
    return { from: game.start, to: game.end, labels: game.interval <= 60 ? "elapsed" : "clock" };
  }
  const span = window === "game" ? WINDOW_MS["5m"] : WINDOW_MS[window];
  return { from: latest - span, to: latest, labels: "clock" };
}

/**
 * The window after `current` in `direction` (+1 longer, -1 shorter), or
 * `current` at the end of the list. A window longer than 5 min is offered
 * only when the history reaches back past the window before it, so zooming
 * out always shows something new.
 */
export function stepWindow(current: ChartWindow, direction: 1 | -1, oldest: number | undefined, latest: number): ChartWindow {
  const i = CHART_WINDOWS.indexOf(current) + direction;
  const next = CHART_WINDOWS[i];
  if (next === undefined) return current;
  if (direction === -1 || next === "5m") return next;
  const before = CHART_WINDOWS[i - 1]!;
  const reach = before === "game" ? WINDOW_MS["5m"] : WINDOW_MS[before];
  return oldest !== undefined && latest - oldest > reach ? next : current;
}

/** A pause in the prices longer than this, or than three dot columns, is drawn as a gap. */
export const GAP_MIN_MS = 10_000;

export function gapAfterMs(msPerDot: number): number {
  return Math.max(GAP_MIN_MS, 3 * msPerDot);
}

/** The round step nearest above `raw`: 1, 2, 2.5 or 5 times a power of ten. */
export function niceStep(raw: number): number {
  if (!(raw > 0) || !Number.isFinite(raw)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  // A hair's tolerance: a raw step computed in floats (2.0000000001) is still the round 2.
  // Stryker disable next-line EqualityOperator: m × power exactly at raw less the hair is a float no computed step lands on
  const multiple = [1, 2, 2.5, 5].find((m) => m * power >= raw * (1 - 1e-9)) ?? 10;
  return multiple * power;
}

/** Round prices between lo and hi, at most `most` of them (fewer when the range is narrow). */
export function priceTicks(lo: number, hi: number, most: number): { step: number; ticks: number[] } {
  if (most < 1 || !(hi > lo)) return { step: niceStep(Math.abs(hi) || 1), ticks: [] };
  // From a step finer than could fit, coarser until the ticks do: how many fit depends on where they fall, and
  // starting at span / most can skip a step that fits (−63…167 in two ticks: 200 gives one, 100 gives two).
  let step = niceStep((hi - lo) / (most + 1));
  let ticks = ticksOf(lo, hi, step);
  while (ticks.length > most) {
    step = niceStep(step * 1.01);
    ticks = ticksOf(lo, hi, step);
  }
  return { step, ticks };
}

function ticksOf(lo: number, hi: number, step: number): number[] {
  const out: number[] = [];
  const decimals = stepDecimals(step);
  // k × step in binary floats drifts (3700.2000000000003): each tick is rounded to the step's digits.
  // Stryker disable next-line EqualityOperator: k × step equal to hi plus a hair of the step is a tick no float range ends on
  for (let k = Math.ceil(lo / step - 1e-9); k * step <= hi + step * 1e-9; k++) out.push(Number((k * step).toFixed(decimals)));
  return out;
}

/** Decimals a tick label needs for its step (2.5 needs one, 50 none). */
export function stepDecimals(step: number): number {
  // Stryker disable next-line EqualityOperator: at 8 the loop and its fallback agree, and no step lands within a hair of 1e-6
  for (let d = 0; d <= 8; d++) if (Math.abs(Math.round(step * 10 ** d) - step * 10 ** d) < 1e-6) return d;
  return 8;
}

/** A price tick as prices read elsewhere on the dashboard: grouped, at the step's precision. */
export function formatTick(value: number, decimals: number): string {
  const fixed = value.toFixed(decimals);
  // A tick a hair below zero would read "-0.00".
  return groupThousands(Number(fixed) === 0 ? fixed.replace("-", "") : fixed);
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const TIME_STEPS = [1, 2, 5, 10, 15, 30]
  .map((s) => s * SECOND)
  .concat(
    [1, 2, 5, 10, 15, 30].map((m) => m * MINUTE),
    [1, 2, 3, 4, 6, 12].map((h) => h * HOUR),
  );
/** Date ticks fall on local midnights, a day apart at least (two would read the same otherwise). */
const DATE_STEPS = [1, 2, 7, 14, 28, 56, 91, 182, 364].map((d) => d * DAY);
/** A label is five characters ("12:05", "10:30"); ticks keep two blanks between labels. */
const TICK_ROOM = 7;

export interface TimeTick {
  t: number;
  label: string;
}

let lastTicks: { from: number; to: number; labels: string; cols: number; ticks: TimeTick[] } | undefined;

/** Round instants across the range, as many as fit in `cols` columns, labelled m:ss or HH:MM. */
export function timeTicks(range: TimeRange, cols: number): TimeTick[] {
  // A game window is the same range price after price: its ticks are made once.
  const l = lastTicks;
  if (l !== undefined && l.from === range.from && l.to === range.to && l.labels === range.labels && l.cols === cols) return l.ticks;
  const ticks = makeTimeTicks(range, cols);
  lastTicks = { ...range, cols, ticks };
  return ticks;
}

function makeTimeTicks(range: TimeRange, cols: number): TimeTick[] {
  const span = range.to - range.from;
  const most = Math.floor(cols / TICK_ROOM);
  if (most < 1 || span <= 0) return [];
  // HH:MM names minutes: clock ticks are a minute apart at least, or two would read the same.
  const steps = range.labels === "date" ? DATE_STEPS : range.labels === "clock" ? TIME_STEPS.filter((s) => s >= MINUTE) : TIME_STEPS;
  const step = steps.find((s) => span / s <= most) ?? steps.at(-1)!;
  // Clock ticks fall on round local times; elapsed ones on round times since the start.
  const shift = range.labels === "elapsed" ? -range.from : -new Date(range.from).getTimezoneOffset() * MINUTE;
  const ticks: TimeTick[] = [];
  for (let t = Math.ceil((range.from + shift) / step) * step - shift; t <= range.to; t += step) {
    ticks.push({
      t,
      label: range.labels === "date" ? dateLabel(t) : range.labels === "clock" ? clockLabel(t) : elapsedLabel(t - range.from),
    });
  }
  return ticks;
}

function dateLabel(t: number): string {
  const d = new Date(t);
  return `${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

function clockLabel(t: number): string {
  const d = new Date(t);
  return `${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}`;
}

function elapsedLabel(ms: number): string {
  const s = Math.round(ms / SECOND);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
