/**
 * Whether a position could be placed, and if not, why — one message per
 * problem. The dashboard's form and `spotdash place` both call this, so a
 * trader gets the same answer wherever they type.
 */
import { formatCountdown, formatInterval, formatMoneyExact } from "./format.js";
import { phaseAt, toNextGame } from "./game.js";
import { Decimal, parseDecimal, toWire } from "./money.js";
import { type Interval, MAX_AMOUNT, MAX_POSITIONS_PER_GAME, MONEY_DECIMALS, minStake, PRICE_DECIMALS } from "./rules.js";
import { type GameListing, isReadable, type Unreadable } from "./service-data.js";

export interface PlacementContext {
  interval: Interval;
  listing: GameListing | undefined;
  /** Server ms. */
  now: number;
  /** Available balance; undefined when not known yet. */
  balance: Decimal | undefined;
  /** The user's positions in the live game that count against the cap. */
  held: readonly { sp: Decimal | Unreadable; f: Decimal | Unreadable }[];
}

export type PlacementCheck = { ok: true; gid: string; sp: string; f: string } | { ok: false; problems: string[] };

/** A field that is not a number, quoting it as typed; an empty one is said to be empty (`stake: "" is not…` would read as a fault). */
function notANumber(field: "price" | "stake", text: string): string {
  const typed = text.trim();
  if (typed === "") return `${field} is empty`;
  // "0,5": a decimal comma, refused with the decimal mark named rather than read as 05 (parseDecimal).
  const comma = typed.includes(",") ? " (the decimal mark is a dot)" : "";
  return `${field}: "${typed}" is not a decimal number${comma}`;
}

/** An amount at MAX_AMOUNT or past it, said as what it is: a paste or a key held down ("price of 16 digits or more: …"). */
export function tooManyDigits(what: string, noun: string): string {
  return `${what} of ${MAX_AMOUNT.toFixed().length} digits or more: a typo, not a ${noun}`;
}

export function checkPlacement(priceText: string, stakeText: string, ctx: PlacementContext): PlacementCheck {
  const problems: string[] = [];
  const price = parseDecimal(priceText);
  const stake = parseDecimal(stakeText);

  if (price === null) problems.push(notANumber("price", priceText));
  else if (price.lte(0)) problems.push("price must be positive");
  else if (price.decimalPlaces() > PRICE_DECIMALS) problems.push(`price has more than ${PRICE_DECIMALS} decimals`);
  else if (price.gte(MAX_AMOUNT)) problems.push(tooManyDigits("price", "price"));

  const min = minStake(ctx.interval);
  if (stake === null) problems.push(notANumber("stake", stakeText));
  else if (stake.decimalPlaces() > MONEY_DECIMALS) problems.push(`stake has more than ${MONEY_DECIMALS} decimals`);
  else if (stake.gte(MAX_AMOUNT)) problems.push(tooManyDigits("stake", "stake"));
  else if (stake.lte(0)) problems.push("stake must be positive");
  else if (stake.lt(min)) problems.push(`stake below the ${formatInterval(ctx.interval)} minimum of ${toWire(min)}`);
  else if (ctx.balance !== undefined && stake.gt(ctx.balance)) problems.push(`stake above the balance of ${formatMoneyExact(ctx.balance)}`);

  if (ctx.held.length >= MAX_POSITIONS_PER_GAME) {
    problems.push(`no positions left in this game (${ctx.held.length} of ${MAX_POSITIONS_PER_GAME} held)`);
  }
  const gameProblem = whyNotAccepting(ctx.listing, ctx.now);
  if (gameProblem) problems.push(gameProblem);

  if (price && stake && ctx.held.some((h) => isReadable(h.sp) && isReadable(h.f) && h.sp.eq(price) && h.f.eq(stake))) {
    problems.push("same price and stake as a position you hold (the service would refuse it as a duplicate)");
  }
  const live = ctx.listing?.liveGame;
  if (problems.length > 0 || !price || !stake || !live) return { ok: false, problems };
  return { ok: true, gid: live.gid, sp: toWire(price), f: toWire(stake) };
}

