/**
 * `spotdash` with no command: the full-screen dashboard. Wires the client
 * (to the real service, or to an in-process sim when no key is set), the
 * poller, the strategy for the market it opens on (if the config file has
 * one) and the Ink app, and restores the terminal on every way out.
 */
import { startAlerts } from "./alerts/start-alerts.js";
import { redact } from "./api/redact.js";
import type { Config } from "./config/config.js";
import { keepPriceHistory } from "./history/keep-history.js";
import { keepResults } from "./history/keep-results.js";
import { type Backend, hasKey, openLocalSim, openService } from "./open-backend.js";
import { bookOptions } from "./poller/book-watch.js";
import { Poller } from "./poller/poller.js";
import { openRunner } from "./strategy/open-runner.js";
import type { StrategyRunner } from "./strategy/runner.js";
import type { StrategyController } from "./ui/strategy/controller.js";
import { enterFullScreen } from "./ui/terminal.js";

/** The exit code of each way out; docs/commands.md ("Leaving the dashboard"). */
export const DASHBOARD_EXIT = {
  /** q or Ctrl+C: the trader's own way out. */
  quit: 0,
  crashed: 1,
  /** stdin or stdout is not a terminal: nothing was started. */
  noTerminal: 2,
  /** 128 + the signal's number, as a shell reports a process a signal ended. */
  SIGHUP: 129,
  SIGINT: 130,
  SIGQUIT: 131,
  SIGTERM: 143,
} as const;

const SIGNALS = ["SIGHUP", "SIGINT", "SIGQUIT", "SIGTERM"] as const;

/** How long the way out waits for a strategy's placement in flight to be answered. */
const STRATEGY_WAIT_MS = 2_000;

/** How long the way out may wait for the service connection to close (an in-flight request is aborted). */
const CLOSE_WAIT_MS = 300;

export const NO_TERMINAL_MESSAGE =
  "spotdash: the dashboard needs a terminal on stdin and stdout; " +
  "for scripts use `spotdash watch` or the one-shot commands (spotdash --help)";

/** The dashboard; `warnings` (a key that does not look like one, …) are said on its screen. */
export async function runDashboard(config: Config, warnings: readonly string[] = []): Promise<number> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    process.stderr.write(`${NO_TERMINAL_MESSAGE}\n`);
    return DASHBOARD_EXIT.noTerminal;
  }
  const backend = hasKey(config) ? openService(config) : await openLocalSim(config, "the dashboard");
  const { poller, strategy } = startPolling(config, backend);
  // From the first answer on: a game that settles while the screen loads is still called.
  const alerts = startAlerts({
    source: poller.store,
    serverNow: () => poller.serverNow(),
    settings: config.alerts,
    stateDir: config.stateDir,
    profile: config.profile,
    write: (text) => void process.stdout.write(text),
    env: process.env,
    keep: "write",
    watchPrices: poller.watchPrices,
  });
  const { mountDashboard } = await import("./ui/mount-dashboard.js").catch(async (e: unknown) => {
    alerts.close();
    await strategy?.runner.stop();
    poller.stop();
    await backend.close();
    throw e;
  });
  // Focus reports only when they decide something: otherwise the terminal is left as it is.
  const screen = enterFullScreen(process.stdout, { focusEvents: config.alerts.onlyUnfocused });
  const io = { terminal: process.stdout, stdin: process.stdin };
  const mounted = mountDashboard(poller, backend, config, warnings, io, { alerts: alerts.alerter, strategy: strategy?.controller });
  const app = mounted.instance;
  const history = config.noHistory ? undefined : keepPriceHistory(poller.store, config.stateDir, backend.sim ? "sim" : backend.label);
  const account = { sim: backend.sim, label: backend.label, apiKey: config.apiKey?.reveal(), wallet: backend.wallet };
  const results = keepResults(poller.store, config.stateDir, account);

  let code: number = DASHBOARD_EXIT.quit;
  let crashed: unknown;
  const stopWatching = watchWaysOut((exitCode, error) => {
    if (error !== undefined) crashed = error;
    if (code === DASHBOARD_EXIT.quit) code = exitCode;
    mounted.close();
    app.unmount();
  });
  try {
    await app.waitUntilExit();
  } catch (e) {
    crashed ??= e;
    code = DASHBOARD_EXIT.crashed;
  } finally {
    mounted.close();
    // The terminal first: a placement in flight may take a moment to be answered.
    screen.restore();
    stopWatching();
    // After the placement in flight, if any, for a moment: its answer is kept before the poller goes. Past that it is
    // left "in flight" on disk, which the next launch counts as placed.
    if (strategy) await Promise.race([strategy.runner.stop(), new Promise((r) => setTimeout(r, STRATEGY_WAIT_MS).unref())]);
    poller.stop();
    alerts.close();
    // The connection is closed with whatever is in flight aborted, so the way out never waits on the service or the disk.
    const closing = Promise.all([backend.close().catch(() => undefined), history?.close().catch(() => undefined), results.close()]);
    await Promise.race([closing, new Promise((r) => setTimeout(r, CLOSE_WAIT_MS).unref())]);
  }
  if (crashed !== undefined) {
    const text = crashed instanceof Error ? (crashed.stack ?? crashed.message) : String(crashed);
    process.stderr.write(`spotdash crashed: ${redact(text)}\n`);
    return DASHBOARD_EXIT.crashed;
  }
  return code;
}

