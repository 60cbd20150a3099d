/**
 * A strategy at work inside the dashboard's one poller: it reads the
 * snapshots the screen reads, asks decide() what to do, and hands each
 * placement to the poller's queue, so the one-request-a-second budget and
 * the no-blind-resend rule hold for it as for the form. One placement at a
 * time; its stake is counted and kept on disk before it is sent, and its
 * outcome (placed, refused, or reconciled through /status) is kept after.
 * Armed by the trader only, never at launch; on mainnet only with the
 * strategy's name typed as the confirmation.
 */

import type { Network } from "../api/schemas.js";
import { Decimal } from "../domain/money.js";
import { MAX_POSITIONS_PER_GAME } from "../domain/rules.js";
import type { PlacementOutcome, PlaceRequest, SettlementNotice, Snapshot } from "../poller/snapshot.js";
import { snapshotAt } from "../poller/snapshot.js";
import { placingUnknown } from "../poller/staleness.js";
import { Store } from "../poller/store.js";
import { type Decision, decide, type OwnPlacement } from "./decide.js";
import { emptySpend, onDay, recordRefused, recordSent, recordSettled, type Spend, stakedIn, startSession } from "./limits.js";
import { refusalStops } from "./refusals.js";
import { settledShare, settledWords } from "./settled-share.js";
import type { KeptSpend } from "./spend-file.js";
import type { StrategyConfig } from "./strategy.js";

export type RunState = "paused" | "armed" | "paper" | "stopped";

/** One line of what the strategy did and why: the screen's line and `spotdash auto`'s NDJSON. */
export interface StrategyEvent {
  /** Server ms. */
  at: number;
  strategy: string;
  action: "armed" | "paused" | "placing" | "placed" | "paper" | "refused" | "waiting" | "stopped" | "settled";
  reason: string;
  gid?: string;
  sp?: string;
  f?: string;
}

export interface StrategyView {
  name: string;
  state: RunState;
  /** Why it stopped, or what keeps it from being armed. */
  stopReason?: string;
  spend: Spend;
  /** The game it plays now and its positions there: placed (or in flight) of planned. */
  game?: { gid: string; placed: number; planned: number };
  /** What it does next, and when (server ms), as decide() last said. */
  next?: { reason: string; until?: number };
  last?: StrategyEvent;
}

export interface RunnerSource {
  store: Pick<Store<Snapshot>, "getSnapshot" | "subscribe">;
  serverNow(): number;
  place(req: PlaceRequest): Promise<PlacementOutcome>;
}

export interface SpendKeeping {
  read(now: number): KeptSpend;
  write(kept: KeptSpend): void;
  /** Takes the spend file for this runner alone while armed; why not, when another process has it. */
  lock?(): { release(): void } | string;
}

export interface RunnerOptions {
  strategy: StrategyConfig;
  source: RunnerSource;
  keeping: SpendKeeping;
  onEvent?(e: StrategyEvent): void;
}

const TICK_MS = 500;

export class StrategyRunner {
  readonly view: Store<StrategyView>;
  private kept: KeptSpend;
  /** A paper strategy's own placements and spend: decided and shown, never sent nor kept. */
  private paper: KeptSpend | undefined;
  private sending: Promise<void> | undefined;
  private readonly seen = new WeakSet<SettlementNotice>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private unsubscribe: (() => void) | undefined;
  /** Why its spend file could not be read: it is never armed then, rather than started from nothing. */
  private readonly unreadable: string | undefined;
  /** stop() was called: the answer in flight is kept, and nothing more is decided. */
  private ended = false;
  /** The spend file's lock, held while armed and for a settlement's write: only then does it write. */
  private lock: { release(): void } | undefined;