/**
 * How far from the live price, as a share of it, a price may be before the
 * form says how far it is: a digit too many or too few, or the first two
 * swapped, is further. Only said, never refused: a strike is the trader's
 * to choose. docs/dashboard.md ("The position form").
 */
export const FAR_FROM_PRICE = new Decimal("0.1");
/** Past this many times the live price the note says "over 10x" rather than a percentage a pasted number could make any length. */
const FAR_TIMES = 10;

/**
 * "42% below the live price" (or "42% below live", `short`) where `sp` is
 * further than FAR_FROM_PRICE from `price`; "over 10x the live price" past
 * FAR_TIMES. Undefined near the price, or without one.
 */
export function farFromPrice(sp: Decimal, price: Decimal | undefined, short = false): string | undefined {
  if (price === undefined || price.lte(0)) return undefined;
  const ratio = sp.div(price);
  const live = short ? "live" : "the live price";
  if (ratio.gt(FAR_TIMES)) return `over ${FAR_TIMES}x ${live}`;
  const off = ratio.minus(1);
  if (off.abs().lte(FAR_FROM_PRICE)) return undefined;
  return `${off.abs().times(100).toFixed(0, Decimal.ROUND_DOWN)}% ${off.gt(0) ? "above" : "below"} ${live}`;
}

/**
 * The whole-number strike nearest `price` that no held position has at
 * `stake`: what p and P offer, so a repeat while the price has not moved a
 * whole unit is not refused as a duplicate. The nearest first, above before
 * below; at most ten are held, so one of the 21 nearest is free.
 */
export function freeStrike(price: Decimal, stake: Decimal, held: PlacementContext["held"]): Decimal {
  const rounded = price.toDecimalPlaces(0);
  const taken = (sp: Decimal) => held.some((h) => isReadable(h.sp) && isReadable(h.f) && h.sp.eq(sp) && h.f.eq(stake));
  // Stryker disable next-line EqualityOperator: with ten held at most, a free strike turns up by d = 5
  for (let d = 0; d <= MAX_POSITIONS_PER_GAME; d++) {
    // At d = 0 both are the rounded price itself.
    for (const sp of [rounded.plus(d), rounded.minus(d)]) if (!taken(sp)) return sp;
  }
  return rounded;
}

/** Null while the listed game accepts positions; otherwise what the trader is waiting for. */
export function whyNotAccepting(listing: GameListing | undefined, now: number): string | null {
  if (!listing) return "the live game is not known yet";
  const live = listing.liveGame;
  if (live === null) return noLiveGame(listing, now);
  const toNext = toNextGame(listing, now);
  switch (phaseAt(live, now)) {
    case "accepting":
      // Unreadable: the service did not say; the clock says accepting, and the service has the last word.
      return listing.can_place_position === false ? "the service is not accepting positions from you right now" : null;
    case "locked":
      return toNext === null ? "locked — no next game announced" : `locked — next game opens in ${formatCountdown(toNext)}`;
    case "settling":
      return "the game has ended — waiting for the next one";
    case "next":
      return `the game opens in ${formatCountdown(live.start_at - now)}`;
  }
}

/** "no live game for BTC_USDT 1m" */
export function noLiveGameTitle(listing: GameListing): string {
  return `no live game for ${listing.asset} ${formatInterval(listing.interval)}`;
}

/** "no live game for BTC_USDT 1m — next #489887 opens in 0:12": the game pane, the form and the commands say this. */
export function noLiveGame(listing: GameListing, now: number): string {
  const what = noLiveGameTitle(listing);
  const next = listing.nextGame;
  if (next === null) return `${what} and no next game announced`;
  if (!isReadable(next)) return `${what}; the next game could not be read`;
  const gid = isReadable(next.gid) ? ` #${next.gid}` : "";
  return `${what} — next game${gid} opens in ${formatCountdown(Math.max(0, next.starts_at - now))}`;
}
