/**
 * Keys and terminal behaviour of the real App, fed by a real Store. The
 * controller's intents are recorded rather than sent: what they do is the
 * poller's business and is tested there.
 */

import { afterEach, describe, expect, it } from "vitest";
import { PriceSeries } from "../../src/domain/price-series.js";
import { Unreadable } from "../../src/domain/service-data.js";
import { initialSnapshot, type Snapshot, type Target } from "../../src/poller/snapshot.js";
import { Store } from "../../src/poller/store.js";
import { App } from "../../src/ui/App.js";
import type { DashboardController } from "../../src/ui/controller.js";
import { balance, listing, livePrice, placedPosition } from "../helpers/fixtures.js";
import { renderAt, tick } from "../helpers/ink.js";

const target: Target = { asset: "BTC_USDT", interval: 60, network: "testnet", currency: "USDC" };

function controller() {
  const start = Date.now() - 10_000;
  const snap: Snapshot = {
    ...initialSnapshot(target),
    listing: { value: listing({ start, now: Date.now() }), at: Date.now() },
    price: { value: livePrice(67000, Date.now()), at: Date.now() },
    priceHistory: { BTC_USDT: PriceSeries.of([{ t: Date.now(), value: 67000 }]) },
    balance: { value: balance(), at: Date.now() },
    connection: { state: "ok" },
    lastOkAt: Date.now(),
  };
  const intents: string[] = [];
  let refreshes = 0;
  const c: DashboardController = {
    store: new Store(snap),
    serverNow: () => Date.now(),
    refresh: () => {
      intents.push("refresh");
      return refreshes++ === 0;
    },
    retarget: (change) => {
      intents.push(`retarget ${JSON.stringify(change)}`);
      c.store.update((s) => ({ ...s, target: { ...s.target, ...change } }));
    },
    place: async (req) => {
      intents.push(`place ${JSON.stringify(req)}`);
      return { kind: "placed", position: placedPosition({ gid: req.gid, sp: req.sp, f: req.f, txid: "tx-from-test" }) };
    },
  };
  return { c, intents };
}

let ui: ReturnType<typeof renderAt> | undefined;
afterEach(() => ui?.unmount());

