/**
 * The game engine: schedule, positions, settlement and the read models of
 * the six endpoints. It holds no timers. Every entry point first catches the
 * world up to clock.now() (settling games whose end has passed, letting the
 * crowd place what it would have placed), so time is whatever the clock says.
 *
 * Mutations are journal records: a record is written (when persistence is
 * on) and then applied by the same code that replays it on start, so what
 * was acknowledged is exactly what comes back.
 */
import { randomUUID } from "node:crypto";
import {
  type Balance,
  type GameListing,
  type LivePrice,
  NETWORKS,
  type Network,
  type PlacedPosition,
  type ResultsResponse,
  type StatusResponse,
} from "../api/schemas.js";
import { Decimal, toWire } from "../domain/money.js";
import { computePayout } from "../domain/payout.js";
import { gamePeriodMs, INTERVALS, type Interval, inEarlyWindow, MAX_POSITIONS_PER_GAME, minStake } from "../domain/rules.js";
import type { Clock } from "./clock.js";
import { crowdOrders, crowdPrediction } from "./crowd.js";
import { SimError } from "./errors.js";
import { PriceFeed } from "./feed.js";
import { aiPrice, forecastSampleTimes } from "./forecast.js";
import { type Account, checkAmount, Ledger } from "./ledger.js";
import { type Asset, CURRENCY, STARTING_BALANCE, WIRE_PRICE_DECIMALS } from "./markets.js";
import type { ActiveGame, PositionRecord, SettledGame } from "./model.js";
import { Noise } from "./noise.js";
import type { DepositRecord, JournalRecord, PlaceRecord, UserRecord } from "./records.js";
import { decodeGid, type GameSlot, slotAt, slotByIndex, slotPhase } from "./schedule.js";
import { currentStreak, projectStreaks } from "./streaks.js";
import { makeUser, type SimUser, UserRegistry } from "./users.js";
import { gameResult, placedPosition, statusPosition } from "./wire.js";

export interface EngineOptions {
  clock: Clock;
  seed: number;
  /** Simulated other players (default true). */
  crowd?: boolean;
}

/** A validated POST /spot body. */
export interface PlaceRequest {
  gid: string;
  c: string;
  a: Asset;
  sp: Decimal;
  f: Decimal;
  pw: string;
  n: Network;
  it: Interval;
}

export interface ResultsRequest {
  network: Network;
  asset?: Asset;
  interval?: Interval;
  gid?: string;
  limit: number;
  offset: number;
}

export class Engine {
  readonly clock: Clock;
  readonly seed: number;
  readonly feed: PriceFeed;
  readonly ledger = new Ledger();
  readonly users = new UserRegistry();
  private readonly noise: Noise;
  private readonly crowdOn: boolean;
  private journal: (record: JournalRecord) => void = () => {};
  /** Engine time never goes back, even if the clock does. */
  private time = 0;
  private readonly active = new Map<string, ActiveGame>();
  /** Per user id, the settled games they played, in settlement order. */
  private readonly settled = new Map<number, SettledGame[]>();
  /**
   * Markets (asset/interval) whose listing is held back: paused until a time
   * (null: until resumed), or listed without a next game. Demo and test
   * hooks like the price scripts: not journaled (docs/sim.md, Paused markets).
   */
  private readonly paused = new Map<string, number | null>();
  private readonly nextHidden = new Set<string>();

  constructor(opts: EngineOptions) {
    this.clock = opts.clock;
    this.seed = opts.seed;
    this.feed = new PriceFeed(opts.seed);
    this.noise = new Noise(opts.seed);
    this.crowdOn = opts.crowd ?? true;
  }

  /** Where records go before they are applied; the journal must throw if it cannot keep one. */
  setJournal(write: (record: JournalRecord) => void): void {
    this.journal = write;
  }

  now(): number {
    this.time = Math.max(this.time, this.clock.now());
    return this.time;
  }

  /** Catches the world up to now and returns now. */
  sync(): number {
    const t = this.now();
    this.advanceTo(t);
    return t;
  }

