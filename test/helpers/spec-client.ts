/**
 * The real client, plus calls that read the sim's answers strictly against
 * the spec's shapes (src/api/schemas.ts, every field and no other) instead of
 * the dashboard's tolerant reader: the sim's tests check what goes over the
 * wire, digit for digit ("67036.047800", `w` a JSON number). Errors come
 * back as the client's own ApiErrors; a shape that strays from the spec
 * throws zod's error.
 */

import type * as z from "zod";
import { ApiClient, type ResultsQuery } from "../../src/api/client.js";
import { stringifyJson } from "../../src/api/json.js";
import {
  type Balance,
  BalanceSchema,
  type GameListing,
  GameListingSchema,
  type LiveGame,
  type LivePrice,
  LivePriceSchema,
  type Network,
  type NextGame,
  type PlacedPosition,
  PlacedPositionSchema,
  type PlacePositionBody,
  type ResultsResponse,
  ResultsResponseSchema,
  type StatusResponse,
  StatusResponseSchema,
} from "../../src/api/schemas.js";

/** The parsed JSON as JSON.parse would give it: the spec's types are JS numbers and strings. */
function strict<S extends z.ZodType>(schema: S): (json: unknown) => z.infer<S> {
  return (json) => schema.parse(JSON.parse(stringifyJson(json)));
}

/** A listing with a live and a next game: what a market that is not paused lists. */
export type LiveListing = GameListing & { liveGame: LiveGame; nextGame: NextGame };

export class SpecClient extends ApiClient {
  /** GET /spot of a market that has a live and a next game (throws otherwise). */
  async spot(q: { asset: string; interval: number }): Promise<LiveListing> {
    const l = await this.listing(q);
    if (l.liveGame === null || l.nextGame === null) throw new Error(`${q.asset} ${q.interval}: no live or next game listed`);
    return l as LiveListing;
  }

  /** GET /spot as sent, a paused market's nulls included. */
  listing(q: { asset: string; interval: number }): Promise<GameListing> {
    return this.send("GET /spot", "GET", "spot", q, undefined, strict(GameListingSchema));
  }

  livePrice(q: { asset: string }): Promise<LivePrice> {
    return this.send("GET /live-price", "GET", "live-price", q, undefined, strict(LivePriceSchema));
  }

  balance(q: { currency: string; network: Network }): Promise<Balance> {
    return this.send("GET /user-balance", "GET", "user-balance", q, undefined, strict(BalanceSchema));
  }

  status(q: { asset: string; token: string; network: Network; interval: number }): Promise<StatusResponse> {
    return this.send("GET /status", "GET", "status", q, undefined, strict(StatusResponseSchema));
  }

  results(q: ResultsQuery): Promise<ResultsResponse> {
    const query: Record<string, string | number> = {};
    for (const [k, v] of Object.entries(q)) if (v !== undefined) query[k] = v as string | number;
    return this.send("GET /results", "GET", "results", query, undefined, strict(ResultsResponseSchema));
  }

  place(body: PlacePositionBody): Promise<PlacedPosition> {
    return this.send("POST /spot", "POST", "spot", undefined, body, strict(PlacedPositionSchema));
  }
}
