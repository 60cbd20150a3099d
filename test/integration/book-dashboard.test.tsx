/**
 * The book in the dashboard: positions placed through the API in three games
 * of other markets, the real App and Poller started on a fourth against the
 * sim over loopback. The BOOK pane lists all three once the discovery pass
 * has looked at their markets, and as each game ends its settlement is
 * toasted, named, with the bell of the settled alert.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Alerter } from "../../src/alerts/alerter.js";
import { DEFAULT_ALERT_SETTINGS } from "../../src/alerts/rules.js";
import { shortGid } from "../../src/domain/format.js";
import type { Interval } from "../../src/domain/rules.js";
import { BOOK_POLICY } from "../../src/poller/book-policy.js";
import { bookOptions } from "../../src/poller/book-watch.js";
import type { TaskKind } from "../../src/poller/policy.js";
import { Poller } from "../../src/poller/poller.js";
import { App } from "../../src/ui/App.js";
import { renderAt } from "../helpers/ink.js";
import { pane } from "../helpers/screen.js";
import { seededRandom } from "../helpers/seeded.js";
import type { LiveListing } from "../helpers/spec-client.js";
import { until } from "../helpers/until.js";
import { body, RunningClock, startTestSim, T0, type TestSim, toNextGame } from "./sim-helpers.js";

/** The BOOK pane's rows inside its border. */
const bookRows = (frame: string) => pane(frame.split("\n"), /│ (▸ )?BOOK/).rows.map((r) => r.slice(1).trimEnd());
const footer = (frame: string) => frame.trimEnd().split("\n").at(-1)!;

