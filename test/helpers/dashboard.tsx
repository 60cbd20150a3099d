/**
 * A live snapshot and a Dashboard drawn from it at a terminal size, through
 * the same Ink pipeline the bundle uses: the rendered-pane tests' fixture.
 */

import { afterEach } from "vitest";
import { Decimal } from "../../src/domain/money.js";
import { PriceSeries } from "../../src/domain/price-series.js";
import { initialSnapshot, type Snapshot } from "../../src/poller/snapshot.js";
import { Store } from "../../src/poller/store.js";
import { App, type AppProps } from "../../src/ui/App.js";
import type { DashboardController } from "../../src/ui/controller.js";
import { Dashboard } from "../../src/ui/Dashboard.js";
import { positionView } from "../../src/ui/dashboard/position-view.js";
import type { DashboardProps } from "../../src/ui/dashboard-props.js";
import { computeLayout } from "../../src/ui/layout.js";
import { type Theme, ThemeContext } from "../../src/ui/theme.js";
import { balance, listing, livePrice, statusPosition, statusResponse } from "./fixtures.js";
import { renderAt, tick } from "./ink.js";

export const START = Date.UTC(2026, 10, 22, 12, 0, 0);
export const target = { asset: "BTC_USDT", interval: 60 as const, network: "testnet" as const, currency: "USDC" };

/** 15 s into a one-minute game #489886, two positions held (strikes 66,169 and 67,120), everything fresh. */
export function liveSnapshot(now: number, over: Partial<Snapshot> = {}): Snapshot {
  const l = listing({ start: START, now, gid: "489886" });
  const prices = Array.from({ length: 90 }, (_, i) => ({ t: now - (90 - i) * 1000, value: 67000 + Math.sin(i / 5) * 30 + i / 3 }));
  const last = prices.at(-1)!;
  return {
    ...initialSnapshot(target),
    listing: { value: l, at: now - 2_000 },
    price: { value: livePrice(last.value, last.t), at: now - 500 },
    priceHistory: { BTC_USDT: PriceSeries.of(prices) },
    balance: { value: balance("1000.5"), at: now - 3_000 },
    sessionStartBalance: new Decimal("1005.5"),
    status: {
      value: statusResponse([
        statusPosition({ txid: "a1", sp: "66169", f: "5", t: String(START + 3_000) }),
        statusPosition({ txid: "a2", sp: "67120", f: "2.5", w: 3.1, r: 24, t: String(START + 4_000) }),
      ]),
      at: now - 1_000,
    },
    connection: { state: "ok" },
    lastOkAt: now - 500,
    ...over,
  };
}

let mounted: ReturnType<typeof renderAt> | undefined;
afterEach(() => mounted?.unmount());

/** The Dashboard drawn last (unmounted after each test). */
export function drawn(): ReturnType<typeof renderAt> | undefined {
  return mounted;
}

export function draw(
  snapshot: Snapshot,
  now: number,
  cols: number,
  rows: number,
  over: Partial<DashboardProps> = {},
  theme = { color: true, ascii: false },
) {
  mounted = renderAt(
    <ThemeContext.Provider value={theme}>
      <Dashboard
        snapshot={snapshot}
        now={now}
        localNow={now}
        layout={computeLayout(cols, rows, {
          positionLines: positionView(snapshot).lines,
          positionChrome: positionView(snapshot).chrome,
          bookRows: over.book?.rows.length ?? 0,
        })}
        backend="SIM 127.0.0.1:8787"
        readonly={false}
        focus="game"
        scroll={0}
        overlay={null}
        hints={[
          { text: "q quit", rank: 1 },
          { text: "? help", rank: 2 },
        ]}
        message={undefined}
        {...over}
      />
    </ThemeContext.Provider>,
    cols,
    rows,
  );
  return mounted.text();
}

/** A controller around a fixed snapshot at a fixed instant: the App's modes with nothing behind them. */
export function still(snapshot: Snapshot, now: number): DashboardController {
  return {
    store: new Store(snapshot),
    serverNow: () => now,
    refresh: () => false,
    retarget: () => undefined,
    place: () => new Promise(() => undefined),
  };
}

/** The App drawn from a fixed snapshot, `keys` pressed in turn (the help is "?"): its every mode is real. */
export async function drawApp(
  snapshot: Snapshot,
  now: number,
  cols: number,
  rows: number,
  keys: readonly string[] = [],
  props: Partial<AppProps> = {},
  theme: Theme = { color: true, ascii: false },
): Promise<string> {
  mounted = renderAt(
    <ThemeContext.Provider value={theme}>
      <App
        controller={still(snapshot, now)}
        backend="SIM 127.0.0.1:8787"
        assets={["BTC_USDT"]}
        readonly={false}
        walletMissing={false}
        {...props}
      />
    </ThemeContext.Provider>,
    cols,
    rows,
  );
  await tick();
  for (const k of keys) await mounted.press(k);
  return mounted.text();
}
