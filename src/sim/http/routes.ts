/**
 * The routing table: each endpoint under the API path, the methods it
 * answers, and how a request's query or body becomes an engine call.
 */
import type { Engine } from "../engine/engine.js";
import type { SimUser } from "../engine/users.js";
import { parseBalanceQuery, parseLivePriceQuery, parsePlaceBody, parseResultsQuery, parseSpotQuery, parseStatusQuery } from "./validate.js";

export interface Context {
  user: SimUser;
  query: URLSearchParams;
  body: unknown;
}

export type Handler = (engine: Engine, ctx: Context) => unknown;

export type Route = Partial<Record<"GET" | "POST", Handler>>;

const ROUTES: Record<string, Route> = {
  spot: {
    GET: (e, { user, query }) => {
      const q = parseSpotQuery(query);
      return e.listing(user, q.asset, q.interval);
    },
    POST: (e, { user, body }) => e.place(user, parsePlaceBody(body)),
  },
  "live-price": { GET: (e, { query }) => e.livePrice(parseLivePriceQuery(query).asset) },
  "user-balance": {
    GET: (e, { user, query }) => {
      const q = parseBalanceQuery(query);
      return e.balance(user, q.currency, q.network);
    },
  },
  status: { GET: (e, { user, query }) => e.status(user, parseStatusQuery(query)) },
  results: { GET: (e, { user, query }) => e.results(user, parseResultsQuery(query)) },
};

/** The route of an endpoint name (the path after the API path), if there is one. */
export function routeFor(endpoint: string): Route | undefined {
  // hasOwn: "constructor" or "__proto__" must not find Object.prototype's members.
  return Object.hasOwn(ROUTES, endpoint) ? ROUTES[endpoint] : undefined;
}