/**
 * The poller, started, and the strategy on it, started paused: the trader
 * arms it (S), never the launch. The first requests go out while the
 * screen's code loads (most of the launch): the focused game's listing and
 * positions are often in the first frame, and every pane has its data about
 * a second a request later.
 */
function startPolling(config: Config, backend: Backend) {
  const poller = new Poller({
    client: backend.client,
    target: { asset: config.asset, interval: config.interval, network: config.network, currency: config.currency },
    wallet: config.readonly ? undefined : backend.wallet,
    maxRps: config.maxRps,
    book: bookOptions(config, backend.sim),
  });
  poller.start();
  const strategy = dashboardStrategy(config, backend, poller);
  strategy?.runner.start();
  return { poller, strategy };
}

/**
 * The first `[[strategy]]` of the config file whose market (asset, interval,
 * network) is the one the dashboard opens on, run by a StrategyRunner on the
 * dashboard's own poller and paused; none when none matches, under
 * --readonly, or without a wallet unless it is on paper. Its spend is kept
 * where `spotdash auto` keeps it, so the two share the day's limit.
 */
function dashboardStrategy(
  config: Config,
  backend: Backend,
  poller: Poller,
): { runner: StrategyRunner; controller: StrategyController } | undefined {
  const strategy = config.strategies.find(
    (s) => s.market.asset === config.asset && s.market.interval === config.interval && s.market.network === config.network,
  );
  if (strategy === undefined || config.readonly || (!backend.wallet && !strategy.paper)) return undefined;
  const runner = openRunner(strategy, poller, { stateDir: config.stateDir, service: backend, apiKey: config.apiKey?.reveal() });
  const controller: StrategyController = {
    view: runner.view,
    network: runner.network,
    limits: strategy.limits,
    arm: (confirmation) => runner.arm(confirmation),
    pause: () => runner.pause(),
  };
  return { runner, controller };
}

/**
 * Every way out but q: a signal, the terminal going away (a closed pane or
 * ssh session: EIO, EPIPE, as a hang-up), an uncaught error. Each calls
 * `leave` with its exit code. Returns what takes the handlers off again;
 * the terminal's error handlers stay, since writing the restore to a
 * vanished terminal fails after that.
 */
function watchWaysOut(leave: (exitCode: number, error?: unknown) => void): () => void {
  const onSignal = SIGNALS.map((sig) => [sig, () => leave(DASHBOARD_EXIT[sig])] as const);
  const onTerminalGone = () => leave(DASHBOARD_EXIT.SIGHUP);
  const crash = (e: unknown) => leave(DASHBOARD_EXIT.crashed, e);
  for (const [sig, on] of onSignal) process.on(sig, on);
  process.stdin.on("error", onTerminalGone);
  process.stdout.on("error", onTerminalGone);
  process.on("uncaughtException", crash);
  process.on("unhandledRejection", crash);
  return () => {
    for (const [sig, on] of onSignal) process.off(sig, on);
    process.off("uncaughtException", crash);
    process.off("unhandledRejection", crash);
  };
}
