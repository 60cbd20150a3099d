/**
 * `spotdash watch --events`: the alerts without the screen. The dashboard's
 * poller, detector and rules (the config file's, and those made on the
 * screen, read from the alerts file and never written), each event printed
 * as one JSON line: the object notify_command gets (docs/alerts.md), which
 * is run too when the rules say so. Until SIGINT / SIGTERM; a refused key
 * stops it, after its event, as it stops `watch`.
 */
import { eventJson } from "../alerts/events.js";
import { startAlerts } from "../alerts/start-alerts.js";
import { bookOptions } from "../poller/book-watch.js";
import { CommandFailure, EXIT, jsonLine, out } from "./io.js";
import { readOnlyPoller } from "./read-poller.js";
import type { WatchContext } from "./watch.js";

export async function watchEvents(ctx: WatchContext): Promise<void> {
  const { config, backend, io } = ctx;
  // With the book, a price rule on another asset gets that asset's price read (Poller.watchPrices).
  const poller = readOnlyPoller(ctx, bookOptions(config, backend.sim));
  let failure: CommandFailure | undefined;
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const alerts = startAlerts({
    source: poller.store,
    serverNow: () => poller.serverNow(),
    settings: config.alerts,
    stateDir: config.stateDir,
    profile: config.profile,
    env: process.env,
    keep: "read",
    onEvent: (event) => out(io, jsonLine(io, eventJson(event))),
    watchPrices: poller.watchPrices,
  });
  const unsubscribe = poller.store.subscribe(() => {
    const c = poller.store.getSnapshot().connection;
    if (c.state !== "unauthorized" || failure) return;
    // The key_refused event is printed first (the alerter subscribed before this).
    failure = new CommandFailure(`watch: ${c.reason}`, "auth", EXIT.refused);
    finish();
  });
  const signal = io.signal;
  signal?.addEventListener("abort", finish, { once: true });
  if (signal?.aborted) finish();
  poller.start();
  try {
    await done;
  } finally {
    poller.stop();
    unsubscribe();
    alerts.close();
    signal?.removeEventListener("abort", finish);
  }
  if (failure) throw failure;
}
