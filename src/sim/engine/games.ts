/**
 * The games that hold positions, from the first position to settlement, and
 * each user's settled games. The crowd's orders go in as their time comes;
 * a game whose end has passed is settled against the feed's price at its
 * end (or cancelled and refunded when the feed has none) and paid out
 * through the ledger: at once, or a large game in steps between requests
 * (settlement.ts), its result appearing whole when they are done.
 */
import type { Network } from "../../api/schemas.js";
import type { Decimal } from "../../domain/money.js";
import type { Interval } from "../../domain/rules.js";
import type { PriceFeed } from "../feed/feed.js";
import type { Noise } from "../feed/noise.js";
import { gameKey, ownerAccount, poolAccount } from "./accounts.js";
import { crowdOrders, crowdPrediction } from "./crowd.js";
import type { Account, Ledger } from "./ledger.js";
import type { Asset } from "./markets.js";
import type { ActiveGame, PositionRecord, SettledGame } from "./model.js";
import { GameProjection } from "./projection.js";
import type { GameSlot } from "./schedule.js";
import { type GamePayout, payoutSteps } from "./settlement.js";
import { POSITIONS_PER_TURN, runInTurns, runNow } from "./turns.js";

export class Games {
  private readonly active = new Map<string, ActiveGame>();
  /** Per user id, the settled games they played, in settlement order. */
  private readonly settled = new Map<number, SettledGame[]>();
  /** A large game being settled in steps: games ending after it wait, so that every game settles in end order. */
  private settling: ActiveGame | null = null;

  constructor(
    private readonly ledger: Ledger,
    private readonly feed: PriceFeed,
    /** The crowd's orders come from this noise; null: no crowd. */
    private readonly crowdNoise: Noise | null,
  ) {}

  game(gid: string, network: Network): ActiveGame | undefined {
    return this.active.get(gameKey(gid, network));
  }

  /** The game of `slot` on `network`, opened (with the crowd's orders up to `now`) if it holds nothing yet. */
  activate(slot: GameSlot, network: Network, currency: string, now: number): ActiveGame {
    const key = gameKey(slot.gid, network);
    let game = this.active.get(key);
    if (!game) {
      const crowd = this.crowdNoise ? crowdOrders(this.crowdNoise, slot, network) : [];
      const positions: PositionRecord[] = [];
      const projection = new GameProjection(payoutGame(slot), this.feed.latest(slot.asset, now).price, positions);
      game = { slot, network, currency, positions, byUser: new Map(), crowd, crowdPlaced: 0, projection };
      this.active.set(key, game);
      this.placeCrowd(game, now);
    }
    return game;
  }

  /**
   * Settles every game whose end has passed, in end order, and lets the
   * crowd catch up in the others. `inTurns`: a game of more than
   * POSITIONS_PER_TURN positions is settled in steps between requests
   * (the live sim); without it, at once (replaying a journal, where what
   * follows may spend the winnings).
   */
  advanceTo(t: number, inTurns: boolean): void {
    const due = [...this.active.values()]
      .filter((g) => g.slot.endsAt <= t && g !== this.settling)
      .sort((a, b) => a.slot.endsAt - b.slot.endsAt || a.slot.gid.localeCompare(b.slot.gid) || a.network.localeCompare(b.network));
    for (const game of due) {
      if (this.settling !== null) break;
      this.settle(game, inTurns && game.positions.length > POSITIONS_PER_TURN);
    }
    for (const game of this.active.values()) this.placeCrowd(game, t);
  }

  /** Whether any game has held a position yet. */
  anyPlayed(): boolean {
    return this.active.size > 0 || this.settled.size > 0;
  }

  activeGames(): readonly ActiveGame[] {
    return [...this.active.values()];
  }

  /** Files a settled game's result with each user who played it; games are filed in end order. */
  file(record: SettledGame): void {
    for (const id of record.byUser.keys()) {
      const list = this.settled.get(id) ?? [];
      list.push(record);
      this.settled.set(id, list);
    }
  }

  settledOf(userId: number): readonly SettledGame[] {
    return this.settled.get(userId) ?? [];
  }

  positionsOf(userId: number, gid: string, network: Network): readonly PositionRecord[] {
    return this.game(gid, network)?.byUser.get(userId) ?? [];
  }

