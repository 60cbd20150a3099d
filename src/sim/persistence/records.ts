/**
 * What the journal holds: every acknowledged mutation, as facts to replay.
 * Settlements are not recorded, but for a played history's games, which no
 * placement record describes: the world (prices, crowd) is a pure function
 * of the seed, so replaying these facts in order settles the same games
 * the same way. Parsed with zod on read, so a damaged journal is refused
 * clearly.
 */
import * as z from "zod";
import { DECIMAL_RE, NetworkSchema } from "../../api/schemas.js";
import { INTERVALS, SIM_ASSETS } from "../../domain/rules.js";
import { type HistoryGameRecord, isHistoryGames } from "./history-record.js";

const t = z.number().int().nonnegative();
const decimal = z.string().regex(DECIMAL_RE);
const userId = z.number().int().positive();

export const JournalRecordSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("genesis"), v: z.literal(1), t, seed: z.number().int().nonnegative() }),
  /**
   * Written by older sims: their generated key in plain text. Read only to
   * find which user is the demo user; a sim now keeps a key's hash alone.
   */
  z.object({ type: z.literal("demo_key"), t, key: z.string().min(1) }),
  z.object({
    type: z.literal("user"),
    t,
    id: z.number().int().positive(),
    keyHash: z.string().regex(/^[0-9a-f]{64}$/),
    deposits: z.record(NetworkSchema, decimal),
    /** The user of the sim's generated key (its key is new at every start: see rekey). */
    demo: z.boolean().optional(),
  }),
  /** A user's key replaced: the demo user's at every start, as the sim keeps no key it could show again. */
  z.object({ type: z.literal("rekey"), t, userId: z.number().int().positive(), keyHash: z.string().regex(/^[0-9a-f]{64}$/) }),
  z.object({
    type: z.literal("deposit"),
    t,
    userId: z.number().int().positive(),
    currency: z.string().min(1),
    network: NetworkSchema,
    amount: decimal,
  }),
  z.object({
    type: z.literal("place"),
    t,
    userId: z.number().int().positive(),
    txid: z.string().min(1),
    gid: z.string().regex(/^\d+$/),
    a: z.enum(SIM_ASSETS),
    it: z.literal(INTERVALS),
    n: NetworkSchema,
    c: z.string().min(1),
    sp: decimal,
    f: decimal,
    pw: z.string(),
  }),
  /**
   * A new world's played history (sim/engine/history.ts): what its games
   * came to, as it was made, so that a restart files the same results and
   * balances without playing them again.
   */
  z.object({
    type: z.literal("history"),
    v: z.literal(1),
    t,
    days: z.number().int().positive(),
    gamesPerDay: z.number().int().positive(),
    userIds: z.array(userId),
    /** In end order, all on testnet. */
    games: z.custom<HistoryGameRecord[]>(isHistoryGames, "not a played history's games"),
  }),
]);

export type JournalRecord = z.infer<typeof JournalRecordSchema>;
export type PlaceRecord = Extract<JournalRecord, { type: "place" }>;
export type UserRecord = Extract<JournalRecord, { type: "user" }>;
export type DepositRecord = Extract<JournalRecord, { type: "deposit" }>;
export type RekeyRecord = Extract<JournalRecord, { type: "rekey" }>;
export type HistoryRecord = Extract<JournalRecord, { type: "history" }>;
export type { HistoryGameRecord } from "./history-record.js";