describe("the book in the dashboard, against the sim", () => {
  let t: TestSim;
  let poller: Poller;
  let ui: ReturnType<typeof renderAt>;
  const starts: { kind: TaskKind; at: number }[] = [];
  let bells = 0;
  let alerter: Alerter;
  const held: Record<string, LiveListing> = {};

  const spot = (asset: string, interval: Interval) => t.client.spot({ asset, interval });

  beforeAll(async () => {
    // The sim's time runs, so that games end while the dashboard watches; the test moves it on to each end.
    t = await startTestSim({ clock: new RunningClock(T0) });
    // At the start of a day game, the hour and minute games have just started too.
    await toNextGame(t, "ETH_USDT", 86_400);
    t.clock.advance(1_000);
    held.eth60 = await spot("ETH_USDT", 60);
    held.btc3600 = await spot("BTC_USDT", 3600);
    held.eth86400 = await spot("ETH_USDT", 86_400);
    for (const l of Object.values(held)) expect(l.can_place_position).toBe(true);
    await t.client.placePosition(body(t, held.eth60, { sp: "3500", f: "1" }));
    await t.client.placePosition(body(t, held.btc3600, { sp: "68000", f: "2" }));
    await t.client.placePosition(body(t, held.btc3600, { sp: "67000", f: "1.5" }));
    await t.client.placePosition(body(t, held.eth86400, { sp: "3600", f: "5" }));

    // The dashboard on BTC_USDT 1 m, where nothing is held.
    poller = new Poller({
      jitter: seededRandom(),
      client: t.client,
      target: { asset: "BTC_USDT", interval: 60, network: "testnet", currency: "USDC" },
      wallet: t.wallet,
      book: bookOptions({ asset: "BTC_USDT", assets: ["BTC_USDT", "ETH_USDT"] }, true),
      onRequest: (kind, at) => starts.push({ kind, at }),
    });
    // The alerts as the dashboard runs them, the bell counted where the terminal would ring.
    alerter = new Alerter({
      source: poller.store,
      serverNow: () => poller.serverNow(),
      settings: DEFAULT_ALERT_SETTINGS,
      delivery: {
        deliver: (e, channels) => {
          if (e.event === "settled" && channels.includes("bell")) bells++;
          return channels;
        },
        setFocused: () => {},
      },
    });
    alerter.start();
    ui = renderAt(
      <App controller={poller} backend="SIM" assets={["BTC_USDT", "ETH_USDT"]} readonly={false} walletMissing={false} alerts={alerter} />,
      200,
      50,
    );
    poller.start();
  });
  afterAll(async () => {
    ui?.unmount();
    alerter?.stop();
    poller?.stop();
    await t.close();
  });

  it("lists the three games held elsewhere within the discovery pass, the soonest to end first", async () => {
    const from = Date.now();
    // Found (the summary counts it) and its times known (its listing asked right after).
    const whole = () => ui.text().includes("BOOK 3 games · 4 positions") && bookRows(ui.text()).every((r) => !/_USDT \S+\s+–/.test(r));
    await until(whole, 45_000, () => ui.text());
    const took = Date.now() - from;
    // Seven markets to look through, the n-th due launchPaceMs × n after the first (which follows the focused game's
    // listing and price), the last behind the two requests the held 1 m game can have due first, then its listing:
    // 2 + 24 + 5 + 2 slots of about a second, about 33 s; the rest is room for a loaded machine.
    expect(took).toBeLessThan(2_000 + 6 * BOOK_POLICY.launchPaceMs + 7 * 1_000 + 5_000);
    const rows = bookRows(ui.text());
    expect(rows[0]).toMatch(/^BOOK 3 games · 4 positions · proj net [+-]?[\d,.]+ USDC/);
    expect(rows[1]).toMatch(/GAME\s+CLOSES\s+ENDS\s+POS\s+PROJ\.GROSS/);
    expect(rows[2]).toMatch(/^ {2}ETH_USDT 1m\s+0:\d\d\s+\d:\d\d\s+1\s/);
    expect(rows[3]).toMatch(/^ {2}BTC_USDT 1h\s+\d+:\d\d\s+\d+:\d\d\s+2\s/);
    expect(rows[4]).toMatch(/^ {2}ETH_USDT 1d\s+\d+:\d\d(:\d\d)?\s+\d+:\d\d(:\d\d)?\s+1\s/);
    // Each row carries the distance of its nearest strike and its age.
    for (const row of rows.slice(2, 5)) expect(row).toMatch(/[+-]?[\d,]+\.\d\d\s+\d+(\.\d)?s$/);
    // The panes stay on the focused game, and the requests were never less than a second apart.
    expect(ui.text()).toContain("PRICE BTC_USDT  game 1m");
    const at = starts.map((s) => s.at);
    for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(1000);
  }, 50_000);

  it("toasts each held game's settlement as it ends, naming the game, and drops it from the book", async () => {
    const cases = [
      { listing: held.eth60!, name: "ETH_USDT 1m", left: "BOOK 2 games · 3 positions" },
      { listing: held.btc3600!, name: "BTC_USDT 1h", left: "BOOK 1 game · 1 position" },
      { listing: held.eth86400!, name: "ETH_USDT 1d", left: "BOOK" },
    ];
    for (const c of cases) {
      const game = c.listing.liveGame;
      const bellsBefore = bells;
      t.clock.set(game.ends_at + 1_000);
      const from = Date.now();
      await until(
        () => footer(ui.text()).includes(`settled #${shortGid(game.gid)} ${c.name}:`),
        35_000,
        () => ui.text(),
      );
      // The sim's clock jumps here (a day, for the 1d game); the poller learns of it from its next listing or the game's
      // next refresh (its 30 s bound), then waits on the result: within that bound, not a discovery pass (5 minutes).
      expect(Date.now() - from, c.name).toBeLessThan(30_000);
      expect(footer(ui.text())).toMatch(/: (WON \+|LOST -|EVEN )[\d,.]+ USDC · staked [\d,.]+/);
      expect(bells).toBe(bellsBefore + 1);
      // The game's row goes, and the summary counts what is left.
      const top = () => bookRows(ui.text())[0]!;
      await until(() => top() === c.left || top().startsWith(`${c.left} ·`), 10_000, top);
    }
    expect(bookRows(ui.text())[2]).toBe("no games held in BTC_USDT, ETH_USDT");
  }, 120_000);
});
