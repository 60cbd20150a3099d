/**
 * The engine room, sim/engine/: the game as the service plays it. The
 * schedule and the markets, users, the ledger, the checks that refuse a
 * position, games from their first position to settlement, projections,
 * the crowd and streaks, and the read models of the six endpoints in the
 * spec's wire forms (wire.ts). It imports the feed (prices and noise),
 * persistence's records (what it journals; the journal itself is handed
 * in as a function), domain/ and api/'s wire types, and never http/,
 * which calls it.
 *
 * The engine, this file: the room's entry. It holds no timers. Every entry
 * point first catches the world up to clock.now() (settling games whose end
 * has passed, letting the crowd place what it would have placed), so time
 * is whatever the clock says.
 *
 * Mutations are journal records: a record is written (when persistence is
 * on) and then applied by the same code that replays it on start, so what
 * was acknowledged is exactly what comes back.
 */
import { randomUUID } from "node:crypto";
import type { Balance, GameListing, LivePrice, Network, PlacedPosition, ResultsResponse, StatusResponse } from "../../api/schemas.js";
import { Decimal, toWire } from "../../domain/money.js";
import { stakeUnits } from "../../domain/payout.js";
import type { Interval } from "../../domain/rules.js";
import { PriceFeed } from "../feed/feed.js";
import { Noise } from "../feed/noise.js";
import type { DepositRecord, HistoryRecord, JournalRecord, PlaceRecord, RekeyRecord, UserRecord } from "../persistence/records.js";
import { poolAccount, userAccount } from "./accounts.js";
import type { Clock } from "./clock.js";
import { Games } from "./games.js";
import { checkHistory, DEFAULT_GAMES_PER_DAY, HISTORY_NETWORK, playHistory } from "./history.js";
import { restoreHistory } from "./history-restore.js";
import { checkAmount, Ledger } from "./ledger.js";
import { gameListing, type ListingView } from "./listing.js";
import { MarketSwitches } from "./market-switches.js";
import { type Asset, CURRENCY, STARTING_BALANCE } from "./markets.js";
import type { ActiveGame, PositionRecord } from "./model.js";
import { placeableSlot } from "./placement-checks.js";
import type { PlaceRequest, ResultsRequest } from "./requests.js";
import { resultsPage } from "./results-page.js";
import { decodeGid, slotAt } from "./schedule.js";
import { currentStreak, projectStreaks } from "./streaks.js";
import { makeUser, type SimUser, UserRegistry } from "./users.js";
import { type Prewritten, placedPosition, statusAnswer } from "./wire.js";

export type { PlaceRequest, ResultsRequest } from "./requests.js";

/** A played history's size: `days × gamesPerDay` games for each user (history.ts). */
export interface HistoryOptions {
  days: number;
  /** Default DEFAULT_GAMES_PER_DAY. */
  gamesPerDay?: number;
}

export interface EngineOptions {
  clock: Clock;
  seed: number;
  /** Simulated other players (default true). */
  crowd?: boolean;
}

export class Engine {
  readonly clock: Clock;
  readonly seed: number;
  readonly feed: PriceFeed;
  readonly ledger = new Ledger();
  readonly users = new UserRegistry();
  /** Paused markets and hidden next games: demo and test hooks (market-switches.ts). */
  readonly markets = new MarketSwitches();
  private readonly games: Games;
  /** The parts the placing checks and the listing read (placement-checks.ts, listing.ts). */
  private readonly view: ListingView;
  private journal: (record: JournalRecord) => void = () => {};
  /** Engine time never goes back, even if the clock does. */
  private time = 0;

  constructor(opts: EngineOptions) {
    this.clock = opts.clock;
    this.seed = opts.seed;
    this.feed = new PriceFeed(opts.seed);
    this.games = new Games(this.ledger, this.feed, (opts.crowd ?? true) ? new Noise(opts.seed) : null);
    this.view = { games: this.games, ledger: this.ledger, markets: this.markets, feed: this.feed };
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
    this.games.advanceTo(t, true);
    return t;
  }

  // ---- mutations ------------------------------------------------------------

