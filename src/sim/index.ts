/**
 * startSim: the embedded local implementation of the service, as used by
 * `spotdash sim`, by the dashboard when no API key is configured, and by the
 * integration tests. docs/sim.md describes its behaviour and choices.
 *
 * The sim's rooms, each described at the top of its main module: engine/
 * (engine.ts), http/ (server.ts), persistence/ (journal.ts) and feed/
 * (feed.ts). This file and command.ts sit above them and put them
 * together; http imports the engine, the engine the feed and
 * persistence's records, and neither of those two imports anything else
 * of the sim.
 */
import { randomInt } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Interval } from "../domain/rules.js";
import { type Clock, systemClock } from "./engine/clock.js";
import { Engine } from "./engine/engine.js";
import { HISTORY_LIMITS } from "./engine/history.js";
import type { Asset } from "./engine/markets.js";
import { generateDemoKey, hashKey, isValidApiKey, type SimUser } from "./engine/users.js";
import { FaultInjector, type FaultProfile } from "./http/faults.js";
import { RATE_LIMIT_MODES, RateLimiter, type RateLimitMode } from "./http/ratelimit.js";
import { createSimServer, type ServerDeps } from "./http/server.js";
import { WireRewriter, type WireStyle } from "./http/wire-variants.js";
import { Journal } from "./persistence/journal.js";
import type { JournalRecord } from "./persistence/records.js";

export { type Clock, ManualClock, systemClock } from "./engine/clock.js";
export type { Engine } from "./engine/engine.js";
export type { RateLimitMode } from "./http/ratelimit.js";
export { DataDirInUse, JournalError } from "./persistence/journal-error.js";

export const DEFAULT_HOST = "127.0.0.1";
export const DEFAULT_PORT = 8787;
/** Seeds are 32-bit: the noise functions mix 32-bit words. */
export const MAX_SEED = 2 ** 32 - 1;
/** Days of played history `spotdash sim` and the embedded sim give a new world's users (docs/sim.md, "Played history"). */
export const DEFAULT_HISTORY_DAYS = 3;
export { DEFAULT_GAMES_PER_DAY, HISTORY_LIMITS } from "./engine/history.js";

export interface SimOptions {
  /** Interface to bind (default 127.0.0.1: loopback only). */
  host?: string;
  /** Port to bind (default 8787); 0 picks a free one. */
  port?: number;
  /** Makes prices and the crowd repeatable (0 … 2³²−1); random when absent. A data dir keeps its own. */
  seed?: number;
  /** Accepted API keys; when absent or empty one demo key metafide_ + 32 hex is generated (a new one at every start). */
  keys?: string[];
  /** "real" (default): the public per-endpoint figures; "strict": 1 request/s per key; "off". */
  rateLimit?: RateLimitMode;
  /** Directory for the journal; state survives restarts and kill -9. */
  dataDir?: string;
  clock?: Clock;
  /** Simulated other players (default true). */
  crowd?: boolean;
  /** Where internal failures are reported (default: console.error). Client input is never logged. */
  log?: (line: string) => void;
  /** Deliberate misbehaviour for reliability tests (docs/sim.md, Fault injection). */
  faults?: FaultProfile;
  /** The sim's clock runs this many ms ahead of (negative: behind) the local clock. */
  clockSkewMs?: number;
  /** Answers in the forms the spec leaves open (http/wire-variants.ts, docs/sim.md); the spec's own when absent. */
  wire?: WireStyle;
  /** Markets with no live game from the start: for `forMs` (then the first game after is announced), or until resumed. */
  pause?: readonly MarketSelector[];
  /** Markets listed without a next game. */
  noNextGame?: readonly MarketSelector[];
  /** Open connections past this many are refused with a 503 (default SERVER_LIMITS.maxConnections). */
  maxConnections?: number;
  /**
   * Days of games already played and settled that a new world's users get
   * (engine/history.ts); a world kept in `dataDir` gets them on its first
   * start only. Default 0: none (`spotdash sim` and the embedded sim ask
   * for DEFAULT_HISTORY_DAYS).
   */
  historyDays?: number;
  /** Games a day in that history (default DEFAULT_GAMES_PER_DAY): each user gets historyDays × this many. */
  historyGamesPerDay?: number;
}

/** An asset's games, all intervals or one. */
export interface MarketSelector {
  asset: Asset;
  interval?: Interval;
  /** For pause: how long, from the start; absent: until resumed. */
  forMs?: number;
}

export interface SimHandle {
  /** "http://HOST:PORT" without the API path. */
  url: string;
  port: number;
  keys: string[];
  /** The sim generated its key (no keys were given): the only key it prints. */
  generatedKey: boolean;
  /** API key → wallet address the sim assigned to that key's user. */
  wallets: Record<string, string>;
  /** The game engine: balances, ledger, price scripts and outages for tests. */
  engine: Engine;
  clock: Clock;
  seed: number;
  /** Stops answering for `ms`: the port refuses connections and open ones are cut, then it listens again. */
  outage(ms: number): Promise<void>;
  /** Replaces the fault profile from the next request on (none: behave). */
  setFaults(profile: FaultProfile | undefined): void;
  /** Answers from the next request on in these forms (none: the spec's own). */
  setWire(style: WireStyle | undefined): void;
  close(): Promise<void>;
}

