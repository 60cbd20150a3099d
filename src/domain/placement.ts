/**
 * Whether a position could be placed, and if not, why — one message per
 * problem. The dashboard's form and `spotdash place` both call this, so a
 * trader gets the same answer wherever they type.
 */
import type { GameListing } from "../api/schemas.js";
import { formatCountdown, formatInterval, formatMoney } from "./format.js";
import { gameClock } from "./game.js";
import { parseDecimal, sameAmount, toWire } from "./money.js";
import { MAX_POSITIONS_PER_GAME, MONEY_DECIMALS, minStake, type Interval } from "./rules.js";

export interface PlacementContext {
  interval: Interval;
  listing: GameListing | undefined;
  /** Server ms. */
  now: number;
  /** Available balance, decimal string; undefined when not known yet. */
  balance: string | undefined;
  /** The user's positions in the live game (strike and stake as sent). */
  held: readonly { sp: string; f: string }[];
}

export type PlacementCheck =
  | { ok: true; gid: string; sp: string; f: string }
  | { ok: false; problems: string[] };

export function checkPlacement(priceText: string, stakeText: string, ctx: PlacementContext): PlacementCheck {
  const problems: string[] = [];
  const price = parseDecimal(priceText);
  const stake = parseDecimal(stakeText);

  if (price === null) problems.push(`price: "${priceText.trim()}" is not a decimal number`);
  else if (price.lte(0)) problems.push("price must be positive");

  const min = minStake(ctx.interval);
  if (stake === null) problems.push(`stake: "${stakeText.trim()}" is not a decimal number`);
  else if (stake.decimalPlaces() > MONEY_DECIMALS) problems.push(`stake has more than ${MONEY_DECIMALS} decimals`);
  else if (stake.lt(min)) problems.push(`stake below the ${formatInterval(ctx.interval)} minimum of ${toWire(min)}`);
  else if (ctx.balance !== undefined && stake.gt(ctx.balance)) problems.push(`stake above the balance of ${formatMoney(ctx.balance)}`);

  if (ctx.held.length >= MAX_POSITIONS_PER_GAME) {
    problems.push(`no positions left in this game (${ctx.held.length} of ${MAX_POSITIONS_PER_GAME} held)`);
  }
  const gameProblem = whyNotAccepting(ctx.listing, ctx.now);
  if (gameProblem) problems.push(gameProblem);

  if (price && stake && ctx.held.some((h) => sameAmount(h.sp, toWire(price)) && sameAmount(h.f, toWire(stake)))) {
    problems.push("same price and stake as a position you hold (the service would refuse it as a duplicate)");
  }
  if (problems.length > 0 || !price || !stake || !ctx.listing) return { ok: false, problems };
  return { ok: true, gid: ctx.listing.liveGame.gid, sp: toWire(price), f: toWire(stake) };
}

/** Null while the listed game accepts positions; otherwise what the trader is waiting for. */
export function whyNotAccepting(listing: GameListing | undefined, now: number): string | null {
  if (!listing) return "the live game is not known yet";
  const clock = gameClock(listing, now);
  switch (clock.phase) {
    case "accepting":
      return listing.can_place_position ? null : "the service is not accepting positions from you right now";
    case "locked":
      return `locked — next game opens in ${formatCountdown(clock.toNext)}`;
    case "settling":
      return "the game has ended — waiting for the next one";
    case "next":
      return `the game opens in ${formatCountdown(listing.liveGame.start_at - now)}`;
  }
}
