/**
 * The strategy as the screen reads it: its view, followed with
 * useSyncExternalStore (undefined when the dashboard runs none), and what
 * its line is drawn from.
 */
import { useCallback, useSyncExternalStore } from "react";
import type { StrategyView } from "../../strategy/runner.js";
import type { ConfirmState } from "./confirm/confirm-state.js";
import type { StrategyController } from "./controller.js";
import type { StrategyLineProps } from "./StrategyLine.js";

const NO_SUBSCRIPTION = () => () => undefined;

export function useStrategyView(strategy: StrategyController | undefined): StrategyView | undefined {
  const subscribe = useCallback((l: () => void) => (strategy ? strategy.view.subscribe(l) : NO_SUBSCRIPTION()), [strategy]);
  const get = useCallback(() => strategy?.view.getSnapshot(), [strategy]);
  return useSyncExternalStore(subscribe, get);
}

/** What the strategy line is drawn from (its prompt while open); undefined when the dashboard runs no strategy. */
export function useStrategyLine(
  strategy: StrategyController | undefined,
  confirm: ConfirmState | null,
  currency: string,
): Omit<StrategyLineProps, "now" | "width"> | undefined {
  const view = useStrategyView(strategy);
  return view && strategy && { view, limits: strategy.limits, currency, confirm: confirm ?? undefined };
}
