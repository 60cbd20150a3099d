/**
 * The performance figures over settled games (docs/performance.md): pure,
 * exact, shared by the performance view and `spotdash stats`.
 */
export {
  DISTANCE_BUCKETS_PCT,
  type DistanceBucket,
  type MedianDistance,
  type Spread,
  type StrikeDistance,
  strikeDistance,
} from "./distance.js";
export { type Figures, figuresOf, isLosing, isWinning, type NotableGame } from "./figures.js";
export {
  type FiguresJson,
  figuresJson,
  JSON_QUOTIENT_DECIMALS,
  type NotableGameJson,
  type PerformanceJson,
  performanceJson,
  type SpreadJson,
  type StrikeDistanceJson,
  strikeDistanceJson,
} from "./json.js";
export { type GameMoney, type PlayedGame, performanceOutcome, playedGames } from "./played.js";
export { type Performance, performanceOf } from "./report.js";
export type { CurrentRun, Runs } from "./runs.js";
export { isRange, RANGES, type Range, rangeLabel, rangeStart, type Selection, selectGames } from "./select.js";
export { cumulativeNet, type NetPoint, type NetSeries } from "./series.js";
export { byAsset, byInterval, type Row } from "./tables.js";
