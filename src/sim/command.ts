/**
 * `spotdash sim`: runs the local service in the foreground until SIGINT or
 * SIGTERM. Prints one "listening" line when ready, then the key(s) it accepts
 * with their wallets, so a client can be pointed at it straight away.
 */
import { parseArgs } from "node:util";
import { ASSET_PATTERN, INTERVALS, isInterval } from "../domain/rules.js";
import { announcementPath, announceSim } from "../sim-announcement.js";
import { ASSETS, type Asset } from "./engine/markets.js";
import { isValidApiKey } from "./engine/users.js";
import { parseFaultSpec } from "./http/faults.js";
import { RATE_LIMIT_MODES, type RateLimitMode } from "./http/ratelimit.js";
import { parseWireStyle } from "./http/wire-variants.js";
import type { MarketSelector } from "./index.js";
import {
  DEFAULT_HISTORY_DAYS,
  DEFAULT_HOST,
  DEFAULT_PORT,
  HISTORY_LIMITS,
  MAX_SEED,
  type SimHandle,
  type SimOptions,
  startSim,
} from "./index.js";

export const SIM_USAGE = `usage: spotdash sim [--host ${DEFAULT_HOST}] [--port ${DEFAULT_PORT}] [--seed N] [--key KEY]...
                    [--rate-limit ${RATE_LIMIT_MODES.join("|")}] [--data DIR] [--no-crowd]
                    [--faults SPEC] [--clock-skew MS] [--outage AT:FOR]
                    [--pause MARKET[=SECONDS]]... [--no-next MARKET]... [--wire STYLE]
                    [--history DAYS] [--help]

Runs a local implementation of the Spot-On API on http://HOST:PORT/v1/surge/games/.
  --host        interface to bind (default ${DEFAULT_HOST}, loopback only)
  --port        port to bind (default ${DEFAULT_PORT}; 0 picks a free port)
  --seed        makes prices and the simulated crowd repeatable (0 to ${MAX_SEED})
  --key         an API key to accept (repeatable); without one a demo key is generated
  --rate-limit  real: 120/min per GET endpoint and 30/min POST per key (default);
                strict: 1 request per second per key; off: no limit
  --data        keep balances, positions and results in DIR across restarts
  --no-crowd    no simulated other players
  --faults      inject faults, e.g. latency=200,jitter=300,error=0.1,storm=0.02,hang=0.01,
                reset=0.02,malformed=0.02,schema=0.02,endpoints=live-price+status
                (shares of requests from 0 to 1; see docs/sim.md)
  --clock-skew  run the sim's clock MS milliseconds ahead of this machine's (behind: --clock-skew=-MS)
  --outage      refuse connections for FOR seconds, AT seconds after start (e.g. 30:10)
  --pause       no live game in MARKET (ASSET or ASSET/INTERVAL, e.g. BTC_USDT/60) from the start,
                for SECONDS (then the first game after is announced) or until the sim stops
  --no-next     list MARKET without a next game
  --wire        answer in forms the spec leaves open: "loose" (a different one each answer) or
                names, e.g. decimals-as-numbers,ids-as-numbers,no-lobby (see docs/sim.md)
  --history     give a new world's users DAYS days of games already played and settled
                (0 to ${HISTORY_LIMITS.days}, default ${DEFAULT_HISTORY_DAYS}; 0: none); a world kept with --data gets them once
Point a client at it with METAFIDE_API_URL=http://HOST:PORT and the printed key.`;

export type ParsedSimArgs =
  | { kind: "help" }
  | { kind: "run"; options: SimOptions; outage?: { atMs: number; forMs: number } }
  | { kind: "error"; message: string };

