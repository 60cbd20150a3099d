/**
 * The performance figures as text, for `spotdash stats` and the performance
 * view alike: the summary's lines, the tables' cells, the strikes' distance.
 * Every label says what its figure is: all of them are of settled games;
 * "paid" is the gross paid out, "net" paid less staked.
 */
import {
  formatGross,
  formatInterval,
  formatMoney,
  formatMoneyChange,
  formatMoneyChangeExact,
  formatMoneyExact,
  formatPercent,
  formatPrice,
  plural,
  shortGid,
} from "../format.js";
import type { Decimal } from "../money.js";
import type { DistanceBucket, Spread, StrikeDistance } from "./distance.js";
import type { Figures, NotableGame } from "./figures.js";
import type { Row } from "./tables.js";

/** A fraction (0.523) as a percent, no sign: "52.3%"; "–" when there is none. */
export function rateText(r: Decimal | null): string {
  return r === null ? "–" : `${r.times(100).toFixed(1)}%`;
}

/** A fraction as a signed percent: "+3.30%". */
function returnText(r: Decimal | null): string {
  return r === null ? "–" : formatPercent(r.times(100));
}

const utcDay = (t: number | null) => (t === null ? "" : ` ${new Date(t).toISOString().slice(5, 10)}`);
const notable = (g: NotableGame | null) => (g === null ? "–" : `${formatMoneyChange(g.net)} (#${shortGid(g.gid)}${utcDay(g.settledAt)})`);

export function summaryLines(f: Figures, currency: string): string[] {
  if (f.games === 0) return ["no settled games"];
  const counts = [`won ${f.won}`, `lost ${f.lost}`, `even ${f.even}`];
  if (f.cancelled > 0) counts.push(`cancelled ${f.cancelled} (refunded)`);
  if (f.unknown > 0) counts.push(`${f.unknown} unreadable, left out`);
  const run = f.currentRun.kind === "none" ? "" : ` · now ${f.currentRun.kind} ${f.currentRun.length}`;
  return [
    `${plural(f.games, "settled game")}: ${counts.join(" · ")}`,
    `net ${formatMoneyChangeExact(f.net)} ${currency} = paid ${formatMoneyExact(f.paid)} − staked ${formatMoneyExact(f.staked)} · return on stake ${returnText(f.returnOnStake)}`,
    `won ${rateText(f.winRate)} of games, ${rateText(f.positionWinRate)} of ${plural(f.positions, "position")} · net per game: average ${f.averageNet === null ? "–" : formatMoneyChange(f.averageNet)}, median ${f.medianNet === null ? "–" : formatMoneyChange(f.medianNet)}`,
    `best game ${notable(f.best)} · worst ${notable(f.worst)}`,
    `longest runs: ${f.longestWinningRun} won, ${f.longestLosingRun} lost${run}`,
  ];
}

/** A table's columns, the first (the row's name) left-aligned; `drop`: the lower, the sooner a narrow screen leaves it out. */
export const TABLE_COLUMNS: readonly { title: string; drop?: number }[] = [
  { title: "" },
  { title: "GAMES" },
  { title: "POS", drop: 3 },
  { title: "STAKED", drop: 4 },
  { title: "PAID", drop: 2 },
  { title: "NET" },
  { title: "RETURN", drop: 6 },
  { title: "WON", drop: 7 },
  { title: "POS WON", drop: 1 },
  { title: "MEDIAN", drop: 5 },
];

function rowCells(name: string, f: Figures): string[] {
  return [
    name,
    String(f.games),
    String(f.positions),
    formatMoney(f.staked),
    formatGross(f.paid, f.staked),
    formatMoneyChange(f.net),
    returnText(f.returnOnStake),
    rateText(f.winRate),
    rateText(f.positionWinRate),
    f.medianNet === null ? "–" : formatMoneyChange(f.medianNet),
  ];
}

export function intervalCells(rows: readonly Row<number>[]): string[][] {
  return rows.map((r) => rowCells(r.key === null ? "?" : formatInterval(r.key), r.figures));
}

export function assetCells(rows: readonly Row<string>[]): string[][] {
  return rows.map((r) => rowCells(r.key ?? "?", r.figures));
}

const spreadText = (s: Spread | null, price: boolean) =>
  s === null ? null : (v: keyof Omit<Spread, "count">) => (price ? formatPrice(s[v]) : `${s[v].toFixed(3)}%`);

/**
 * The strikes' distance from the close, in price and in percent; over the
 * positions of more than one asset in percent only, since a median of
 * BTC's and ETH's distances in price is neither's.
 */
export function distanceLines(d: StrikeDistance): string[] {
  const mixed = d.assets > 1 && d.percent !== null;
  const price = mixed ? null : spreadText(d.price, true);
  const pct = spreadText(d.percent, false);
  if (d.price === null || (price === null && pct === null)) return ["strike to close: no position with a distance yet"];
  const both = (k: "median" | "p25" | "p75" | "p90" | "max") => (price === null ? pct!(k) : `${price(k)}${pct ? ` (${pct(k)})` : ""}`);
  const med = (m: { price: Decimal | null; percent: Decimal | null }) => {
    const percent = m.percent === null ? null : `${m.percent.toFixed(3)}%`;
    if (mixed) return percent ?? "–";
    return m.price === null ? "–" : `${formatPrice(m.price)}${percent === null ? "" : ` (${percent})`}`;
  };
  // In percent only, a position whose game has no close has no distance either.
  const none = d.unmeasured + (mixed ? d.price.count - d.percent!.count : 0);
  const over = mixed
    ? `${plural(d.percent!.count, "position")} of ${d.assets} assets, in % of the close`
    : plural(d.price.count, "position");
  return [
    `strike to close over ${over}: median ${both("median")} · p25 ${both("p25")} · p75 ${both("p75")} · p90 ${both("p90")} · max ${both("max")}`,
    `median when won ${med(d.won)} · when lost ${med(d.lost)}${none > 0 ? ` · ${none} with no distance` : ""}`,
  ];
}

/** The histogram's buckets as `label count` pairs, on one line. */
export function histogramLine(buckets: readonly DistanceBucket[]): string {
  return `strike to close, in % of the close: ${buckets.map((b) => `${b.label} ${b.count}`).join(" · ")}`;
}
