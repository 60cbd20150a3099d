/**
 * runTrial: a strategy plays N games of its market on the sim's engine, in
 * this process, on a clock the trial moves itself (trial-sim.ts), and ends
 * with a summary (trial-summary.ts). No request leaves the process and no
 * poller paces it: the one-request-a-second budget is the real service's.
 *
 * Each game from its start to its end: the market as the dashboard reads
 * it (the listing, the live price, the balance and /status's positions,
 * through the same readers), decide(), and on "place" a POST /spot through
 * the sim's own route, counted by recordSent before it goes and taken off
 * by recordRefused when refused, the next a request slot later
 * (PLACEMENT_GAP_MS). A wait moves the clock to the time decide names, else
 * STEP_MS on. At the game's end its result comes from /results
 * (recordSettled) and the next game starts. docs/strategies.md, "Trial".
 */
import { randomInt } from "node:crypto";
import { readBalance, readListing, readLivePrice, readPlacedPosition, readResults, readStatus } from "../api/read/resources.js";
import { Decimal, toWire } from "../domain/money.js";
import type { Interval } from "../domain/rules.js";
import { type GameResult, isReadable, type LiveGame, type Unreadable } from "../domain/service-data.js";
import { placeBody } from "../poller/placements.js";
import { spacingFor } from "../poller/spacing.js";
import { type Decision, decide, type MarketState, type OwnPlacement } from "./decide.js";
import { emptySpend, recordRefused, recordSent, recordSettled, type Spend } from "./limits.js";
import { refusalStops } from "./refusals.js";
import type { StrategyConfig } from "./strategy.js";
import { type Answer, type GetEndpoint, MAX_SEED, marketQueries, TrialSim, trialableMarket } from "./trial-sim.js";
import { type TrialSummary, TrialTally } from "./trial-summary.js";

export { TrialSim } from "./trial-sim.js";
export type { TrialGame, TrialSkip, TrialSummary } from "./trial-summary.js";

/** Where the trial's clock starts unless told: a Monday noon, UTC, far from the day limit's midnight. */
export const TRIAL_START = Date.UTC(2026, 0, 5, 12);

/** Between two placements of a trial: the request budget's spacing (1 s and its guard), the soonest the runner sends the next. */
const PLACEMENT_GAP_MS = spacingFor();

/** How far the clock moves when decide waits without saying until when: 500 ms, or 1/120 of an hourly or daily game. */
export function stepMs(interval: Interval): number {
  return Math.max(500, (interval * 1000) / 120);
}

/** Event-loop turns a large game's settlement may take (the sim settles over 2,000 positions in steps). */
const SETTLE_TURNS = 10_000;

export interface TrialOptions {
  /** Games to play, 1 or more. */
  games: number;
  /** The sim's seed; random when absent (the summary says which). Ignored with `sim`. */
  seed?: number;
  /** Server ms the clock starts at (TRIAL_START); the first game is the first to start at or after it. */
  start?: number;
  /** Each placement, refusal, skipped game, settled game and the stop, as it happens. */
  onDecision?(line: TrialLine): void;
  /** Aborted: the trial ends after the game under way. */
  signal?: AbortSignal;
  /** The engine to play on (a test reads its records after); a fresh one when absent. */
  sim?: TrialSim;
}

/** One line of the trial's record, ready for JSON (money as decimal strings, times as server ms). */
export type TrialLine =
  | { type: "decision"; action: "placed"; at: number; gid: string; index: number; sp: string; f: string; txid: string; reason: string }
  | { type: "decision"; action: "refused"; at: number; gid: string; index: number; sp: string; f: string; error: string; reason: string }
  | { type: "decision"; action: "skipped"; at: number; gid: string; reason: string }
  | { type: "decision"; action: "stopped"; at: number; gid: string | null; reason: string }
  | {
      type: "game";
      at: number;
      gid: string;
      positions: number;
      staked: string;
      paid: string;
      net: string;
      cumulative_net: string;
      cancelled: boolean;
    };

/** A trial that cannot start: a market the sim does not list, no games asked for, a bad seed. */
export class TrialError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TrialError";
  }
}

