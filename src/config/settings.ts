/**
 * Every setting is declared once, here: its flag, variable, default and help
 * line sit in one row, so --help, argv parsing and the environment lookup
 * cannot disagree about what exists or what it is called.
 */
import { NETWORKS } from "../api/schemas.js";
import { DEFAULT_BOOK_ASSETS } from "../domain/book.js";
import { formatInterval } from "../domain/format.js";
import { INTERVALS } from "../domain/rules.js";
import { LAYOUT_CHOICES } from "../ui/layout.js";
import { THEMES } from "../ui/palettes.js";

export const DEFAULT_API_URL = "https://api.metafide.io";

export type SettingName =
  | "asset"
  | "assets"
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
  | "layout"
  | "theme"
  | "debugLog"
  | "noHistory"
  | "stateDir"
  | "profile";

/** Where a setting's value came from. */
export type Source = "flag" | "env" | ".env" | "config" | "key_command" | "default";

export interface SettingDef {
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

export const SETTINGS: readonly SettingDef[] = [
  { name: "asset", flag: "--asset", meta: "BASE_QUOTE", env: "SPOTDASH_ASSET", default: "BTC_USDT", help: "asset of the games" },
  {
    name: "assets",
    flag: "--assets",
    meta: "LIST",
    env: "SPOTDASH_ASSETS",
    default: DEFAULT_BOOK_ASSETS.join(","),
    help: "assets the book looks through for games held (comma-separated)",
  },
  {
    name: "interval",
    flag: "--interval",
    meta: "INTERVAL",
    env: "SPOTDASH_INTERVAL",
    default: "60",
    help: `game interval: ${INTERVALS.map((i) => formatInterval(i)).join(", ")} (or in seconds: ${INTERVALS.join(", ")})`,
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
    name: "layout",
    flag: "--layout",
    meta: "NAME",
    env: "SPOTDASH_LAYOUT",
    default: "auto",
    help: `the dashboard's layout: ${LAYOUT_CHOICES.join(", ")} (auto: by the terminal's size)`,
  },
  {
    name: "theme",
    flag: "--theme",
    meta: "NAME",
    env: "SPOTDASH_THEME",
    default: "dark",
    help: `colours: ${THEMES.join(", ")} (colorblind: up and down in blue and orange)`,
  },
  {
    name: "debugLog",
    flag: "--debug-log",
    meta: "FILE",
    env: "SPOTDASH_DEBUG_LOG",
    help: "append each request and response to FILE as JSON lines, key and wallet redacted",
  },
  {
    name: "noHistory",
    switches: { on: "--no-history", off: "--history" },
    env: "SPOTDASH_NO_HISTORY",
    default: "false",
    help: "keep no price history on disk",
  },
  {
    name: "stateDir",
    flag: "--state-dir",
    meta: "DIR",
    env: "SPOTDASH_STATE_DIR",
    help: "where spotdash keeps its files (default $XDG_STATE_HOME/spotdash or ~/.local/state/spotdash)",
  },
  {
    name: "profile",
    flag: "--profile",
    meta: "NAME",
    env: "SPOTDASH_PROFILE",
    help: "the config file's [profile.NAME] to use over its top level",
  },
  { name: "apiKey", env: "METAFIDE_API_KEY", help: "API key; without one spotdash runs against its sim", secret: true },
  { name: "wallet", env: "METAFIDE_USER_ADDRESS", help: "wallet address sent as pw when placing" },
];

/** The setting's name in the config file: `maxRps` is `max_rps`. */
export function tomlKey(def: Pick<SettingDef, "name">): string {
  return def.name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}
