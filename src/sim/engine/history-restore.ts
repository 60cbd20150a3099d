/**
 * Files a played history's record (history.ts) into the engine: each game,
 * in end order, becomes the settled game of each user who played it, with
 * its money moved through the ledger as its play moved it — the users'
 * stakes and the crowd's (fresh money, as the crowd always brings) into
 * the game's pool, then the pool paid out to the players and the house.
 * Every account ends as the play left it, each crowd bot's included.
 * The same filing on the world's first start and at every restart, so both
 * hold the same results and balances. A game's stakes leave a user's
 * balance at its end rather than at its placing: the end state is the
 * same, and a balance that covered a stake when it was placed still covers
 * it then, with the winnings of every game that ended before.
 */
import { Decimal, sum } from "../../domain/money.js";
import type { PriceFeed } from "../feed/feed.js";
import type { HistoryGameRecord, HistoryRecord } from "../persistence/records.js";
import { poolAccount, userAccount } from "./accounts.js";
import type { Games } from "./games.js";
import { HISTORY_NETWORK } from "./history.js";
import type { Account, Ledger } from "./ledger.js";
import { CURRENCY } from "./markets.js";
import type { PositionRecord, SettledGame } from "./model.js";
import { decodeGid, type GameSlot } from "./schedule.js";
import type { UserRegistry } from "./users.js";

const ZERO = new Decimal(0);

/** The parts of the engine a history is filed into. */
export interface HistoryParts {
  games: Games;
  ledger: Ledger;
  feed: PriceFeed;
  users: UserRegistry;
}

export function restoreHistory(parts: HistoryParts, record: HistoryRecord): void {
  const games = record.games.map((g) => {
    const slot = decodeGid(g.gid);
    if (!slot) throw new Error(`the history names no game ${g.gid}`);
    return { g, slot };
  });
  games.sort((a, b) => a.slot.endsAt - b.slot.endsAt || Number(a.slot.gid) - Number(b.slot.gid));
  for (const { g, slot } of games) fileGame(parts, g, slot);
}

function fileGame(parts: HistoryParts, g: HistoryGameRecord, slot: GameSlot): void {
  // The tick at its end never arrived: a price read at that instant is the one before, as it was when it was played.
  if (g.close === null) parts.feed.loseTick(slot.asset, slot.endsAt);
  const pool = poolAccount({ slot, network: HISTORY_NETWORK });
  const positions = g.positions.map((p) => position(parts, slot, p));
  const staked = new Map<number, Decimal>();
  const paid = new Map<Account, Decimal>();
  const add = <K>(m: Map<K, Decimal>, key: K, amount: Decimal) => m.set(key, (m.get(key) ?? ZERO).plus(amount));
  for (const p of positions) {
    add(staked, p.player.id, p.stake);
    add(paid, userAccount(p.player.id), p.winnings!);
  }
  for (const [id, stake] of staked) parts.ledger.transfer(userAccount(id), pool, CURRENCY, HISTORY_NETWORK, stake);
  let crowdStaked = ZERO;
  for (const [bot, stake, won] of g.crowd) {
    crowdStaked = crowdStaked.plus(stake);
    add(paid, `crowd:${bot}`, new Decimal(won));
  }
  // The crowd's stakes are fresh money (crowd.ts), deposited straight into the pool: the bots' balances gain what they won.
  if (crowdStaked.gt(0)) parts.ledger.deposit(pool, CURRENCY, HISTORY_NETWORK, crowdStaked);
  const held = parts.ledger.balance(pool, CURRENCY, HISTORY_NETWORK);
  const payees = [...paid];
  payees.push(["house", held.minus(sum(payees.map(([, amount]) => amount)))]);
  parts.ledger.distribute(pool, CURRENCY, HISTORY_NETWORK, payees);
  parts.games.file(settledGame(slot, g, positions));
}

function position(
  parts: HistoryParts,
  slot: GameSlot,
  [userId, txid, placedAt, sp, f, w]: HistoryGameRecord["positions"][number],
): PositionRecord {
  const user = parts.users.get(userId);
  if (!user) throw new Error(`the history names no user ${userId}`);
  return {
    txid,
    slot,
    network: HISTORY_NETWORK,
    currency: CURRENCY,
    player: user,
    stake: new Decimal(f),
    prediction: new Decimal(sp),
    placedAt,
    wallet: user.wallet,
    winnings: new Decimal(w),
  };
}

function settledGame(slot: GameSlot, g: HistoryGameRecord, positions: PositionRecord[]): SettledGame {
  const byUser = new Map<number, PositionRecord[]>();
  for (const p of positions) byUser.set(p.player.id, [...(byUser.get(p.player.id) ?? []), p]);
  return {
    slot,
    network: HISTORY_NETWORK,
    currency: CURRENCY,
    openPrice: new Decimal(g.open),
    closingPrice: g.close === null ? null : new Decimal(g.close),
    cancelled: g.close === null,
    settledAt: slot.endsAt,
    positions,
    byUser,
  };
}