  constructor(private readonly o: RunnerOptions) {
    const now = o.source.serverNow();
    let read: KeptSpend;
    try {
      read = o.keeping.read(now);
    } catch (e) {
      read = { spend: emptySpend(now), own: [] };
      this.unreadable = (e as Error).message;
    }
    this.kept = { ...read, spend: startSession(read.spend, now) };
    const stopReason = this.unreadable;
    // What settled before the runner started was counted when it settled (or is in no game of its own).
    for (const n of o.source.store.getSnapshot().settlements) this.seen.add(n);
    const state: RunState = stopReason === undefined ? "paused" : "stopped";
    this.view = new Store<StrategyView>({ name: o.strategy.name, state, spend: this.kept.spend, ...(stopReason ? { stopReason } : {}) });
  }

  /** The network it places on: arming on mainnet asks for its name. */
  get network(): Network {
    return this.o.strategy.market.network;
  }

  start(): void {
    this.unsubscribe = this.o.source.store.subscribe(() => this.check());
    this.timer = setInterval(() => this.check(), TICK_MS);
    this.timer.unref?.();
  }

  /** Stops deciding; resolves once the placement in flight (if any) has its answer and is kept. */
  async stop(): Promise<void> {
    this.ended = true;
    this.unsubscribe?.();
    clearInterval(this.timer);
    await this.sending;
    this.unlock();
  }

  /**
   * Arms it (a paper strategy: runs it on paper). On mainnet only with the
   * strategy's name as `confirmation`. Returns why not, if not.
   */
  arm(confirmation?: string): string | undefined {
    if (this.unreadable !== undefined) return this.unreadable;
    const { strategy } = this.o;
    if (strategy.market.network === "mainnet" && !strategy.paper && confirmation !== strategy.name) {
      return `arming ${strategy.name} on mainnet needs its name typed as the confirmation`;
    }
    if (strategy.paper) this.paper ??= { spend: this.kept.spend, own: [] };
    else {
      const why = this.takeLock();
      if (why !== undefined) return why;
    }
    this.set({ state: strategy.paper ? "paper" : "armed", stopReason: undefined });
    const where = strategy.market.network === "mainnet" ? "MAINNET" : strategy.market.network;
    this.emit({ action: "armed", reason: strategy.paper ? "on paper: decides and logs, sends nothing" : `places on ${where} from now on` });
    this.check();
    return undefined;
  }

  pause(): void {
    if (this.view.getSnapshot().state === "paused") return;
    this.set({ state: "paused" });
    if (!this.sending) this.unlock();
    this.emit({ action: "paused", reason: "paused by the trader" });
  }

  /** Steps it with the snapshot now; the tests call it with their own clock. */
  check(): void {
    if (this.ended) return;
    const now = this.o.source.serverNow();
    const s = snapshotAt(this.o.source.store.getSnapshot(), now);
    this.settle(s);
    const state = this.view.getSnapshot().state;
    if ((state !== "armed" && state !== "paper") || this.sending) return;
    if (s.connection.state === "unauthorized") {
      this.halt(`the service refused the key: ${s.connection.reason}`);
      return;
    }
    const decision = decide({ ...this.input(s, now), blocked: this.blocked(s, now) });
    if (decision.kind === "stop") this.halt(decision.reason);
    else if (decision.kind === "wait") this.waiting(decision.reason, decision.until);
    else if (state === "paper") this.onPaper(decision, now);
    else this.send(decision, now);
  }

  private blocked(s: Snapshot, now: number): string | undefined {
    const { asset, interval, network } = this.o.strategy.market;
    const t = s.target;
    if (t.asset !== asset || t.interval !== interval || t.network !== network)
      return `the screen is on ${t.asset} ${t.interval} s, not its market`;
    // Not positionsRead: a 10 s game's /status comes seconds after its start, and what it would add (positions placed
    // elsewhere in that first second) the service's own cap of ten refuses anyway.
    const unknown = placingUnknown(s, now);
    if (unknown !== undefined) return unknown;
    return undefined;
  }

