/**
 * The service a command talks to. With METAFIDE_API_KEY: the configured
 * service, and only that, unless --sim asks for the local sim. Without a
 * key: the local sim (the one announced in the state directory, else one of
 * its own on the state directory's world; its demo wallet places). A
 * command on the sim says so on stderr and in every --json document, so a
 * script cannot take it for the service.
 */

import type { Config } from "../config/config.js";
import { type Backend, hasKey, openLocalSim, openService } from "../open-backend.js";

export type CommandBackend = Backend;

/**
 * `command`: a command that runs for long (watch, book) announces a sim it
 * starts for other runs to share; a one-shot's sim is gone too soon.
 */
export async function openCommandBackend(config: Config, sim: boolean, command: string): Promise<CommandBackend> {
  const by = command === "watch" || command === "book" ? `spotdash ${command}` : null;
  if (sim || !hasKey(config)) return openLocalSim(config, by);
  return openService(config);
}
