/**
 * The service a command talks to. With METAFIDE_API_KEY: the configured
 * service, and only that. With --sim: the local sim (the one announced in
 * the state directory, else one of its own on a free loopback port; its
 * demo wallet places). Without either: exit 1, so that a script
 * never mistakes the sim for the real service.
 */

import type { Config } from "../config/config.js";
import { type Backend, hasKey, openLocalSim, openService } from "../open-backend.js";
import { CommandFailure, EXIT } from "./io.js";

export type CommandBackend = Backend;

export async function openCommandBackend(config: Config, sim: boolean): Promise<CommandBackend> {
  if (sim) return openLocalSim(config, "a command");
  if (!hasKey(config)) {
    throw new CommandFailure(
      "METAFIDE_API_KEY is not set, so there is no service to ask; " +
        "set it in the environment or .env, or pass --sim to run against the built-in simulator",
      "config",
      EXIT.usage,
    );
  }
  return openService(config);
}
