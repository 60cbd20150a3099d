/**
 * decide(): what a strategy does next, from plain data — place one
 * position, wait (and until when), or stop (and why). Pure and one at a
 * time: the runner sends the one placement, records its outcome, and asks
 * again. Everything that could be lost is counted against the caps and
 * limits as if it had gone in (a placement in flight or with an unknown
 * outcome), so no answer in any order can take a game past its plan or ten
 * positions, or the spend past a limit. docs/strategies.md.
 */
import { formatInterval, formatMoneyExact, formatPrice, inCurrency } from "../domain/format.js";
import { Decimal, toWire } from "../domain/money.js";
import { freeStrike } from "../domain/placement.js";
import { heldPositions } from "../domain/positions.js";
import { MAX_POSITIONS_PER_GAME, minStake } from "../domain/rules.js";
import { type GameListing, isReadable, type LiveGame, type Position } from "../domain/service-data.js";
import { type Spend, spentOut, stakeFits, stopCondition } from "./limits.js";
import { type PlannedPosition, planGame, stakeFor, strikeFor } from "./plan.js";
import type { StrategyConfig } from "./strategy.js";
import { chooseTarget, type Wait } from "./target.js";

/** The market as the poller last saw it: what the screen shows is what the strategy decides on. */
export interface MarketState {
  /** The strategy's market's /spot, rolled over at its boundaries (snapshotAt); undefined before the first answer. */
  listing: GameListing | undefined;
  price: Decimal | undefined;
  balance: Decimal | undefined;
  /** The user's positions: /status's and those placed that it has not listed yet, by anyone, in any game (matched by gid). */
  positions: readonly Position[];
}

/** One placement of this strategy's, as the runner keeps it. */
export interface OwnPlacement {
  gid: string;
  sp: string;
  f: string;
  /** unknown: sent, and neither the answer nor /status has said whether it went in. */
  state: "in_flight" | "placed" | "refused" | "unknown";
  /** The service's txid once placed: how it is told apart from the same position in /status. */
  txid?: string;
  /** The reference price its strike was aimed from: a live ladder's later rungs keep its game's first. */
  ref?: string;
}

export interface DecideInput {
  strategy: StrategyConfig;
  market: MarketState;
  /** Server ms. */
  now: number;
  spend: Spend;
  /** This strategy's placements, in the games still of interest (at least the live and next one). */
  own: readonly OwnPlacement[];
  /** Why the screen cannot place for it now (another market shown, the price or listing too old); a stop reached comes first. */
  blocked?: string;
}

export type Decision =
  | {
      kind: "place";
      gid: string;
      sp: string;
      f: string;
      /** 0-based position in the game's plan. */
      index: number;
      /** The reference price the strike was aimed from (OwnPlacement.ref). */
      ref: string;
      reason: string;
    }
  | Wait
  | { kind: "stop"; reason: string };

/** Refusals in one game after which the strategy leaves it for the next, rather than retry blindly. */
export const MAX_REFUSALS_PER_GAME = 3;

/** Why the strategy must stop whatever the market says (a loss or a losing run reached, its limits spent), or null. */
function whyStop(strategy: StrategyConfig, spend: Spend, now: number): string | null {
  const { currency } = strategy.market;
  return stopCondition(strategy.limits, spend, currency) ?? spentOut(strategy.limits, spend, smallestStake(strategy), now, currency);
}

export function decide(input: DecideInput): Decision {
  const { strategy, market, now, spend } = input;
  const { interval, asset } = strategy.market;
  // A stop reached (a loss that settled while it was paused, say) is said at once, not once the market would let it place.
  const stopped = whyStop(strategy, spend, now);
  if (stopped !== null) return { kind: "stop", reason: stopped };
  if (input.blocked !== undefined) return { kind: "wait", reason: input.blocked };
  const listing = market.listing;
  if (listing === undefined) return { kind: "wait", reason: "the game is not known yet" };
  if (listing.asset !== asset || listing.interval !== interval) {
    return {
      kind: "wait",
      reason: `the listing is ${listing.asset} ${formatInterval(listing.interval)}, not ${asset} ${formatInterval(interval)}`,
    };
  }
  if (input.own.some((p) => p.state === "in_flight")) return { kind: "wait", reason: "a placement is in flight" };
  const target = chooseTarget(strategy, listing, now, (gid) => input.own.some((p) => p.gid === gid));
  if (target.kind === "wait") return target;
  return inGame(input, target.game, target.nextStart);
}

