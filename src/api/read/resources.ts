/**
 * The six endpoints' responses read into domain values (domain/service-data.ts):
 * what is shown, as strictly as money needs; everything else leniently. Each
 * reader takes the parsed JSON (numbers as JsonNumber, see ../json.ts) and
 * throws UnusableResponse only when the response lacks what its pane exists
 * for. docs/compatibility.md is this file in prose; keep them together.
 */
import { Decimal, sum } from "../../domain/money.js";
import {
  type Balance,
  type GameListing,
  type GameResult,
  isReadable,
  type LiveGame,
  type LivePrice,
  type Lobby,
  type NextGame,
  type Pagination,
  type PlacedPosition,
  type Position,
  type ResultPosition,
  type ResultsPage,
  type StatusReport,
  type StreakEntry,
  Unreadable,
} from "../../domain/service-data.js";
import { Fields, type Rule, UnusableResponse } from "./fields.js";
import { isPlainObject, preview, readBoolean, readDecimal, readEpochMs, readId, readInteger, readText } from "./values.js";

const DECIMAL: Rule<Decimal> = { kind: "decimal", read: readDecimal };
const INTEGER: Rule<number> = { kind: "integer", read: readInteger };
const EPOCH: Rule<number> = { kind: "epoch", read: readEpochMs };
const BOOLEAN: Rule<boolean> = { kind: "boolean", read: readBoolean };
const TEXT: Rule<string> = { kind: "text", read: readText };
const ID: Rule<string> = { kind: "id", read: readId };
/** `win` of a result position: a boolean as the spec shows, or the amount won. */
/** Pagination counts: a page size of 0 or an offset below 0 would page forever or nowhere. */
function atLeast(min: number): Rule<number> {
  return {
    kind: "integer",
    read: (v) => {
      const n = readInteger(v);
      return n !== undefined && n >= min ? n : undefined;
    },
  };
}
const COUNT = atLeast(0);
const PAGE_SIZE = atLeast(1);
const WIN: Rule<boolean | Decimal> = { kind: "boolean", read: (v) => readBoolean(v) ?? readDecimal(v) };

/**
 * A part of a response that may be unusable on its own (the next game, one
 * game of a results page): its reader's UnusableResponse becomes an
 * Unreadable in its place instead of failing the whole response.
 */
function part<T>(issues: Unreadable[], read: () => T): T | Unreadable {
  try {
    return read();
  } catch (e) {
    if (!(e instanceof UnusableResponse)) throw e;
    issues.push(e.issue);
    return e.issue;
  }
}

// ---- GET /spot ----------------------------------------------------------------------

export function readListing(json: unknown, asked: { asset: string; interval: number }): GameListing {
  const issues: Unreadable[] = [];
  const f = Fields.root(json, issues);
  const liveGame = readLiveGame(f);
  const nextGame = readNextGame(f);
  // Without a live game the flags have nothing to describe: a service may leave them out.
  const flag = (key: string) => (liveGame === null ? (f.quiet(key, BOOLEAN) ?? false) : f.shown(key, BOOLEAN));
  return {
    asset: f.quiet("asset", TEXT) ?? asked.asset,
    interval: f.quiet("interval", INTEGER) ?? asked.interval,
    early_precision_window: flag("early_precision_window"),
    can_place_position: flag("can_place_position"),
    liveGame,
    nextGame,
    timestamp: f.quiet("timestamp", EPOCH) ?? null,
    extra: f.extra(),
    issues,
  };
}

/** A game object sent as {} or false means none, as a null or missing one does (Fields.object). */
function isNone(v: unknown): boolean {
  return v === false || (isPlainObject(v) && Object.keys(v).length === 0);
}

function readLiveGame(root: Fields): LiveGame | null {
  if (isNone(root.raw.liveGame)) return absentAs(root, "liveGame", null);
  const g = root.object("liveGame");
  if (g === null) return null;
  // The game pane exists for the live game: one it cannot read is that pane's error.
  if (!isReadable(g)) throw new UnusableResponse(g);
  const lobby = readLobby(g);
  return {
    gid: g.need("gid", ID),
    open_price: g.shown("open_price", DECIMAL),
    ai_price: g.shown("ai_price", DECIMAL),
    start_at: g.need("start_at", EPOCH),
    // The public example's lobby runs from closes_at to ends_at: either can stand in for the other.
    closes_at: needOr(g, "closes_at", lobby?.start_at),
    ends_at: needOr(g, "ends_at", lobby?.end_at),
    lobby,
    extra: g.extra(),
  };
}

