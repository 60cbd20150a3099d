/**
 * The per-user config file: TOML in the platform's config directory, every
 * setting of the flags table under its snake_case name, and named profiles
 * (`[profile.mainnet]`) whose values win over the top level's. It never
 * holds the API key: a key there is refused without being shown, and the
 * file may instead name a command that prints it (`key_command`).
 * `[alerts]` and `[[alert]]` are passed on as written to alert-config.ts,
 * and `[[strategy]]` to strategy-config.ts, which read them once the
 * settings in use are known.
 * docs/config.md.
 */
import { readFileSync } from "node:fs";
import { parse } from "smol-toml";
import { registerSecret } from "../api/redact.js";
import { ConfigError } from "./errors.js";
import { SETTINGS, type SettingName, tomlKey } from "./settings.js";
import { floatLiterals } from "./toml-numbers.js";

export interface FileValue {
  raw: string;
  /** `asset (in ~/.config/spotdash/config.toml [profile.mainnet])` */
  label: string;
}

export interface ConfigFile {
  path: string;
  found: boolean;
  /** The profile chosen (--profile), if any. */
  profile: string | undefined;
  values: Map<SettingName, FileValue>;
  /** The command that prints the key, as argv (run without a shell). */
  keyCommand: { argv: string[]; label: string } | undefined;
  /** `[keys]`: an action's keys (the profile's over the top level's), checked by ui/key-tables.ts. */
  keys: Map<string, string[]>;
  /** Where the `[keys]` came from, for their error: `[keys] (in …/config.toml)`. */
  keysLabel: string | undefined;
  /** `[alerts]` and `[[alert]]` as written, the top level's first: read by alert-config.ts, which knows the asset. */
  alerts: AlertSources;
  /** `[[strategy]]` as written, the top level's first: read by strategy-config.ts, which knows the market in use. */
  strategies: StrategySources;
}

/** A value of the file with the table it is in: `…/config.toml` or `…/config.toml [profile.mainnet]`. */
export interface Placed {
  value: unknown;
  where: string;
}

export interface AlertSources {
  tables: Placed[];
  lists: Placed[];
  /** The decimals the file writes, by the float each became (toml-numbers.ts): a price level as it was written. */
  floats: ReadonlyMap<number, ReadonlySet<string>>;
}

export interface StrategySources {
  lists: Placed[];
  /** The same map as the alerts': a strategy's amounts as they were written. */
  floats: ReadonlyMap<number, ReadonlySet<string>>;
}

const FILE_KEYS = new Map(SETTINGS.filter((d) => d.name !== "apiKey" && d.name !== "profile").map((d) => [tomlKey(d), d.name]));
/** Names under which a key might be written into the file by mistake. */
const KEY_NAMES = /^(metafide_)?(api_?)?key$/i;
const KEY_COMMAND = "key_command";
const KEYS_TABLE = "keys";
const ALERTS_TABLE = "alerts";
const ALERT_LIST = "alert";
const STRATEGY_LIST = "strategy";

export type Table = Record<string, unknown>;
export const isTable = (v: unknown): v is Table => typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Date);

/**
 * Reads the file at `path` with `profile` chosen; a missing file is an empty
 * one. Unknown names become warnings (a typo), a key or a bad value a
 * ConfigError naming it.
 */
export function readConfigFile(path: string, profile: string | undefined, warnings: string[]): ConfigFile {
  const empty: ConfigFile = {
    path,
    found: false,
    profile,
    values: new Map(),
    keyCommand: undefined,
    keys: new Map(),
    keysLabel: undefined,
    alerts: { tables: [], lists: [], floats: new Map() },
    strategies: { lists: [], floats: new Map() },
  };
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === "ENOENT" && profile === undefined) return empty;
    if (code === "ENOENT") throw new ConfigError("--profile", `${profile} is not in ${path}: the file does not exist`);
    throw new ConfigError(path, `cannot be read (${code ?? "error"}); fix its permissions or remove it`);
  }
  const doc = parseToml(path, text);
  const { profile: profiles, ...top } = doc;
  const floats = floatLiterals(text);
  const out: ConfigFile = { ...empty, found: true, alerts: { tables: [], lists: [], floats }, strategies: { lists: [], floats } };
  takeTable(top, path, out, warnings);
  if (profiles !== undefined && !isTable(profiles)) throw new ConfigError(`profile (in ${path})`, "must be tables: [profile.NAME]");
  if (profile !== undefined) {
    const chosen = profiles?.[profile];
    if (!isTable(chosen)) {
      const names = Object.keys(profiles ?? {});
      throw new ConfigError(
        "--profile",
        `${profile} is not in ${path} (${names.length ? `profiles: ${names.join(", ")}` : "it has no [profile.NAME]"})`,
      );
    }
    takeTable(chosen, `${path} [profile.${profile}]`, out, warnings);
  }
  return out;
}

