/**
 * The service spotdash talks to: the real one (with METAFIDE_API_KEY) or the
 * local sim — the one announced in the state directory while it answers,
 * else an embedded one on a free loopback port, announced there while it
 * runs. The dashboard falls back to the sim when no key is set; commands use
 * it only when asked (--sim), so a script never mistakes it for the real
 * service. Either way it is the same client, recording every exchange in the
 * --debug-log when one is set.
 */
import { ApiClient } from "./api/client.js";
import { type DebugLog, openDebugLog } from "./api/debug-log.js";
import type { Config } from "./config/config.js";
import { ConfigError } from "./config/errors.js";
import { SIM_ASSETS } from "./domain/rules.js";
import { type Announcement, announceSim, findAnnouncedSim } from "./sim-announcement.js";

export interface Backend {
  client: ApiClient;
  /** "SIM 127.0.0.1:41234" or the service's host, for the header and human output. */
  label: string;
  sim: boolean;
  /** Wallet sent as pw when placing; undefined when none is configured. */
  wallet: string | undefined;
  /** Assets `a` cycles through. */
  assets: readonly string[];
  /** Which sim, when it is one: its address, its process, who runs it, and whether another process does. */
  simInfo?: { url: string; pid: number; by: string; shared: boolean };
  close(): Promise<void>;
}

/** The configured service; the caller has checked that a key is set. */
export function openService(config: Config & { apiKey: NonNullable<Config["apiKey"]> }): Backend {
  const wallet = config.wallet ?? undefined;
  const log = debugLogFor(config, wallet);
  const client = new ApiClient({ url: config.url, apiKey: config.apiKey.reveal(), observer: log?.observer });
  return {
    client,
    label: new URL(config.url).host,
    sim: false,
    wallet,
    assets: [...new Set([config.asset, ...config.assets])],
    close: async () => {
      await client.close();
      await log?.close();
    },
  };
}

/**
 * The embedded sim's prices are a function of the seed and the time
 * (sim/feed.ts): one seed for every start draws the same path, so the price
 * history kept across restarts (docs/history.md) joins up.
 */
export const EMBEDDED_SIM_SEED = 20_260_301;

/**
 * The local sim: the one announced in the state directory while it answers
 * (started by `spotdash sim`, a dashboard or a command), else one started
 * here and announced as `by` until it closes.
 */
export async function openLocalSim(config: Config, by: string): Promise<Backend> {
  const announced = await findAnnouncedSim(config.stateDir);
  return announced ? openAnnouncedSim(config, announced) : openEmbeddedSim(config, by);
}

function openAnnouncedSim(config: Config, a: Announcement): Backend {
  const wallet = config.wallet ?? a.wallet;
  const log = debugLogFor(config, wallet);
  const client = new ApiClient({ url: a.url, apiKey: a.key, observer: log?.observer });
  return simBackend(client, wallet, { url: a.url, pid: a.pid, by: a.by, shared: true }, async () => {
    await client.close();
    await log?.close();
  });
}

/** A sim as the dashboard and the commands see it: its address in the label, its assets, which sim it is. */
function simBackend(client: ApiClient, wallet: string, simInfo: NonNullable<Backend["simInfo"]>, close: () => Promise<void>): Backend {
  return { client, label: `SIM ${new URL(simInfo.url).host}`, sim: true, wallet, assets: SIM_ASSETS, simInfo, close };
}

/** An in-process sim, announced as `by`; its demo key's wallet places unless METAFIDE_USER_ADDRESS says otherwise. */
async function openEmbeddedSim(config: Config, by: string): Promise<Backend> {
  // Loaded only when needed: a trader on the real service never pays for the sim's code.
  const { startSim } = await import("./sim/index.js");
  const sim = await startSim({ host: "127.0.0.1", port: 0, seed: EMBEDDED_SIM_SEED });
  const key = sim.keys[0]!;
  const wallet = config.wallet ?? sim.wallets[key]!;
  let log: DebugLog | undefined;
  try {
    log = debugLogFor(config, wallet);
  } catch (e) {
    await sim.close();
    throw e;
  }
  const withdraw = announceQuietly(config.stateDir, { url: sim.url, key, wallet: sim.wallets[key]!, pid: process.pid, seed: sim.seed, by });
  const client = new ApiClient({ url: sim.url, apiKey: key, observer: log?.observer });
  return simBackend(client, wallet, { url: sim.url, pid: process.pid, by, shared: false }, async () => {
    withdraw();
    await client.close();
    await sim.close();
    await log?.close();
  });
}

/** Announces the sim; a state directory that cannot be written only means no other process finds it. */
function announceQuietly(stateDir: string, a: Announcement): () => void {
  try {
    return announceSim(stateDir, a);
  } catch {
    return () => {};
  }
}

export function hasKey(config: Config): config is Config & { apiKey: NonNullable<Config["apiKey"]> } {
  return config.apiKey !== null;
}

function debugLogFor(config: Config, wallet: string | undefined): DebugLog | undefined {
  if (config.debugLog === null) return undefined;
  try {
    return openDebugLog(config.debugLog, wallet);
  } catch (e) {
    throw new ConfigError(config.sources.debugLog === "flag" ? "--debug-log" : "SPOTDASH_DEBUG_LOG", (e as Error).message);
  }
}