  // ---- mutations ------------------------------------------------------------

  createUser(keyHash: string): SimUser {
    const t = this.sync();
    const record: UserRecord = { type: "user", t, id: this.users.nextId(), keyHash, deposits: { ...STARTING_BALANCE } };
    this.journal(record);
    return this.applyUser(record);
  }

  /** Adds funds to a user's balance (tests, demos). */
  deposit(userId: number, network: Network, amount: Decimal | string): void {
    const t = this.sync();
    if (!this.users.get(userId)) throw new Error(`no user ${userId}`);
    // Checked before journaling: a record that cannot be applied would stop every later start.
    const value = new Decimal(amount);
    checkAmount(value);
    const record: DepositRecord = { type: "deposit", t, userId, currency: CURRENCY, network, amount: toWire(value) };
    this.journal(record);
    this.applyDeposit(record);
  }

  place(user: SimUser, req: PlaceRequest): PlacedPosition {
    const t = this.sync();
    const slot = decodeGid(req.gid);
    if (!slot || slot.asset !== req.a || slot.interval !== req.it) {
      throw new SimError(422, "Invalid request", `gid: ${req.gid} is not a ${req.a} ${req.it} s game; take the gid from GET /spot`, [
        "gid",
      ]);
    }
    const phase = slotPhase(slot, t);
    if (this.pausedAt(slot.asset, slot.interval, t)) {
      throw new SimError(409, "Market paused", `${slot.asset} ${slot.interval} s games are paused; no position can be placed`);
    }
    if (phase === "next") {
      throw new SimError(409, "Game not started", `game ${slot.gid} opens at ${iso(slot.startAt)}; place into the live game`);
    }
    if (phase === "settling" && this.isCancelled(slot)) {
      throw new SimError(409, "Game cancelled", `game ${slot.gid} was cancelled and its stakes refunded`);
    }
    if (phase !== "accepting") {
      throw new SimError(409, "Game closed", `predictions for game ${slot.gid} closed at ${iso(slot.closesAt)}`);
    }
    const mine = this.positionsOf(user.id, slot.gid, req.n);
    if (mine.length >= MAX_POSITIONS_PER_GAME) {
      throw new SimError(
        409,
        "Position limit reached",
        `at most ${MAX_POSITIONS_PER_GAME} positions per game; game ${slot.gid} already holds ${mine.length} of yours`,
      );
    }
    if (mine.some((p) => p.prediction.eq(req.sp) && p.stake.eq(req.f))) {
      throw new SimError(
        409,
        "Duplicate position",
        `you already hold a position at ${toWire(req.sp)} with stake ${toWire(req.f)} in game ${slot.gid}`,
      );
    }
    const available = this.ledger.balance(userAccount(user.id), req.c, req.n);
    if (available.lt(req.f)) {
      throw new SimError(
        422,
        "Insufficient balance",
        `stake ${toWire(req.f)} ${req.c} exceeds your ${req.n} balance of ${toWire(available)}`,
        ["f"],
      );
    }
    const record: PlaceRecord = {
      type: "place",
      t,
      userId: user.id,
      txid: randomUUID(),
      gid: slot.gid,
      a: slot.asset,
      it: slot.interval,
      n: req.n,
      c: req.c,
      sp: toWire(req.sp),
      f: toWire(req.f),
      pw: req.pw,
    };
    this.journal(record);
    return placedPosition(this.applyPlace(record));
  }

  /**
   * Pauses a market (every interval of the asset when none is given) until
   * `until` (server ms; null: until resumed). A pause lasts until the first
   * game that starts at or after `until` opens: that is the game the listing
   * announces, and none goes live before it.
   */
  pause(asset: Asset, interval: Interval | undefined, until: number | null): void {
    for (const i of interval === undefined ? INTERVALS : [interval]) {
      const period = gamePeriodMs(i);
      this.paused.set(marketKey(asset, i), until === null ? null : Math.ceil(until / period) * period);
    }
  }

