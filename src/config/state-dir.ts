/**
 * Where spotdash keeps its own files: the XDG state directory, the place for
 * data that should outlive a restart but is not worth backing up (a price
 * history). One function, so every feature that stores something agrees.
 */
import { homedir } from "node:os";
import { isAbsolute, join } from "node:path";

/** `$XDG_STATE_HOME/spotdash`, else `~/.local/state/spotdash` (a relative XDG_STATE_HOME is ignored, as the spec says). */
export function defaultStateDir(env: NodeJS.ProcessEnv): string {
  const xdg = env.XDG_STATE_HOME;
  if (xdg !== undefined && isAbsolute(xdg)) return join(xdg, "spotdash");
  return join(env.HOME && isAbsolute(env.HOME) ? env.HOME : homedir(), ".local", "state", "spotdash");
}