  /** A new user for the key of this hash; `demo` marks the user of the sim's generated key. */
  createUser(keyHash: string, demo = false): SimUser {
    const t = this.sync();
    const record: UserRecord = { type: "user", t, id: this.users.nextId(), keyHash, deposits: { ...STARTING_BALANCE } };
    if (demo) record.demo = true;
    this.journal(record);
    return this.applyUser(record);
  }

  /** Gives a user a new key (hash): the old key is refused from now on. */
  rekey(userId: number, keyHash: string): void {
    const record: RekeyRecord = { type: "rekey", t: this.sync(), userId, keyHash };
    this.journal(record);
    this.users.rekey(userId, keyHash);
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

  /**
   * Gives every user there is now `days` of games already played and
   * settled, ending now (history.ts): a world's first start only, before
   * any game is played, as a history must end before the games played live.
   */
  seedHistory(opts: HistoryOptions): void {
    const t = this.sync();
    if (this.games.anyPlayed()) throw new Error("a played history goes only into a world where no game has been played yet");
    const gamesPerDay = opts.gamesPerDay ?? DEFAULT_GAMES_PER_DAY;
    checkHistory(opts.days, gamesPerDay);
    const userIds = this.users.all().map((u) => u.id);
    const spec = { t, days: opts.days, gamesPerDay, userIds };
    const balances = new Map(userIds.map((id) => [id, this.ledger.balance(userAccount(id), CURRENCY, HISTORY_NETWORK)]));
    const record: HistoryRecord = { type: "history", v: 1, ...spec, games: playHistory(this.seed, spec, this.users, balances) };
    this.journal(record);
    this.applyHistory(record);
  }

  place(user: SimUser, req: PlaceRequest): PlacedPosition {
    const t = this.sync();
    const slot = placeableSlot(this.view, user, req, t);
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

  /** Applies a journal record read back on start, at the time it happened. */
  replay(record: JournalRecord): void {
    this.time = Math.max(this.time, record.t);
    this.games.advanceTo(this.time, false);
    if (record.type === "user") this.applyUser(record);
    else if (record.type === "deposit") this.applyDeposit(record);
    else if (record.type === "place") this.applyPlace(record);
    else if (record.type === "rekey") this.users.rekey(record.userId, record.keyHash);
    else if (record.type === "history") this.applyHistory(record);
  }

  // ---- reads ------------------------------------------------------------------

  listing(user: SimUser, asset: Asset, interval: Interval): GameListing {
    return gameListing(this.view, user, asset, interval, this.sync());
  }

  livePrice(asset: Asset): LivePrice {
    const tick = this.feed.latest(asset, this.sync());
    return { timestamp: tick.t, value: tick.price.toNumber() };
  }

  balance(user: SimUser, currency: string, network: Network): Balance {
    this.sync();
    return { userId: user.id, balance: toWire(this.ledger.balance(userAccount(user.id), currency, network)), withdrawal_req: "none" };
  }

  /** GET /status, written ahead as JSON (wire.ts: statusAnswer); `.value()` is the answer as an object. */
  status(user: SimUser, q: { asset: Asset; interval: Interval; network: Network; token: string }): Prewritten<StatusResponse> {
    const t = this.sync();
    const live = slotAt(q.asset, q.interval, t);
    const game = this.games.game(live.gid, q.network);
    const mine = game?.byUser.get(user.id)?.filter((p) => p.currency === q.token) ?? [];
    if (!game || mine.length === 0) return statusAnswer([], [], []);
    const projected = this.games.projected(game, mine, this.feed.latest(q.asset, t).price, t);
    const prior = currentStreak(this.games.outcomes(user.id, q.asset, q.interval, q.network));
    const streaks = projectStreaks(
      prior,
      mine.map((p, i) => ({ positionId: p.txid, profitable: projected[i]! > stakeUnits(p) })),
    );
    return statusAnswer(mine, projected, streaks);
  }

  results(user: SimUser, q: ResultsRequest): ResultsResponse {
    this.sync();
    return resultsPage(this.games.settledOf(user.id), user.id, q);
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

  private applyHistory(r: HistoryRecord): void {
    restoreHistory({ games: this.games, ledger: this.ledger, feed: this.feed, users: this.users }, r);
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
    this.games.add(game, position);
    return position;
  }
}
