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
import { type Interval, inEarlyWindow, MAX_POSITIONS_PER_GAME, minStake } from "../domain/rules.js";
import { isUsers, poolAccount, userAccount } from "./accounts.js";
import type { Clock } from "./clock.js";
import { SimError } from "./errors.js";
import { PriceFeed } from "./feed.js";
import { aiPrice, forecastSampleTimes } from "./forecast.js";
import { GameBook } from "./game-book.js";
import { checkAmount, Ledger } from "./ledger.js";
import { MarketSwitches } from "./market-switches.js";
import { type Asset, CURRENCY, STARTING_BALANCE, WIRE_PRICE_DECIMALS } from "./markets.js";
import type { ActiveGame, PositionRecord } from "./model.js";
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
  /** Paused markets and hidden next games: demo and test hooks (market-switches.ts). */
  readonly markets = new MarketSwitches();
  private readonly games: GameBook;
  private journal: (record: JournalRecord) => void = () => {};
  /** Engine time never goes back, even if the clock does. */
  private time = 0;

  constructor(opts: EngineOptions) {
    this.clock = opts.clock;
    this.seed = opts.seed;
    this.feed = new PriceFeed(opts.seed);
    this.games = new GameBook(this.ledger, this.feed, (opts.crowd ?? true) ? new Noise(opts.seed) : null);
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
    this.games.advanceTo(t);
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
    const slot = this.placeableSlot(user, req, t);
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

  /** The game a position goes into, or the SimError that refuses it (checked before anything is journaled). */
  private placeableSlot(user: SimUser, req: PlaceRequest, t: number): GameSlot {
    const slot = decodeGid(req.gid);
    if (!slot || slot.asset !== req.a || slot.interval !== req.it) {
      throw new SimError(422, "Invalid request", `gid: ${req.gid} is not a ${req.a} ${req.it} s game; take the gid from GET /spot`, [
        "gid",
      ]);
    }
    this.refuseClosedGame(slot, t);
    const mine = this.games.positionsOf(user.id, slot.gid, req.n);
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
      const message = `stake ${toWire(req.f)} ${req.c} exceeds your ${req.n} balance of ${toWire(available)}`;
      throw new SimError(422, "Insufficient balance", message, ["f"]);
    }
    return slot;
  }

  private refuseClosedGame(slot: GameSlot, t: number): void {
    const phase = slotPhase(slot, t);
    if (this.markets.pausedAt(slot.asset, slot.interval, t)) {
      throw new SimError(409, "Market paused", `${slot.asset} ${slot.interval} s games are paused; no position can be placed`);
    }
    if (phase === "next") {
      throw new SimError(409, "Game not started", `game ${slot.gid} opens at ${iso(slot.startAt)}; place into the live game`);
    }
    if (phase === "settling" && this.games.isCancelled(slot)) {
      throw new SimError(409, "Game cancelled", `game ${slot.gid} was cancelled and its stakes refunded`);
    }
    if (phase !== "accepting") {
      throw new SimError(409, "Game closed", `predictions for game ${slot.gid} closed at ${iso(slot.closesAt)}`);
    }
  }

  /** Applies a journal record read back on start, at the time it happened. */
  replay(record: JournalRecord): void {
    this.time = Math.max(this.time, record.t);
    this.games.advanceTo(this.time);
    if (record.type === "user") this.applyUser(record);
    else if (record.type === "deposit") this.applyDeposit(record);
    else if (record.type === "place") this.applyPlace(record);
  }

  // ---- reads ------------------------------------------------------------------

  listing(user: SimUser, asset: Asset, interval: Interval): GameListing {
    const t = this.sync();
    const showNext = this.markets.showsNextGame(asset, interval);
    const paused = this.markets.pausedAt(asset, interval, t);
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
    const open = this.games.openPrice(live);
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
    const game = this.games.game(live.gid, q.network);
    const mine = game?.positions.filter((p) => isUsers(p, user.id) && p.currency === q.token) ?? [];
    if (!game || mine.length === 0) return { positions: [], streaks: [] };
    const projected = this.games.payout(game, this.feed.latest(q.asset, t).price);
    const prior = currentStreak(this.games.history(user.id, q.asset, q.interval, q.network));
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
    const matching = this.games
      .settledOf(user.id)
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
    return this.games.activeGames();
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
    const game = this.games.activate(slot, r.n, r.c, this.time);
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

  private couldPlace(user: SimUser, slot: GameSlot, network: Network): boolean {
    return (
      this.games.positionsOf(user.id, slot.gid, network).length < MAX_POSITIONS_PER_GAME &&
      this.ledger.balance(userAccount(user.id), CURRENCY, network).gte(minStake(slot.interval))
    );
  }
}

function iso(t: number): string {
  return new Date(t).toISOString();
}
