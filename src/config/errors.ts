/**
 * A bad setting is the user's mistake, not a crash: it has its own class so
 * cli.tsx can print it as one line and exit 1, and the tests can ask which
 * setting was wrong. The value is shown redacted and short, because it may be
 * the API key or a whole pasted file.
 */
import { oneLine, redact } from "../api/redact.js";

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
export function shown(raw: string): string {
  const value = raw.length > 60 ? `${raw.slice(0, 60)}…` : raw;
  return redact(/^[\x21-\x7e]+$/.test(value) ? value : JSON.stringify(value));
}