export async function startSim(opts: SimOptions = {}): Promise<SimHandle> {
  const host = opts.host ?? DEFAULT_HOST;
  const port = opts.port ?? DEFAULT_PORT;
  const mode = opts.rateLimit ?? "real";
  checkOptions(port, mode, opts.seed, opts.keys);
  checkHistoryOptions(opts);
  const skew = opts.clockSkewMs ?? 0;
  const base = opts.clock ?? systemClock;
  const clock: Clock = skew === 0 ? base : { now: () => base.now() + skew };
  // console.error rather than stderr: Ink's patchConsole then keeps it off the dashboard's frame.
  const log = opts.log ?? ((line: string) => console.error(line));

  const opened = opts.dataDir === undefined ? null : Journal.open(opts.dataDir);
  let server: Server | undefined;
  try {
    const engine = restoreEngine(opened, opts, clock);
    const { keys, accepted, generated } = acceptKeys(opts.keys, opened?.records ?? [], engine);
    // A world's first start, once its users are made: a world that has users has its history, or was made without one.
    const newWorld = !(opened?.records ?? []).some((r) => r.type === "user");
    if (newWorld && (opts.historyDays ?? 0) > 0) engine.seedHistory({ days: opts.historyDays!, gamesPerDay: opts.historyGamesPerDay });
    engine.sync();
    switchMarkets(engine, opts);
    // Always there, so faults can be switched on while running; an empty profile injects nothing.
    const faults = new FaultInjector(opts.faults ?? {}, engine.seed);
    const deps: ServerDeps = { engine, authenticate: (key) => accepted.get(key), limiter: new RateLimiter(mode), log, faults };
    if (opts.wire) deps.wire = new WireRewriter(opts.wire, engine.seed);
    if (opts.maxConnections !== undefined) deps.maxConnections = opts.maxConnections;
    if (opened) {
      const journal = opened.journal;
      deps.durable = () => journal.durable();
      // The users, keys and genesis written above are on disk before anyone can use them.
      await journal.durable();
    }
    server = createSimServer(deps);
    const bound = await listen(server, host, port, log);
    const running = { server, host, port: bound, log, keys, accepted, generated, deps, faults, clock, journal: opened?.journal };
    return simHandle(running);
  } catch (e) {
    server?.close();
    await opened?.journal.close();
    throw e;
  }
}

/**
 * The keys the sim accepts, each with its user: the given ones (a user
 * created on first use), else a demo key generated now. The sim keeps no
 * key, only hashes, so with a data directory the demo user of an earlier
 * start gets the new key: same wallet and balances, a key only this start
 * has printed.
 */
function acceptKeys(given: string[] | undefined, records: readonly JournalRecord[], engine: Engine): Keys {
  const accepted = new Map<string, SimUser>();
  if (given && given.length > 0) {
    const keys = [...new Set(given)];
    for (const key of keys) {
      const keyHash = hashKey(key);
      accepted.set(key, engine.users.findByKeyHash(keyHash) ?? engine.createUser(keyHash));
    }
    return { keys, accepted, generated: false };
  }
  const key = generateDemoKey();
  const keyHash = hashKey(key);
  const earlier = demoUserId(records);
  if (earlier !== undefined) {
    engine.rekey(earlier, keyHash);
    accepted.set(key, engine.users.get(earlier)!);
  } else {
    const user = engine.createUser(keyHash, true);
    // The demo wallet can try mainnet (and its confirmation) too; a user of a given key starts as the service's would.
    engine.deposit(user.id, "mainnet", DEMO_MAINNET_FLOAT);
    accepted.set(key, user);
  }
  return { keys: [key], accepted, generated: true };
}

interface Keys {
  keys: string[];
  /**
   * Key → user, for this process only (what is written is the key's hash):
   * a request is then one lookup, with nothing to hash.
   */
  accepted: Map<string, SimUser>;
  /** The sim made its key up (no --key): the one key it may print. */
  generated: boolean;
}

/** The demo user of an earlier start: marked in its user record (or, by older sims, named by its key in plain text). */
function demoUserId(records: readonly JournalRecord[]): number | undefined {
  const marked = records.find((r) => r.type === "user" && r.demo === true);
  if (marked?.type === "user") return marked.id;
  const legacy = records.filter((r) => r.type === "demo_key").at(-1);
  if (legacy?.type !== "demo_key") return undefined;
  const hash = hashKey(legacy.key);
  const user = records.find((r) => r.type === "user" && r.keyHash === hash);
  return user?.type === "user" ? user.id : undefined;
}

/** The demo key's mainnet balance when its user is created (other users start with none on mainnet). */
export const DEMO_MAINNET_FLOAT = "100";

