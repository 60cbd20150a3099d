/**
 * The net over time, for a chart: one point per game played out (won, lost,
 * even) with a readable settlement time, oldest first (ties by gid), each
 * carrying the cumulative net up to and including that game.
 *   - A cancelled game is no point: it is refunded and changes nothing.
 *   - A game whose figures cannot be read is no point and adds nothing.
 *   - A game played out whose settlement time cannot be read cannot be
 *     placed on the time axis: no point, and its net is not in the series.
 * Each is counted, so the chart can say what it leaves out. With no game of
 * the last kind, the last point's net is the figures' net exactly. There is
 * no starting point at 0: the chart adds one if it wants a baseline.
 */
import { Decimal } from "../money.js";
import type { GameResult } from "../service-data.js";
import { playedGames } from "./played.js";

export interface NetPoint {
  /** Settlement time, server epoch ms. */
  t: number;
  gid: string;
  /** Cumulative net up to and including this game. */
  net: Decimal;
}

export interface NetSeries {
  points: NetPoint[];
  /** Cancelled games: no point. */
  cancelled: number;
  /** Games whose figures cannot be read: no point. */
  unknown: number;
  /** Games played out with no readable settlement time: no point, net not included. */
  untimed: number;
}

export function cumulativeNet(games: readonly GameResult[]): NetSeries {
  const series: NetSeries = { points: [], cancelled: 0, unknown: 0, untimed: 0 };
  let net = new Decimal(0);
  for (const g of playedGames(games)) {
    if (g.outcome === "cancelled") series.cancelled++;
    else if (g.money === null) series.unknown++;
    else if (g.at === null) series.untimed++;
    else {
      net = net.plus(g.money.net);
      series.points.push({ t: g.at, gid: g.gid, net });
    }
  }
  return series;
}
