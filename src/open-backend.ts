/**
 * The service spotdash talks to: the real one (with METAFIDE_API_KEY) or the
 * local sim — the one announced in the state directory while it answers,
 * else an embedded one on a free loopback port, announced there while it
 * runs and keeping its world in the state directory, so that one command's
 * placement is the next one's position. Without a key the dashboard and the
 * commands use the sim, and say so (the header, stderr, `sim` in --json).
 * Either way it is the same client, recording every exchange in the
 * --debug-log when one is set.
 */

import { join } from "node:path";
import { ApiClient } from "./api/client.js";
import { type DebugLog, openDebugLog } from "./api/debug-log.js";
import { simLabel } from "./backend-label.js";
import type { Config } from "./config/config.js";
import { ConfigError } from "./config/errors.js";
import { SIM_ASSETS } from "./domain/rules.js";
import type { SimHandle } from "./sim/index.js";
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
  /**
   * Which sim, when it is one: its address, its process, who runs it, whether
   * another process does, and where a sim started here keeps its world (null: in memory only).
   */
  simInfo?: { url: string; pid: number; by: string; shared: boolean; kept?: string | null };
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
 * (sim/feed/feed.ts): one seed for every start draws the same path, so the
 * price history kept across restarts (docs/history.md) joins up.
 */
export const EMBEDDED_SIM_SEED = 20_260_301;

/** Where the embedded sim keeps its world (`--data` of `spotdash sim`), inside the state directory. */
export const embeddedSimDataDir = (stateDir: string) => join(stateDir, "sim-data");

/** How long a run waits for another run's sim to let go of that world, or to announce itself. */
export const WAIT_FOR_WORLD_MS = 5_000;

/**
 * The local sim: the one announced in the state directory while it answers
 * (started by `spotdash sim`, a dashboard or `watch`), else one started here
 * on the state directory's world, announced as `by` until it closes (by
 * null: not announced; a one-shot command's sim is gone too soon to share).
 * When another run holds that world, its sim once announced, else the world
 * once let go.
 */
export async function openLocalSim(config: Config, by: string | null): Promise<Backend> {
  const until = Date.now() + WAIT_FOR_WORLD_MS;
  for (;;) {
    const announced = await findAnnouncedSim(config.stateDir);
    if (announced) return openAnnouncedSim(config, announced);
    const started = await startEmbeddedSim(config.stateDir);
    if (started !== "in use") return openEmbeddedSim(config, by, started);
    if (Date.now() >= until) {
      throw new Error(
        `the local sim's world in ${embeddedSimDataDir(config.stateDir)} is held by another spotdash run; ` +
          "try again when it has stopped, or run `spotdash sim` for every run to share",
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A sim in this process on the state directory's world; "in use" when another
 * live sim holds it. A state directory that cannot be written gets a sim in
 * memory (kept: null); a world that cannot be read is an error that names it,
 * and is left as it is.
 */
async function startEmbeddedSim(stateDir: string): Promise<{ sim: SimHandle; kept: string | null } | "in use"> {
  // Loaded only when needed: a trader on the real service never pays for the sim's code.
  const { startSim, DataDirInUse, JournalError, DEFAULT_HISTORY_DAYS } = await import("./sim/index.js");
  const dataDir = embeddedSimDataDir(stateDir);
  // A new world comes with days of games played, so the results and their performance are there to see from the first run.
  const options = { host: "127.0.0.1", port: 0, seed: EMBEDDED_SIM_SEED, historyDays: DEFAULT_HISTORY_DAYS };
  try {
    return { sim: await startSim({ ...options, dataDir }), kept: dataDir };
  } catch (e) {
    if (e instanceof DataDirInUse) return "in use";
    if (e instanceof JournalError) {
      throw new Error(`the local sim's world cannot be used: ${e.message}; move ${dataDir} away to start a new one`);
    }
    if (!UNWRITABLE.has((e as NodeJS.ErrnoException).code ?? "")) throw e;
    return { sim: await startSim(options), kept: null };
  }
}

const UNWRITABLE = new Set(["EACCES", "EPERM", "EROFS", "ENOSPC", "ENOTDIR", "EEXIST"]);

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
  return { client, label: simLabel(new URL(simInfo.url).host), sim: true, wallet, assets: SIM_ASSETS, simInfo, close };
}

/** The in-process sim, announced as `by` (null: not announced); its demo key's wallet places unless METAFIDE_USER_ADDRESS says otherwise. */
async function openEmbeddedSim(
  config: Config,
  by: string | null,
  { sim, kept }: { sim: SimHandle; kept: string | null },
): Promise<Backend> {
  const key = sim.keys[0]!;
  const wallet = config.wallet ?? sim.wallets[key]!;
  let log: DebugLog | undefined;
  try {
    log = debugLogFor(config, wallet);
  } catch (e) {
    await sim.close();
    throw e;
  }
  const announcement = { url: sim.url, key, wallet: sim.wallets[key]!, pid: process.pid, seed: sim.seed };
  const withdraw = by === null ? () => {} : announceQuietly(config.stateDir, { ...announcement, by });
  const client = new ApiClient({ url: sim.url, apiKey: key, observer: log?.observer });
  return simBackend(client, wallet, { url: sim.url, pid: process.pid, by: by ?? "this command", shared: false, kept }, async () => {
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
