/**
 * The Config the rest of the program reads, apart from how it is loaded, so
 * that the dashboard and the commands depend on its shape only.
 */
import type { AlertSettings } from "../alerts/rules.js";
import { apiBase } from "../api/base-url.js";
import type { Secret } from "../api/redact.js";
import type { Network } from "../api/schemas.js";
import type { Interval } from "../domain/rules.js";
import type { StrategyConfig } from "../strategy/strategy.js";
import type { KeyTables } from "../ui/key-tables.js";
import type { LayoutChoice } from "../ui/layout.js";
import type { ThemeName } from "../ui/palettes.js";
import type { SettingName, Source } from "./settings.js";

export interface Config {
  asset: string;
  /** The assets the book looks through for games held (--assets). */
  assets: readonly string[];
  interval: Interval;
  network: Network;
  currency: string;
  /** Service address without a trailing slash; the API base is apiBaseUrl(config). */
  url: string;
  /** METAFIDE_API_KEY; null when none is configured (then useSim is true). */
  apiKey: Secret | null;
  keySource: "env" | ".env" | "key_command" | "none";
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
  /** --layout: the dashboard's layout, or auto (by the terminal's size; ui/layout.ts). */
  layout: LayoutChoice;
  /** --theme: the colours (ui/theme.tsx). */
  theme: ThemeName;
  /** Every mode's keys, with the config file's [keys] over the defaults (ui/key-tables.ts). */
  keys: KeyTables;
  /** The config file's [alerts] and [[alert]], with --no-bell's say (config/alert-config.ts). */
  alerts: AlertSettings;
  /** The config file's [[strategy]] tables, the profile's over the top level's by name (config/strategy-config.ts). */
  strategies: readonly StrategyConfig[];
  /** --debug-log: the file every exchange is appended to; null when off. */
  debugLog: string | null;
  /** --no-history: no price history is read or written. */
  noHistory: boolean;
  /** Where spotdash keeps its own files (the price history): --state-dir, or the platform's state directory. */
  stateDir: string;
  /** Where each setting came from. */
  sources: Readonly<Record<SettingName, Source>>;
  /** Where each setting came from, as `spotdash config` prints it: `flag --asset`, `asset (in …/config.toml)`, `default`. */
  origins: Readonly<Record<SettingName, string>>;
  /** The `.env` file that was read, or null when there was none. */
  envFile: string | null;
  /** The per-user config file, and whether it exists. */
  configFile: { path: string; found: boolean };
  /** The config file's profile in use (--profile), or null. */
  profile: string | null;
}

/** `{url}/v1/surge/games/` */
export function apiBaseUrl(config: Pick<Config, "url">): string {
  return apiBase(config.url).toString();
}
