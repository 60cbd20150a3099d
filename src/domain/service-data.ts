/**
 * What the service tells us, in the domain's exact types: money and prices as
 * Decimal, instants as epoch ms, game and transaction ids as strings. The
 * api layer reads every response into these (src/api/read/); nothing past
 * it knows the wire's forms (string or number, "0"/"1" or a boolean, …).
 * docs/compatibility.md says what is accepted for each field.
 *
 * Field names stay the spec's, so a reader of the spec finds them. Three
 * kinds of "no value" are kept apart:
 *   - null where the spec or docs/compatibility.md gives null a meaning
 *     (no live game, no closing price, not yet projected, …);
 *   - Unreadable for a value the dashboard shows that came in a form we
 *     cannot read: it is drawn as "?" and the diagnostics view (D) says why;
 *   - fields nobody displays are not read at all: they travel in `extra`
 *     exactly as received, for the commands' --json output.
 */
import type { Decimal } from "./money.js";

/** A displayed value the service sent in a form we could not read. */
export class Unreadable {
  constructor(
    /** Where in the response: "liveGame.ai_price", "positions[2].sp". */
    readonly field: string,
    /** "expected a decimal number", "missing", … */
    readonly reason: string,
    /** The value as received, short and redacted ("" when missing). */
    readonly value: string,
  ) {}

  toString(): string {
    return `${this.field}: ${this.reason}${this.value === "" ? "" : `, received ${this.value}`}`;
  }
}

export function isReadable<T>(v: T | Unreadable): v is T {
  return !(v instanceof Unreadable);
}

/** The value, or `fallback` when it could not be read. */
export function readOr<T, F>(v: T | Unreadable, fallback: F): T | F {
  return v instanceof Unreadable ? fallback : v;
}

/** Fields the dashboard does not use, as received (numbers keep their digits). */
export type Extra = Readonly<Record<string, unknown>>;

/** What every read response carries besides its data. */
export interface ReadReport {
  /** Every value of the response that could not be read, nested ones included. */
  readonly issues: readonly Unreadable[];
}

// ---- GET /spot ------------------------------------------------------------------

export interface Lobby {
  start_at: number;
  end_at: number;
  /** As sent; the phase comes from the times and the server clock, not from this. */
  isLobby: boolean | null;
  extra: Extra;
}

export interface LiveGame {
  gid: string;
  open_price: Decimal | Unreadable;
  ai_price: Decimal | Unreadable;
  start_at: number;
  closes_at: number;
  ends_at: number;
  /** null: the service sent no (readable) lobby; the phase comes from the times either way. */
  lobby: Lobby | null;
  extra: Extra;
  /**
   * Taken from the schedule the last listing announced (domain/game.ts,
   * scheduledListing), not from a listing of its own yet: its open and ai
   * prices, and whether it takes positions, are not known.
   */
  provisional?: true;
}

export interface NextGame {
  gid: string | Unreadable;
  starts_at: number;
  ends_at: number | Unreadable;
  extra: Extra;
}

export interface GameListing extends ReadReport {
  asset: string;
  interval: number;
  early_precision_window: boolean | Unreadable;
  can_place_position: boolean | Unreadable;
  /** null: no game is live (between games, or the asset is paused). */
  liveGame: LiveGame | null;
  /** null: no next game is announced; Unreadable: one is, in a form we cannot read. */
  nextGame: NextGame | null | Unreadable;
  /** Server epoch ms the response was made; null when not readable (no clock sample then). */
  timestamp: number | null;
  extra: Extra;
}

// ---- Positions (POST /spot, GET /status) ---------------------------------------------

export interface Position {
  /** null: not readable; the position is then taken to be in the game the endpoint reports on. */
  gid: string | null;
  /** The service's txid; when it sends none, one made from the position's own fields (docs/compatibility.md). */
  txid: string;
  sp: Decimal | Unreadable;
  f: Decimal | Unreadable;
  /** Projected winnings; null before the service projects any. */
  w: Decimal | null | Unreadable;
  /** Projected return %; null before the service projects any. */
  r: Decimal | null | Unreadable;
  /** Epoch ms it was placed. */
  t: number | Unreadable;
  /** The position's status as sent ("success"); null when absent. See positionState(). */
  st: string | null;
  extra: Extra;
}

export interface PlacedPosition extends Position, ReadReport {}

export interface StreakEntry {
  /** The position it is on track for, when the element says. */
  positionId: string | null;
  /** Wins in a row it would make, when the element says. */
  streak: number | null;
  /** The element as received (the spec does not show its shape). */
  raw: unknown;
}

export interface StatusReport extends ReadReport {
  positions: readonly Position[];
  streaks: readonly StreakEntry[];
  extra: Extra;
}

// ---- GET /user-balance, GET /live-price --------------------------------------------------

export interface Balance extends ReadReport {
  balance: Decimal;
  withdrawal_req: string | Unreadable;
  extra: Extra;
}

export interface LivePrice extends ReadReport {
  value: Decimal;
  /** Epoch ms the price was recorded; null when the service did not say. */
  timestamp: number | null;
  extra: Extra;
}

// ---- GET /results ------------------------------------------------------------------------

export interface ResultPosition {
  txid: string;
  sp: Decimal | Unreadable;
  f: Decimal | Unreadable;
  /** Winnings; null before settlement. */
  w: Decimal | null | Unreadable;
  r: Decimal | null | Unreadable;
  /** Whether it was profitable; a number when the service sends the amount instead. */
  win: boolean | Decimal | null | Unreadable;
  variance: Decimal | null | Unreadable;
  placed_at: number | Unreadable;
  extra: Extra;
}

export interface GameResult {
  gid: string;
  interval: number | Unreadable;
  asset: string | Unreadable;
  network: string | Unreadable;
  currency: string | Unreadable;
  open_price: Decimal | Unreadable;
  /** null: the service had no closing price (never shown as zero). */
  closing_price: Decimal | null | Unreadable;
  /** Epoch ms; null: not settled. */
  settled_at: number | null | Unreadable;
  cancelled: boolean | Unreadable;
  positions: readonly ResultPosition[];
  total_staked: Decimal | Unreadable;
  total_winnings: Decimal | Unreadable;
  net_return: Decimal | Unreadable;
  extra: Extra;
}

export interface Pagination {
  /** null: the service did not say how many there are. */
  total: number | null;
  limit: number;
  offset: number;
  extra: Extra;
}

export interface ResultsPage extends ReadReport {
  games: readonly GameResult[];
  pagination: Pagination;
  extra: Extra;
}
