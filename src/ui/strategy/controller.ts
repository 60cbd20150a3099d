/**
 * What the screen needs of a strategy (the StrategyRunner is one, as it
 * is): its view to follow, the network it places on, and arm / pause. The
 * dashboard runs at most one; without one, `S` says how to declare it.
 */
import type { Network } from "../../api/schemas.js";
import type { Store } from "../../poller/store.js";
import type { StrategyView } from "../../strategy/runner.js";
import type { StrategyLimits } from "../../strategy/strategy.js";

export interface StrategyController {
  readonly view: Pick<Store<StrategyView>, "getSnapshot" | "subscribe">;
  /** On mainnet a strategy that is not on paper is armed only with its name typed (the confirm mode). */
  readonly network: Network;
  /** Its limits, for the line's "of": without them the figures stand alone. */
  readonly limits?: StrategyLimits | undefined;
  /** Arms it (on paper if it says so); on mainnet only with its name as `confirmation`. Returns why not, if not. */
  arm(confirmation?: string): string | undefined;
  pause(): void;
}

/** What `S` says when the dashboard runs no strategy. */
export const NO_STRATEGY = "no strategy for this market: [[strategy]] in the config file, docs/strategies.md";

/** Why the dashboard runs no strategy: --readonly places nothing, and without a wallet only one on paper runs. */
export function noStrategy(o: { readonly: boolean; walletMissing: boolean }): string {
  if (o.readonly) return "read-only mode (--readonly): no strategy runs";
  if (o.walletMissing) return `${NO_STRATEGY}; without a wallet address (METAFIDE_USER_ADDRESS) only one on paper runs`;
  return NO_STRATEGY;
}