export async function runTrial(strategy: StrategyConfig, opts: TrialOptions): Promise<TrialSummary> {
  if (!Number.isSafeInteger(opts.games) || opts.games < 1)
    throw new TrialError(`games must be a whole number of at least 1, got ${opts.games}`);
  const unfit = trialableMarket(strategy.market);
  if (unfit !== null) throw new TrialError(`strategy "${strategy.name}" cannot be trialled: ${unfit}`);
  const seed = opts.seed ?? randomInt(0, MAX_SEED + 1);
  let sim = opts.sim;
  if (sim === undefined) {
    try {
      sim = new TrialSim({ seed, start: opts.start ?? TRIAL_START });
    } catch (e) {
      throw e instanceof RangeError ? new TrialError(e.message) : e;
    }
  }
  return new Trial(strategy, sim, opts.onDecision ?? (() => {})).play(opts.games, opts.signal);
}

class Trial {
  private readonly q: ReturnType<typeof marketQueries>;
  private readonly tally = new TrialTally();
  private spend: Spend;
  /** This game's placements (decide's `own`); the games before are settled. */
  private own: OwnPlacement[] = [];
  private stopReason: string | null = null;

  constructor(
    private readonly strategy: StrategyConfig,
    private readonly sim: TrialSim,
    private readonly emit: (line: TrialLine) => void,
  ) {
    this.q = marketQueries(strategy.market);
    this.spend = emptySpend(sim.now());
  }

  async play(games: number, signal: AbortSignal | undefined): Promise<TrialSummary> {
    this.toFirstGame();
    const from = this.sim.now();
    const balanceStart = this.balance();
    for (let k = 0; k < games && this.stopReason === null; k++) {
      if (signal?.aborted) {
        this.stop(`interrupted after ${k} of ${games} games`, this.sim.now(), null);
        break;
      }
      await this.game();
      // A turn for the event loop between games: a signal, a progress line.
      await new Promise((resolve) => setImmediate(resolve));
    }
    const s = this.strategy;
    const run = { strategy: s.name, market: s.market, paper: s.paper, seed: this.sim.engine.seed, asked: games };
    return this.tally.summary({ ...run, from, to: this.sim.now(), balanceStart, balanceEnd: this.balance(), stopReason: this.stopReason });
  }

  /** Moves the clock to the first game that starts at or after it: a trial never joins a game under way. */
  private toFirstGame(): void {
    const now = this.sim.now();
    const listing = readListing(this.get("spot", this.q.spot), this.q.spot);
    const live = listing.liveGame;
    if (live !== null && live.start_at === now) return;
    const next = listing.nextGame;
    const start = next !== null && isReadable(next) ? next.starts_at : live?.ends_at;
    if (start === undefined) throw new Error("the sim announced no game");
    this.sim.advanceTo(start);
  }

  /** One game from its start to its end, then its result. */
  private async game(): Promise<void> {
    const live = this.liveGame();
    let giveUp: string | undefined;
    let last = "no decision";
    let placed = 0;
    while (this.sim.now() < live.ends_at) {
      const now = this.sim.now();
      const d = decide({ strategy: this.strategy, market: this.market(), now, spend: this.spend, own: this.own });
      if (d.kind === "stop") {
        this.stop(d.reason, now, live.gid);
        break;
      }
      if (d.kind === "place") {
        if (this.place(d, now)) placed++;
        if (this.stopReason !== null) break;
        // The next goes a request slot later at the soonest, as live: placed at once, a trial would count what the runner cannot send.
        this.sim.advanceTo(Math.min(live.ends_at, now + PLACEMENT_GAP_MS));
        continue;
      }
      last = d.reason;
      if (giveUp === undefined && (d.until === undefined || d.until >= live.closes_at)) giveUp = d.reason;
      this.sim.advanceTo(
        Math.min(live.ends_at, d.until !== undefined && d.until > now ? d.until : now + stepMs(this.strategy.market.interval)),
      );
    }
    // The game it stopped in counts only if it holds positions there.
    if (this.stopReason !== null && placed === 0) return;
    this.sim.advanceTo(live.ends_at);
    this.own = [];
    if (placed === 0) {
      const reason = giveUp ?? last;
      this.tally.skipped({ gid: live.gid, reason });
      this.emit({ type: "decision", action: "skipped", at: live.ends_at, gid: live.gid, reason });
      return;
    }
    await this.settle(live.gid);
  }

