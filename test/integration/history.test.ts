/**
 * The price history across a restart, end to end below the screen: the real
 * poller and client against the real sim over loopback, its prices kept on
 * disk as the dashboard keeps them (src/history/keep-history.ts), then a
 * second poller that starts from what the first one left.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ApiClient } from "../../src/api/client.js";
import { keepPriceHistory } from "../../src/history/keep-history.js";
import { Poller } from "../../src/poller/poller.js";
import { targetPrices } from "../../src/poller/snapshot.js";
import { type SimHandle, startSim } from "../../src/sim/index.js";
import { seededRandom } from "../helpers/seeded.js";
import { until } from "../helpers/until.js";

let sim: SimHandle;
let client: ApiClient;
let stateDir: string;
beforeAll(async () => {
  sim = await startSim({ port: 0, seed: 11 });
  client = new ApiClient({ url: sim.url, apiKey: sim.keys[0]! });
  stateDir = mkdtempSync(join(tmpdir(), "spotdash-state-"));
});
afterAll(async () => {
  await client.close();
  await sim.close();
  rmSync(stateDir, { recursive: true, force: true });
});

function poller(asset: string) {
  return new Poller({ jitter: seededRandom(), client, target: { asset, interval: 60, network: "testnet", currency: "USDC" } });
}

it("a second run starts with the prices the first one saw, and adds to them", async () => {
  const first = poller("BTC_USDT");
  const kept = keepPriceHistory(first.store, stateDir, "sim");
  first.start();
  await until(() => targetPrices(first.snapshot).length >= 4, 20_000);
  first.stop();
  await kept.close();
  const seen = targetPrices(first.snapshot);

  const second = poller("BTC_USDT");
  const keptAgain = keepPriceHistory(second.store, stateDir, "sim");
  await until(() => targetPrices(second.snapshot).length >= seen.length, 5_000);
  // Loaded before a single request was sent: the chart has its history at once.
  expect([...targetPrices(second.snapshot)]).toEqual([...seen]);
  second.start();
  await until(() => targetPrices(second.snapshot).length > seen.length, 20_000);
  second.stop();
  await keptAgain.close();
  const all = targetPrices(second.snapshot);
  expect(all.slice(0, seen.length)).toEqual([...seen]);
  for (let i = 1; i < all.length; i++) expect(all.get(i).t).toBeGreaterThan(all.get(i - 1).t);
}, 60_000);
