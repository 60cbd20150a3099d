/**
 * Events of the games: a held game settled, a held game's projection turning
 * from winning to losing or back, a countdown to the close of the focused
 * game, the early precision window opening. Each game fires each at most
 * once (a turn at most once per cooldown).
 */
import { projectedNet } from "../../domain/book.js";
import { formatCountdown, formatInterval, formatMoneyChange, inCurrency, shortGid } from "../../domain/format.js";
import { gameClock } from "../../domain/game.js";
import type { Decimal } from "../../domain/money.js";
import { type GameOutcome, gameNet, lastGameCard, playedIn, settledForms } from "../../domain/results.js";
import { earlyWindowMs, inEarlyWindow } from "../../domain/rules.js";
import { isReadable, readOr, type Unreadable } from "../../domain/service-data.js";
import { bookOf, holdsLiveGame, type SettlementNotice } from "../../poller/snapshot.js";
import type { AlertEvent, AlertTone } from "../events.js";
import type { EventDetector, Step } from "./context.js";

const OUTCOME_TONE: Record<GameOutcome, AlertTone> = { won: "up", lost: "down", even: "info", cancelled: "warn", unknown: "warn" };

/** Remembers what it has fired about for this many games, then forgets the oldest. */
const GAMES_KEPT = 64;

export class SettledEvents implements EventDetector {
  private readonly seen = new WeakSet<SettlementNotice>();
  private started = false;

  step(t: Step): void {
    // What had settled before the first step was known before the alerts started: not news.
    const on = this.started && t.rules.some((r) => r.kind === "settled");
    this.started = true;
    for (const n of t.s.settlements) {
      if (this.seen.has(n)) continue;
      this.seen.add(n);
      if (on && playedIn(n.result)) t.fire(settled(n));
    }
  }
}

function settled(n: SettlementNotice) {
  const g = n.result;
  const card = lastGameCard(g);
  const net = gameNet(g);
  const money =
    card.outcome === "cancelled"
      ? `stakes refunded ${inCurrency(card.staked, card.currency)}`
      : `${inCurrency(card.net, card.currency)} · staked ${card.staked} · paid ${card.paid}`;
  const { text, shorter } = settledForms(g, `${card.word} ${money}`);
  const exact = (v: Decimal | null | Unreadable) => (v !== null && isReadable(v) ? v.toFixed() : null);
  return {
    event: "settled" as const,
    rule: "settled",
    at: n.at,
    // A cancelled game has no net to say.
    title: inCurrency(card.outcome === "cancelled" ? card.word : `${card.word} ${card.net}`, card.currency),
    text,
    shorter,
    tone: OUTCOME_TONE[card.outcome],
    data: {
      gid: g.gid,
      asset: readOr(g.asset, null),
      interval: readOr(g.interval, null),
      outcome: card.outcome,
      net: exact(net),
      staked: exact(g.total_staked),
      paid: exact(g.total_winnings),
      currency: readOr(g.currency, null),
      closing_price: exact(g.closing_price),
    },
  };
}

/** A held game's projected net changing sign: winning (above zero) or losing (below); zero and unknown change nothing. */
export class TurnedEvents implements EventDetector {
  private readonly sign = new Map<string, 1 | -1>();

  step(t: Step): void {
    // Off (or muted), it does not follow the games: on again, it starts from what it sees then, not from a stale sign.
    if (!t.rules.some((r) => r.kind === "turned")) {
      this.sign.clear();
      return;
    }
    for (const row of bookOf(t.shown, t.now)) {
      if (row.ended) continue;
      const net = projectedNet([row]);
      if (net === undefined || net.isZero()) continue;
      const winning = net.gt(0);
      const sign = winning ? 1 : -1;
      const key = `${row.market.asset}:${row.market.interval}:${row.gid}`;
      const was = this.sign.get(key);
      remember(this.sign, key, sign);
      if (was === undefined || was === sign) continue;
      const state = winning ? "winning" : "losing";
      const where = `#${shortGid(row.gid)} ${row.market.asset} ${formatInterval(row.market.interval)}`;
      t.fire(
        {
          event: "turned",
          rule: "turned",
          at: t.now,
          title: `${where} ${state}`,
          text: `${where} now ${state}: projected net ${inCurrency(formatMoneyChange(net), t.s.target.currency)}`,
          tone: winning ? "up" : "down",
          data: {
            gid: row.gid,
            asset: row.market.asset,
            interval: row.market.interval,
            state,
            projected_net: net.toFixed(),
          },
        },
        `turned:${key}`,
      );
    }
  }
}

/**
 * The countdowns to the focused game's close, and the early precision
 * window: once per game and rule, when the moment passes while the alerts
 * watch (a launch or a switch of market inside the last seconds says
 * nothing about them). A countdown longer than the prediction phase falls
 * on the game's start.
 */
