/**
 * Flags become raw strings here and are validated later, together with the
 * environment's values, so that a flag and a variable for the same setting get
 * the same checks and messages. Only the shape of the command line (which
 * word is the command, which flag takes a value) is judged here.
 */

import { ConfigError, shown } from "./errors.js";
import { COMMANDS, type Command } from "./help.js";
import { BOOL_MSG, boolSetting } from "./schema.js";
import { SETTINGS, type SettingDef, type SettingName, type Source } from "./settings.js";

/** A setting's value before validation, with where it came from. */
export interface RawValue {
  raw: string;
  source: Source;
  /** How the user wrote it, for error messages. */
  label: string;
}

export interface ParsedArgv {
  command: Command;
  /** The command's own arguments, passed through for it to parse. */
  rest: string[];
  flags: Map<SettingName, RawValue>;
}

const VALUE_FLAGS = new Map(SETTINGS.filter((d) => d.flag).map((d) => [d.flag!, d]));
const SWITCHES = new Map<string, { def: SettingDef; value: boolean }>(
  SETTINGS.flatMap((d) =>
    d.switches
      ? [
          [d.switches.on, { def: d, value: true }],
          [d.switches.off, { def: d, value: false }],
        ]
      : [],
  ),
);

const KEY_FLAG = /^--?(metafide[-_])?(api[-_]?)?key$/i;

/** Commands that take their own options; everything after them is passed through in `rest`. */
function takesRest(command: Command): boolean {
  return command !== "dashboard";
}

/** argv before a `--`, and what follows it (undefined when there is no `--`). */
export function splitAtDoubleDash(argv: readonly string[]): { options: string[]; after: string[] | undefined } {
  const end = argv.indexOf("--");
  return end === -1 ? { options: [...argv], after: undefined } : { options: argv.slice(0, end), after: argv.slice(end + 1) };
}

/** Throws for an API key given as a flag: flags end up in shell history and process listings. */
export function refuseKeyFlags(options: readonly string[]): void {
  const commandAt = findCommand(options);
  for (const [i, arg] of options.entries()) {
    // `sim --key K` names keys the sim accepts: that option belongs to the sim.
    if (commandAt !== -1 && i > commandAt && options[commandAt] === "sim") break;
    const name = arg.split("=", 1)[0]!;
    if (KEY_FLAG.test(name)) {
      throw new ConfigError(
        name,
        "the API key is never accepted as a flag because flags end up in shell history and process lists; " +
          "set METAFIDE_API_KEY in the environment or in .env (see .env.example)",
      );
    }
  }
}

/** Index of the command word: the first argument that is neither an option nor an option's value. */
function findCommand(options: readonly string[]): number {
  for (let i = 0; i < options.length; i++) {
    const a = options[i]!;
    if (!a.startsWith("-") || a === "-") return i;
    if (VALUE_FLAGS.has(a)) i++;
  }
  return -1;
}

/** The command, its own arguments and the settings given as flags. Throws ConfigError for a malformed command line. */
export function parseArgv(options: readonly string[], after: readonly string[] | undefined): ParsedArgv {
  const flags = new Map<SettingName, RawValue>();
  let command: Command | undefined;
  const rest: string[] = [];
  for (let i = 0; i < options.length; i++) {
    const arg = options[i]!;
    const eq = arg.indexOf("=");
    const name = arg.startsWith("--") && eq !== -1 ? arg.slice(0, eq) : arg;
    const inline = arg.startsWith("--") && eq !== -1 ? arg.slice(eq + 1) : undefined;

    const valueDef = VALUE_FLAGS.get(name);
    if (valueDef) {
      const raw = inline ?? valueAfter(options, i, name, valueDef);
      if (inline === undefined) i++;
      flags.set(valueDef.name, { raw, source: "flag", label: name });
      continue;
    }
    const sw = SWITCHES.get(name);
    if (sw) {
      flags.set(sw.def.name, { raw: switchValue(name, sw.value, inline), source: "flag", label: name });
      continue;
    }
    if (command !== undefined && takesRest(command)) {
      rest.push(arg);
      continue;
    }
    if (arg.startsWith("-") && arg !== "-") {
      throw new ConfigError(name, "unknown option; run spotdash --help for the list of options");
    }
    if (command !== undefined) throw new ConfigError(command, `takes no arguments (got ${shown(arg)})`);
    command = toCommand(arg);
  }
  command ??= "dashboard";
  if (after !== undefined) {
    if (!takesRest(command) && after.length > 0) throw new ConfigError(command, `takes no arguments (got ${shown(after[0]!)})`);
    rest.push("--", ...after);
  }
  return { command, rest, flags };
}

/** The value of a value flag written as two words (`--asset BTC_USDT`). */
function valueAfter(options: readonly string[], i: number, name: string, def: SettingDef): string {
  const next = options[i + 1];
  if (next === undefined || next.startsWith("--")) {
    throw new ConfigError(name, `needs a value, e.g. ${name} ${def.default ?? def.meta ?? "VALUE"}`);
  }
  return next;
}

/** A switch's setting as "true"/"false"; `--no-bell=false` means the bell is on. */
function switchValue(name: string, on: boolean, inline: string | undefined): string {
  if (inline === undefined) return String(on);
  const parsed = boolSetting.safeParse(inline);
  if (!parsed.success) throw new ConfigError(name, `${BOOL_MSG} (got ${shown(inline)})`);
  return String(parsed.data === on);
}

function toCommand(arg: string): Command {
  if (!(COMMANDS as readonly string[]).includes(arg)) {
    throw new ConfigError("command", `must be one of ${COMMANDS.join(", ")} (got ${shown(arg)})`);
  }
  return arg as Command;
}