/** A needed instant, or `fallback` when the service left it out. */
function needOr(g: Fields, key: string, fallback: number | undefined): number {
  if (g.has(key) || fallback === undefined) return g.need(key, EPOCH);
  g.get(key);
  return fallback;
}

function readLobby(game: Fields): Lobby | null {
  const l = game.object("lobby");
  if (l === null || !isReadable(l)) return null;
  const start = l.quiet("start_at", EPOCH);
  const end = l.quiet("end_at", EPOCH);
  if (start === undefined || end === undefined) {
    game.unreadable("lobby", "expected start_at and end_at in epoch milliseconds; taken as no lobby", preview(l.raw));
    return null;
  }
  return { start_at: start, end_at: end, isLobby: l.quiet("isLobby", BOOLEAN) ?? null, extra: l.extra() };
}

function readNextGame(root: Fields): NextGame | null | Unreadable {
  if (isNone(root.raw.nextGame)) return absentAs(root, "nextGame", null);
  const g = root.object("nextGame");
  if (g === null || !isReadable(g)) return g;
  return part(root.issues, () => ({
    gid: g.shown("gid", ID),
    starts_at: g.need("starts_at", EPOCH),
    ends_at: g.shown("ends_at", EPOCH),
    extra: g.extra(),
  }));
}

// ---- Positions ----------------------------------------------------------------------------

function readPosition(p: Fields): Position {
  const gid = p.nullable("gid", ID);
  const sp = p.shown("sp", DECIMAL);
  const f = p.shown("f", DECIMAL);
  // t is the spec's placement time; created_at says the same in ISO 8601 when t is absent.
  const createdAt = p.has("t") ? undefined : readEpochMs(p.raw.created_at);
  const t = createdAt ?? p.shown("t", EPOCH);
  const txid = p.quiet("txid", ID) ?? madeTxid(gid, t, sp, f);
  return {
    gid: isReadable(gid) ? gid : null,
    txid,
    sp,
    f,
    w: p.nullable("w", DECIMAL),
    r: p.nullable("r", DECIMAL),
    t,
    st: p.quiet("st", TEXT) ?? null,
    extra: p.extra(),
  };
}

/** An identity for a position sent without a txid: its game, time, price and stake. */
function madeTxid(...parts: unknown[]): string {
  const text = (x: unknown) => (x instanceof Unreadable ? "?" : x === null ? "" : x instanceof Decimal ? x.toFixed() : String(x));
  return `~${parts.map(text).join(":")}`;
}

export function readPlacedPosition(json: unknown): PlacedPosition {
  const issues: Unreadable[] = [];
  return { ...readPosition(Fields.root(json, issues)), issues };
}

export function readStatus(json: unknown): StatusReport {
  const issues: Unreadable[] = [];
  const f = Fields.root(json, issues);
  const list = f.list("positions");
  // The positions pane exists for these.
  if (!isReadable(list)) throw new UnusableResponse(list);
  const positions: Position[] = [];
  (list ?? []).forEach((v, i) => {
    const p = f.element("positions", i, v);
    if (isReadable(p)) positions.push(readPosition(p));
  });
  const streakList = f.list("streaks");
  const streaks: StreakEntry[] = isReadable(streakList) ? (streakList ?? []).map(readStreak) : [];
  return { positions, streaks, extra: f.extra(), issues };
}

/** The official clients read streak elements as { positionId, streak }; other shapes are kept as they are. */
function readStreak(raw: unknown): StreakEntry {
  const o = isPlainObject(raw) ? raw : {};
  return { positionId: readId(o.positionId) ?? null, streak: readInteger(o.streak) ?? null, raw };
}

// ---- GET /user-balance, GET /live-price ----------------------------------------------------

export function readBalance(json: unknown): Balance {
  const issues: Unreadable[] = [];
  const f = Fields.root(json, issues);
  return { balance: f.need("balance", DECIMAL), withdrawal_req: f.shown("withdrawal_req", TEXT), extra: f.extra(), issues };
}

