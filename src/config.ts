/**
 * One validated Config from flags > environment > `.env` > defaults.
 *
 * loadConfig() is pure apart from reading `<cwd>/.env` (and package.json for
 * the version): argv, env and cwd are passed in, so every path is testable.
 * Every bad value becomes a ConfigError whose message is one line naming the
 * setting (as the user wrote it: flag, variable, or variable in .env) and the
 * allowed values.
 *
 * The API key is read from METAFIDE_API_KEY only (environment or .env), never
 * from a flag: flags end up in shell history and process listings. It is held
 * in a Secret, which prints as "[redacted]" in every string, JSON and inspect
 * form, and is registered with the redactor.
 */
import { readFileSync, statSync } from "node:fs";
import { platform } from "node:os";
import { join } from "node:path";
import { parseEnv } from "node:util";
import * as z from "zod";
import { apiBase } from "./api/client.js";
import { oneLine, REDACTED, redact, registerSecret } from "./api/redact.js";
import { NETWORKS, type Network } from "./api/schemas.js";
import { INTERVALS, type Interval } from "./domain/rules.js";

// ---- Commands ---------------------------------------------------------------

export const COMMANDS = ["dashboard", "sim", "game", "price", "balance", "positions", "results", "place", "watch", "doctor"] as const;
export type Command = (typeof COMMANDS)[number];

const COMMAND_HELP: Record<Command, string> = {
  dashboard: "the full-screen dashboard (default)",
  sim: "run the local simulator of the service",
  game: "print the live and next game",
  price: "print the live price",
  balance: "print the balance",
  positions: "print your positions in the live game",
  results: "print settled games",
  place: "place a position",
  watch: "follow the live game line by line",
  doctor: "check the service: every endpoint, the key, each answer, the clock",
};

/** Commands that take their own options; everything after them is passed through in `rest`. */
function takesRest(command: Command): boolean {
  return command !== "dashboard";
}

// ---- Secret -------------------------------------------------------------------

const INSPECT = Symbol.for("nodejs.util.inspect.custom");

/**
 * A secret value that never prints: String(), template literals, JSON and
 * util.inspect all give "[redacted]". Call reveal() only where the value is
 * actually sent (the x-api-key header).
 */
export class Secret {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
    registerSecret(value);
  }

  reveal(): string {
    return this.#value;
  }

  toString(): string {
    return REDACTED;
  }

  toJSON(): string {
    return REDACTED;
  }

  [Symbol.toPrimitive](): string {
    return REDACTED;
  }

  [INSPECT](): string {
    return REDACTED;
  }
}

// ---- Errors -------------------------------------------------------------------

/** A bad setting. The message is one line: `<setting>: <what is allowed> (got <value>)`. */
export class ConfigError extends Error {
  /** The setting as the user wrote it: `--interval`, `SPOTDASH_MAX_RPS`, `command`, ... */
  readonly setting: string;

  constructor(setting: string, problem: string) {
    super(oneLine(redact(`${setting}: ${problem}`)));
    this.name = "ConfigError";
    this.setting = setting;
  }
}

/** The value as it appears in an error: plain when simple, JSON-quoted otherwise, redacted, short. */
function shown(raw: string): string {
  const value = raw.length > 60 ? `${raw.slice(0, 60)}…` : raw;
  return redact(/^[\x21-\x7e]+$/.test(value) ? value : JSON.stringify(value));
}

// ---- Settings -----------------------------------------------------------------

export const DEFAULT_API_URL = "https://api.metafide.io";

export type SettingName =
  | "asset"
  | "interval"
  | "network"
  | "currency"
  | "url"
  | "apiKey"
  | "wallet"
  | "maxRps"
  | "readonly"
  | "noColor"
  | "ascii"
  | "noBell"
  | "debugLog";

/** Where a setting's value came from. */
export type Source = "flag" | "env" | ".env" | "default";

interface SettingDef {
  name: SettingName;
  /** Value flag (`--asset X`), or the pair of switches for a boolean. */
  flag?: string;
  switches?: { on: string; off: string };
  /** Variables read from the environment and `.env`, first wins. */
  env: string;
  /** Shown in --help; undefined = no default. */
  default?: string;
  /** Placeholder for the value in --help. */
  meta?: string;
  help: string;
  /** The value is never shown in an error. */
  secret?: boolean;
}