function switchMarkets(engine: Engine, opts: SimOptions): void {
  for (const p of opts.pause ?? []) engine.markets.pause(p.asset, p.interval, p.forMs === undefined ? null : engine.now() + p.forMs);
  for (const m of opts.noNextGame ?? []) engine.markets.hideNextGame(m.asset, m.interval, true);
}

/** A listening sim's parts, as startSim hands them over. */
interface Running extends Keys {
  server: Server;
  host: string;
  /** The port bound (never 0). */
  port: number;
  log: (line: string) => void;
  deps: ServerDeps;
  faults: FaultInjector;
  clock: Clock;
  journal: Journal | undefined;
}

function simHandle(run: Running): SimHandle {
  const { server: s, host, port, log, deps } = run;
  const seed = deps.engine.seed;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    port,
    keys: run.keys,
    generatedKey: run.generated,
    wallets: Object.fromEntries(run.keys.map((k) => [k, run.accepted.get(k)!.wallet])),
    engine: deps.engine,
    clock: run.clock,
    seed,
    outage: async (ms: number) => {
      await new Promise<void>((resolve) => {
        s.close(() => resolve());
        s.closeAllConnections();
      });
      await new Promise((r) => setTimeout(r, ms));
      // A close during the outage wins: the port stays shut.
      if (closing === undefined) await listen(s, host, port, log);
    },
    setFaults: (profile) => {
      run.faults.profile = profile ?? {};
    },
    setWire: (style) => {
      deps.wire = style === undefined ? undefined : new WireRewriter(style, seed);
    },
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        s.close(() => resolve());
        s.closeAllConnections();
      }).finally(() => run.journal?.close())),
  };
}

/**
 * The engine as the journal left it (its seed, users, deposits and
 * positions replayed in order), writing to the journal from here on; a
 * fresh engine without a data directory.
 */
function restoreEngine(opened: ReturnType<typeof Journal.open> | null, opts: SimOptions, clock: Clock): Engine {
  const records = opened?.records ?? [];
  const genesis = records[0]?.type === "genesis" ? records[0] : undefined;
  if (records.length > 0 && !genesis) throw new Error(`${opened!.journal.dir}: the journal does not start with a genesis record`);
  if (genesis && opts.seed !== undefined && opts.seed !== genesis.seed) {
    throw new Error(`${opened!.journal.dir} was created with seed ${genesis.seed}; start it without a seed or with that one`);
  }
  const seed = genesis?.seed ?? opts.seed ?? randomInt(0, MAX_SEED + 1);
  const engine = new Engine({ clock, seed, crowd: opts.crowd ?? true });
  records.forEach((record, i) => {
    try {
      engine.replay(record);
    } catch (e) {
      throw new Error(`${opened!.journal.dir}: journal record ${i + 1} (${record.type}) cannot be replayed: ${(e as Error).message}`);
    }
  });
  if (opened) {
    engine.setJournal((record) => opened.journal.append(record));
    if (!genesis) opened.journal.append({ type: "genesis", v: 1, t: engine.now(), seed });
  }
  return engine;
}

function checkOptions(port: number, mode: string, seed: number | undefined, keys: string[] | undefined): void {
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new RangeError(`port must be a whole number from 0 to 65535, got ${port}`);
  if (!(RATE_LIMIT_MODES as readonly string[]).includes(mode))
    throw new RangeError(`rateLimit must be one of ${RATE_LIMIT_MODES.join(", ")}, got ${mode}`);
  if (seed !== undefined && !(Number.isInteger(seed) && seed >= 0 && seed <= MAX_SEED)) {
    throw new RangeError(`seed must be a whole number from 0 to ${MAX_SEED}, got ${seed}`);
  }
  if (!(keys ?? []).every(isValidApiKey)) throw new RangeError("API keys must be 1 to 256 printable ASCII characters without spaces");
}

function checkHistoryOptions(opts: SimOptions): void {
  const days = opts.historyDays ?? 0;
  if (!Number.isInteger(days) || days < 0 || days > HISTORY_LIMITS.days) {
    throw new RangeError(`historyDays must be a whole number from 0 to ${HISTORY_LIMITS.days}, got ${days}`);
  }
  const perDay = opts.historyGamesPerDay;
  if (perDay !== undefined && !(Number.isInteger(perDay) && perDay >= 1 && perDay <= HISTORY_LIMITS.gamesPerDay)) {
    throw new RangeError(`historyGamesPerDay must be a whole number from 1 to ${HISTORY_LIMITS.gamesPerDay}, got ${perDay}`);
  }
}

function listen(server: Server, host: string, port: number, log: (line: string) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (e: NodeJS.ErrnoException) => {
      reject(e.code === "EADDRINUSE" ? new Error(`port ${port} on ${host} is in use; choose another or 0 for a free one`) : e);
    };
    server.once("error", onError);
    server.listen(port, host, () => {
      server.off("error", onError);
      server.on("error", (e) => log(`sim: server error: ${e.message}`));
      resolve((server.address() as AddressInfo).port);
    });
  });
}
