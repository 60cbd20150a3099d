/**
 * The live game's ai_price: a deliberately simple, pure forecast. Short-term
 * moves mean-revert a little, so the target is the open price pulled a quarter
 * of the way towards the average of the prices one, two, … eight intervals
 * before the game opened. It only looks at prices known at start_at.
 */
import { Decimal, sum } from "../../domain/money.js";

export const AI_LOOKBACK = 8;
export const AI_REVERSION = new Decimal("0.25");
/** Eight cent-quoted samples give at most 7 decimals; the cap only matters for other inputs. */
const AI_DECIMALS = 8;

/** The instants whose prices feed the forecast of a game opening at startAt. */
export function forecastSampleTimes(startAt: number, interval: number): number[] {
  return Array.from({ length: AI_LOOKBACK }, (_, i) => startAt - (i + 1) * interval * 1000);
}

export function aiPrice(open: Decimal, history: readonly Decimal[]): Decimal {
  if (history.length === 0) return open;
  const mean = sum(history).div(history.length);
  return open.plus(mean.minus(open).times(AI_REVERSION)).toDecimalPlaces(AI_DECIMALS);
}