  resume(asset: Asset, interval?: Interval): void {
    for (const i of interval === undefined ? INTERVALS : [interval]) this.paused.delete(marketKey(asset, i));
  }

  /** Lists a market without its next game (or with it again). */
  hideNextGame(asset: Asset, interval: Interval | undefined, hidden: boolean): void {
    for (const i of interval === undefined ? INTERVALS : [interval]) {
      if (hidden) this.nextHidden.add(marketKey(asset, i));
      else this.nextHidden.delete(marketKey(asset, i));
    }
  }

  /** Whether the market is paused at t; its resume time when it has one. */
  private pausedAt(asset: Asset, interval: Interval, t: number): { until: number | null } | undefined {
    const key = marketKey(asset, interval);
    if (!this.paused.has(key)) return undefined;
    const until = this.paused.get(key)!;
    return until === null || until > t ? { until } : undefined;
  }

  /** Applies a journal record read back on start, at the time it happened. */
  replay(record: JournalRecord): void {
    this.time = Math.max(this.time, record.t);
    this.advanceTo(this.time);
    if (record.type === "user") this.applyUser(record);
    else if (record.type === "deposit") this.applyDeposit(record);
    else if (record.type === "place") this.applyPlace(record);
  }

  // ---- reads ------------------------------------------------------------------

  listing(user: SimUser, asset: Asset, interval: Interval): GameListing {
    const t = this.sync();
    const showNext = !this.nextHidden.has(marketKey(asset, interval));
    const paused = this.pausedAt(asset, interval, t);
    if (paused) {
      // No live game; the first game after the pause is announced when the pause has an end.
      const resumes = paused.until === null ? null : slotAt(asset, interval, paused.until);
      return {
        asset,
        interval,
        early_precision_window: false,
        can_place_position: false,
        nextGame: resumes && showNext ? { gid: resumes.gid, starts_at: resumes.startAt, ends_at: resumes.endsAt } : null,
        liveGame: null,
        timestamp: t,
      };
    }
    const live = slotAt(asset, interval, t);
    const next = slotByIndex(asset, interval, live.index + 1);
    const open = this.openPrice(live);
    const history = forecastSampleTimes(live.startAt, interval).map((s) => this.feed.latest(asset, s).price);
    const phase = slotPhase(live, t);
    return {
      asset,
      interval,
      early_precision_window: phase === "accepting" && inEarlyWindow(interval, live.startAt, t),
      // GET /spot names no network: the caller can place if it could on either.
      can_place_position: phase === "accepting" && NETWORKS.some((n) => this.couldPlace(user, live, n)),
      nextGame: showNext ? { gid: next.gid, starts_at: next.startAt, ends_at: next.endsAt } : null,
      liveGame: {
        gid: live.gid,
        open_price: open.toFixed(WIRE_PRICE_DECIMALS),
        ai_price: toWire(aiPrice(open, history)),
        start_at: live.startAt,
        closes_at: live.closesAt,
        ends_at: live.endsAt,
        lobby: { start_at: live.closesAt, end_at: live.endsAt, isLobby: phase === "locked" },
      },
      timestamp: t,
    };
  }

  livePrice(asset: Asset): LivePrice {
    const tick = this.feed.latest(asset, this.sync());
    return { timestamp: tick.t, value: tick.price.toNumber() };
  }

  balance(user: SimUser, currency: string, network: Network): Balance {
    this.sync();
    return { userId: user.id, balance: toWire(this.ledger.balance(userAccount(user.id), currency, network)), withdrawal_req: "none" };
  }

  status(user: SimUser, q: { asset: Asset; interval: Interval; network: Network; token: string }): StatusResponse {
    const t = this.sync();
    const live = slotAt(q.asset, q.interval, t);
    const game = this.active.get(gameKey(live.gid, q.network));
    const mine = game?.positions.filter((p) => isUsers(p, user.id) && p.currency === q.token) ?? [];
    if (!game || mine.length === 0) return { positions: [], streaks: [] };
    const projected = this.payout(game, this.feed.latest(q.asset, t).price);
    const prior = currentStreak(this.history(user.id, q.asset, q.interval, q.network));
    return {
      positions: mine.map((p) => statusPosition(p, projected.get(p)!)),
      streaks: projectStreaks(
        prior,
        mine.map((p) => ({ positionId: p.txid, profitable: projected.get(p)!.gt(p.stake) })),
      ),
    };
  }

