/**
 * The dashboard's screen: the App in its theme, mounted on the terminal
 * (renderer/mount.ts). Its own module, loaded once the poller has started,
 * so that the first requests go out while Ink and React load.
 */

import type { AlertsController } from "../alerts/alerts-state.js";
import type { Config } from "../config/config.js";
import type { Backend } from "../open-backend.js";
import type { Poller } from "../poller/poller.js";
import { App } from "./App.js";
import { PALETTES } from "./palettes.js";
import { mountScreen, type Screen, type ScreenIO } from "./renderer/mount.js";
import type { StrategyController } from "./strategy/controller.js";
import { ThemeContext } from "./theme.js";

export function mountDashboard(
  poller: Poller,
  backend: Backend,
  config: Config,
  warnings: readonly string[],
  io: ScreenIO,
  extras: { alerts?: AlertsController | undefined; strategy?: StrategyController | undefined } = {},
): Screen {
  return mountScreen(
    <ThemeContext.Provider value={{ color: !config.noColor, ascii: config.ascii, palette: PALETTES[config.theme] }}>
      <App
        controller={poller}
        backend={backend.label}
        assets={backend.assets}
        readonly={config.readonly}
        walletMissing={!backend.wallet}
        alerts={extras.alerts}
        strategy={extras.strategy}
        layout={config.layout}
        keys={config.keys}
        warnings={warnings}
      />
    </ThemeContext.Provider>,
    io,
  );
}