const SETTINGS: readonly SettingDef[] = [
  { name: "asset", flag: "--asset", meta: "BASE_QUOTE", env: "SPOTDASH_ASSET", default: "BTC_USDT", help: "asset of the games" },
  {
    name: "interval",
    flag: "--interval",
    meta: "SECONDS",
    env: "SPOTDASH_INTERVAL",
    default: "60",
    help: `game interval: ${INTERVALS.join(", ")}`,
  },
  {
    name: "network",
    flag: "--network",
    meta: "NAME",
    env: "SPOTDASH_NETWORK",
    default: "testnet",
    help: `network: ${NETWORKS.join(" or ")}`,
  },
  { name: "currency", flag: "--currency", meta: "CODE", env: "SPOTDASH_CURRENCY", default: "USDC", help: "stake currency" },
  {
    name: "url",
    flag: "--url",
    meta: "URL",
    env: "METAFIDE_API_URL",
    default: DEFAULT_API_URL,
    help: "service address (https; http only to loopback)",
  },
  {
    name: "maxRps",
    flag: "--max-rps",
    meta: "N",
    env: "SPOTDASH_MAX_RPS",
    default: "1",
    help: "requests per second, more than 0 and at most 1",
  },
  {
    name: "readonly",
    switches: { on: "--readonly", off: "--no-readonly" },
    env: "SPOTDASH_READONLY",
    default: "false",
    help: "never place positions",
  },
  {
    name: "noColor",
    switches: { on: "--no-color", off: "--color" },
    env: "SPOTDASH_NO_COLOR",
    default: "false",
    help: "no colours (NO_COLOR is honoured too)",
  },
  {
    name: "ascii",
    switches: { on: "--ascii", off: "--no-ascii" },
    env: "SPOTDASH_ASCII",
    default: "false",
    help: "ASCII only, no block glyphs",
  },
  {
    name: "noBell",
    switches: { on: "--no-bell", off: "--bell" },
    env: "SPOTDASH_NO_BELL",
    default: "false",
    help: "no terminal bell on settlement",
  },
  {
    name: "debugLog",
    flag: "--debug-log",
    meta: "FILE",
    env: "SPOTDASH_DEBUG_LOG",
    help: "append each request and response to FILE as JSON lines, key and wallet redacted",
  },
  { name: "apiKey", env: "METAFIDE_API_KEY", help: "API key; without one spotdash runs against its sim", secret: true },
  { name: "wallet", env: "METAFIDE_USER_ADDRESS", help: "wallet address sent as pw when placing" },
];

const DEF_BY_NAME = new Map(SETTINGS.map((d) => [d.name, d]));
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
/** Every variable spotdash reads with the SPOTDASH_ prefix, for the typo warning. */
const KNOWN_SPOTDASH_VARS = new Set(SETTINGS.map((d) => d.env).filter((e) => e.startsWith("SPOTDASH_")));

export const ASSET_RE = /^[A-Z0-9]+_[A-Z0-9]+$/;
const TRUE_WORDS = ["1", "true", "yes", "on"] as const;
const FALSE_WORDS = ["0", "false", "no", "off"] as const;
const BOOL_MSG = `must be one of ${[...TRUE_WORDS, ...FALSE_WORDS].join(", ")}`;
const INTERVAL_MSG = `must be one of ${INTERVALS.join(", ")}`;
const MAX_RPS_MSG = "must be a number greater than 0 and at most 1 (the service asks for no more than one request per second)";
const PRINTABLE = /^[\x21-\x7e]+$/;

const boolSetting = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum([...TRUE_WORDS, ...FALSE_WORDS], { error: BOOL_MSG }))
  .transform((v) => (TRUE_WORDS as readonly string[]).includes(v));

function isLoopback(hostname: string): boolean {
  // WHATWG URL already normalised "127.1", "0x7f.0.0.1", "[0:0::1]" and the case.
  return hostname === "localhost" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname) || hostname === "[::1]";
}