  results(user: SimUser, q: ResultsRequest): ResultsResponse {
    this.sync();
    const matching = (this.settled.get(user.id) ?? [])
      .filter(
        (g) =>
          g.network === q.network &&
          (q.asset === undefined || g.slot.asset === q.asset) &&
          (q.interval === undefined || g.slot.interval === q.interval) &&
          (q.gid === undefined || g.slot.gid === q.gid),
      )
      .reverse();
    return {
      games: matching.slice(q.offset, q.offset + q.limit).map((g) => gameResult(g, user.id)),
      pagination: { total: matching.length, limit: q.limit, offset: q.offset },
    };
  }

  /** Games not yet settled that hold a user's position (tests and conservation checks). */
  activeGames(): readonly ActiveGame[] {
    return [...this.active.values()];
  }

  // ---- internals ----------------------------------------------------------------

  private applyUser(r: UserRecord): SimUser {
    const user = makeUser(r.id, r.keyHash);
    this.users.add(user);
    for (const [network, amount] of Object.entries(r.deposits)) {
      const d = new Decimal(amount);
      if (d.gt(0)) this.ledger.deposit(userAccount(user.id), CURRENCY, network, d);
    }
    return user;
  }

  private applyDeposit(r: DepositRecord): void {
    this.ledger.deposit(userAccount(r.userId), r.currency, r.network, new Decimal(r.amount));
  }

  private applyPlace(r: PlaceRecord): PositionRecord {
    const user = this.users.get(r.userId);
    const slot = decodeGid(r.gid);
    if (!user || !slot) throw new Error(`place record ${r.txid} names an unknown user or game`);
    const game = this.activate(slot, r.n, r.c);
    const position: PositionRecord = {
      txid: r.txid,
      slot,
      network: r.n,
      currency: r.c,
      player: user,
      stake: new Decimal(r.f),
      prediction: new Decimal(r.sp),
      placedAt: r.t,
      wallet: r.pw,
      winnings: null,
    };
    // The debit comes first: it is the step that can refuse, and it refuses before anything changed.
    this.ledger.transfer(userAccount(user.id), poolAccount(game), r.c, r.n, position.stake);
    game.positions.push(position);
    return position;
  }

  private activate(slot: GameSlot, network: Network, currency: string): ActiveGame {
    const key = gameKey(slot.gid, network);
    let game = this.active.get(key);
    if (!game) {
      game = { slot, network, currency, positions: [], crowd: this.crowdOn ? crowdOrders(this.noise, slot, network) : [], crowdPlaced: 0 };
      this.active.set(key, game);
      this.placeCrowd(game, this.time);
    }
    return game;
  }

  private advanceTo(t: number): void {
    const due = [...this.active.values()]
      .filter((g) => g.slot.endsAt <= t)
      .sort((a, b) => a.slot.endsAt - b.slot.endsAt || a.slot.gid.localeCompare(b.slot.gid) || a.network.localeCompare(b.network));
    for (const game of due) this.settle(game);
    for (const game of this.active.values()) this.placeCrowd(game, t);
  }