/** The decision once the game is chosen: the caps, the planned position, its stake and strike, the limits. */
function inGame(input: DecideInput, game: LiveGame, nextStart: number): Decision {
  const { strategy, market, now, spend } = input;
  const mine = input.own.filter((p) => p.gid === game.gid);
  const untilNext = (reason: string): Wait => ({ kind: "wait", until: nextStart, reason });
  const refused = mine.filter((p) => p.state === "refused").length;
  if (refused >= MAX_REFUSALS_PER_GAME) return untilNext(`${refused} placements refused in #${game.gid}; waiting for the next game`);
  const held = heldPositions(game.gid, market.positions);
  const ownCount = mine.length - refused;
  // Its own are counted even if the same txid came twice: the plan's index must stay inside the plan.
  const count = Math.max(ownCount, held.length + mine.filter((p) => p.state !== "refused" && !held.some((h) => h.txid === p.txid)).length);
  const cap = Math.min(strategy.positionsPerGame, MAX_POSITIONS_PER_GAME);
  if (count >= cap) {
    return untilNext(
      count === cap ? `placed ${count} of ${cap} in #${game.gid}` : `#${game.gid} holds ${count} positions, more than the ${cap} planned`,
    );
  }
  const planned = planGame(strategy, game.gid)[ownCount]!;
  const reference = gameReference(strategy, market, game, mine);
  if (reference.price === undefined) return { kind: "wait", reason: reference.missing };
  const stake = checkedStake(input, planned);
  if (stake.kind !== "ok") return stake;
  const aimed = strikeFor(planned, reference.price);
  const taken = [...held, ...mine.map((p) => ({ sp: new Decimal(p.sp), f: new Decimal(p.f) }))];
  const sp = freeStrike(aimed, stake.f, taken);
  if (sp.lte(0)) return { kind: "stop", reason: `the strike would be ${toWire(sp)}: not a price` };
  const fits = stakeFits(strategy.limits, spend, game.gid, stake.f, now, strategy.market.currency);
  if (!fits.ok) return fits.scope === "game" ? untilNext(fits.reason) : { kind: "stop", reason: fits.reason };
  const moved = sp.eq(aimed) ? "" : `, moved from ${toWire(aimed)}: taken at that stake`;
  const from = `${reference.name} ${formatPrice(reference.price)} ${signed(planned.offset)}`;
  const reason = `#${game.gid} position ${count + 1} of ${cap}: ${toWire(sp)} at ${inCurrency(formatMoneyExact(stake.f), strategy.market.currency)} (${from}${moved})`;
  return { kind: "place", gid: game.gid, sp: toWire(sp), f: toWire(stake.f), index: planned.index, ref: toWire(reference.price), reason };
}

/**
 * The least the strategy ever stakes: its rule's smallest amount, at least the interval's minimum (a share
 * of the balance: the minimum). The limits' "used up" goes by it, so the reason names a stake it would place,
 * not the interval's 0.01 beside choices of 0.1 and 0.2.
 */
export function smallestStake(strategy: Pick<StrategyConfig, "stake" | "market">): Decimal {
  const min = minStake(strategy.market.interval);
  const rule = strategy.stake;
  const least =
    rule.kind === "fixed" ? rule.amount : rule.kind === "range" ? rule.min : rule.kind === "choices" ? Decimal.min(...rule.amounts) : min;
  return Decimal.max(min, least);
}

/** The planned stake for now, or why it cannot be placed: under the minimum or over the balance stops the strategy. */
function checkedStake(input: DecideInput, planned: PlannedPosition): { kind: "ok"; f: Decimal } | Decision {
  const { strategy, market } = input;
  const f = stakeFor(planned, market.balance);
  if (f === undefined || market.balance === undefined) return { kind: "wait", reason: "the balance is not known yet" };
  const min = minStake(strategy.market.interval);
  const currency = strategy.market.currency;
  if (f.lt(min)) {
    const what =
      planned.stake.kind === "fraction"
        ? `${toWire(planned.stake.fraction)} of the balance is ${formatMoneyExact(f)},`
        : `the stake ${formatMoneyExact(f)} is`;
    return {
      kind: "stop",
      reason: `${what} under the ${formatInterval(strategy.market.interval)} minimum of ${inCurrency(toWire(min), currency)}`,
    };
  }
  if (f.gt(market.balance)) {
    return {
      kind: "stop",
      reason: `the stake ${formatMoneyExact(f)} is above the balance of ${inCurrency(formatMoneyExact(market.balance), currency)}`,
    };
  }
  return { kind: "ok", f };
}

type Reference = { name: string; price: Decimal; missing?: undefined } | { name?: undefined; price?: undefined; missing: string };

/**
 * A ladder around the live price is centred once per game, on the price its first rung was aimed from.
 * Centred anew at each send, rungs sent a second or two apart would stand 1 to 10 apart for a step of 5.
 */
function gameReference(strategy: StrategyConfig, market: MarketState, game: LiveGame, mine: readonly OwnPlacement[]): Reference {
  const centre =
    strategy.strike.kind === "ladder" && strategy.strike.around === "live" ? mine.find((p) => p.ref !== undefined)?.ref : undefined;
  return centre === undefined ? referencePrice(strategy, market, game) : { name: "centre", price: new Decimal(centre) };
}

function referencePrice(strategy: StrategyConfig, market: MarketState, game: LiveGame): Reference {
  const around = strategy.strike.around;
  if (around === "live") return market.price ? { name: "live", price: market.price } : { missing: "the live price is not known yet" };
  const value = around === "ai" ? game.ai_price : game.open_price;
  const name = around === "ai" ? "ai" : "open";
  return isReadable(value) ? { name, price: value } : { missing: `the ${name} price of #${game.gid} is not known yet` };
}

/** An offset as the reason shows it: "+4", "-2.5", "+0". */
function signed(d: Decimal): string {
  return d.isNegative() ? toWire(d) : `+${toWire(d)}`;
}
