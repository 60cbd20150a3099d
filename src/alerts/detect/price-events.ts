/**
 * A price crossing a level the trader set. The focused asset's price comes
 * from the dashboard's own reads; another asset's from the book's, at the
 * book's cadence, and the event says which. Only a crossing fires: the
 * first price read after launch (or after a rule is made) only says which
 * side the price is on. A once-only rule is spent when it fires; an
 * every-time rule fires again at the next crossing outside its cooldown.
 */
import { formatPrice, formatPriceExact } from "../../domain/format.js";
import type { Decimal } from "../../domain/money.js";
import type { Snapshot } from "../../poller/snapshot.js";
import type { PriceDirection, PriceRule } from "../rules.js";
import type { EventDetector, Step } from "./context.js";

interface Seen {
  /** Server ms of the price datum last read for the rule. */
  at: number;
  side: PriceDirection;
}

/** The price of `asset` the dashboard has read, and whose read it is. */
export function priceOf(s: Snapshot, asset: string): { value: Decimal; at: number; source: "focused" | "book" } | undefined {
  if (s.target.asset === asset && s.price) return { value: s.price.value.value, at: s.price.at, source: "focused" };
  const p = s.book.prices[asset];
  return p ? { value: p.value.value, at: p.at, source: "book" } : undefined;
}

export class PriceEvents implements EventDetector {
  private readonly seen = new Map<string, Seen>();
  /** Once-only rules that have fired; the alerter keeps them across launches. */
  readonly spent: Set<string>;

  constructor(spent: Iterable<string> = []) {
    this.spent = new Set(spent);
  }

  step(t: Step): void {
    const live = new Set<string>();
    for (const rule of t.rules) {
      if (rule.kind !== "price") continue;
      live.add(rule.id);
      if (!rule.repeat && this.spent.has(rule.id)) continue;
      const price = priceOf(t.s, rule.asset);
      if (price === undefined) continue;
      const before = this.seen.get(rule.id);
      // Stryker disable next-line ConditionalExpression: the same read again is on the side it was: nothing crosses either way
      if (before !== undefined && before.at === price.at) continue;
      // On the level itself the price has not crossed yet: the side stays what it was.
      const side = price.value.gt(rule.level) ? "above" : price.value.lt(rule.level) ? "below" : before?.side;
      if (side === undefined) continue;
      this.seen.set(rule.id, { at: price.at, side });
      if (before === undefined || before.side === side || side !== rule.direction) continue;
      if (t.fire(crossing(rule, price), rule.id) && !rule.repeat) this.spent.add(rule.id);
    }
    for (const id of this.seen.keys()) if (!live.has(id)) this.seen.delete(id);
  }
}

function crossing(rule: PriceRule, price: NonNullable<ReturnType<typeof priceOf>>) {
  const verb = rule.direction === "above" ? "rose above" : "fell below";
  return {
    event: "price" as const,
    rule: rule.id,
    at: price.at,
    title: `${rule.asset} ${rule.direction} ${formatPriceExact(rule.level)}`,
    text: `${rule.asset} ${verb} ${formatPriceExact(rule.level)}: ${formatPrice(price.value)}${price.source === "book" ? " (book's read)" : ""}`,
    tone: rule.direction === "above" ? ("up" as const) : ("down" as const),
    data: {
      asset: rule.asset,
      direction: rule.direction,
      level: rule.level.toString(),
      price: price.value.toString(),
      source: price.source,
      repeat: rule.repeat,
    },
  };
}
