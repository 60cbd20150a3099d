/**
 * The price history across a restart, as a trader sees it: the dashboard
 * on its embedded sim for a while, quit, started again on the same state
 * directory: the second start's first screen already draws the first run's
 * prices, where a first start draws a single point.
 */
import { afterEach, describe, expect, it } from "vitest";
import { CLI, TmuxSession } from "../helpers/tmux.js";

/** Columns of the price pane where the line is drawn: how much time its prices span. */
function chartColumns(screen: string): number {
  const lines = screen.split("\n");
  const top = lines.findIndex((l) => l.includes("PRICE BTC_USDT"));
  const bottom = lines.findIndex((l, i) => i > top && l.includes("since open"));
  const columns = new Set<number>();
  for (const line of lines.slice(top + 1, bottom)) {
    [...line].forEach((c, x) => {
      if (c >= "\u2801" && c <= "\u28ff") columns.add(x);
    });
  }
  return columns.size;
}

describe("price history", () => {
  let t: TmuxSession | undefined;
  afterEach(() => t?.kill());

  it("is on the chart at once on the next start, and --no-history starts without it", { timeout: 90_000 }, async () => {
    t = new TmuxSession(120, 35);
    const start = (flags = "") => t!.run(`clear; env -u METAFIDE_API_KEY node ${CLI} --interval 60 ${flags}; echo EXITED=$?`);
    const quit = async () => {
      t!.type("q");
      await t!.waitFor((s) => s.includes("EXITED=0"), 5_000, "a clean exit");
    };
    const ready = (s: string) => /GAME BTC_USDT 1m #…?\d+/.test(s) && s.includes("since open");
    start();
    await t.waitFor(ready, 15_000, "the first price");
    // In the game window a column is about a second: a dozen seconds of prices.
    await t.waitFor((s) => chartColumns(s) >= 12, 30_000, "a line of prices");
    await quit();

    // The last five minutes, at once: the first run's prices are there before a new one could draw them.
    start();
    await t.waitFor(ready, 15_000, "the second start");
    t.type("+");
    const again = await t.waitFor((s) => s.includes("PRICE BTC_USDT  last 5m"), 2_000, "the five-minute window");
    expect(chartColumns(again)).toBeGreaterThanOrEqual(4);
    // The whole screen, as at any start: every pane, the chart's axes.
    for (const part of ["spotdash │ SIM 127.0.0.1:", "GAME BTC_USDT 1m", "BALANCE testnet", "POSITIONS", "q quit"])
      expect(again).toContain(part);
    expect(again).toMatch(/\d{2},\d{3}(\.\d+)?┤/);
    await quit();

    start("--no-history");
    await t.waitFor(ready, 15_000, "a start without history");
    t.type("+");
    const fresh = await t.waitFor((s) => s.includes("PRICE BTC_USDT  last 5m"), 2_000, "the five-minute window");
    expect(chartColumns(fresh)).toBeLessThanOrEqual(2);
    await quit();
  });
});