export function readLivePrice(json: unknown): LivePrice {
  const issues: Unreadable[] = [];
  const f = Fields.root(json, issues);
  return { value: f.need("value", DECIMAL), timestamp: f.quiet("timestamp", EPOCH) ?? null, extra: f.extra(), issues };
}

// ---- GET /results --------------------------------------------------------------------------

export function readResults(json: unknown, asked: { limit?: number; offset?: number }): ResultsPage {
  const issues: Unreadable[] = [];
  const f = Fields.root(json, issues);
  const list = f.list("games");
  if (!isReadable(list)) throw new UnusableResponse(list);
  const games: GameResult[] = [];
  (list ?? []).forEach((v, i) => {
    const g = f.element("games", i, v);
    if (!isReadable(g)) return;
    const game = part(issues, () => readGameResult(g));
    if (isReadable(game)) games.push(game);
  });
  return { games, pagination: readPagination(f, asked), extra: f.extra(), issues };
}

function readGameResult(g: Fields): GameResult {
  const gid = g.need("gid", ID);
  const list = g.list("positions");
  const positions: ResultPosition[] = [];
  if (isReadable(list)) {
    (list ?? []).forEach((v, i) => {
      const p = g.element("positions", i, v);
      if (isReadable(p)) positions.push(readResultPosition(p));
    });
  }
  // Totals the service leaves out are derived exactly from what it did send.
  const staked = derived(g, "total_staked", () => sumOf(positions.map((p) => p.f)));
  const won = derived(g, "total_winnings", () => sumOf(positions.map((p) => p.w)));
  const net = derived(g, "net_return", () => (isReadable(staked) && isReadable(won) ? won.minus(staked) : undefined));
  return {
    gid,
    interval: g.shown("interval", INTEGER),
    asset: g.shown("asset", TEXT),
    network: g.shown("network", TEXT),
    currency: g.shown("currency", TEXT),
    open_price: g.shown("open_price", DECIMAL),
    closing_price: g.nullable("closing_price", DECIMAL),
    settled_at: g.nullable("settled_at", EPOCH),
    // Absent means what the spec's false means: the game was not cancelled.
    cancelled: g.has("cancelled") ? g.shown("cancelled", BOOLEAN) : absentAs(g, "cancelled", false),
    positions,
    total_staked: staked,
    total_winnings: won,
    net_return: net,
    extra: g.extra(),
  };
}

/** A field whose absence has a meaning of its own. */
function absentAs<T>(g: Fields, key: string, value: T): T {
  g.get(key);
  return value;
}

function derived(g: Fields, key: string, compute: () => Decimal | undefined): Decimal | Unreadable {
  if (!g.has(key)) {
    const value = compute();
    if (value !== undefined) {
      g.get(key);
      return value;
    }
  }
  return g.shown(key, DECIMAL);
}

function sumOf(values: readonly (Decimal | null | Unreadable)[]): Decimal | undefined {
  const known = values.filter((v): v is Decimal => v instanceof Decimal);
  return known.length === values.length ? sum(known) : undefined;
}

function readResultPosition(p: Fields): ResultPosition {
  const sp = p.shown("sp", DECIMAL);
  const f = p.shown("f", DECIMAL);
  const placedAt = p.shown("placed_at", EPOCH);
  return {
    txid: p.quiet("txid", ID) ?? madeTxid(placedAt, sp, f),
    sp,
    f,
    w: p.nullable("w", DECIMAL),
    r: p.nullable("r", DECIMAL),
    win: p.nullable("win", WIN),
    variance: p.nullable("variance", DECIMAL),
    placed_at: placedAt,
    extra: p.extra(),
  };
}

function readPagination(root: Fields, asked: { limit?: number; offset?: number }): Pagination {
  const o = root.object("pagination");
  const p = isReadable(o) ? o : null;
  return {
    total: p?.quiet("total", COUNT) ?? null,
    limit: p?.quiet("limit", PAGE_SIZE) ?? asked.limit ?? 20,
    offset: p?.quiet("offset", COUNT) ?? asked.offset ?? 0,
    extra: p?.extra() ?? {},
  };
}