const urlSetting = z
  .string()
  .trim()
  .transform((text, ctx) => {
    let u: URL;
    try {
      u = new URL(text);
    } catch {
      ctx.addIssue({ code: "custom", message: "must be an absolute URL such as https://api.metafide.io" });
      return z.NEVER;
    }
    if (u.protocol !== "https:" && u.protocol !== "http:") {
      ctx.addIssue({ code: "custom", message: "must start with https:// (or http:// to a loopback address)" });
      return z.NEVER;
    }
    if (u.protocol === "http:" && !isLoopback(u.hostname)) {
      ctx.addIssue({
        code: "custom",
        message:
          "plain http:// is refused because the API key travels only over TLS; use https:// (http:// is allowed only to localhost, 127.0.0.0/8 and [::1])",
      });
      return z.NEVER;
    }
    if (u.username || u.password) {
      ctx.addIssue({ code: "custom", message: "must not contain a user name or password" });
      return z.NEVER;
    }
    if (u.search || u.hash) {
      ctx.addIssue({ code: "custom", message: "must not have a query string or fragment" });
      return z.NEVER;
    }
    return `${u.origin}${u.pathname.replace(/\/+$/, "")}`;
  });

/** One schema per setting; every raw value arrives as a string. */
const SettingsSchema = z.object({
  asset: z.string().trim().toUpperCase().regex(ASSET_RE, { error: "must look like BASE_QUOTE, e.g. BTC_USDT" }),
  interval: z
    .string()
    .trim()
    .regex(/^\d+$/, { error: INTERVAL_MSG })
    .transform(Number)
    .pipe(z.literal(INTERVALS, { error: INTERVAL_MSG })),
  network: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(NETWORKS, { error: `must be one of ${NETWORKS.join(", ")}` })),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2,16}$/, { error: "must be a currency code of 2 to 16 letters or digits, e.g. USDC" }),
  url: urlSetting,
  apiKey: z
    .string()
    .trim()
    .regex(PRINTABLE, { error: "must be printable ASCII without spaces (generate a new key on the wallet page)" })
    .optional(),
  wallet: z.string().trim().regex(PRINTABLE, { error: "must be a wallet address without spaces" }).optional(),
  maxRps: z
    .string()
    .trim()
    .regex(/^(\d+(\.\d*)?|\.\d+)$/, { error: MAX_RPS_MSG })
    .transform(Number)
    .pipe(z.number().gt(0, { error: MAX_RPS_MSG }).lte(1, { error: MAX_RPS_MSG })),
  readonly: boolSetting,
  noColor: boolSetting,
  ascii: boolSetting,
  noBell: boolSetting,
  debugLog: z.string().trim().min(1, { error: "must be a file path" }).optional(),
});

type Settings = z.output<typeof SettingsSchema>;

// ---- Config -------------------------------------------------------------------

export interface Config {
  asset: string;
  interval: Interval;
  network: Network;
  currency: string;
  /** Service address without a trailing slash; the API base is apiBaseUrl(config). */
  url: string;
  /** METAFIDE_API_KEY; null when none is configured (then useSim is true). */
  apiKey: Secret | null;
  keySource: "env" | ".env" | "none";
  /** METAFIDE_USER_ADDRESS, sent as pw; null when not configured. */
  wallet: string | null;
  /** No key configured: run against the embedded sim. */
  useSim: boolean;
  /** Requests started per second, 0 < maxRps ≤ 1. */
  maxRps: number;
  readonly: boolean;
  noColor: boolean;
  ascii: boolean;
  noBell: boolean;
  /** --debug-log: the file every exchange is appended to; null when off. */
  debugLog: string | null;
  /** Where each setting came from. */
  sources: Readonly<Record<SettingName, Source>>;
  /** The `.env` file that was read, or null when there was none. */
  envFile: string | null;
}

export type ConfigResult =
  | { kind: "help"; text: string }
  | { kind: "version"; text: string }
  | { kind: "run"; command: Command; rest: string[]; config: Config; warnings: string[] };

