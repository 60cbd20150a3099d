/**
 * A bad setting is the user's mistake, not a crash: it has its own class so
 * cli.tsx can print it as one line and exit 1, and the tests can ask which
 * setting was wrong. The value is shown redacted and short, because it may be
 * the API key or a whole pasted file.
 */
import { oneLine, REDACTED, redact } from "../api/redact.js";

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

/** A URL's credentials (`user:password@`) and query string, which may carry a key, never shown. */
export function maskUrlSecrets(text: string): string {
  return text.replace(/(\/\/)[^/?#@\s]*@/g, `$1${REDACTED}@`).replace(/\?[^#\s]+/g, `?${REDACTED}`);
}

/** The value as it appears in an error: URL secrets masked, redacted, plain when simple, JSON-quoted otherwise, short. */
export function shown(raw: string): string {
  const masked = redact(maskUrlSecrets(raw));
  const value = masked.length > 60 ? `${masked.slice(0, 60)}…` : masked;
  return /^[\x21-\x7e]+$/.test(value) ? value : JSON.stringify(value);
}
