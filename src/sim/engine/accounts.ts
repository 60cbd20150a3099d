/** The ledger's accounts and the keys the engine files games under. */
import type { Network } from "../../api/schemas.js";
import type { Account } from "./ledger.js";
import type { ActiveGame, PositionRecord } from "./model.js";

export function gameKey(gid: string, network: Network): string {
  return `${gid}:${network}`;
}

/** The stakes in play of a game on a network, active or (while a history is filed) being settled. */
export function poolAccount(game: Pick<ActiveGame, "slot" | "network">): Account {
  return `pool:${gameKey(game.slot.gid, game.network)}`;
}

export function userAccount(id: number): Account {
  return `user:${id}`;
}

export function ownerAccount(p: PositionRecord): Account {
  return p.player.kind === "user" ? userAccount(p.player.id) : `crowd:${p.player.id}`;
}