export interface LoadConfigOptions {
  argv: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/** `{url}/v1/surge/games/` */
export function apiBaseUrl(config: Pick<Config, "url">): string {
  return apiBase(config.url).toString();
}

const KEY_FLAG = /^--?(metafide[-_])?(api[-_]?)?key$/i;
const KEY_SHAPE = /^metafide_[0-9a-f]{32}$/i;

interface RawValue {
  raw: string;
  source: Source;
  /** How the user wrote it, for error messages. */
  label: string;
}

/**
 * Reads argv (without node and script), env and `<cwd>/.env` into a Config.
 * Throws ConfigError for any bad value.
 */
export function loadConfig(opts: LoadConfigOptions): ConfigResult {
  const { argv } = opts;
  const end = argv.indexOf("--");
  const options = end === -1 ? argv : argv.slice(0, end);

  // 1. A key on the command line is refused first; then --help / --version
  //    win over every other problem.
  const commandAt = findCommand(options);
  for (const [i, arg] of options.entries()) {
    // `sim --key K` names keys the sim accepts: that option belongs to the sim.
    if (commandAt !== -1 && i > commandAt && options[commandAt] === "sim") break;
    const name = arg.split("=", 1)[0]!;
    if (KEY_FLAG.test(name)) {
      throw new ConfigError(
        name,
        "the API key is never accepted as a flag because flags end up in shell history and process lists; set METAFIDE_API_KEY in the environment or in .env (see .env.example)",
      );
    }
  }
  if (options.some((a) => a === "--help" || a === "-h")) return { kind: "help", text: helpText() };
  if (options.some((a) => a === "--version" || a === "-v" || a === "-V")) return { kind: "version", text: `spotdash ${packageVersion()}` };

  // 2. Flags.
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
      let value = inline;
      if (value === undefined) {
        const next = options[i + 1];
        if (next === undefined || next.startsWith("--")) {
          throw new ConfigError(name, `needs a value, e.g. ${name} ${valueDef.default ?? valueDef.meta ?? "VALUE"}`);
        }
        value = next;
        i++;
      }
      flags.set(valueDef.name, { raw: value, source: "flag", label: name });
      continue;
    }
    const sw = SWITCHES.get(name);
    if (sw) {
      let raw = String(sw.value);
      if (inline !== undefined) {
        const parsed = boolSetting.safeParse(inline);
        if (!parsed.success) throw new ConfigError(name, `${BOOL_MSG} (got ${shown(inline)})`);
        raw = String(parsed.data === sw.value);
      }
      flags.set(sw.def.name, { raw, source: "flag", label: name });
      continue;
    }
    if (command !== undefined && takesRest(command)) {
      rest.push(arg);
      continue;
    }
    if (arg.startsWith("-") && arg !== "-") {
      throw new ConfigError(name, "unknown option; run spotdash --help for the list of options");
    }
    if (command === undefined) {
      if (!(COMMANDS as readonly string[]).includes(arg)) {
        throw new ConfigError("command", `must be one of ${COMMANDS.join(", ")} (got ${shown(arg)})`);
      }
      command = arg as Command;
      continue;
    }
    throw new ConfigError(command, `takes no arguments (got ${shown(arg)})`);
  }
  command ??= "dashboard";
  if (end !== -1) {
    const after = argv.slice(end + 1);
    if (!takesRest(command) && after.length > 0) throw new ConfigError(command, `takes no arguments (got ${shown(after[0]!)})`);
    rest.push("--", ...after);
  }

  // 3. .env
  const warnings: string[] = [];
  const dotenv = readDotenv(opts.cwd, warnings);

  // 4. Merge: flags > env > .env > defaults.
  const raws = new Map<SettingName, RawValue>();
  for (const def of SETTINGS) {
    const fromFlag = flags.get(def.name);
    const fromEnv = present(opts.env[def.env]);
    const fromDotenv = present(dotenv.vars[def.env]);
    let chosen: RawValue | undefined;
    if (fromFlag) chosen = fromFlag;
    else if (fromEnv !== undefined) chosen = { raw: fromEnv, source: "env", label: def.env };
    else if (def.name === "noColor" && present(opts.env.NO_COLOR) !== undefined) {
      // https://no-color.org: present and not empty disables colour, whatever its value.
      chosen = { raw: "true", source: "env", label: "NO_COLOR" };
    } else if (fromDotenv !== undefined) chosen = { raw: fromDotenv, source: ".env", label: `${def.env} (in ${dotenv.path})` };
    else if (def.default !== undefined) chosen = { raw: def.default, source: "default", label: def.flag ?? def.env };
    if (chosen) raws.set(def.name, chosen);
  }

  for (const [vars, where] of [
    [opts.env, "the environment"],
    [dotenv.vars, dotenv.path],
  ] as const) {
    for (const name of Object.keys(vars)) {
      if (name.startsWith("SPOTDASH_") && !KNOWN_SPOTDASH_VARS.has(name)) {
        warnings.push(`${name} (in ${where}) is not a spotdash setting and is ignored; known: ${[...KNOWN_SPOTDASH_VARS].join(", ")}`);
      }
    }
  }

  // 5. Validate.
  const input: Record<string, string> = {};
  for (const [name, v] of raws) input[name] = v.raw;
  const parsed = SettingsSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = issue.path[0] as SettingName;
    const def = DEF_BY_NAME.get(name)!;
    const raw = raws.get(name)!;
    throw new ConfigError(raw.label, def.secret ? `${issue.message} (value not shown)` : `${issue.message} (got ${shown(raw.raw)})`);
  }
  const s: Settings = parsed.data;

  const keyRaw = raws.get("apiKey");
  const apiKey = s.apiKey === undefined ? null : new Secret(s.apiKey);
  if (apiKey && !KEY_SHAPE.test(s.apiKey!)) {
    warnings.push(`${keyRaw!.label} does not look like an API key (metafide_ followed by 32 hex characters); requests may be refused`);
  }

  const sources = Object.fromEntries(SETTINGS.map((d) => [d.name, raws.get(d.name)?.source ?? "default"])) as Record<SettingName, Source>;
  const config: Config = {
    asset: s.asset,
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
    sources: Object.freeze(sources),
    envFile: dotenv.found ? dotenv.path : null,
  };
  return { kind: "run", command, rest, config: Object.freeze(config), warnings };
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

