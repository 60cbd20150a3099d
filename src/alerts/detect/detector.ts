/**
 * Events from the snapshots the poller already makes: no request of its
 * own. Step it with each snapshot (and on a clock tick, for the
 * countdowns); it remembers what it has said, so the same snapshot twice
 * fires nothing new. Deterministic: the same snapshots, instants and rules
 * give the same events, which is how the tests drive it.
 */
import { type Snapshot, snapshotAt } from "../../poller/snapshot.js";
import type { AlertEvent } from "../events.js";
import type { AlertRule } from "../rules.js";
import { BalanceEvents } from "./balance-events.js";
import type { EventDetector, Step } from "./context.js";
import { ClockEvents, SettledEvents, TurnedEvents } from "./game-events.js";
import { PriceEvents } from "./price-events.js";
import { ServiceEvents } from "./service-events.js";

export interface DetectorOptions {
  /** An event with a cooldown key does not fire again within this long (server ms). */
  cooldownMs: number;
  /** Once-only rules that fired before (kept by the alerter across launches). */
  spent?: Iterable<string>;
}

export class Detector {
  private readonly lastFired = new Map<string, number>();
  private readonly price: PriceEvents;
  private readonly detectors: EventDetector[];

  constructor(private readonly options: DetectorOptions) {
    this.price = new PriceEvents(options.spent);
    this.detectors = [new SettledEvents(), new TurnedEvents(), new ClockEvents(), this.price, new BalanceEvents(), new ServiceEvents()];
  }

  /** The once-only rules that have fired. */
  get spent(): ReadonlySet<string> {
    return this.price.spent;
  }

  /** Keys whose cooldown has run out are let go: one per game turned would otherwise pile up over a long session. */
  // Stryker disable next-line BlockStatement: memory only; a key kept past its cooldown is let through all the same
  private forgetCooled(now: number): void {
    // Stryker disable next-line ConditionalExpression,EqualityOperator: as above
    for (const [key, at] of this.lastFired) if (now - at >= this.options.cooldownMs) this.lastFired.delete(key);
  }

  /** A rule made anew: it is not spent, whatever a rule of the same id did before. */
  forget(ruleId: string): void {
    this.price.spent.delete(ruleId);
  }

  /** The events of snapshot `s` at server ms `now`, under `rules` (muted rules left out by the caller). */
  step(s: Snapshot, now: number, rules: readonly AlertRule[]): AlertEvent[] {
    const events: AlertEvent[] = [];
    const step: Step = {
      s,
      shown: snapshotAt(s, now),
      now,
      rules,
      fire: (event, key) => {
        if (key !== undefined) {
          const last = this.lastFired.get(key);
          if (last !== undefined && now - last < this.options.cooldownMs) return false;
          this.lastFired.set(key, now);
          this.forgetCooled(now);
        }
        events.push(event);
        return true;
      },
    };
    for (const d of this.detectors) d.step(step);
    return events;
  }
}