  /** Puts the crowd's orders placed at or before t into the game. */
  private placeCrowd(game: ActiveGame, t: number): void {
    while (game.crowdPlaced < game.crowd.length && game.crowd[game.crowdPlaced]!.placedAt <= t) {
      const order = game.crowd[game.crowdPlaced++]!;
      const account: Account = `crowd:${order.bot.id}`;
      // The crowd brings fresh money for every stake, so its play never depends on its luck.
      this.ledger.deposit(account, game.currency, game.network, order.stake);
      this.ledger.transfer(account, poolAccount(game), game.currency, game.network, order.stake);
      game.positions.push({
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

  private settle(game: ActiveGame): void {
    this.placeCrowd(game, game.slot.closesAt);
    const close = this.feed.tickAt(game.slot.asset, game.slot.endsAt);
    const payees: Array<readonly [Account, Decimal]> = [];
    if (close === null) {
      for (const p of game.positions) {
        p.winnings = p.stake;
        payees.push([ownerAccount(p), p.stake]);
      }
    } else {
      const result = computePayout(payoutGame(game.slot), game.positions, close.price);
      game.positions.forEach((p, i) => {
        p.winnings = result.winnings[i]!;
        payees.push([ownerAccount(p), p.winnings]);
      });
      payees.push(["house", result.house]);
    }
    this.ledger.distribute(poolAccount(game), game.currency, game.network, payees);
    const record: SettledGame = {
      slot: game.slot,
      network: game.network,
      currency: game.currency,
      openPrice: this.openPrice(game.slot),
      closingPrice: close?.price ?? null,
      cancelled: close === null,
      settledAt: game.slot.endsAt,
      positions: game.positions,
    };
    const players = new Set(game.positions.filter((p) => p.player.kind === "user").map((p) => p.player.id));
    for (const id of players) {
      const list = this.settled.get(id) ?? [];
      list.push(record);
      this.settled.set(id, list);
    }
    this.active.delete(gameKey(game.slot.gid, game.network));
  }

  /** Projected winnings of every position in the game if it ended at this price. */
  private payout(game: ActiveGame, price: Decimal): Map<PositionRecord, Decimal> {
    const result = computePayout(payoutGame(game.slot), game.positions, price);
    return new Map(game.positions.map((p, i) => [p, result.winnings[i]!]));
  }

  private openPrice(slot: GameSlot): Decimal {
    return this.feed.latest(slot.asset, slot.startAt).price;
  }

  /** A game is cancelled when the feed has no tick at its end. */
  private isCancelled(slot: GameSlot): boolean {
    return this.feed.tickAt(slot.asset, slot.endsAt) === null;
  }

  private couldPlace(user: SimUser, slot: GameSlot, network: Network): boolean {
    return (
      this.positionsOf(user.id, slot.gid, network).length < MAX_POSITIONS_PER_GAME &&
      this.ledger.balance(userAccount(user.id), CURRENCY, network).gte(minStake(slot.interval))
    );
  }

  private positionsOf(userId: number, gid: string, network: Network): PositionRecord[] {
    return this.active.get(gameKey(gid, network))?.positions.filter((p) => isUsers(p, userId)) ?? [];
  }

  /** Profitable-or-not of the user's settled positions, oldest first, refunds left out. */
  private history(userId: number, asset: Asset, interval: Interval, network: Network): boolean[] {
    return (this.settled.get(userId) ?? [])
      .filter((g) => !g.cancelled && g.network === network && g.slot.asset === asset && g.slot.interval === interval)
      .flatMap((g) => g.positions.filter((p) => isUsers(p, userId)).sort((a, b) => a.placedAt - b.placedAt))
      .map((p) => p.winnings!.gt(p.stake));
  }
}

function payoutGame(slot: GameSlot) {
  return { interval: slot.interval, startAt: slot.startAt, endsAt: slot.endsAt };
}

function gameKey(gid: string, network: Network): string {
  return `${gid}:${network}`;
}

function poolAccount(game: ActiveGame): Account {
  return `pool:${gameKey(game.slot.gid, game.network)}`;
}

function userAccount(id: number): Account {
  return `user:${id}`;
}

function ownerAccount(p: PositionRecord): Account {
  return p.player.kind === "user" ? userAccount(p.player.id) : `crowd:${p.player.id}`;
}

function isUsers(p: PositionRecord, userId: number): boolean {
  return p.player.kind === "user" && p.player.id === userId;
}

function iso(t: number): string {
  return new Date(t).toISOString();
}

function marketKey(asset: Asset, interval: Interval): string {
  return `${asset}/${interval}`;
}