const SIM_FLAGS = {
  host: { type: "string" },
  port: { type: "string" },
  seed: { type: "string" },
  key: { type: "string", multiple: true },
  "rate-limit": { type: "string" },
  data: { type: "string" },
  "no-crowd": { type: "boolean" },
  faults: { type: "string" },
  "clock-skew": { type: "string" },
  outage: { type: "string" },
  pause: { type: "string", multiple: true },
  "no-next": { type: "string", multiple: true },
  wire: { type: "string" },
  history: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

function readFlags(argv: string[]) {
  return parseArgs({ args: argv, strict: true, allowPositionals: false, options: SIM_FLAGS }).values;
}

/** Parses the flags of `spotdash sim`; never throws. */
export function parseSimArgs(argv: string[]): ParsedSimArgs {
  let values: ReturnType<typeof readFlags>;
  try {
    values = readFlags(argv);
  } catch (e) {
    return { kind: "error", message: `spotdash sim: ${(e as Error).message.split("\n")[0]} (see spotdash sim --help)` };
  }
  if (values.help) return { kind: "help" };

  const options: SimOptions = { crowd: !values["no-crowd"], historyDays: DEFAULT_HISTORY_DAYS };
  if (values.host !== undefined) {
    if (values.host.trim() === "") return bad("--host must name an interface, e.g. 127.0.0.1");
    options.host = values.host;
  }
  if (values.port !== undefined) {
    const port = wholeNumber(values.port);
    if (port === null || port > 65535) return bad(`--port must be a whole number from 0 to 65535, got "${values.port}"`);
    options.port = port;
  }
  if (values.seed !== undefined) {
    const seed = wholeNumber(values.seed);
    if (seed === null || seed > MAX_SEED) return bad(`--seed must be a whole number from 0 to ${MAX_SEED}, got "${values.seed}"`);
    options.seed = seed;
  }
  if (values.key !== undefined) {
    if (!values.key.every(isValidApiKey)) return bad("--key must be 1 to 256 printable characters without spaces");
    options.keys = values.key;
  }
  if (values["rate-limit"] !== undefined) {
    const mode = values["rate-limit"];
    if (!(RATE_LIMIT_MODES as readonly string[]).includes(mode)) {
      return bad(`--rate-limit must be one of ${RATE_LIMIT_MODES.join(", ")}, got "${mode}"`);
    }
    options.rateLimit = mode as RateLimitMode;
  }
  if (values.data !== undefined) {
    if (values.data.trim() === "") return bad("--data must name a directory");
    options.dataDir = values.data;
  }
  if (values.faults !== undefined) {
    const faults = parseFaultSpec(values.faults);
    if (typeof faults === "string") return bad(faults);
    options.faults = faults;
  }
  if (values["clock-skew"] !== undefined) {
    const skew = Number(values["clock-skew"]);
    if (!/^-?\d+$/.test(values["clock-skew"]) || !Number.isSafeInteger(skew))
      return bad(`--clock-skew must be whole milliseconds, got "${values["clock-skew"]}"`);
    options.clockSkewMs = skew;
  }
  const wrongMarket = readMarkets(values, options);
  if (wrongMarket !== null) return bad(wrongMarket);
  if (values.wire !== undefined) {
    const wire = parseWireStyle(values.wire);
    if ("error" in wire) return bad(wire.error);
    options.wire = wire.style;
  }
  if (values.history !== undefined) {
    const days = wholeNumber(values.history);
    if (days === null || days > HISTORY_LIMITS.days) {
      return bad(`--history must be a whole number of days from 0 to ${HISTORY_LIMITS.days}, got "${values.history}"`);
    }
    options.historyDays = days;
  }
  let outage: { atMs: number; forMs: number } | undefined;
  if (values.outage !== undefined) {
    const m = /^(\d+):(\d+)$/.exec(values.outage);
    if (!m) return bad(`--outage must be AT:FOR in whole seconds, e.g. 30:10, got "${values.outage}"`);
    outage = { atMs: Number(m[1]) * 1000, forMs: Number(m[2]) * 1000 };
  }
  return outage ? { kind: "run", options, outage } : { kind: "run", options };
}

/** --pause and --no-next into `options`; the message about the first one that is wrong, else null. */
function readMarkets(values: ReturnType<typeof readFlags>, options: SimOptions): string | null {
  if (values.pause !== undefined) {
    const markets = values.pause.map((m) => parseMarket("--pause", m, true));
    const wrong = markets.find((m) => typeof m === "string");
    if (typeof wrong === "string") return wrong;
    options.pause = markets as MarketSelector[];
  }
  if (values["no-next"] !== undefined) {
    const markets = values["no-next"].map((m) => parseMarket("--no-next", m, false));
    const wrong = markets.find((m) => typeof m === "string");
    if (typeof wrong === "string") return wrong;
    options.noNextGame = markets as MarketSelector[];
  }
  return null;
}

function bad(message: string): ParsedSimArgs {
  return { kind: "error", message: `spotdash sim: ${message}` };
}

const MARKET_RE = new RegExp(`^(${ASSET_PATTERN})(?:/(\\d+))?$`);
const TIMED_MARKET_RE = new RegExp(`^(${ASSET_PATTERN})(?:/(\\d+))?(?:=(\\d+))?$`);

/** "BTC_USDT", "BTC_USDT/60", and with `timed` "BTC_USDT/60=40" (seconds). */
function parseMarket(flag: string, text: string, timed: boolean): MarketSelector | string {
  const m = (timed ? TIMED_MARKET_RE : MARKET_RE).exec(text);
  const form = `ASSET or ASSET/INTERVAL${timed ? ", then =SECONDS if it ends" : ""}, e.g. BTC_USDT/60${timed ? "=40" : ""}`;
  if (!m) return `${flag} must be ${form}, got "${text}"`;
  const asset = m[1] as Asset;
  if (!ASSETS.includes(asset)) return `${flag}: the sim lists ${ASSETS.join(" and ")}, got "${asset}"`;
  const interval = m[2] === undefined ? undefined : Number(m[2]);
  if (interval !== undefined && !isInterval(interval)) return `${flag}: the interval must be one of ${INTERVALS.join(", ")}, got ${m[2]}`;
  return { asset, ...(interval === undefined ? {} : { interval }), ...(m[3] === undefined ? {} : { forMs: Number(m[3]) * 1000 }) };
}

function wholeNumber(s: string): number | null {
  return /^\d{1,10}$/.test(s) ? Number(s) : null;
}

/**
 * The lines printed once the sim is ready; the first is the one scripts
 * wait for. A key is printed only when the sim generated it: a key given
 * with --key is the operator's, and its wallet is named by the key's place.
 */
export function readyLines(sim: SimHandle): string[] {
  const lines = [`spotdash sim listening on ${sim.url}`];
  sim.keys.forEach((key, i) => {
    lines.push(sim.generatedKey ? `api key: ${key}` : `api key: --key #${i + 1}`, `wallet: ${sim.wallets[key]}`);
  });
  lines.push(`seed: ${sim.seed}`);
  return lines;
}

/** Announces the sim for the dashboard and the --sim commands to use; a directory that cannot be written is said, not fatal. */
function announce(sim: SimHandle, io: SimIo): () => void {
  if (io.stateDir === null) return () => {};
  const key = sim.keys[0]!;
  try {
    const withdraw = announceSim(io.stateDir, {
      url: sim.url,
      key,
      wallet: sim.wallets[key]!,
      pid: process.pid,
      seed: sim.seed,
      by: "spotdash sim",
    });
    io.out(`announced in ${announcementPath(io.stateDir)}: the dashboard and --sim commands use this sim`);
    return withdraw;
  } catch (e) {
    io.err(
      `spotdash sim: not announced (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); other spotdash runs start their own sim`,
    );
    return () => {};
  }
}

export interface SimIo {
  /** The state directory the sim is announced in (docs/sim.md), or null for none. */
  stateDir: string | null;
  out: (line: string) => void;
  err: (line: string) => void;
  /** Resolves when the sim should stop (default: SIGINT or SIGTERM). */
  stopSignal: () => Promise<void>;
}

/**
 * The process's own streams and signals, announcing in `stateDir`: the state
 * directory the dashboard and the commands resolve too (cli.tsx), so that
 * they find this sim.
 */
export function processSimIo(stateDir: string | null): SimIo {
  // A reader of our output that went away (a closed pipe) must not bring the sim down with an EPIPE.
  for (const stream of [process.stdout, process.stderr]) stream.on("error", () => {});
  return {
    stateDir,
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    stopSignal: () =>
      new Promise((resolve) => {
        const stop = () => {
          process.off("SIGINT", stop);
          process.off("SIGTERM", stop);
          resolve();
        };
        process.on("SIGINT", stop);
        process.on("SIGTERM", stop);
      }),
  };
}

/** `spotdash sim …`: argv is what follows "sim". Returns the exit code: 1 for any failure to start, 0 after a clean stop. */
export async function runSimCommand(argv: string[], io: SimIo): Promise<number> {
  const parsed = parseSimArgs(argv);
  if (parsed.kind === "help") {
    io.out(SIM_USAGE);
    return 0;
  }
  if (parsed.kind === "error") {
    io.err(parsed.message);
    return 1;
  }
  let sim: SimHandle;
  try {
    sim = await startSim({ ...parsed.options, log: io.err });
  } catch (e) {
    io.err(`spotdash sim: ${(e as Error).message}`);
    return 1;
  }
  // Listen for the stop signal before announcing readiness, so no signal is missed.
  const stopped = io.stopSignal();
  for (const line of readyLines(sim)) io.out(line);
  const withdraw = announce(sim, io);
  const outage = parsed.outage;
  const outageTimer = outage
    ? setTimeout(() => {
        io.out(`spotdash sim: outage for ${outage.forMs / 1000} s`);
        void sim.outage(outage.forMs).then(() => io.out("spotdash sim: back"));
      }, outage.atMs)
    : undefined;
  await stopped;
  clearTimeout(outageTimer);
  withdraw();
  await sim.close();
  io.out("spotdash sim stopped");
  return 0;
}
