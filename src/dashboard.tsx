/**
 * `spotdash` with no command: the full-screen dashboard. Wires the client
 * (to the real service, or to an in-process sim when no key is set), the
 * poller and the Ink app, and restores the terminal on every way out.
 */
import { render } from "ink";
import { redact } from "./api/redact.js";
import type { Config } from "./config.js";
import { Poller } from "./poller/poller.js";
import { App } from "./ui/App.js";
import { enterFullScreen } from "./ui/terminal.js";
import { ThemeContext } from "./ui/theme.js";
import { hasKey, openEmbeddedSim, openService } from "./backend.js";

export async function runDashboard(config: Config): Promise<number> {
  const backend = hasKey(config) ? openService(config) : await openEmbeddedSim(config);
  const poller = new Poller({
    client: backend.client,
    target: { asset: config.asset, interval: config.interval, network: config.network, currency: config.currency },
    wallet: config.readonly ? undefined : backend.wallet,
    maxRps: config.maxRps,
  });
  const screen = enterFullScreen(process.stdout);
  const app = render(
    <ThemeContext.Provider value={{ color: !config.noColor, ascii: config.ascii }}>
      <App controller={poller} backend={backend.label} assets={backend.assets} readonly={config.readonly} walletMissing={!backend.wallet} noBell={config.noBell} />
    </ThemeContext.Provider>,
    { exitOnCtrlC: false, patchConsole: true, maxFps: 10 },
  );
  // After the first frame: the first request loads the HTTP client (see ApiClient.connection).
  poller.start();

  let crashed: unknown;
  const shutdown = () => app.unmount();
  const crash = (e: unknown) => {
    crashed = e;
    app.unmount();
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
  process.once("SIGHUP", shutdown);
  process.on("uncaughtException", crash);
  process.on("unhandledRejection", crash);
  try {
    await app.waitUntilExit();
  } catch (e) {
    crashed ??= e;
  } finally {
    poller.stop();
    screen.restore();
    await backend.close().catch(() => undefined);
  }
  if (crashed !== undefined) {
    const text = crashed instanceof Error ? (crashed.stack ?? crashed.message) : String(crashed);
    process.stderr.write(`spotdash crashed: ${redact(text)}\n`);
    return 1;
  }
  return 0;
}
