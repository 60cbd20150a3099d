/**
 * The trial's service: the sim's engine in this process on a ManualClock,
 * asked through its own routing table (sim/http/routes.ts) with the query
 * strings and bodies the HTTP server would hand it, its answers written as
 * the server writes them and parsed back the way the client parses a
 * response (numbers keep their digits). Nothing listens and nothing is
 * sent: a request is a function call, so a game takes as long as the
 * arithmetic. The only module of src/strategy/ that imports the sim
 * (trial.ts drives it); the sim imports nothing of the strategies.
 */
import { parseJson } from "../api/json.js";
import { ManualClock } from "../sim/engine/clock.js";
import { Engine } from "../sim/engine/engine.js";
import { SimError } from "../sim/engine/errors.js";
import { ASSETS, CURRENCY, isAsset } from "../sim/engine/markets.js";
import { hashKey, type SimUser } from "../sim/engine/users.js";
import { Prewritten } from "../sim/engine/wire.js";
import { routeFor } from "../sim/http/routes.js";
import { DEMO_MAINNET_FLOAT, MAX_SEED } from "../sim/index.js";
import type { StrategyMarket } from "./strategy.js";

export { MAX_SEED } from "../sim/index.js";

/** An answer as the client would get it: the parsed JSON, or the refusal's status, error and message. */
export type Answer = { ok: true; json: unknown } | { ok: false; status: number; error: string; message: string };

export type GetEndpoint = "spot" | "live-price" | "user-balance" | "status" | "results";

export interface TrialSimOptions {
  /** Prices and the crowd (0 … 2³²−1): the same seed, the same games. */
  seed: number;
  /** Server ms the clock starts at. */
  start: number;
}

/**
 * One engine with one user, the sim's demo user: 1000 USDC on testnet and
 * DEMO_MAINNET_FLOAT on mainnet, as `spotdash sim` gives it (docs/sim.md).
 * The crowd plays as it does in the sim.
 */
export class TrialSim {
  readonly clock: ManualClock;
  readonly engine: Engine;
  readonly user: SimUser;

  constructor(opts: TrialSimOptions) {
    if (!Number.isInteger(opts.seed) || opts.seed < 0 || opts.seed > MAX_SEED) {
      throw new RangeError(`the seed must be a whole number from 0 to ${MAX_SEED}, got ${opts.seed}`);
    }
    this.clock = new ManualClock(opts.start);
    this.engine = new Engine({ clock: this.clock, seed: opts.seed });
    this.user = this.engine.createUser(hashKey(`spotdash trial ${opts.seed}`), true);
    this.engine.deposit(this.user.id, "mainnet", DEMO_MAINNET_FLOAT);
  }

  now(): number {
    return this.engine.now();
  }

  /** Moves the clock to `t` (never back). */
  advanceTo(t: number): void {
    if (t > this.clock.now()) this.clock.set(t);
  }

  get(endpoint: GetEndpoint, query: Record<string, string | number | undefined>): Answer {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
    return this.call("GET", endpoint, params, undefined);
  }

  /** POST /spot with this body (its JSON, as a client would send it). */
  place(body: object): Answer {
    return this.call("POST", "spot", new URLSearchParams(), JSON.parse(JSON.stringify(body)));
  }

  private call(method: "GET" | "POST", endpoint: string, query: URLSearchParams, body: unknown): Answer {
    const handler = routeFor(endpoint)?.[method];
    if (handler === undefined) throw new Error(`the sim has no ${method} ${endpoint}`);
    try {
      const answer = handler(this.engine, { user: this.user, query, body });
      return { ok: true, json: parseJson(answer instanceof Prewritten ? answer.text : JSON.stringify(answer)) };
    } catch (e) {
      if (!(e instanceof SimError)) throw e;
      return { ok: false, status: e.status, error: e.error, message: e.message };
    }
  }
}

/** Why the sim cannot trial this market (an asset it does not list, another currency), or null. */
export function trialableMarket(market: StrategyMarket): string | null {
  if (!isAsset(market.asset)) return `the sim lists ${ASSETS.join(" and ")}, not ${market.asset}`;
  if (market.currency !== CURRENCY) return `the sim stakes in ${CURRENCY}, not ${market.currency}`;
  return null;
}

/** The market's queries: /spot's, /status's and /results'. */
export function marketQueries(m: StrategyMarket): {
  spot: { asset: string; interval: number };
  status: Query;
  results: (gid: string) => Query & { limit: number };
} {
  return {
    spot: { asset: m.asset, interval: m.interval },
    status: { asset: m.asset, interval: m.interval, network: m.network, token: m.currency },
    results: (gid) => ({ network: m.network, asset: m.asset, interval: m.interval, gid, limit: 1 }),
  };
}

type Query = Record<string, string | number>;