function parseToml(path: string, text: string): Table {
  try {
    return parse(text) as Table;
  } catch (e) {
    // The parser's message quotes the line, which may be a key pasted in: only where it is.
    const { line, column } = e as { line?: number; column?: number };
    throw new ConfigError(path, `is not valid TOML${line ? ` (line ${line}, column ${column})` : ""}`);
  }
}

/** The settings and key_command of one table into `out`, over what is there. */
function takeTable(table: Table, where: string, out: ConfigFile, warnings: string[]): void {
  for (const [name, value] of Object.entries(table)) {
    const label = `${name} (in ${where})`;
    if (KEY_NAMES.test(name)) {
      if (typeof value === "string") registerSecret(value);
      throw new ConfigError(label, "the API key never goes in the config file; set METAFIDE_API_KEY or name a key_command that prints it");
    }
    if (name === KEY_COMMAND) {
      out.keyCommand = { argv: commandArgv(value, label), label };
      continue;
    }
    if (name === KEYS_TABLE && isTable(value)) {
      takeKeys(value, where, out);
      continue;
    }
    if (name === ALERTS_TABLE || name === ALERT_LIST) {
      out.alerts[name === ALERTS_TABLE ? "tables" : "lists"].push({ value, where });
      continue;
    }
    if (name === STRATEGY_LIST) {
      out.strategies.lists.push({ value, where });
      continue;
    }
    const setting = FILE_KEYS.get(name);
    if (setting === undefined) {
      if (!isTable(value))
        warnings.push(`${label} is not a spotdash setting and is ignored; known: ${[...FILE_KEYS.keys(), KEY_COMMAND].join(", ")}`);
      else warnings.push(`[${name}] (in ${where}) is ignored: settings go at the top or in [profile.NAME]`);
      continue;
    }
    out.values.set(setting, { raw: rawValue(value, label), label });
  }
}

/** `[keys]`: `place = "o"`, `"results.close" = ["r", "esc"]`; an empty list unbinds. */
function takeKeys(table: Table, where: string, out: ConfigFile): void {
  out.keysLabel = `[keys] (in ${where})`;
  for (const [action, value] of Object.entries(table)) {
    const keys = typeof value === "string" ? [value] : value;
    if (!Array.isArray(keys) || !keys.every((k) => typeof k === "string"))
      throw new ConfigError(`keys.${action} (in ${where})`, 'must be a key or a list of keys, e.g. "o" or ["o", "ctrl+o"]');
    out.keys.set(action, keys);
  }
}

/** A TOML value as the raw string a flag would carry: lists comma-joined, numbers and booleans written out. */
function rawValue(value: unknown, label: string): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === "string" || typeof v === "number")) return value.join(",");
  throw new ConfigError(label, "must be a string, a number, true or false, or a list of strings");
}

/** `"pass show metafide"` (split at spaces) or `["pass", "show", "my key"]`; `example` is the error's. */
export function commandArgv(value: unknown, label: string, example = '"pass show metafide" or ["pass", "show", "metafide"]'): string[] {
  const argv = typeof value === "string" ? value.trim().split(/\s+/) : value;
  if (!Array.isArray(argv) || argv.length === 0 || argv[0] === "" || !argv.every((a) => typeof a === "string")) {
    throw new ConfigError(label, `must be a command, e.g. ${example}`);
  }
  return argv;
}
