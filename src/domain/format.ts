/**
 * How times and prices read on screen. Pure, so every pane and the one-shot
 * commands print them the same way.
 */
// Per-function entry points: the package index loads all of date-fns (about 180 ms at start-up).
import { format } from "date-fns/format";
import { secondsToHours } from "date-fns/secondsToHours";
import { secondsToMinutes } from "date-fns/secondsToMinutes";
import { startOfDay } from "date-fns/startOfDay";
import { Decimal, formatAmount, formatSigned, groupThousands } from "./money.js";
import { INTERVALS, type Interval } from "./rules.js";
import { Unreadable } from "./service-data.js";

/** How a value the service sent in a form we cannot read is drawn: the diagnostics view (D) says why. */
export const UNREADABLE_MARK = "?";

/** Anything a formatter takes: exact decimals, or the wire forms the commands print directly. */
type Amount = string | number | Decimal | Unreadable;

/** 75 s → "1:15"; 3 h 2 m 5 s → "3:02:05"; 2 d → "48:00:00". Rounds up so 0:00 means "now". */
export function formatCountdown(ms: number): string {
  // Three countdowns are drawn every second: date-fns' unit conversions, not
  // intervalToDuration, which walks a calendar (years, months, days) each call.
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = secondsToHours(total);
  const mm = String(secondsToMinutes(total) % 60);
  const ss = String(total % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${mm.padStart(2, "0")}:${ss}` : `${mm}:${ss}`;
}

/** Age of a datum: "0.4s", "12s", "3m", "2h". */
export function formatAge(ms: number): string {
  const s = Math.max(0, ms) / 1000;
  if (s < 10) return `${s.toFixed(1)}s`;
  if (s < 120) return `${Math.floor(s)}s`;
  if (s < 7200) return `${Math.floor(s / 60)}m`;
  return `${Math.floor(s / 3600)}h`;
}

const clocks = new Map<number, string>();

/** Local wall-clock time of an epoch-ms instant. */
export function formatClock(epochMs: number): string {
  // Drawn every second for the header and each position; date-fns reads its pattern anew on every call.
  // The memo changes no text, only how often date-fns is called: a finer key, a memo never used, cleared
  // at every call or never, all draw the same clock.
  // Stryker disable next-line ArithmeticOperator: a finer key only memoises less
  const second = Math.floor(epochMs / 1000);
  let text = clocks.get(second);
  // Stryker disable next-line ConditionalExpression: forced true it formats every time, the same text
  if (text === undefined) {
    // Stryker disable next-line ConditionalExpression,EqualityOperator: the memo's bound holds memory, not text
    if (clocks.size >= 256) clocks.clear();
    text = format(new Date(epochMs), "HH:mm:ss");
    clocks.set(second, text);
  }
  return text;
}

/** The local midnight that starts the day of an instant: a value that changes once a day, for memoising by day. */
export function dayOf(epochMs: number): number {
  return startOfDay(epochMs).getTime();
}

/**
 * A time with its date when it is not on the local day of `now`
 * ("07:57:05", "Nov 22 07:57"): a day-long game's start and end read the
 * same clock time.
 */
export function formatWhen(epochMs: number, now: number): string {
  const day = (t: number) => new Date(t).toDateString();
  return day(epochMs) === day(now) ? formatClock(epochMs) : format(new Date(epochMs), "MMM d HH:mm");
}

/** Games' ids in the panes: ids longer than SHORT_GID_DIGITS show their last digits after an ellipsis. */
export const SHORT_GID_DIGITS = 6;

export function shortGid(gid: string, ascii = false): string {
  return gid.length <= SHORT_GID_DIGITS + 2 ? gid : `${ascii ? "~" : "…"}${gid.slice(-SHORT_GID_DIGITS)}`;
}

/**
 * The live price against a strike (or a close against one), signed:
 * "+45.24" when the price is above the strike, "-3.76" below, "0.00" on it.
 * A sign, not ▲/▼: those mean a price's move (docs/glance.md, "Symbols").
 */
export function formatDistance(d: Amount): string {
  return formatPriceChange(d);
}

/** Prices on screen: two decimals, grouped. */
export function formatPrice(p: Amount): string {
  return p instanceof Unreadable ? UNREADABLE_MARK : formatAmount(toDecimal(p), 2);
}

/**
 * A price as it will be sent (the form's preview) or as the trader chose it
 * (a strike, an alert's level): grouped, with every decimal it has, at least
 * two. Rounded to the cent, a strike placed at 63500.123 would be listed as
 * another, 63,500.12, and an alert at 75000.005 described as 75,000.01.
 */
export function formatPriceExact(p: Amount): string {
  if (p instanceof Unreadable) return UNREADABLE_MARK;
  const d = toDecimal(p);
  return formatAmount(d, Math.max(2, d.decimalPlaces()));
}

/**
 * formatPriceExact in a column `width` wide: every decimal that fits, and "…"
 * where some do not, so a cut strike never reads as another price. At least
 * two decimals are kept; a price too wide even for that is drawn whole.
 */
export function formatPriceExactIn(p: Amount, width: number): string {
  const whole = formatPriceExact(p);
  // Every price formatPriceExact writes has a point; the mark of one not read ("?") has none but fits any column.
  const point = whole.indexOf(".");
  if (whole.length <= width || width - 1 < point + 3) return whole;
  return `${whole.slice(0, width - 1)}…`;
}

/** A strike as the chart's tags, the game pane and the last game's card name it: "@63,769", "@63,769.50", "@63,500.123". */
export function strikeLabel(p: Amount): string {
  // Stryker disable next-line Regex: formatPriceExact gives exactly two decimals to a price with fewer, so ".00" is a whole price's end
  return `@${formatPriceExact(p).replace(/\.00$/, "")}`;
}

export function formatPriceChange(p: Amount): string {
  return p instanceof Unreadable ? UNREADABLE_MARK : formatSigned(toDecimal(p), 2);
}

/**
 * "+12.35%", "-3.00%", "0.00%". A share that is not zero but rounds to it
 * keeps its sign ("-0.00%"): "▼ -0.96 (0.00%)" would say the price did not
 * move beside a move drawn down.
 */
export function formatPercent(p: Amount): string {
  if (p instanceof Unreadable) return UNREADABLE_MARK;
  const d = toDecimal(p);
  const body = formatSigned(d, 2);
  const sign = d.isZero() || /[1-9]/.test(body) ? "" : d.isNegative() ? "-" : "+";
  return `${sign}${body}%`;
}

/**
 * Money, one function per kind (docs/glance.md):
 *   - formatMoney / formatMoneyChange: the panes, tables and messages, at
 *     MONEY_PANE_DECIMALS, so a column's points line up and a figure does
 *     not change width as its last digits come and go; an amount under a
 *     cent that is not zero keeps its digits (panePlaces), so a
 *     minimum-stake game's figures are never rounded to 0.00 or 0.01;
 *   - formatMoneyAt / formatMoneyChangeAt: the live game's figures, all at
 *     the game's one precision (gamePlaces), so none changes as it moves;
 *   - formatGross: a gross (a book row's PROJ.GROSS, paid) beside its stake, to as many decimals
 *     as its net needs, so gross − stake reads as the net beside it;
 *   - formatMoneyExact / formatMoneyChangeExact: the detail views and the
 *     one-shot commands, every digit the amount has down to USDC's smallest
 *     unit (MONEY_EXACT_MAX_DECIMALS), at least two;
 *   - inCurrency: an amount that stands alone names its currency.
 * `--json` prints the service's own digits and does not come through here.
 */
export const MONEY_PANE_DECIMALS = 2;
export const MONEY_EXACT_MAX_DECIMALS = 6;

export function formatMoney(amount: Amount): string {
  if (amount instanceof Unreadable) return UNREADABLE_MARK;
  const d = toDecimal(amount);
  return formatAmount(d, panePlaces(d));
}

export function formatMoneyChange(amount: Amount): string {
  if (amount instanceof Unreadable) return UNREADABLE_MARK;
  const d = toDecimal(amount);
  return formatSigned(d, panePlaces(d));
}

/**
 * A gross (projected winnings, or a settled game's paid) beside its stake:
 * to at least the decimals its net, gross − stake, is shown with, so the
 * figures read as that net. At the minimum stake a gross of 0.014028 on
 * 0.01 staked reads "0.014028", not "0.01", which beside PROJ.NET +0.004028
 * (or a return of +40.28 %) would say the position gains nothing.
 */
export function formatGross(gross: Amount, stake: Amount): string {
  if (gross instanceof Unreadable) return UNREADABLE_MARK;
  const d = toDecimal(gross);
  const places = stake instanceof Unreadable ? panePlaces(d) : Math.max(panePlaces(d), panePlaces(d.minus(toDecimal(stake))));
  return formatAmount(d, places);
}

export function formatMoneyExact(amount: Amount): string {
  if (amount instanceof Unreadable) return UNREADABLE_MARK;
  const d = toDecimal(amount);
  return formatAmount(d, exactPlaces(d));
}

/**
 * A stake the trader chose, or one game's stakes summed: every digit it was placed with, at least 2
 * (formatMoneyExact), as a strike keeps its own (formatPriceExact). To the cent, 12.345678 would
 * read 12.35, a stake it is not, after a preview that named every digit.
 */
export function formatStake(amount: Amount): string {
  return formatMoneyExact(amount);
}

export function formatMoneyChangeExact(amount: Amount): string {
  if (amount instanceof Unreadable) return UNREADABLE_MARK;
  const d = toDecimal(amount);
  return formatSigned(d, exactPlaces(d));
}

/**
 * Two decimals, but for an amount under a tenth that is not zero: then its
 * digits (PANE_DIGITS_BELOW). Rounded to the cent, a minimum-stake game's
 * figures would read "WON 0.00", "+0.01" for +0.006575 (a 66 % return read
 * as 100 %) beside "+0.003281" shown whole, or "if closed now +0.01
 * (+141.78%)" for +0.014178 on 0.01.
 */
function panePlaces(d: Decimal): number {
  return d.isZero() || d.abs().gte(PANE_DIGITS_BELOW) ? MONEY_PANE_DECIMALS : exactPlaces(d);
}

/** An amount smaller than this (and not zero) is shown with its digits, not rounded to MONEY_PANE_DECIMALS. */
const PANE_DIGITS_BELOW = new Decimal("0.1");

/**
 * The decimals a live game's money figures (its positions' projected gross
 * and net, their total, "if closed now") are shown with: all of them alike,
 * whatever each figure's size, so none changes precision as the price moves
 * it across a tenth. MONEY_EXACT_MAX_DECIMALS where a stake is under
 * GAME_DIGITS_BELOW, else MONEY_PANE_DECIMALS.
 */
export function gamePlaces(stakes: readonly Decimal[]): number {
  return stakes.some((s) => s.abs().lt(GAME_DIGITS_BELOW)) ? MONEY_EXACT_MAX_DECIMALS : MONEY_PANE_DECIMALS;
}

/**
 * A game with a stake under this is shown with every digit: its nets are
 * fractions of a cent to a few cents (a 1 m game's minimum is 0.1, a 10 s
 * game's 0.01), and at the cent a gross of 0.102 on 0.10 staked read
 * "0.10" beside a net of "+0.002" (kept at its first digit, never read as
 * zero), as if gross less stake were not the net.
 */
const GAME_DIGITS_BELOW = new Decimal(1);

/** An amount to `places` decimals (gamePlaces); one that is not zero but would read as zero goes to its first digit. */
export function formatMoneyAt(amount: Amount, places: number): string {
  if (amount instanceof Unreadable) return UNREADABLE_MARK;
  const d = toDecimal(amount);
  return formatAmount(d, atLeastFirstDigit(d, places));
}

/** formatMoneyAt, signed: a change or a net. */
export function formatMoneyChangeAt(amount: Amount, places: number): string {
  if (amount instanceof Unreadable) return UNREADABLE_MARK;
  const d = toDecimal(amount);
  return formatSigned(d, atLeastFirstDigit(d, places));
}

function atLeastFirstDigit(d: Decimal, places: number): number {
  return d.isZero() || !d.toDecimalPlaces(places, Decimal.ROUND_HALF_EVEN).isZero() ? places : -d.e;
}

/**
 * Its digits, at most MONEY_EXACT_MAX_DECIMALS; but an amount that is not
 * zero and would round to zero there goes to its first digit ("0.0000001"),
 * never reading as nothing.
 */
function exactPlaces(d: Decimal): number {
  return atLeastFirstDigit(d, Math.min(MONEY_EXACT_MAX_DECIMALS, Math.max(MONEY_PANE_DECIMALS, d.decimalPlaces())));
}

/** "974.90 USDC": an amount with no column header or label to say what it is in. */
export function inCurrency(formatted: string, currency: string): string {
  return currency === "" ? formatted : `${formatted} ${currency}`;
}

/**
 * Pads each numeric cell on the right so that, right-aligned in one column,
 * their decimal points line up ("1.5", "20.125" → "1.5  ", "20.125").
 * Cells without a digit ("–", "pending") are left as they are.
 */
export function alignDecimals(cells: readonly string[]): string[] {
  const to = fractionWidth(cells);
  return cells.map((c) => padFraction(c, to));
}

const isNumeric = (c: string) => /\d/.test(c);

/** The point and the decimals of a cell ("1.125" → 4); 0 without a point. */
function fractionOf(c: string): number {
  const point = c.lastIndexOf(".");
  return point < 0 ? 0 : c.length - point;
}

/**
 * What the numeric cells of a column are padded to (padFraction) so that
 * their points line up: the widest fraction; 0, no padding, where a padded
 * cell would be wider than `width` (its column).
 */
export function fractionWidth(cells: readonly string[], width = Number.POSITIVE_INFINITY): number {
  const numeric = cells.filter(isNumeric);
  const widest = Math.max(0, ...numeric.map(fractionOf));
  return numeric.every((c) => c.length - fractionOf(c) + widest <= width) ? widest : 0;
}

/** A numeric cell padded on the right to `fraction` (fractionWidth); any other as it is. */
export function padFraction(cell: string, fraction: number): string {
  return isNumeric(cell) ? cell + " ".repeat(Math.max(0, fraction - fractionOf(cell))) : cell;
}

function toDecimal(p: string | number | Decimal): Decimal {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: decimal.js copies a Decimal and reads a number by the shortest form String gives
  return p instanceof Decimal ? p : new Decimal(typeof p === "number" ? String(p) : p);
}

/** A clock time, or the mark when the instant could not be read. */
export function formatClockOf(t: number | Unreadable): string {
  return t instanceof Unreadable ? UNREADABLE_MARK : formatClock(t);
}

/** 60 → "1m", 3600 → "1h", 86400 → "1d", 10 → "10s". */
export function formatInterval(seconds: number | Unreadable): string {
  if (seconds instanceof Unreadable) return UNREADABLE_MARK;
  if (seconds % 86400 === 0) return `${seconds / 86400}d`;
  if (seconds % 3600 === 0) return `${seconds / 3600}h`;
  if (seconds % 60 === 0) return `${seconds / 60}m`;
  return `${seconds}s`;
}

/**
 * An interval as a trader writes it: seconds ("60") or as the dashboard
 * shows it ("1m", "10s", "1h", "1d", any case); undefined for any other
 * text or length. The inverse of formatInterval over INTERVALS.
 */
export function readInterval(text: string): Interval | undefined {
  const t = text.trim().toLowerCase();
  return INTERVALS.find((i) => t === String(i) || t === formatInterval(i));
}

/** "1 game", "2 games": a count and its noun, singular for exactly one. */
export function plural(n: number, noun: string, nouns = `${noun}s`): string {
  return `${groupThousands(String(n))} ${n === 1 ? noun : nouns}`;
}
