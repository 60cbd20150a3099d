/**
 * `spotdash sim`: runs the local service in the foreground until SIGINT or
 * SIGTERM. Prints one "listening" line when ready, then the key(s) it accepts
 * with their wallets, so a client can be pointed at it straight away.
 */
import { parseArgs } from "node:util";
import { DEFAULT_HOST, DEFAULT_PORT, MAX_SEED, startSim, type SimHandle, type SimOptions } from "./index.js";
import { RATE_LIMIT_MODES, type RateLimitMode } from "./ratelimit.js";
import { isValidApiKey } from "./users.js";

export const SIM_USAGE = `usage: spotdash sim [--host ${DEFAULT_HOST}] [--port ${DEFAULT_PORT}] [--seed N] [--key KEY]...
                    [--rate-limit ${RATE_LIMIT_MODES.join("|")}] [--data DIR] [--no-crowd] [--help]

Runs a local implementation of the Spot-On API on http://HOST:PORT/v1/surge/games/.
  --host        interface to bind (default ${DEFAULT_HOST}, loopback only)
  --port        port to bind (default ${DEFAULT_PORT}; 0 picks a free port)
  --seed        makes prices and the simulated crowd repeatable (0 to ${MAX_SEED})
  --key         an API key to accept (repeatable); without one a demo key is generated
  --rate-limit  real: 120/min per GET endpoint and 30/min POST per key (default);
                strict: 1 request per second per key; off: no limit
  --data        keep balances, positions and results in DIR across restarts
  --no-crowd    no simulated other players
Point a client at it with METAFIDE_API_URL=http://HOST:PORT and the printed key.`;

export type ParsedSimArgs = { kind: "help" } | { kind: "run"; options: SimOptions } | { kind: "error"; message: string };

/** Parses the flags of `spotdash sim`; never throws. */
export function parseSimArgs(argv: string[]): ParsedSimArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        host: { type: "string" },
        port: { type: "string" },
        seed: { type: "string" },
        key: { type: "string", multiple: true },
        "rate-limit": { type: "string" },
        data: { type: "string" },
        "no-crowd": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (e) {
    return { kind: "error", message: `spotdash sim: ${(e as Error).message.split("\n")[0]} (see spotdash sim --help)` };
  }
  if (values.help) return { kind: "help" };

  const options: SimOptions = { crowd: !values["no-crowd"] };
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
  return { kind: "run", options };
}

function bad(message: string): ParsedSimArgs {
  return { kind: "error", message: `spotdash sim: ${message}` };
}

function wholeNumber(s: string): number | null {
  return /^\d{1,10}$/.test(s) ? Number(s) : null;
}

/** The lines printed once the sim is ready; the first is the one scripts wait for. */
export function readyLines(sim: SimHandle): string[] {
  const lines = [`spotdash sim listening on ${sim.url}`];
  for (const key of sim.keys) lines.push(`api key: ${key}`, `wallet: ${sim.wallets[key]}`);
  lines.push(`seed: ${sim.seed}`);
  return lines;
}

export interface SimIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** Resolves when the sim should stop (default: SIGINT or SIGTERM). */
  stopSignal: () => Promise<void>;
  setExitCode: (code: number) => void;
}

const processIo: SimIo = {
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
  setExitCode: (code) => {
    process.exitCode = code;
  },
};

/** `spotdash sim …`: argv is what follows "sim". */
export async function runSimCommand(argv: string[], io: SimIo = processIo): Promise<void> {
  const parsed = parseSimArgs(argv);
  if (parsed.kind === "help") return io.out(SIM_USAGE);
  if (parsed.kind === "error") {
    io.err(parsed.message);
    return io.setExitCode(1);
  }
  let sim: SimHandle;
  try {
    sim = await startSim({ ...parsed.options, log: io.err });
  } catch (e) {
    io.err(`spotdash sim: ${(e as Error).message}`);
    return io.setExitCode(1);
  }
  // Listen for the stop signal before announcing readiness, so no signal is missed.
  const stopped = io.stopSignal();
  for (const line of readyLines(sim)) io.out(line);
  await stopped;
  await sim.close();
  io.out("spotdash sim stopped");
}