  /** Puts a position into its game, and a user's into that user's index too. */
  add(game: ActiveGame, p: PositionRecord): void {
    game.positions.push(p);
    game.projection.add(p);
    if (p.player.kind !== "user") return;
    const mine = game.byUser.get(p.player.id);
    if (mine) mine.push(p);
    else game.byUser.set(p.player.id, [p]);
  }

  /**
   * Profitable-or-not of the user's settled positions on one market, newest
   * first, refunds left out: read only as far back as a streak goes, so a
   * long record of settled games costs a /status little.
   */
  *outcomes(userId: number, asset: Asset, interval: Interval, network: Network): Generator<boolean, void, void> {
    const games = this.settledOf(userId);
    for (let i = games.length - 1; i >= 0; i--) {
      const g = games[i]!;
      if (g.cancelled || g.network !== network || g.slot.asset !== asset || g.slot.interval !== interval) continue;
      const mine = [...(g.byUser.get(userId) ?? [])].sort((a, b) => a.placedAt - b.placedAt);
      for (let j = mine.length - 1; j >= 0; j--) yield mine[j]!.winnings!.gt(mine[j]!.stake);
    }
  }

  /** What each of `mine` (positions in `game`) would win if the game ended at `price`, asked at server ms `now`, in money units (projection.ts). */
  projected(game: ActiveGame, mine: readonly PositionRecord[], price: Decimal, now: number): bigint[] {
    return game.projection.winnings(mine, price, now);
  }

  openPrice(slot: GameSlot): Decimal {
    return this.feed.latest(slot.asset, slot.startAt).price;
  }

  /** A game is cancelled when the feed has no tick at its end. */
  isCancelled(slot: GameSlot): boolean {
    return this.feed.tickAt(slot.asset, slot.endsAt) === null;
  }

  /** Puts the crowd's orders placed at or before t into the game. */
  private placeCrowd(game: ActiveGame, t: number): void {
    while (game.crowdPlaced < game.crowd.length && game.crowd[game.crowdPlaced]!.placedAt <= t) {
      const order = game.crowd[game.crowdPlaced++]!;
      const account: Account = `crowd:${order.bot.id}`;
      // The crowd brings fresh money for every stake, so its play never depends on its luck.
      this.ledger.deposit(account, game.currency, game.network, order.stake);
      this.ledger.transfer(account, poolAccount(game), game.currency, game.network, order.stake);
      this.add(game, {
        txid: order.txid,
        slot: game.slot,
        network: game.network,
        currency: game.currency,
        player: order.bot,
        stake: order.stake,
        prediction: crowdPrediction(this.feed.latest(game.slot.asset, order.placedAt).price, order.z, game.slot.interval),
        placedAt: order.placedAt,
        wallet: order.bot.wallet,
        winnings: null,
      });
    }
  }

  private settle(game: ActiveGame, inTurns: boolean): void {
    this.placeCrowd(game, game.slot.closesAt);
    const close = this.feed.tickAt(game.slot.asset, game.slot.endsAt)?.price ?? null;
    if (close === null) {
      this.pay(game, null, refunds(game));
      return;
    }
    const steps = payoutSteps(payoutGame(game.slot), game.positions, close);
    if (!inTurns) {
      this.pay(game, close, runNow(steps));
      return;
    }
    this.settling = game;
    runInTurns(steps, (payout) => {
      this.settling = null;
      this.pay(game, close, payout);
    });
  }

  /** Pays the game out and files its result: one step, so a game is either active or settled, never half paid. */
  private pay(game: ActiveGame, close: Decimal | null, payout: GamePayout): void {
    game.positions.forEach((p, i) => {
      p.winnings = payout.winnings[i]!;
    });
    this.ledger.distribute(poolAccount(game), game.currency, game.network, payout.payees);
    this.file({
      slot: game.slot,
      network: game.network,
      currency: game.currency,
      openPrice: this.openPrice(game.slot),
      closingPrice: close,
      cancelled: close === null,
      settledAt: game.slot.endsAt,
      positions: game.positions,
      byUser: game.byUser,
    });
    game.projection.close();
    this.active.delete(gameKey(game.slot.gid, game.network));
  }
}

/** A game with no closing price: every stake back to its owner. */
function refunds(game: ActiveGame): GamePayout {
  return { winnings: game.positions.map((p) => p.stake), payees: game.positions.map((p) => [ownerAccount(p), p.stake] as const) };
}

function payoutGame(slot: GameSlot) {
  return { interval: slot.interval, startAt: slot.startAt, endsAt: slot.endsAt };
}
