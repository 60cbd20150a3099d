/**
 * Shared set-up for the sim's integration tests: a sim on a free loopback
 * port driven by a ManualClock, the real ApiClient pointed at it, and a raw
 * HTTP helper for what the client refuses to send (bad bodies, no key).
 */

import { ApiError } from "../../src/api/errors.js";
import { type ErrorBody, ErrorBodySchema, type Network, type PlacePositionBody } from "../../src/api/schemas.js";
import type { Interval } from "../../src/domain/rules.js";
import { ManualClock, type SimHandle, type SimOptions, startSim } from "../../src/sim/index.js";
import { type LiveListing, SpecClient } from "../helpers/spec-client.js";

/** A fixed instant so every run sees the same games. */
export const T0 = Date.UTC(2026, 1, 19, 10, 0, 0);
/** The key startTestSim's sim accepts unless told others. */
export const TEST_KEY = "metafide_7e57c0de7e57c0de7e57c0de7e57c0de";

export interface TestSim {
  sim: SimHandle;
  clock: ManualClock;
  /** The real client; its spot(), status(), … read the wire strictly (see SpecClient). */
  client: SpecClient;
  key: string;
  wallet: string;
  close(): Promise<void>;
}

export async function startTestSim(opts: SimOptions = {}): Promise<TestSim> {
  const clock = opts.clock instanceof ManualClock ? opts.clock : new ManualClock(T0);
  // A key of its own, not the demo key: its user starts as a service's user would (no mainnet balance).
  const sim = await startSim({ port: 0, seed: 7, rateLimit: "off", crowd: false, keys: [TEST_KEY], ...opts, clock });
  const key = sim.keys[0]!;
  const client = new SpecClient({ url: sim.url, apiKey: key });
  return {
    sim,
    clock,
    client,
    key,
    wallet: sim.wallets[key]!,
    close: async () => {
      await client.close();
      await sim.close();
    },
  };
}

/**
 * A clock that runs with real time and can be moved like a ManualClock: for
 * tests where the poller's own timers must agree with the sim's games.
 */
export class RunningClock extends ManualClock {
  private offset: number;

  constructor(start: number) {
    super(start);
    this.offset = start - Date.now();
  }

  override now(): number {
    return Date.now() + this.offset;
  }

  override advance(ms: number): void {
    this.offset += ms;
  }

  override set(t: number): void {
    this.offset = t - Date.now();
  }
}

/** Moves the clock to the start of the next game of asset × interval and returns its listing. */
export async function toNextGame(t: TestSim, asset: string, interval: Interval): Promise<LiveListing> {
  const now = await t.client.spot({ asset, interval });
  t.clock.set(now.nextGame.starts_at);
  return t.client.spot({ asset, interval });
}

/** A POST /spot body for the live game of a listing (the wire's or the dashboard's: the fields read are the same). */
export function body(
  t: TestSim,
  listing: { asset: string; interval: number; liveGame: { gid: string } | null },
  over: Partial<PlacePositionBody> = {},
): PlacePositionBody {
  if (listing.liveGame === null) throw new Error("no live game to place into");
  return {
    gid: listing.liveGame.gid,
    c: "USDC",
    a: listing.asset,
    sp: "68000",
    f: "1",
    pw: t.wallet,
    n: "testnet" as Network,
    it: listing.interval,
    ...over,
  };
}

/** Runs a call that must fail and returns its ApiError. */
export async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error("expected the call to fail");
}

export interface RawResponse {
  status: number;
  headers: Headers;
  json: unknown;
}

/** A request the client would not send; the body text goes out exactly as given. */
export async function raw(
  t: TestSim,
  method: string,
  endpoint: string,
  opts: { key?: string | null; body?: string; query?: Record<string, string> } = {},
): Promise<RawResponse> {
  const url = new URL(`/v1/surge/games/${endpoint}`, t.sim.url);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = { accept: "*/*" };
  const key = opts.key === undefined ? t.key : opts.key;
  if (key !== null) headers["x-api-key"] = key;
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(url, { method, headers, body: opts.body });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text === "" ? undefined : JSON.parse(text) };
}

/** The error body of a raw response, checked against the schema. */
export function errorBody(r: RawResponse): ErrorBody {
  return ErrorBodySchema.parse(r.json);
}