describe("App", () => {
  it("opens and closes help with ? and Esc", async () => {
    const { c } = controller();
    ui = renderAt(<App controller={c} backend="SIM" assets={["BTC_USDT", "ETH_USDT"]} readonly={false} walletMissing={false} />, 80, 24);
    await tick();
    await ui.press("?");
    expect(ui.text()).toContain("KEYS");
    await ui.press("\u001b");
    await tick(50);
    expect(ui.text()).not.toContain("KEYS");
    expect(ui.text()).toMatch(/GAME (BTC_USDT 1m )?#/);
  });

  it("wraps a key's description under itself at its first column, at 60 columns too", async () => {
    const { c } = controller();
    ui = renderAt(<App controller={c} backend="SIM" assets={["BTC_USDT", "ETH_USDT"]} readonly={false} walletMissing={false} />, 60, 80);
    await tick();
    await ui.press("?");
    const lines = ui.text().split("\n");
    const strategy = lines.findIndex((l) => l.includes("arm or pause the strategy"));
    const start = lines[strategy]!.indexOf("arm or pause");
    // Its continuation starts where it does: Ink's wrap kept the space at the break, a column further in.
    expect(lines[strategy + 1]!.slice(0, start).trim()).toMatch(/^│?$/);
    expect(lines[strategy + 1]![start]).not.toBe(" ");
  });

  it("shows each call's last failure and the values that could not be read with D, and closes with D or Esc", async () => {
    const { c } = controller();
    const now = Date.now();
    const unreadable = listing({ start: now - 10_000, now }).issues.concat([
      new Unreadable("liveGame.ai_price", "expected a decimal number (string or number)", '"soon" (string)'),
    ]);
    c.store.update((s) => ({
      ...s,
      errors: { balance: { kind: "schema", message: "GET /user-balance: response field balance: is missing", at: now } },
      diagnostics: {
        spot: { requests: 12, failures: 0, okAt: now, unreadable: { at: now, issues: unreadable } },
        price: {
          requests: 30,
          failures: 1,
          okAt: now,
          lastError: { kind: "network", message: "GET /live-price: connection reset", at: now - 60_000 },
        },
        balance: {
          requests: 4,
          failures: 2,
          retryAt: Date.now() + 3_500,
          lastError: { kind: "schema", message: "GET /user-balance: response field balance: is missing", at: now },
        },
      },
    }));
    ui = renderAt(<App controller={c} backend="SIM" assets={["BTC_USDT"]} readonly={false} walletMissing={false} />, 120, 40);
    await tick();
    await ui.press("D");
    const t = ui.text();
    expect(t).toContain("DIAGNOSTICS");
    expect(t).toMatch(/GET \/spot +12 +0 +\d\d:\d\d:\d\d +ok/);
    expect(t).toMatch(/GET \/user-balance +4 +2 +– +failing, retry in [34] s/);
    expect(t).toMatch(/GET \/status +0 +0 +– +not asked yet/);
    expect(t).toContain("network GET /live-price: connection reset");
    expect(t).toContain("schema GET /user-balance: response field balance: is missing");
    expect(t).toContain('GET /spot liveGame.ai_price: expected a decimal number (string or number), received "soon" (string)');
    // It all fits at 120x40: no j/k offered (the help's at 60x15, where it scrolls, in modes.test.tsx).
    expect(t).toContain("D/Esc close  ? help  q quit");
    await ui.press("D");
    expect(ui.text()).not.toContain("DIAGNOSTICS");
    await ui.press("r");
    await ui.press("D");
    expect(ui.text()).toContain("DIAGNOSTICS");
    await ui.press("\u001b");
    await tick(50);
    expect(ui.text()).not.toContain("DIAGNOSTICS");
    expect(ui.text()).toContain("RESULTS");
  });

  it("cycles the interval with i and the asset with a, through the controller", async () => {
    const { c, intents } = controller();
    ui = renderAt(<App controller={c} backend="SIM" assets={["BTC_USDT", "ETH_USDT"]} readonly={false} walletMissing={false} />, 80, 24);
    await tick();
    await ui.press("i");
    await ui.press("a");
    expect(intents).toEqual(['retarget {"interval":3600}', 'retarget {"asset":"ETH_USDT"}']);
    // The header names the target; the game pane beside an EARLY badge at 80 columns names only its id.
    expect(ui.text().split("\n")[0]).toMatch(/│ ETH_USDT 1h/);
  });

  it("zooms the chart out with + as far as the history reaches, and back in with -", async () => {
    const { c } = controller();
    ui = renderAt(<App controller={c} backend="SIM" assets={["BTC_USDT"]} readonly={false} walletMissing={false} />, 120, 35);
    await tick();
    expect(ui.text()).toContain("PRICE BTC_USDT  game 1m");
    await ui.press("+");
    expect(ui.text()).toContain("PRICE BTC_USDT  last 5m");
    // One price so far: an hour's window would show nothing more than five minutes do.
    await ui.press("+");
    expect(ui.text()).toContain("PRICE BTC_USDT  last 5m");
    expect(ui.text()).toContain("no longer window");
    await ui.press("-");
    expect(ui.text()).toContain("PRICE BTC_USDT  game 1m");
    // What the + before said goes with the key that changed the window: it said "no longer window" over the game's.
    expect(ui.text()).not.toContain("no longer window");
    await ui.press("-");
    expect(ui.text()).toContain("the shortest window already");
    await ui.press("+");
    expect(ui.text()).toContain("PRICE BTC_USDT  last 5m");
    expect(ui.text()).not.toContain("the shortest window already");
  });

  it("throttles Ctrl+R and says so", async () => {
    const { c, intents } = controller();
    ui = renderAt(<App controller={c} backend="SIM" assets={["BTC_USDT"]} readonly={false} walletMissing={false} />, 80, 24);
    await tick();
    await ui.press("\u0012");
    expect(ui.text()).toContain("refreshing");
    await ui.press("\u0012");
    expect(ui.text()).toContain("refresh throttled");
    expect(intents).toEqual(["refresh", "refresh"]);
  });

  it("moves focus with Tab and Shift+Tab in the screen's reading order, each key of a burst taking effect", async () => {
    const { c } = controller();
    ui = renderAt(<App controller={c} backend="SIM" assets={["BTC_USDT"]} readonly={false} walletMissing={false} />, 120, 40);
    await tick();
    const focusedTitle = () => /▸ (GAME|PRICE|BALANCE|POSITIONS)/.exec(ui!.text())?.[1];
    expect(focusedTitle()).toBe("GAME");
    await ui.press("\t");
    expect(focusedTitle()).toBe("BALANCE");
    await ui.press("\t\t");
    expect(focusedTitle()).toBe("POSITIONS");
    await ui.press("\u001b[Z");
    expect(focusedTitle()).toBe("PRICE");
    await ui.press("\t\t\t");
    expect(focusedTitle()).toBe("BALANCE");
    // Without borders the balance is a line, not a pane: Tab starts again from the game, and passes over it.
    ui.stdout.resize(80, 24);
    await tick(50);
    await ui.press("\t");
    expect(focusedTitle()).toBe("GAME");
    await ui.press("\t");
    expect(focusedTitle()).toBe("PRICE");
  });

  it("shows the too-small screen and recovers when the terminal grows", async () => {
    const { c } = controller();
    ui = renderAt(<App controller={c} backend="SIM" assets={["BTC_USDT"]} readonly={false} walletMissing={false} />, 80, 24);
    await tick();
    ui.stdout.resize(38, 7);
    await tick(50);
    expect(ui.text().replace(/\s+/g, " ")).toContain("terminal too small: need 40×8, have 38×7");
    ui.stdout.resize(120, 40);
    await tick(50);
    expect(ui.text()).toMatch(/GAME (BTC_USDT 1m )?#/);
    expect(ui.text().split("\n").length).toBeLessThanOrEqual(39);
  });

  it("quits on q", async () => {
    const { c } = controller();
    ui = renderAt(<App controller={c} backend="SIM" assets={["BTC_USDT"]} readonly={false} walletMissing={false} />, 80, 24);
    await tick();
    const exited = ui.instance.waitUntilExit();
    await ui.press("q");
    await expect(exited).resolves.toBeUndefined();
  });

  it("counts down on its own between store updates", async () => {
    const { c } = controller();
    ui = renderAt(<App controller={c} backend="SIM" assets={["BTC_USDT"]} readonly={false} walletMissing={false} />, 80, 24);
    await tick();
    const before = /closes in (\d+:\d\d)/.exec(ui.text())?.[1];
    await tick(1_100);
    const after = /closes in (\d+:\d\d)/.exec(ui.text())?.[1];
    expect(before).toBeDefined();
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
  });
});
