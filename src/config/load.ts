/**
 * One validated Config from flags > environment > `.env` > the config file
 * (its chosen profile over its top level) > defaults.
 *
 * loadConfig() is pure apart from reading `<cwd>/.env` and the config file
 * and running its key_command: argv, env, cwd, the file's path and the
 * command runner are passed in, so every path is testable.
 * Every bad value becomes a ConfigError whose message is one line naming the
 * setting (as the user wrote it: flag, variable, or variable in .env) and the
 * allowed values.
 *
 * The API key is read from METAFIDE_API_KEY (environment or .env), else from
 * the config file's key_command, never from a flag or the file itself: flags
 * end up in shell history and process listings. It is held
 * in a Secret, which prints as "[redacted]" in every string, JSON and inspect
 * form, and is registered with the redactor.
 */
import { registerSecret, Secret } from "../api/redact.js";
import { bindKeys, type KeyTables } from "../ui/key-tables.js";
import { alertSettings } from "./alert-config.js";
import { type ParsedArgv, parseArgv, type RawValue, refuseKeyFlags, splitAtDoubleDash } from "./argv.js";
import type { Config } from "./config.js";
import { type ConfigFile, readConfigFile } from "./config-file.js";
import { type Dotenv, readDotenv } from "./dotenv.js";
import { ConfigError, shown } from "./errors.js";
import { COMMANDS, type Command, helpText } from "./help.js";
import { type KeyCommandRunner, keyFromCommand, runKeyCommand } from "./key-command.js";
import { type Settings, SettingsSchema } from "./schema.js";
import { SETTINGS, type SettingName, type Source } from "./settings.js";
import { defaultConfigPath, defaultStateDir } from "./state-dir.js";
import { strategySettings } from "./strategy-config.js";
import { VERSION } from "./version.js";

export type ConfigResult =
  /** `command`: the command named beside --help (`spotdash place --help`), whose own usage the CLI prints. */
  | { kind: "help"; text: string; command?: Command }
  | { kind: "version"; text: string }
  | { kind: "run"; command: Command; rest: string[]; config: Config; warnings: string[] };

export interface LoadConfigOptions {
  argv: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** The config file; defaultConfigPath(env) when not given. */
  configPath?: string;
  /** Runs the config file's key_command; the real one when not given. */
  runKeyCommand?: KeyCommandRunner;
}

/** Commands that never use the key: a key_command (which may ask for a passphrase) is not run for them. */
const KEYLESS: readonly Command[] = ["sim", "completion"];

const DEF_BY_NAME = new Map(SETTINGS.map((d) => [d.name, d]));
/** Every variable spotdash reads with the SPOTDASH_ prefix, for the typo warning. */
const KNOWN_SPOTDASH_VARS = new Set(SETTINGS.map((d) => d.env).filter((e) => e.startsWith("SPOTDASH_")));
const KEY_SHAPE = /^metafide_[0-9a-f]{32}$/i;
const KEY_VAR = DEF_BY_NAME.get("apiKey")!.env;

/**
 * Reads argv (without node and script), env and `<cwd>/.env` into a Config.
 * Throws ConfigError for any bad value.
 */
export function loadConfig(opts: LoadConfigOptions): ConfigResult {
  const { options, after } = splitAtDoubleDash(opts.argv);
  // A key on the command line is refused first; then --help / --version win over every other problem.
  refuseKeyFlags(options);
  if (options.some((a) => a === "--help" || a === "-h"))
    return { kind: "help", text: helpText(), command: options.find((a): a is Command => (COMMANDS as readonly string[]).includes(a)) };
  if (options.some((a) => a === "--version" || a === "-v" || a === "-V")) return { kind: "version", text: `spotdash ${VERSION}` };

  const warnings: string[] = [];
  const dotenv = readDotenv(opts.cwd, warnings);
  // The key is known to the redactor before any value is checked: a flag or setting holding it by mistake is never echoed.
  for (const key of [opts.env[KEY_VAR], dotenv.vars[KEY_VAR]]) {
    registerSecret(key);
    registerSecret(key?.trim());
  }
  const { command, rest, flags } = parseArgv(options, after);
  const file = readConfigFile(opts.configPath ?? defaultConfigPath(opts.env), chosenProfile(flags, opts.env, dotenv), warnings);
  const raws = merge(flags, opts.env, dotenv, file);
  // Not for `config --edit` either: a key_command that fails must not keep its file from being mended.
  const keyless = KEYLESS.includes(command) || (command === "config" && rest.includes("--edit"));
  if (!raws.has("apiKey") && file.keyCommand && !keyless) {
    const raw = keyFromCommand(file.keyCommand, opts.runKeyCommand ?? runKeyCommand);
    raws.set("apiKey", { raw, source: "key_command", label: file.keyCommand.label });
  }
  warnings.push(...unknownVariables(opts.env, dotenv));
  const config = toConfig(validate(raws), raws, { dotenv, file }, warnings, defaultStateDir(opts.env));
  return { kind: "run", command, rest, config, warnings };
}

/** --profile, else SPOTDASH_PROFILE in the environment, else in .env: needed before the file's values can be read. */
function chosenProfile(flags: ParsedArgv["flags"], env: NodeJS.ProcessEnv, dotenv: Dotenv): string | undefined {
  const def = DEF_BY_NAME.get("profile")!;
  const raw =
    flags.get("profile") ??
    fromVars(env, def.env, "env", def.env) ??
    fromVars(dotenv.vars, def.env, ".env", `${def.env} (in ${dotenv.path})`);
  if (raw === undefined) return undefined;
  const parsed = SettingsSchema.shape.profile.safeParse(raw.raw);
  if (!parsed.success) throw new ConfigError(raw.label, `${parsed.error.issues[0]!.message} (got ${shown(raw.raw)})`);
  return parsed.data;
}

