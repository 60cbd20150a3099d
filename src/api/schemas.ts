/**
 * The spec's shapes, field for field and type for type: what a service that
 * follows the spec to the letter sends. The sim builds its responses as
 * these types and its tests hold it to them; the POST /spot body we send is
 * checked against PlacePositionBodySchema. The dashboard reads responses
 * far more leniently than this (read/resources.ts, docs/compatibility.md):
 * these schemas say what is right, not what is accepted.
 */
import * as z from "zod";

/** Prices and amounts travel as decimal strings ("67036.047800", "-1.5", "0"). */
export const DECIMAL_RE = /^-?\d+(\.\d+)?$/;
export const decimalString = z.string().regex(DECIMAL_RE, { message: "expected a decimal string" });

const epochMs = z.number().int().nonnegative();
const isoTime = z.string().min(1);

// ---- GET /spot -------------------------------------------------------------

export const LobbySchema = z.looseObject({
  start_at: epochMs,
  end_at: epochMs,
  isLobby: z.boolean(),
});

export const NextGameSchema = z.looseObject({
  gid: z.string().min(1),
  starts_at: epochMs,
  ends_at: epochMs,
});

export const LiveGameSchema = z.looseObject({
  gid: z.string().min(1),
  open_price: decimalString,
  ai_price: decimalString,
  start_at: epochMs,
  closes_at: epochMs,
  ends_at: epochMs,
  lobby: LobbySchema,
});

export const GameListingSchema = z.looseObject({
  asset: z.string().min(1),
  interval: z.number().int().positive(),
  early_precision_window: z.boolean(),
  can_place_position: z.boolean(),
  // The spec does not show the answer when no game is live or next; the sim
  // then sends null (docs/sim.md, "Paused markets").
  nextGame: NextGameSchema.nullable(),
  liveGame: LiveGameSchema.nullable(),
  timestamp: epochMs,
});

// ---- Position (POST /spot, GET /status) ----------------------------------

export const AvatarSchema = z.looseObject({
  imageUrl: z.string(),
  backgroundColor: z.string(),
});

const positionCommon = {
  gid: z.string().min(1),
  c: z.string().min(1),
  a: z.string().min(1),
  id: z.number(),
  f: decimalString,
  sp: decimalString,
  cm: z.boolean(),
  cmt: z.string().nullable(),
  pw: z.string(),
  win: z.number().nullable(),
  t: z.string().regex(/^\d+$/, { message: "expected epoch milliseconds as a digit string" }),
  tx: z.string().nullable(),
  txid: z.string().min(1),
  p: z.unknown().nullable(),
  created_at: isoTime,
  st: z.string().min(1),
  it: z.number().int().positive(),
  n: z.string().min(1),
  username: z.string(),
  avatar: AvatarSchema,
};

/** POST /spot answers with w as a decimal string ("0" at first) and r null. */
export const PlacedPositionSchema = z.looseObject({
  ...positionCommon,
  w: decimalString,
  r: z.number().nullable(),
});

/** GET /status positions carry w and r as numbers computed at request time. */
export const StatusPositionSchema = z.looseObject({
  ...positionCommon,
  w: z.number(),
  r: z.number().nullable(),
});

/** The official clients read streak elements as { positionId, streak }. */
export const StreakSchema = z.looseObject({
  positionId: z.union([z.string(), z.number()]),
  streak: z.number(),
});

export const StatusResponseSchema = z.looseObject({
  positions: z.array(StatusPositionSchema),
  // The spec does not show the element shape; keep what we cannot read.
  streaks: z.array(z.unknown()),
});

// ---- GET /user-balance, GET /live-price ------------------------------------

export const BalanceSchema = z.looseObject({
  userId: z.number(),
  balance: decimalString,
  withdrawal_req: z.string(),
});

export const LivePriceSchema = z.looseObject({
  timestamp: epochMs,
  value: z.number().finite(),
});

// ---- GET /results ----------------------------------------------------------

export const ResultPositionSchema = z.looseObject({
  sp: decimalString,
  f: decimalString,
  w: decimalString.nullable(),
  r: decimalString.nullable(),
  win: z.boolean().nullable(),
  variance: decimalString.nullable(),
  txid: z.string().min(1),
  placed_at: isoTime,
});

export const GameResultSchema = z.looseObject({
  gid: z.string().min(1),
  interval: z.number().int().positive(),
  asset: z.string().min(1),
  network: z.string().min(1),
  currency: z.string().min(1),
  open_price: decimalString,
  closing_price: decimalString.nullable(),
  settled_at: isoTime.nullable(),
  cancelled: z.boolean(),
  positions: z.array(ResultPositionSchema),
  total_staked: decimalString,
  total_winnings: decimalString,
  net_return: decimalString,
});

export const PaginationSchema = z.looseObject({
  total: z.number().int().nonnegative(),
  limit: z.number().int().positive(),
  offset: z.number().int().nonnegative(),
});

export const ResultsResponseSchema = z.looseObject({
  games: z.array(GameResultSchema),
  pagination: PaginationSchema,
});

// ---- Error body --------------------------------------------------------------

export const ErrorBodySchema = z.looseObject({
  error: z.string(),
  message: z.string().optional(),
  limit: z.number().optional(),
  current: z.number().optional(),
  resetIn: z.number().optional(),
  /** 422 bodies may name the offending fields (the sim does). */
  fields: z.array(z.string()).optional(),
});

// ---- Request body of POST /spot ----------------------------------------------

export const NETWORKS = ["testnet", "mainnet"] as const;
export const NetworkSchema = z.enum(NETWORKS);

export const PlacePositionBodySchema = z.object({
  gid: z.string().min(1),
  c: z.string().min(1),
  a: z.string().min(1),
  sp: decimalString,
  f: decimalString,
  pw: z.string().min(1),
  n: NetworkSchema,
  it: z.number().int().positive(),
});

export type Lobby = z.infer<typeof LobbySchema>;
export type NextGame = z.infer<typeof NextGameSchema>;
export type LiveGame = z.infer<typeof LiveGameSchema>;
export type GameListing = z.infer<typeof GameListingSchema>;
export type Avatar = z.infer<typeof AvatarSchema>;
export type PlacedPosition = z.infer<typeof PlacedPositionSchema>;
export type StatusPosition = z.infer<typeof StatusPositionSchema>;
export type Streak = z.infer<typeof StreakSchema>;
export type StatusResponse = z.infer<typeof StatusResponseSchema>;
export type Balance = z.infer<typeof BalanceSchema>;
export type LivePrice = z.infer<typeof LivePriceSchema>;
export type ResultPosition = z.infer<typeof ResultPositionSchema>;
export type GameResult = z.infer<typeof GameResultSchema>;
export type Pagination = z.infer<typeof PaginationSchema>;
export type ResultsResponse = z.infer<typeof ResultsResponseSchema>;
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
export type Network = z.infer<typeof NetworkSchema>;
export type PlacePositionBody = z.infer<typeof PlacePositionBodySchema>;
