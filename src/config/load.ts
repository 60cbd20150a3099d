/**
 * One validated Config from flags > environment > `.env` > defaults.
 *
 * loadConfig() is pure apart from reading `<cwd>/.env`: argv, env and cwd
 * are passed in, so every path is testable.
 * Every bad value becomes a ConfigError whose message is one line naming the
 * setting (as the user wrote it: flag, variable, or variable in .env) and the
 * allowed values.
 *
 * The API key is read from METAFIDE_API_KEY only (environment or .env), never
 * from a flag: flags end up in shell history and process listings. It is held
 * in a Secret, which prints as "[redacted]" in every string, JSON and inspect
 * form, and is registered with the redactor.
 */
import { registerSecret, Secret } from "../api/redact.js";
import { type ParsedArgv, parseArgv, type RawValue, refuseKeyFlags, splitAtDoubleDash } from "./argv.js";
import type { Config } from "./config.js";
import { type Dotenv, readDotenv } from "./dotenv.js";
import { ConfigError, shown } from "./errors.js";
import { type Command, helpText } from "./help.js";
import { type Settings, SettingsSchema } from "./schema.js";
import { SETTINGS, type SettingName, type Source } from "./settings.js";
import { defaultStateDir } from "./state-dir.js";
import { VERSION } from "./version.js";

export type ConfigResult =
  | { kind: "help"; text: string }
  | { kind: "version"; text: string }
  | { kind: "run"; command: Command; rest: string[]; config: Config; warnings: string[] };

export interface LoadConfigOptions {
  argv: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
}

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
  if (options.some((a) => a === "--help" || a === "-h")) return { kind: "help", text: helpText() };
  if (options.some((a) => a === "--version" || a === "-v" || a === "-V")) return { kind: "version", text: `spotdash ${VERSION}` };

  const warnings: string[] = [];
  const dotenv = readDotenv(opts.cwd, warnings);
  // The key is known to the redactor before any value is checked: a flag or setting holding it by mistake is never echoed.
  for (const key of [opts.env[KEY_VAR], dotenv.vars[KEY_VAR]]) {
    registerSecret(key);
    registerSecret(key?.trim());
  }
  const { command, rest, flags } = parseArgv(options, after);
  const raws = merge(flags, opts.env, dotenv);
  warnings.push(...unknownVariables(opts.env, dotenv));
  const config = toConfig(validate(raws), raws, dotenv, warnings, defaultStateDir(opts.env));
  return { kind: "run", command, rest, config, warnings };
}

/** Each setting's raw value from the first place that has one: flag, environment, `.env`, default. */
function merge(flags: ParsedArgv["flags"], env: NodeJS.ProcessEnv, dotenv: Dotenv): Map<SettingName, RawValue> {
  const raws = new Map<SettingName, RawValue>();
  for (const def of SETTINGS) {
    const fromFlag = flags.get(def.name);
    const fromEnv = present(env[def.env]);
    const fromDotenv = present(dotenv.vars[def.env]);
    let chosen: RawValue | undefined;
    if (fromFlag) chosen = fromFlag;
    else if (fromEnv !== undefined) chosen = { raw: fromEnv, source: "env", label: def.env };
    else if (def.name === "noColor" && present(env.NO_COLOR) !== undefined) {
      // https://no-color.org: present and not empty disables colour, whatever its value.
      chosen = { raw: "true", source: "env", label: "NO_COLOR" };
    } else if (fromDotenv !== undefined) chosen = { raw: fromDotenv, source: ".env", label: `${def.env} (in ${dotenv.path})` };
    else if (def.default !== undefined) chosen = { raw: def.default, source: "default", label: def.flag ?? def.env };
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

function toConfig(s: Settings, raws: ReadonlyMap<SettingName, RawValue>, dotenv: Dotenv, warnings: string[], stateDir: string): Config {
  const keyRaw = raws.get("apiKey");
  const apiKey = s.apiKey === undefined ? null : new Secret(s.apiKey);
  if (apiKey && !KEY_SHAPE.test(s.apiKey!)) {
    warnings.push(`${keyRaw!.label} does not look like an API key (metafide_ followed by 32 hex characters); requests may be refused`);
  }

  const sources = Object.fromEntries(SETTINGS.map((d) => [d.name, raws.get(d.name)?.source ?? "default"])) as Record<SettingName, Source>;
  const config: Config = {
    asset: s.asset,
    assets: s.assets,
    interval: s.interval,
    network: s.network,
    currency: s.currency,
    url: s.url,
    apiKey,
    keySource: apiKey === null ? "none" : keyRaw!.source === "env" ? "env" : ".env",
    wallet: s.wallet ?? null,
    useSim: apiKey === null,
    maxRps: s.maxRps,
    readonly: s.readonly,
    noColor: s.noColor,
    ascii: s.ascii,
    noBell: s.noBell,
    debugLog: s.debugLog ?? null,
    noHistory: s.noHistory,
    stateDir: s.stateDir ?? stateDir,
    sources: Object.freeze(sources),
    envFile: dotenv.found ? dotenv.path : null,
  };
  return Object.freeze(config);
}