function fromVars(vars: Record<string, string | undefined>, name: string, source: Source, label: string): RawValue | undefined {
  const raw = present(vars[name]);
  return raw === undefined ? undefined : { raw, source, label };
}

/** Each setting's raw value from the first place that has one: flag, environment, `.env`, config file, default. */
function merge(flags: ParsedArgv["flags"], env: NodeJS.ProcessEnv, dotenv: Dotenv, file: ConfigFile): Map<SettingName, RawValue> {
  const raws = new Map<SettingName, RawValue>();
  for (const def of SETTINGS) {
    const inFile = file.values.get(def.name);
    const chosen =
      flags.get(def.name) ??
      fromVars(env, def.env, "env", def.env) ??
      // https://no-color.org: present and not empty disables colour, whatever its value.
      (def.name === "noColor" && present(env.NO_COLOR) !== undefined
        ? { raw: "true", source: "env" as const, label: "NO_COLOR" }
        : undefined) ??
      fromVars(dotenv.vars, def.env, ".env", `${def.env} (in ${dotenv.path})`) ??
      (inFile ? { raw: inFile.raw, source: "config" as const, label: inFile.label } : undefined) ??
      (def.default !== undefined ? { raw: def.default, source: "default" as const, label: def.flag ?? def.env } : undefined);
    if (chosen) raws.set(def.name, chosen);
  }
  return raws;
}

function present(v: string | undefined): string | undefined {
  return v === undefined || v === "" ? undefined : v;
}

/** A warning for each SPOTDASH_ variable that is not a setting: most likely a typo. */
function unknownVariables(env: NodeJS.ProcessEnv, dotenv: Dotenv): string[] {
  const warnings: string[] = [];
  for (const [vars, where] of [
    [env, "the environment"],
    [dotenv.vars, dotenv.path],
  ] as const) {
    for (const name of Object.keys(vars)) {
      if (name.startsWith("SPOTDASH_") && !KNOWN_SPOTDASH_VARS.has(name)) {
        warnings.push(`${name} (in ${where}) is not a spotdash setting and is ignored; known: ${[...KNOWN_SPOTDASH_VARS].join(", ")}`);
      }
    }
  }
  return warnings;
}

/** The parsed settings; the first bad one becomes a ConfigError naming it as the user wrote it. */
function validate(raws: ReadonlyMap<SettingName, RawValue>): Settings {
  const input: Record<string, string> = {};
  for (const [name, v] of raws) input[name] = v.raw;
  const parsed = SettingsSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const name = issue.path[0] as SettingName;
  const def = DEF_BY_NAME.get(name)!;
  const raw = raws.get(name)!;
  throw new ConfigError(raw.label, def.secret ? `${issue.message} (value not shown)` : `${issue.message} (got ${shown(raw.raw)})`);
}

function toConfig(
  s: Settings,
  raws: ReadonlyMap<SettingName, RawValue>,
  files: { dotenv: Dotenv; file: ConfigFile },
  warnings: string[],
  stateDir: string,
): Config {
  const keyRaw = raws.get("apiKey");
  const apiKey = s.apiKey === undefined ? null : new Secret(s.apiKey);
  if (apiKey && !KEY_SHAPE.test(s.apiKey!)) {
    warnings.push(`${keyRaw!.label} does not look like an API key (metafide_ followed by 32 hex characters); requests may be refused`);
  }
  const each = <T>(f: (raw: RawValue | undefined) => T) =>
    Object.fromEntries(SETTINGS.map((d) => [d.name, f(raws.get(d.name))])) as Record<SettingName, T>;
  const config: Config = {
    asset: s.asset,
    assets: s.assets,
    interval: s.interval,
    network: s.network,
    currency: s.currency,
    url: s.url,
    apiKey,
    keySource: apiKey === null ? "none" : (keyRaw!.source as Config["keySource"]),
    wallet: s.wallet ?? null,
    useSim: apiKey === null,
    maxRps: s.maxRps,
    readonly: s.readonly,
    noColor: s.noColor,
    ascii: s.ascii,
    noBell: s.noBell,
    layout: s.layout,
    theme: s.theme,
    keys: keysOf(files.file),
    alerts: alertSettings(files.file.alerts, { asset: s.asset, noBell: s.noBell }),
    strategies: Object.freeze(strategySettings(files.file.strategies, s)),
    debugLog: s.debugLog ?? null,
    noHistory: s.noHistory,
    stateDir: s.stateDir ?? stateDir,
    sources: Object.freeze(each((raw) => raw?.source ?? "default")),
    origins: Object.freeze(each(origin)),
    envFile: files.dotenv.found ? files.dotenv.path : null,
    configFile: { path: files.file.path, found: files.file.found },
    profile: s.profile ?? null,
  };
  return Object.freeze(config);
}

/** The key tables with the file's [keys] over them; a bad or clashing key is the file's error. */
function keysOf(file: ConfigFile): KeyTables {
  try {
    return bindKeys(file.keys);
  } catch (e) {
    throw new ConfigError(file.keysLabel ?? "[keys]", (e as Error).message);
  }
}

/** Where a value came from, as `spotdash config` says it. */
function origin(raw: RawValue | undefined): string {
  if (raw === undefined || raw.source === "default") return "default";
  if (raw.source === "flag") return `flag ${raw.label}`;
  if (raw.source === "env") return `environment ${raw.label}`;
  return raw.label;
}
