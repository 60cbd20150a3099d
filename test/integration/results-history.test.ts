/**
 * The results history read through the real poller and client against the
 * sim, over loopback HTTP: an account with 1,200 settled games. The first
 * launch reads 12 full pages of the focused network, newest first, one
 * request a second at most, while the price keeps its every-other-slot
 * cadence and the other panes their data; everything lands in the state
 * directory. The second launch, on the same directory, asks one page. Both
 * open the performance view at launch, so the reads start at once rather
 * than after the launch's first minute (POLICY.historyAfterLaunchMs, tested
 * in policy.test.ts).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ResultsQuery } from "../../src/api/client.js";
import { type KeptResultsFiles, keepResults } from "../../src/history/keep-results.js";
import { accountScope, loadResults, resultsFile } from "../../src/history/results-file.js";
import type { PollerClient } from "../../src/poller/options.js";
import type { TaskKind } from "../../src/poller/policy.js";
import { Poller } from "../../src/poller/poller.js";
import { seededRandom } from "../helpers/seeded.js";
import { until } from "../helpers/until.js";
import { RunningClock, startTestSim, T0, TEST_KEY, type TestSim } from "./sim-helpers.js";

const GAMES = 1_200;

interface Launch {
  poller: Poller;
  files: KeptResultsFiles;
  starts: { kind: TaskKind; at: number }[];
  pages: ResultsQuery[];
}

describe("the results history against the sim", () => {
  let t: TestSim;
  const stateDir = mkdtempSync(join(tmpdir(), "spotdash-results-history-"));
  const account = () => ({ sim: false, label: "sim.test", apiKey: TEST_KEY, wallet: t.wallet });

  beforeAll(async () => {
    // Two days of 600 games a day behind the clock; the clock runs, so the poller's games turn over as they would.
    t = await startTestSim({ clock: new RunningClock(T0), historyDays: 2, historyGamesPerDay: GAMES / 2 });
  });
  afterAll(async () => {
    await t.close();
  });

  function launch(): Launch {
    const starts: Launch["starts"] = [];
    const pages: ResultsQuery[] = [];
    const client: PollerClient = {
      getSpot: (q) => t.client.getSpot(q),
      getLivePrice: (q) => t.client.getLivePrice(q),
      getUserBalance: (q) => t.client.getUserBalance(q),
      getStatus: (q) => t.client.getStatus(q),
      placePosition: (b) => t.client.placePosition(b),
      getResults: (q) => {
        if (q.limit === 100) pages.push(q);
        return t.client.getResults(q);
      },
    };
    const poller = new Poller({
      jitter: seededRandom(),
      client,
      target: { asset: "BTC_USDT", interval: 60, network: "testnet", currency: "USDC" },
      wallet: t.wallet,
      onRequest: (kind, at) => starts.push({ kind, at }),
    });
    const files = keepResults(poller.store, stateDir, account());
    poller.setPerformanceOpen(true);
    poller.start();
    return { poller, files, starts, pages };
  }

  async function stop(l: Launch): Promise<void> {
    l.poller.stop();
    await l.files.close();
  }

  it("reads 12 pages the first time, within the budget, the live panes fresh throughout; the next launch asks one", {
    timeout: 90_000,
  }, async () => {
    const first = launch();
    const ages: number[] = [];
    const watch = setInterval(() => {
      const s = first.poller.snapshot;
      if (s.price) ages.push(first.poller.serverNow() - s.price.at);
    }, 250);
    await until(() => first.poller.snapshot.resultsHistory.testnet.readAt !== null, 60_000);
    clearInterval(watch);
    const testnet = first.pages.filter((q) => q.network === "testnet");
    expect(testnet.map((q) => q.offset)).toEqual(Array.from({ length: 12 }, (_, i) => i * 100));
    expect(first.poller.snapshot.resultsHistory.testnet.kept.games.size).toBe(GAMES);
    // The budget: one start a second at most, all along.
    const gaps = first.starts.slice(1).map((s, i) => s.at - first.starts[i]!.at);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(990);
    // The price kept every other slot: never two history pages back to back, and never older than about 2 s.
    const kinds = first.starts.map((s) => s.kind);
    expect(kinds.some((k, i) => k === "history" && kinds[i + 1] === "history")).toBe(false);
    expect(Math.max(...ages.slice(8))).toBeLessThan(3_200);
    const s = first.poller.snapshot;
    expect(s.listing && s.status && s.balance).toBeTruthy();
    await stop(first);

    // On disk, 0600, the key nowhere in it.
    const path = resultsFile(stateDir, accountScope(account())!, "testnet");
    const kept = await loadResults(path);
    expect(kept.games.size).toBe(GAMES);
    expect(kept.through).not.toBeNull();

    const second = launch();
    await until(() => second.poller.snapshot.resultsHistory.testnet.readAt !== null, 30_000);
    expect(second.pages.filter((q) => q.network === "testnet").map((q) => q.offset)).toEqual([0]);
    expect(second.poller.snapshot.resultsHistory.testnet.kept.games.size).toBeGreaterThanOrEqual(GAMES);
    await stop(second);
  });
});
