/**
 * What the sim lists: its assets, their price models, the stake currency and
 * the balances new users get. These are the sim's own choices (docs/sim.md);
 * the game's rules live in domain/rules.ts.
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

export interface AssetModel {
  /** Level the long-run path wanders around (USDT). */
  basePrice: number;
  /** Annualised volatility of log returns. */
  annualVol: number;
}

export const ASSET_MODELS: Record<Asset, AssetModel> = {
  BTC_USDT: { basePrice: 68_000, annualVol: 0.5 },
  ETH_USDT: { basePrice: 3_500, annualVol: 0.65 },
};

/** Feed prices are quoted to the cent, like spot exchanges quote BTC/USDT. */
export const FEED_DECIMALS = 2;
/** open_price and closing_price go out with 6 decimals, like the public examples ("67036.047800"). */
export const WIRE_PRICE_DECIMALS = 6;

/** Balances a new user starts with: a practice float on testnet, nothing on mainnet. */
export const STARTING_BALANCE: Record<Network, string> = {
  testnet: "1000",
  mainnet: "0",
};