  /** Sends one placement as the dashboard would; whether it went in. A refusal that leaves nothing to place stops the trial. */
  private place(d: Extract<Decision, { kind: "place" }>, now: number): boolean {
    const f = new Decimal(d.f);
    this.spend = recordSent(this.spend, d.gid, f, now);
    const answer = this.sim.place(placeBody({ gid: d.gid, sp: d.sp, f: d.f }, this.strategy.market, this.sim.user.wallet));
    const at = { at: now, gid: d.gid, index: d.index, sp: d.sp, f: d.f };
    if (answer.ok) {
      const txid = readPlacedPosition(answer.json).txid;
      this.own.push({ gid: d.gid, sp: d.sp, f: d.f, state: "placed", txid, ref: d.ref });
      this.emit({ type: "decision", action: "placed", ...at, txid, reason: d.reason });
      return true;
    }
    this.spend = recordRefused(this.spend, d.gid, f, now);
    this.own.push({ gid: d.gid, sp: d.sp, f: d.f, state: "refused" });
    this.emit({ type: "decision", action: "refused", ...at, error: answer.error, reason: answer.message });
    if (refusalStops(`${answer.error}: ${answer.message}`))
      this.stop(`refused by the service: ${answer.error}: ${answer.message}`, now, d.gid);
    return false;
  }

  /** The game's result from /results, once the engine has settled it. */
  private async settle(gid: string): Promise<void> {
    const result = await this.result(gid);
    const game = {
      gid,
      positions: result.positions.length,
      staked: need(result.total_staked, gid),
      paid: need(result.total_winnings, gid),
      cancelled: result.cancelled === true,
    };
    this.spend = recordSettled(this.spend, game);
    const cumulative = this.tally.settled(game);
    const net = game.paid.minus(game.staked);
    const money = { staked: toWire(game.staked), paid: toWire(game.paid), net: toWire(net), cumulative_net: toWire(cumulative) };
    this.emit({ type: "game", at: this.sim.now(), gid, positions: game.positions, ...money, cancelled: game.cancelled });
  }

  private async result(gid: string): Promise<GameResult> {
    for (let turn = 0; turn < SETTLE_TURNS; turn++) {
      const query = this.q.results(gid);
      const game = readResults(this.get("results", query), query).games.find((g) => g.gid === gid);
      if (game !== undefined) return game;
      await new Promise((resolve) => setImmediate(resolve));
    }
    throw new Error(`game #${gid} did not settle`);
  }

  private stop(reason: string, at: number, gid: string | null): void {
    this.stopReason = reason;
    this.emit({ type: "decision", action: "stopped", at, gid, reason });
  }

  /** What decide reads: the market as the dashboard's readers make it of the service's answers. */
  private market(): MarketState {
    const { spot, status } = this.q;
    const asset = { asset: this.strategy.market.asset };
    return {
      listing: readListing(this.get("spot", spot), spot),
      price: readLivePrice(this.get("live-price", asset)).value,
      balance: this.balance(),
      positions: readStatus(this.get("status", status)).positions,
    };
  }

  private liveGame(): LiveGame {
    const live = readListing(this.get("spot", this.q.spot), this.q.spot).liveGame;
    if (live === null) throw new Error("the sim lists no live game");
    return live;
  }

  private balance(): Decimal {
    const { currency, network } = this.strategy.market;
    return readBalance(this.get("user-balance", { currency, network })).balance;
  }

  /** A read: the trial's own queries are never refused, so a refusal is a bug, not a market event. */
  private get(endpoint: GetEndpoint, query: Record<string, string | number>): unknown {
    const answer: Answer = this.sim.get(endpoint, query);
    if (!answer.ok) throw new Error(`GET ${endpoint}: ${answer.status} ${answer.error}: ${answer.message}`);
    return answer.json;
  }
}

function need(v: Decimal | Unreadable, gid: string): Decimal {
  if (!isReadable(v)) throw new Error(`the result of #${gid}: ${v.toString()}`);
  return v;
}
