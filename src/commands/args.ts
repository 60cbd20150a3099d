/**
 * The options of the one-shot commands (what loadConfig left in `rest`).
 * Global settings (--asset, --interval, --network, ...) were already applied
 * to the Config; here are only the command's own.
 */
import { type Command, commandHelp } from "../config/help.js";
import { isRange, RANGES, type Range } from "../domain/performance/index.js";

export type CommandName = Exclude<Command, "dashboard" | "sim" | "config" | "completion">;

export interface CommandArgs {
  json: boolean;
  sim: boolean;
  yes: boolean;
  /** watch --book: the book's markets too, and a line for each held game that changes. */
  book: boolean;
  /** watch --events: the alerts' events only, one JSON line each (docs/alerts.md). */
  events: boolean;
  price?: string;
  stake?: string;
  limit?: number;
  offset?: number;
  gid?: string;
  /** auto NAME: the strategy. */
  name?: string;
  /** auto --trial N: N games on the sim's engine, on a fast clock. */
  trial?: number;
  /** auto --trial N --seed S: the trial's prices and crowd, repeatable. */
  seed?: number;
  /** results --all: every settled game, page after page. */
  all: boolean;
  /** results --all: the output's form (--csv, --ndjson; --json is NDJSON too). */
  format?: "csv" | "ndjson";
  /** results --all --per: a row per game (the default) or per position. */
  per?: "game" | "position";
  /** stats --range: which settled games (all by default). */
  range?: Range;
}

/** A usage mistake: exit 1. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

export const COMMON_SWITCHES = ["--json", "--sim"] as const;
export const OWN: Record<CommandName, { switches: string[]; values: string[] }> = {
  game: { switches: [], values: [] },
  price: { switches: [], values: [] },
  balance: { switches: [], values: [] },
  positions: { switches: [], values: [] },
  book: { switches: [], values: [] },
  results: { switches: ["--all", "--csv", "--ndjson"], values: ["--limit", "--offset", "--gid", "--per"] },
  place: { switches: ["--yes"], values: ["--price", "--stake"] },
  watch: { switches: ["--book", "--events"], values: [] },
  auto: { switches: ["--yes"], values: ["--trial", "--seed"] },
  stats: { switches: [], values: ["--range"] },
  doctor: { switches: [], values: [] },
};

export const USAGE: Record<CommandName, string> = {
  game: "spotdash game [--json] [--sim]",
  price: "spotdash price [--json] [--sim]",
  balance: "spotdash balance [--json] [--sim]",
  positions: "spotdash positions [--json] [--sim]",
  book: "spotdash book [--json] [--sim]",
  results: "spotdash results [--limit N] [--offset N] [--gid G] [--json] [--sim] | results --all [--csv | --ndjson] [--per game|position]",
  place: "spotdash place --price P --stake S [--yes] [--json] [--sim]",
  watch: "spotdash watch [--book] [--events] [--json] [--sim]",
  auto: "spotdash auto NAME [--trial N [--seed S]] [--yes] [--json] [--sim]",
  stats: "spotdash stats [--range today|7d|30d|all] [--json] [--sim]",
  doctor: "spotdash doctor [--json] [--sim]",
};

/** `spotdash place --help`: the command's usage and what it does; the settings every command takes are spotdash --help's. */
export function commandHelpText(command: CommandName): string {
  return `usage: ${USAGE[command]}\n${commandHelp(command)}\n\nThe settings every command takes (--asset, --interval, --network, …): spotdash --help`;
}

/** Whether `--json` was asked for, read leniently so even a usage error can be reported as JSON. */
export function wantsJson(rest: readonly string[]): boolean {
  return rest.includes("--json");
}

