/**
 * `spotdash auto NAME`: a strategy of the config file without the screen.
 * The dashboard's poller on the strategy's market, with the wallet; the
 * strategy armed at start (on paper if it says so; on mainnet only with
 * --yes); each thing it does printed as a line (NDJSON with --json: the
 * StrategyEvent). SIGINT / SIGTERM stop it after the request in flight.
 * Exit codes: 0 stopped by a signal, 1 usage or configuration, 2 the key
 * refused, 4 the strategy stopped itself (a limit, a refusal it cannot get
 * past: the reason is its last line). docs/strategies.md.
 */
import type { Config } from "../config/config.js";
import { formatClock } from "../domain/format.js";
import { bookOptions } from "../poller/book-watch.js";
import { Poller } from "../poller/poller.js";
import { openRunner } from "../strategy/open-runner.js";
import type { StrategyEvent } from "../strategy/runner.js";
import type { StrategyConfig } from "../strategy/strategy.js";
import type { CommandArgs } from "./args.js";
import type { CommandBackend } from "./backend.js";
import { CommandFailure, type CommandIO, EXIT, type ExitCode, jsonLine, out } from "./io.js";

export interface AutoContext {
  config: Config;
  args: CommandArgs;
  backend: CommandBackend;
  io: CommandIO;
}

/** The strategy called NAME in the config, or a usage failure naming those there are. */
export function strategyNamed(config: Pick<Config, "strategies">, name: string | undefined): StrategyConfig {
  const found = config.strategies.find((s) => s.name === name);
  if (found) return found;
  const names = config.strategies.map((s) => s.name);
  const known = names.length ? `the config file has ${names.join(", ")}` : "the config file has no [[strategy]] (docs/strategies.md)";
  throw new CommandFailure(`auto: no strategy named ${JSON.stringify(name ?? "")}; ${known}`, "usage", EXIT.usage);
}

export async function autoCommand(ctx: AutoContext): Promise<ExitCode> {
  const { config, args, backend, io } = ctx;
  const strategy = strategyNamed(config, args.name);
  if (strategy.market.network === "mainnet" && !strategy.paper && !args.yes) {
    throw new CommandFailure(`auto: ${strategy.name} places on mainnet; add --yes to arm it there`, "usage", EXIT.usage);
  }
  if (!backend.wallet && !strategy.paper) {
    throw new CommandFailure(
      `auto: ${strategy.name} places positions: set METAFIDE_USER_ADDRESS (the wallet sent with each)`,
      "usage",
      EXIT.usage,
    );
  }
  const { asset, interval, network, currency } = strategy.market;
  const poller = new Poller({
    client: backend.client,
    target: { asset, interval, network, currency },
    wallet: backend.wallet,
    maxRps: config.maxRps,
    onRequest: (_kind, at) => io.onRequest?.(at),
    book: bookOptions({ ...config, asset }, backend.sim),
  });
  let finish!: (code: ExitCode) => void;
  const done = new Promise<ExitCode>((resolve) => (finish = resolve));
  const place = { stateDir: config.stateDir, service: backend, apiKey: config.apiKey?.reveal() };
  const runner = openRunner(strategy, poller, place, (e) => {
    out(io, args.json ? jsonLine(io, { type: "strategy", ...e }) : humanLine(e));
    if (e.action === "stopped") finish(/refused the key/.test(e.reason) ? EXIT.refused : EXIT.stopped);
  });
  const signal = io.signal;
  const onAbort = () => finish(EXIT.ok);
  signal?.addEventListener("abort", onAbort, { once: true });
  poller.start();
  runner.start();
  const refused = runner.arm(args.yes ? strategy.name : undefined);
  if (refused !== undefined) finish(EXIT.stopped);
  if (signal?.aborted) finish(EXIT.ok);
  try {
    const code = await done;
    if (refused !== undefined) throw new CommandFailure(`auto: ${strategy.name} not armed: ${refused}`, "usage", EXIT.usage);
    return code;
  } finally {
    // After the request in flight: its answer is kept before the poller goes.
    await runner.stop();
    poller.stop();
    signal?.removeEventListener("abort", onAbort);
  }
}

function humanLine(e: StrategyEvent): string {
  const what = e.gid === undefined ? "" : ` #${e.gid}${e.sp ? ` ${e.sp} × ${e.f}` : ""}`;
  return `${formatClock(e.at)} ${e.strategy} ${e.action}${what}: ${e.reason}`;
}