function present(v: string | undefined): string | undefined {
  return v === undefined || v === "" ? undefined : v;
}

// ---- .env ---------------------------------------------------------------------

interface Dotenv {
  path: string;
  found: boolean;
  vars: Record<string, string | undefined>;
}

function readDotenv(cwd: string, warnings: string[]): Dotenv {
  const path = join(cwd, ".env");
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === "ENOENT") return { path, found: false, vars: {} };
    throw new ConfigError(path, `cannot be read (${code ?? "error"}); fix its permissions or remove it`);
  }

  if (platform() !== "win32") {
    const mode = statSync(path).mode;
    if ((mode & 0o077) !== 0) {
      const octal = (mode & 0o777).toString(8).padStart(3, "0");
      warnings.push(
        `${path} can be read or written by other users (mode ${octal}) and may hold METAFIDE_API_KEY; restrict it: chmod 600 ${path}`,
      );
    }
  }

  // parseEnv glues a line without "=" to the next one, which would silently
  // lose that next setting (the key, say): drop such lines and say so.
  const lines = text.split(/\r?\n/);
  const kept: string[] = [];
  for (const [i, line] of lines.entries()) {
    const t = line.trim();
    if (t !== "" && !t.startsWith("#") && !t.includes("=")) {
      warnings.push(`${path} line ${i + 1} is not NAME=value and is ignored`);
      continue;
    }
    kept.push(line);
  }
  return { path, found: true, vars: parseEnv(kept.join("\n")) };
}

// ---- Version and help -----------------------------------------------------------

/** The version in package.json, found next to src/ or dist/. */
export function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version?: unknown };
    return typeof pkg.version === "string" ? pkg.version : "unknown";
  } catch {
    return "unknown";
  }
}

export function helpText(): string {
  const pad = (s: string, n: number) => (s.length >= n ? `${s} ` : s.padEnd(n));
  const lines = [
    `spotdash ${packageVersion()}: terminal dashboard for Metafide's Spot-On price-prediction game`,
    "",
    "Usage: spotdash [command] [options]",
    "",
    "Commands:",
    ...COMMANDS.map((c) => `  ${pad(c, 12)}${COMMAND_HELP[c]}`),
    "",
    "Options (flag, environment variable, default):",
  ];
  for (const d of SETTINGS) {
    if (!d.flag && !d.switches) continue;
    const flag = d.flag ? `${d.flag} ${d.meta}` : `${d.switches!.on}`;
    lines.push(`  ${pad(flag, 23)}${pad(d.env, 19)}${d.default ?? ""}`);
    lines.push(`      ${d.help}`);
  }
  lines.push(
    "  -h, --help             show this help",
    "  -v, --version          show the version",
    "",
    "Environment only (never a flag: flags end up in shell history):",
  );
  for (const d of SETTINGS) {
    if (d.flag || d.switches) continue;
    lines.push(`  ${pad(d.env, 23)}${d.help}`);
  }
  lines.push(
    "",
    "Each setting is taken from its flag, else the environment, else ./.env, else the default.",
    "Switches have an opposite (--color, --bell, --no-readonly, --no-ascii); NO_COLOR disables colour.",
  );
  return lines.join("\n");
}
