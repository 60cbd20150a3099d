/**
 * The balance changing by something this dashboard did not do: a deposit, a
 * withdrawal, a position placed by another client. Between two reads, what
 * the dashboard knows of is taken off the change: the stakes it placed, and
 * what the games it saw settle paid back (winnings, or the stakes of a
 * cancelled game). A read taken while something it knows of is under way
 * (a placement in flight, a held game ended and not yet settled, a
 * settlement less than SETTLE_GRACE_MS old) is not compared: the service
 * may have counted it already or not. The next read taken once nothing is
 * under way is compared with the last one compared. docs/alerts.md.
 */
import { formatMoney, formatMoneyChange, inCurrency } from "../../domain/format.js";
import { Decimal } from "../../domain/money.js";
import { playedIn } from "../../domain/results.js";
import { isReadable } from "../../domain/service-data.js";
import { bookOf, type Placement, resultPending, type SettlementNotice, type Snapshot } from "../../poller/snapshot.js";
import type { EventDetector, Step } from "./context.js";

/** After a settlement the service may credit the payout a little later than it reports the result. */
export const SETTLE_GRACE_MS = 30_000;

export class BalanceEvents implements EventDetector {
  /** The balance last compared, and the datum it came from. */
  private base: { value: Decimal; at: number } | undefined;
  /** What this dashboard changed since `base`; undefined when an amount could not be read (then nothing is said). */
  private known: Decimal | undefined = new Decimal(0);
  private readonly counted = new WeakSet<SettlementNotice>();
  private lastPlacement: Placement | undefined;
  /** The datum of the last read taken while something was under way: it and any before it are not compared. */
  private dirtyAt: number | undefined;

  step(t: Step): void {
    this.count(t.s);
    const b = t.s.balance;
    if (!b || b.at === this.base?.at) return;
    if (this.base === undefined) {
      this.rebase(b.value.balance, b.at);
      return;
    }
    if (underWay(t.s, t.now)) {
      this.dirtyAt = b.at;
      return;
    }
    // A read taken while something was under way waits for the next one, taken after.
    if (this.dirtyAt !== undefined && b.at <= this.dirtyAt) return;
    this.dirtyAt = undefined;
    const change = this.known === undefined ? undefined : b.value.balance.minus(this.base.value).minus(this.known);
    this.rebase(b.value.balance, b.at);
    if (change === undefined || change.isZero() || !t.rules.some((r) => r.kind === "balance")) return;
    const { currency, network } = t.s.target;
    t.fire({
      event: "balance",
      rule: "balance",
      at: b.at,
      title: `balance ${inCurrency(formatMoneyChange(change), currency)}`,
      text: `balance ${inCurrency(formatMoneyChange(change), currency)} not from this dashboard: now ${inCurrency(formatMoney(b.value.balance), currency)}`,
      tone: change.gt(0) ? "up" : "down",
      data: { change: change.toFixed(), balance: b.value.balance.toFixed(), currency, network },
    });
  }

  private rebase(value: Decimal, at: number): void {
    this.base = { value, at };
    this.known = new Decimal(0);
  }

  /** Adds what this dashboard did since the last step: a placement that went through, a game of the user's that settled. */
  private count(s: Snapshot): void {
    const p = s.placement;
    if (p !== this.lastPlacement && p?.state === "done") {
      const placed = p.outcome?.kind === "placed" || (p.outcome?.kind === "reconciled" && p.outcome.placed);
      if (placed) this.add(new Decimal(p.f).negated());
    }
    this.lastPlacement = p;
    for (const n of s.settlements) {
      if (this.counted.has(n)) continue;
      this.counted.add(n);
      if (!playedIn(n.result)) continue;
      const g = n.result;
      const back = g.cancelled === true ? g.total_staked : g.total_winnings;
      this.add(isReadable(back) ? back : undefined);
    }
  }

  private add(amount: Decimal | undefined): void {
    this.known = amount === undefined || this.known === undefined ? undefined : this.known.plus(amount);
  }
}

/** Whether something the dashboard knows of may be counted in one read and not in the other. */
function underWay(s: Snapshot, now: number): boolean {
  if (s.placement !== undefined && s.placement.state !== "done") return true;
  // A result on its way (the focused game's, or one of a market left or held elsewhere, for ten minutes at most): its payout may be in one read only.
  if (resultPending(s)) return true;
  if (s.settlements.some((n) => playedIn(n.result) && now - n.at < SETTLE_GRACE_MS)) return true;
  return bookOf(s, now).some((r) => r.ended);
}
