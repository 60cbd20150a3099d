/**
 * The one-shot commands: game, price, balance, positions, book, results,
 * place, watch and doctor. Same Config, client, rules and request budget as the dashboard;
 * human output by default, JSON with --json; exit codes in io.ts.
 */
import type { Config } from "../config/config.js";
import { COMMANDS, type Command } from "../config/help.js";
import { hasKey } from "../open-backend.js";
import { ServerClock } from "../poller/server-clock.js";
import { type CommandArgs, type CommandName, parseCommandArgs, wantsJson } from "./args.js";
import { autoCommand } from "./auto.js";
import { type CommandBackend, openCommandBackend } from "./backend.js";
import { bookCommand } from "./book.js";
import { doctorCommand } from "./doctor.js";
import { resultsAllCommand } from "./export/results-all.js";
import { statsCommand } from "./export/stats.js";
import { type CommandIO, EXIT, type ExitCode, report, toFailure } from "./io.js";
import { Pacer } from "./pacer.js";
import { checkBeforeSending, placeCommand } from "./place.js";
import { balanceCommand, gameCommand, positionsCommand, priceCommand, type ReadContext, resultsCommand } from "./read.js";
import { trialCommand } from "./trial.js";
import { watchCommand } from "./watch.js";
import { watchEvents } from "./watch-events.js";

export type { CommandName } from "./args.js";
export type { CommandIO } from "./io.js";
export { EXIT } from "./io.js";

/** The commands that talk to the service; cli.tsx starts the dashboard, the sim, config and completion itself. */
export const COMMAND_NAMES: readonly CommandName[] = COMMANDS.filter(
  (c: Command): c is CommandName => !["dashboard", "sim", "config", "completion"].includes(c),
);

export function isCommandName(c: string): c is CommandName {
  return (COMMAND_NAMES as readonly string[]).includes(c);
}

/** The IO naming the sim in each JSON document, and in a line on stderr for a person. */
function withSim(io: CommandIO, backend: CommandBackend, json: boolean, keyless: boolean): CommandIO {
  const sim = backend.simInfo;
  if (sim === undefined) return io;
  if (!json)
    io.stderr.write(`spotdash: ${keyless ? "no METAFIDE_API_KEY, so " : ""}using the local sim at ${sim.url} (${whoseSim(sim)})\n`);
  return { ...io, sim };
}

function whoseSim(sim: NonNullable<CommandBackend["simInfo"]>): string {
  if (sim.shared) return `run by ${sim.by}, pid ${sim.pid}`;
  return sim.kept
    ? `started for this command; its world is kept in ${sim.kept}`
    : "started for this command, in memory: the state directory cannot be written";
}

/** Runs one command to completion and returns its exit code; never throws. */
export async function runCommand(command: CommandName, rest: readonly string[], config: Config, io: CommandIO): Promise<ExitCode> {
  let args: CommandArgs;
  try {
    args = parseCommandArgs(command, rest);
    if (command === "place") checkBeforeSending({ config, args });
  } catch (e) {
    return report(io, wantsJson(rest), toFailure(e));
  }
  let backend: CommandBackend | undefined;
  try {
    // The trial talks to no service: it plays on the sim's engine in process.
    if (command === "auto" && args.trial !== undefined) {
      const seed = args.seed === undefined ? {} : { seed: args.seed };
      await trialCommand({ config, name: args.name ?? "", games: args.trial, json: args.json, io, ...seed });
      return EXIT.ok;
    }
    backend = await openCommandBackend(config, args.sim, command);
    io = withSim(io, backend, args.json, !hasKey(config));
    if (command === "watch") {
      await (args.events ? watchEvents : watchCommand)({ config, args, backend, io });
      return EXIT.ok;
    }
    if (command === "auto") return await autoCommand({ config, args, backend, io });
    if (command === "book") {
      await bookCommand({ config, args, backend, io });
      return EXIT.ok;
    }
    const { client } = backend;
    const pacer = new Pacer({
      maxRps: config.maxRps,
      onRequest: io.onRequest,
      lastExchange: () => client.lastExchange,
      onRateLimited: (ms) => {
        if (!args.json) io.stderr.write(`spotdash: rate limited; sending again in ${Math.ceil(ms / 1000)} s\n`);
      },
    });
    const ctx: ReadContext = { config, args, backend, pacer, io, clock: new ServerClock() };
    switch (command) {
      case "game":
        await gameCommand(ctx);
        break;
      case "price":
        await priceCommand(ctx);
        break;
      case "balance":
        await balanceCommand(ctx);
        break;
      case "positions":
        await positionsCommand(ctx);
        break;
      case "results":
        await (args.all ? resultsAllCommand(ctx, args.format ?? "lines", args.per ?? "game") : resultsCommand(ctx));
        break;
      case "stats":
        await statsCommand(ctx, args.range ?? "all");
        break;
      case "place":
        await placeCommand(ctx);
        break;
      case "doctor":
        return await doctorCommand(ctx);
    }
    return EXIT.ok;
  } catch (e) {
    return report(io, args.json, toFailure(e));
  } finally {
    await backend?.close().catch(() => undefined);
  }
}