  private input(s: Snapshot, now: number) {
    const own = this.paper ?? this.kept;
    return {
      strategy: this.o.strategy,
      market: {
        listing: s.listing?.value,
        price: s.price?.value.value,
        balance: s.balance?.value.balance,
        positions: [...(s.status?.value.positions ?? []), ...s.placed],
      },
      now,
      spend: own.spend,
      own: own.own,
    };
  }

  private onPaper(d: Extract<Decision, { kind: "place" }>, now: number): void {
    const paper = this.paper!;
    this.paper = {
      spend: recordSent(paper.spend, d.gid, new Decimal(d.f), now),
      own: [...paper.own, { gid: d.gid, sp: d.sp, f: d.f, state: "placed", ref: d.ref }],
    };
    this.set({ spend: this.paper.spend, ...this.gameView(this.paper.own, d.gid) });
    this.emit({ action: "paper", reason: d.reason, gid: d.gid, sp: d.sp, f: d.f });
  }

  private send(d: Extract<Decision, { kind: "place" }>, now: number): void {
    const f = new Decimal(d.f);
    const mine: OwnPlacement = { gid: d.gid, sp: d.sp, f: d.f, state: "in_flight", ref: d.ref };
    // Counted and kept before the POST: a crash from here on cannot forget it.
    if (!this.keep({ spend: recordSent(this.kept.spend, d.gid, f, now), own: [...this.kept.own, mine] })) return;
    this.emit({ action: "placing", reason: d.reason, gid: d.gid, sp: d.sp, f: d.f });
    // Set before the queue hears of it: its store update calls check() at once.
    let sent!: () => void;
    this.sending = new Promise<void>((resolve) => (sent = resolve));
    this.o.source
      .place({ gid: d.gid, sp: d.sp, f: d.f })
      .then((outcome) => this.answered(mine, outcome, now))
      .finally(() => {
        this.sending = undefined;
        sent();
        if (this.view.getSnapshot().state !== "armed") this.unlock();
        this.check();
      });
  }

  private answered(mine: OwnPlacement, outcome: PlacementOutcome, sentAt: number): void {
    const placed = outcome.kind === "placed" || (outcome.kind === "reconciled" && outcome.placed);
    const txid = outcome.kind === "placed" ? outcome.position.txid : outcome.kind === "reconciled" ? outcome.txid : undefined;
    const now: OwnPlacement = { ...mine, state: placed ? "placed" : "refused", ...(txid ? { txid } : {}) };
    const own = this.kept.own.map((p) => (p === mine ? now : p));
    const spend = placed ? this.kept.spend : recordRefused(this.kept.spend, mine.gid, new Decimal(mine.f), sentAt);
    this.keep({ spend, own });
    const where = { gid: mine.gid, sp: mine.sp, f: mine.f };
    if (placed) {
      this.emit({ action: "placed", reason: outcome.kind === "reconciled" ? "placed (found in /status)" : "placed", ...where });
      return;
    }
    const why = outcome.kind === "rejected" || outcome.kind === "reconciled" ? outcome.error.message : "refused";
    this.emit({ action: "refused", reason: why, ...where });
    // Retrying cannot help these: the strategy stops with the service's reason.
    if (outcome.kind === "rejected" && outcome.error.kind === "auth") this.halt(`the service refused the key: ${why}`);
    else if (outcome.kind === "rejected" && refusalStops(why)) this.halt(why);
  }

  /** The settlements of games it played, into its spend whatever its state: one settled while paused counts too. */
  private settle(s: Snapshot): void {
    for (const n of s.settlements) {
      if (this.seen.has(n)) continue;
      this.seen.add(n);
      const played = (own: readonly OwnPlacement[]) => own.some((p) => p.gid === n.gid && p.state !== "refused");
      if (!played(this.kept.own)) continue;
      // A game with a placement still in flight waits for its answer: its stake may yet come off.
      if (this.kept.own.some((p) => p.gid === n.gid && p.state === "in_flight")) {
        this.seen.delete(n);
        continue;
      }
      // Not armed, it takes the file for this one write; a file another process holds (`spotdash auto`) is counted there.
      const borrowed = this.lock === undefined;
      if (borrowed && this.takeLock() !== undefined) continue;
      const kept = !played(this.kept.own) || this.recordSettlement(n);
      if (borrowed) this.unlock();
      if (!kept) return;
    }
  }

