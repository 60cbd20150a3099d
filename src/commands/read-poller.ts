/** The poller the reading commands (watch, book) run: the dashboard's, with no wallet, so nothing can be placed. */
import type { Config } from "../config/config.js";
import type { BookOptions } from "../poller/options.js";
import { Poller } from "../poller/poller.js";
import type { CommandBackend } from "./backend.js";
import type { CommandIO } from "./io.js";

export function readOnlyPoller(ctx: { config: Config; backend: CommandBackend; io: CommandIO }, book?: BookOptions): Poller {
  const { config, backend, io } = ctx;
  return new Poller({
    client: backend.client,
    target: { asset: config.asset, interval: config.interval, network: config.network, currency: config.currency },
    wallet: undefined,
    maxRps: config.maxRps,
    onRequest: (_kind, at) => io.onRequest?.(at),
    ...(book ? { book } : {}),
  });
}
