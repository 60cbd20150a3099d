/**
 * spotdash's places in the user's home, by the XDG base directory spec: the
 * state directory (data that should outlive a restart but is not worth
 * backing up: a price history, the announced sim) and the config file. One
 * rule for both, so every feature that stores or reads something agrees.
 * Written here rather than with env-paths or xdg-basedir: both read
 * process.env once at load and accept a relative value, which the spec says
 * to ignore.
 */
import { homedir } from "node:os";
import { isAbsolute, join } from "node:path";

/** `$VARIABLE/spotdash`, else `~/<fallback>/spotdash`; a relative value is ignored, as the spec says. */
function xdgPlace(env: NodeJS.ProcessEnv, variable: "XDG_STATE_HOME" | "XDG_CONFIG_HOME", fallback: string[]): string {
  const xdg = env[variable];
  if (xdg !== undefined && isAbsolute(xdg)) return join(xdg, "spotdash");
  return join(env.HOME && isAbsolute(env.HOME) ? env.HOME : homedir(), ...fallback, "spotdash");
}

/** `$XDG_STATE_HOME/spotdash`, else `~/.local/state/spotdash`. */
export function defaultStateDir(env: NodeJS.ProcessEnv): string {
  return xdgPlace(env, "XDG_STATE_HOME", [".local", "state"]);
}

/** `$XDG_CONFIG_HOME/spotdash/config.toml`, else `~/.config/spotdash/config.toml`. */
export function defaultConfigPath(env: NodeJS.ProcessEnv): string {
  return join(xdgPlace(env, "XDG_CONFIG_HOME", [".config"]), "config.toml");
}