export function parseCommandArgs(command: CommandName, rest: readonly string[]): CommandArgs {
  const own = OWN[command];
  const args: CommandArgs = { json: false, sim: false, yes: false, book: false, events: false, all: false };
  const seen = new Set<string>();
  const usage = (problem: string) => new UsageError(`${command}: ${problem}; usage: ${USAGE[command]}`);
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === "--") throw usage("takes no arguments after --");
    const eq = arg.indexOf("=");
    const name = arg.startsWith("--") && eq !== -1 ? arg.slice(0, eq) : arg;
    const inline = arg.startsWith("--") && eq !== -1 ? arg.slice(eq + 1) : undefined;
    if ((COMMON_SWITCHES as readonly string[]).includes(name) || own.switches.includes(name)) {
      if (inline !== undefined) throw usage(`${name} takes no value`);
      if (name === "--json") args.json = true;
      else if (name === "--sim") args.sim = true;
      else if (name === "--yes") args.yes = true;
      else if (name === "--book") args.book = true;
      else if (name === "--events") args.events = true;
      else if (name === "--all") args.all = true;
      else if (name === "--csv" || name === "--ndjson") {
        if (args.format !== undefined && args.format !== name.slice(2)) throw usage("takes one of --csv and --ndjson");
        args.format = name.slice(2) as "csv" | "ndjson";
      }
      continue;
    }
    if (own.values.includes(name)) {
      if (seen.has(name)) throw usage(`${name} given twice`);
      seen.add(name);
      let value = inline;
      if (value === undefined) {
        const next = rest[i + 1];
        // "--price -1" is a value (then refused by the placement check), "--price --stake" is not.
        if (next === undefined || next.startsWith("--")) throw usage(`${name} needs a value`);
        value = next;
        i++;
      }
      setValue(args, name, value, usage);
      continue;
    }
    if (arg.startsWith("-")) throw usage(`unknown option ${JSON.stringify(name)}`);
    if (command === "auto" && args.name === undefined) {
      args.name = arg;
      continue;
    }
    throw usage(`unexpected argument ${JSON.stringify(arg)}`);
  }
  if (command === "auto" && args.name === undefined) throw usage("names no strategy");
  if (command === "results") checkResultsArgs(args, usage);
  if (command === "place") {
    if (args.price === undefined) throw usage("--price is required");
    if (args.stake === undefined) throw usage("--stake is required");
  }
  return args;
}

function checkResultsArgs(args: CommandArgs, usage: (p: string) => UsageError): void {
  if (args.all) {
    const paging = (["limit", "offset", "gid"] as const).find((k) => args[k] !== undefined);
    if (paging) throw usage(`--all reads every page: it takes no --${paging}`);
    if (args.json) args.format ??= "ndjson";
  } else if (args.format !== undefined || args.per !== undefined) {
    throw usage(`--${args.format ?? "per"} goes with --all`);
  }
}

function setValue(args: CommandArgs, name: string, value: string, usage: (p: string) => UsageError): void {
  switch (name) {
    case "--price":
      args.price = value;
      return;
    case "--stake":
      args.stake = value;
      return;
    case "--gid":
      if (!/^[\x21-\x7e]+$/.test(value)) throw usage("--gid must be a game id such as 489886");
      args.gid = value;
      return;
    case "--limit":
      if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 100)
        throw usage(`--limit must be a whole number from 1 to 100 (got ${JSON.stringify(value)})`);
      args.limit = Number(value);
      return;
    case "--trial":
      if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 10_000)
        throw usage(`--trial must be a number of games from 1 to 10000 (got ${JSON.stringify(value)})`);
      args.trial = Number(value);
      return;
    case "--seed":
      if (!/^\d+$/.test(value) || Number(value) > 2 ** 32 - 1)
        throw usage(`--seed must be a whole number from 0 to ${2 ** 32 - 1} (got ${JSON.stringify(value)})`);
      args.seed = Number(value);
      return;
    case "--per":
      if (value !== "game" && value !== "position") throw usage(`--per must be game or position (got ${JSON.stringify(value)})`);
      args.per = value;
      return;
    case "--range":
      if (!isRange(value)) throw usage(`--range must be one of ${RANGES.map((r) => r.id).join(", ")} (got ${JSON.stringify(value)})`);
      args.range = value;
      return;
    case "--offset":
      if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value)))
        throw usage(`--offset must be a whole number ≥ 0 (got ${JSON.stringify(value)})`);
      args.offset = Number(value);
      return;
  }
}
