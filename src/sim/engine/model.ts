/** The engine's in-memory records of positions and games. */
import type { Network } from "../../api/schemas.js";
import type { Decimal } from "../../domain/money.js";
import type { CrowdOrder } from "./crowd.js";
import type { GameProjection } from "./projection.js";
import type { GameSlot } from "./schedule.js";
import type { Player } from "./users.js";

export interface PositionRecord {
  txid: string;
  slot: GameSlot;
  network: Network;
  currency: string;
  player: Player;
  stake: Decimal;
  prediction: Decimal;
  placedAt: number;
  /** The wallet sent as pw. */
  wallet: string;
  /** Paid at settlement (the stake itself when the game was cancelled); null before. */
  winnings: Decimal | null;
}

/** A game × network that holds at least one real user's position and is not settled yet. */
export interface ActiveGame {
  slot: GameSlot;
  network: Network;
  currency: string;
  positions: PositionRecord[];
  /** Each user's positions here, in placing order: what a user's requests read, without a scan of the game. */
  byUser: Map<number, PositionRecord[]>;
  /** The crowd's orders for this game, placed into `positions` as time reaches them. */
  crowd: CrowdOrder[];
  crowdPlaced: number;
  /** Every position's weight at the last weighing's price: what /status projects from (projection.ts). */
  projection: GameProjection;
}

export interface SettledGame {
  slot: GameSlot;
  network: Network;
  currency: string;
  openPrice: Decimal;
  /** null when the feed had no price at ends_at: the game was cancelled. */
  closingPrice: Decimal | null;
  cancelled: boolean;
  settledAt: number;
  /** Every position of the game; a played history's games (history-restore.ts) keep only the users'. */
  positions: PositionRecord[];
  /** As ActiveGame's. */
  byUser: Map<number, PositionRecord[]>;
}
