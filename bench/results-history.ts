/**
 * npm run bench:results-history [-- --games 1200]
 *
 * The dashboard's poller against the sim (in process, real HTTP on
 * loopback, the service's real rate limit) for an account with GAMES
 * settled games: how long the first read of the history takes, how many
 * pages, what the price's gaps and age were while it ran, and how many
 * pages the next launch asks. Prints the figures kept in BENCHMARKS.md.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ApiClient } from "../src/api/client.js";
import { keepResults } from "../src/history/keep-results.js";
import { Poller } from "../src/poller/poller.js";
import { startSim } from "../src/sim/index.js";
import { flag, summary } from "./stats.js";

const games = flag("games", 1200);
const key = `metafide_${"c".repeat(32)}`;
const stateDir = mkdtempSync(join(tmpdir(), "spotdash-bench-results-"));

const sim = await startSim({ port: 0, seed: 11, keys: [key], historyDays: 2, historyGamesPerDay: Math.ceil(games / 2) });
const client = new ApiClient({ url: sim.url, apiKey: key });
const wallet = sim.wallets[key]!;

async function launch(label: string): Promise<void> {
  const starts: { kind: string; at: number }[] = [];
  let pages = 0;
  const counted = {
    getSpot: client.getSpot.bind(client),
    getLivePrice: client.getLivePrice.bind(client),
    getUserBalance: client.getUserBalance.bind(client),
    getStatus: client.getStatus.bind(client),
    placePosition: client.placePosition.bind(client),
    getResults: (q: Parameters<ApiClient["getResults"]>[0]) => {
      if (q.limit === 100 && q.network === "testnet") pages++;
      return client.getResults(q);
    },
  };
  const poller = new Poller({
    client: counted,
    target: { asset: "BTC_USDT", interval: 60, network: "testnet", currency: "USDC" },
    wallet,
    onRequest: (kind, at) => starts.push({ kind, at }),
  });
  const files = keepResults(poller.store, stateDir, { sim: false, label: "bench", apiKey: key, wallet });
  const t0 = Date.now();
  const ages: number[] = [];
  poller.start();
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const s = poller.snapshot;
      if (s.price) ages.push(poller.serverNow() - s.price.at);
      if (s.resultsHistory.testnet.readAt !== null) {
        clearInterval(timer);
        resolve();
      }
    }, 100);
  });
  const took = Date.now() - t0;
  poller.stop();
  await files.close();
  const priceStarts = starts.filter((s) => s.kind === "price").map((s) => s.at);
  const priceGaps = priceStarts.slice(1).map((t, i) => t - priceStarts[i]!);
  const all = starts.map((s) => s.at);
  const gaps = all.slice(1).map((t, i) => t - all[i]!);
  console.log(`\n${label}`);
  console.log(`  history read in          ${(took / 1000).toFixed(1)} s, ${pages} page${pages === 1 ? "" : "s"} of 100 (testnet)`);
  console.log(`  requests                 ${starts.length}, least gap ${Math.min(...gaps)} ms`);
  console.log(`  price gaps               ${summary(priceGaps)}`);
  console.log(`  price age, sampled       ${summary(ages)}`);
  console.log(`  kept                     ${poller.snapshot.resultsHistory.testnet.kept.games.size} games`);
}

console.log(`account with ${games} settled games (sim, rate limit real)`);
await launch("first launch (no history kept)");
await launch("second launch (history kept)");
await client.close();
await sim.close();
