/**
 * A StrategyRunner on a poller, its spend kept in the state directory under
 * the account's name: the one way the dashboard and `spotdash auto` start
 * one, so the two share a strategy's day's limit.
 */
import { type RunnerSource, type StrategyEvent, StrategyRunner } from "./runner.js";
import { lockSpendFile, readSpendFile, spendFilePath, spendScope, writeSpendFile } from "./spend-file.js";
import type { StrategyConfig } from "./strategy.js";

export interface RunnerPlace {
  stateDir: string;
  service: { sim: boolean; label: string };
  /** The account's key, hashed into the file's place (never written). */
  apiKey: string | undefined;
}

export function openRunner(
  strategy: StrategyConfig,
  source: RunnerSource,
  place: RunnerPlace,
  onEvent?: (e: StrategyEvent) => void,
): StrategyRunner {
  const path = spendFilePath(place.stateDir, spendScope(place.service, place.apiKey), strategy.name, strategy.market.network);
  return new StrategyRunner({
    strategy,
    source,
    keeping: { read: (now) => readSpendFile(path, now), write: (kept) => writeSpendFile(path, kept), lock: () => lockSpendFile(path) },
    ...(onEvent ? { onEvent } : {}),
  });
}
