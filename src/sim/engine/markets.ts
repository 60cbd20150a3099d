/**
 * What the sim lists: its assets, the stake currency and the balances new
 * users get. These are the sim's own choices (docs/sim.md); the game's rules
 * live in domain/rules.ts, the assets' price models in feed/feed.ts.
 */
import type { Network } from "../../api/schemas.js";
import { SIM_ASSETS, type SimAsset } from "../../domain/rules.js";

/** Only USDC is live on the real service. */
export const CURRENCY = "USDC";

export const ASSETS = SIM_ASSETS;
export type Asset = SimAsset;

export function isAsset(v: unknown): v is Asset {
  return typeof v === "string" && (ASSETS as readonly string[]).includes(v);
}

/** open_price and closing_price go out with 6 decimals, like the public examples ("67036.047800"). */
export const WIRE_PRICE_DECIMALS = 6;

/** Balances a new user starts with: a practice float on testnet, nothing on mainnet. */
export const STARTING_BALANCE: Record<Network, string> = {
  testnet: "1000",
  mainnet: "0",
};