export class ClockEvents implements EventDetector {
  private readonly done = new Set<string>();
  /** Server ms of the last step, and the focused market then. */
  private last: { at: number; market: string } | undefined;

  step(t: Step): void {
    const before = this.last;
    const { asset, interval } = t.shown.target;
    this.last = { at: t.now, market: `${asset}:${interval}` };
    const live = t.shown.listing?.value.liveGame;
    if (!live || before === undefined || before.market !== this.last.market) return;
    const clock = gameClock(live, t.now);
    if (clock.phase !== "accepting") return;
    // Whether `moment` fell between the last step and this one: the alerts saw it pass.
    const passed = (moment: number) => before.at < moment && moment <= t.now;
    const where = gameWhere(live.gid, asset, interval);
    const held = holdsLiveGame(t.shown);
    for (const rule of t.rules) {
      if (rule.kind === "closing") {
        const key = `${rule.id}:${live.gid}`;
        const moment = Math.max(live.start_at, live.closes_at - rule.seconds * 1000);
        if (this.done.has(key) || !passed(moment) || (rule.onlyUnheld && held)) continue;
        rememberSet(this.done, key);
        t.fire({
          event: "closing",
          rule: rule.id,
          at: t.now,
          title: `${asset} closes in ${formatCountdown(clock.toClose)}`,
          text: closingText(clock.toClose, where, held),
          tone: "info",
          data: { gid: live.gid, asset, interval, seconds: rule.seconds, to_close_ms: clock.toClose, held },
        });
      }
      if (rule.kind === "early_window") {
        const key = `early:${live.gid}`;
        if (this.done.has(key) || !passed(live.start_at) || !inEarlyWindow(interval, live.start_at, t.now)) continue;
        // The listing's own flag, when it has one, says whether this game has the window at all.
        if (!live.provisional && t.shown.listing?.value.early_precision_window === false) continue;
        rememberSet(this.done, key);
        const left = live.start_at + earlyWindowMs(interval) - t.now;
        t.fire({
          event: "early_window",
          rule: "early_window",
          at: t.now,
          title: `${asset} early window open`,
          text: earlyText(left, where),
          tone: "info",
          data: { gid: live.gid, asset, interval, window_left_ms: left },
        });
      }
    }
  }
}

function remember<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.delete(key);
  map.set(key, value);
  // Stryker disable next-line ConditionalExpression,EqualityOperator: the oldest sign let go, or one more kept: no game is followed that long
  if (map.size > GAMES_KEPT) map.delete(map.keys().next().value as K);
}

function rememberSet<K>(set: Set<K>, key: K): void {
  set.add(key);
  if (set.size > GAMES_KEPT) set.delete(set.values().next().value as K);
}

/** "#…700 BTC_USDT 1m": the game an alert is about. */
function gameWhere(gid: string, asset: string, interval: number): string {
  return `#${shortGid(gid)} ${asset} ${formatInterval(interval)}`;
}

/** A countdown alert's line `toClose` ms before the lock: "predictions close in 0:10: #…700 BTC_USDT 1m, nothing held". */
function closingText(toClose: number, where: string, held: boolean): string {
  // Past the lock the line, while it still shows, says so rather than stand at "close in 0:00".
  const when = toClose > 0 ? `predictions close in ${formatCountdown(toClose)}` : "predictions closed";
  return `${when}: ${where}, ${held ? "holding positions" : "nothing held"}`;
}

/** An early-window alert's line `left` ms before the window closes. */
function earlyText(left: number, where: string): string {
  return left > 0 ? `early precision window open: ${where}, ${formatCountdown(left)} left` : `early precision window closed: ${where}`;
}

/**
 * An alert's text as the alert line shows it at server time `now`: a countdown alert, or the early window's, counts
 * on while it shows, rather than stand at "close in 0:10" over a game pane at 0:03; a countdown alert for the live
 * game says whether it is held now (`live`), not when it fired, which a position placed since makes wrong. Every
 * other alert is what it fired with, as it was delivered.
 */
export function alertTextAt(e: AlertEvent, now: number, live?: { gid: string | undefined; held: boolean }): string {
  const where = () => gameWhere(String(e.data.gid), String(e.data.asset), Number(e.data.interval));
  const since = now - e.at;
  const held = live !== undefined && live.gid === String(e.data.gid) ? live.held : e.data.held === true;
  if (e.event === "closing" && typeof e.data.to_close_ms === "number")
    return closingText(Math.max(0, e.data.to_close_ms - since), where(), held);
  if (e.event === "early_window" && typeof e.data.window_left_ms === "number")
    return earlyText(Math.max(0, e.data.window_left_ms - since), where());
  return e.text;
}
