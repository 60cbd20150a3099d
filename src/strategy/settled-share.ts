/**
 * A strategy's share of a settled game: the stakes and winnings of its own
 * positions in the result, told apart by txid. The result lists every
 * position the user held there, placed by hand or by another strategy too.
 * Where its positions cannot be told apart (no txid came back), the game's
 * totals are shared by stake.
 */
import { formatMoneyChangeExact, formatMoneyExact, inCurrency } from "../domain/format.js";
import { Decimal, sum } from "../domain/money.js";
import { type GameResult, isReadable } from "../domain/service-data.js";
import type { OwnPlacement } from "./decide.js";
import type { Settled } from "./limits.js";

export function settledShare(result: GameResult, own: readonly OwnPlacement[]): Settled {
  const mine = own.filter((p) => p.gid === result.gid && p.state !== "refused");
  const staked = sum(mine.map((p) => new Decimal(p.f)));
  if (result.cancelled === true) return { gid: result.gid, paid: staked, staked, cancelled: true };
  // Stryker disable next-line ArrayDeclaration: an id the service never gives a position matches nothing, like none at all
  const txids = new Set(mine.flatMap((p) => (p.txid ? [p.txid] : [])));
  const matched = result.positions.filter((p) => txids.has(p.txid));
  // With nothing of its own here, both ways give nothing.
  if (matched.length === mine.length) {
    const paid = sum(matched.map((p) => (p.w !== null && isReadable(p.w) ? p.w : new Decimal(0))));
    return { gid: result.gid, paid, staked };
  }
  const total = isReadable(result.total_staked) ? result.total_staked : undefined;
  const won = isReadable(result.total_winnings) ? result.total_winnings : undefined;
  if (total === undefined || won === undefined || total.isZero()) return { gid: result.gid, paid: new Decimal(0), staked };
  return { gid: result.gid, paid: won.times(staked).dividedBy(total).toDecimalPlaces(6, Decimal.ROUND_DOWN), staked };
}

/** A settled game of the strategy's in its log: the net first, in its currency, then what it was made of. */
export function settledWords(share: Settled, staked: Decimal, currency: string): string {
  if (share.cancelled) return `cancelled: ${inCurrency(formatMoneyExact(share.paid), currency)} refunded`;
  const net = inCurrency(formatMoneyChangeExact(share.paid.minus(staked)), currency);
  return `net ${net}: paid ${formatMoneyExact(share.paid)} for ${formatMoneyExact(staked)} staked`;
}