  private recordSettlement(n: SettlementNotice): boolean {
    const kept = this.kept;
    const share = settledShare(n.result, kept.own);
    if (!this.keep({ spend: recordSettled(kept.spend, share), own: kept.own.filter((p) => p.gid !== n.gid) })) return false;
    const staked = share.staked ?? stakedIn(kept.spend, n.gid);
    this.emit({ action: "settled", reason: settledWords(share, staked, this.o.strategy.market.currency), gid: n.gid });
    return true;
  }

  private keep(kept: KeptSpend): boolean {
    try {
      this.o.keeping.write(kept);
    } catch (e) {
      this.halt(`its spend cannot be kept on disk, so it places nothing: ${(e as Error).message}`);
      return false;
    }
    this.kept = kept;
    this.set({ spend: kept.spend, ...this.gameView(kept.own, kept.own.at(-1)?.gid) });
    return true;
  }

  private halt(reason: string): void {
    this.set({ state: "stopped", stopReason: reason, next: undefined });
    if (!this.sending) this.unlock();
    this.emit({ action: "stopped", reason });
  }

  /** The spend file for this runner alone, and what it holds now (another process may have spent since launch). */
  private takeLock(): string | undefined {
    if (this.lock !== undefined) return undefined;
    const got = this.o.keeping.lock?.() ?? { release: () => {} };
    if (typeof got === "string") return got;
    this.lock = got;
    try {
      const now = this.o.source.serverNow();
      const read = this.o.keeping.read(now);
      const s = this.kept.spend;
      // The day's total and the games in play are the file's; the session's figures are this launch's.
      this.kept = {
        own: read.own,
        spend: { ...onDay(read.spend, now), sessionStaked: s.sessionStaked, paid: s.paid, net: s.net, losingStreak: s.losingStreak },
      };
      this.set({ spend: this.kept.spend });
    } catch (e) {
      this.unlock();
      return (e as Error).message;
    }
    return undefined;
  }

  private unlock(): void {
    this.lock?.release();
    this.lock = undefined;
  }

  private waiting(reason: string, until?: number): void {
    const prev = this.view.getSnapshot().next;
    if (prev?.reason === reason && prev.until === until) return;
    this.set({ next: { reason, ...(until !== undefined ? { until } : {}) } });
    // The same wait with its countdown a second on is not news: said once.
    if (prev === undefined || withoutTimes(prev.reason) !== withoutTimes(reason)) this.emit({ action: "waiting", reason });
  }

  private gameView(own: readonly OwnPlacement[], gid: string | undefined): Pick<StrategyView, "game"> {
    if (gid === undefined) return {};
    const placed = own.filter((p) => p.gid === gid && p.state !== "refused").length;
    return { game: { gid, placed, planned: Math.min(this.o.strategy.positionsPerGame, MAX_POSITIONS_PER_GAME) } };
  }

  private set(change: Partial<StrategyView>): void {
    this.view.update((v) => ({ ...v, ...change }));
  }

  private emit(e: Omit<StrategyEvent, "at" | "strategy">): void {
    const event = { at: this.o.source.serverNow(), strategy: this.o.strategy.name, ...e };
    // A placement ends the wait it last said: the line says what it does now (the last event), not why it waited.
    this.set({ last: event, ...(e.action === "placing" || e.action === "paper" ? { next: undefined } : {}) });
    this.o.onEvent?.(event);
  }
}

/** A reason with its countdowns taken out ("opens in 0:06" and "opens in 0:05" say the same). */
function withoutTimes(reason: string): string {
  return reason.replace(/\d+(:\d\d)+/g, "");
}
