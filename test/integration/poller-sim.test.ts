/**
 * The real poller and client against the real sim in strict mode (at most
 * one request per second per key): through a couple of 10 s games it must
 * never be rate limited and never start two requests closer than 1 s.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../../src/api/client.js";
import type { TaskKind } from "../../src/poller/policy.js";
import { Poller } from "../../src/poller/poller.js";
import { type SimHandle, startSim } from "../../src/sim/index.js";
import { seededRandom } from "../helpers/seeded.js";
import { until } from "../helpers/until.js";

describe("poller against the sim in strict mode", () => {
  let sim: SimHandle;
  let client: ApiClient;
  beforeAll(async () => {
    sim = await startSim({ port: 0, rateLimit: "strict", seed: 7 });
    client = new ApiClient({ url: sim.url, apiKey: sim.keys[0]! });
  });
  afterAll(async () => {
    await client.close();
    await sim.close();
  });

  it("spends the budget without a 429 or a gap under 1000 ms through two games, holding a position", async () => {
    const starts: { kind: TaskKind; at: number }[] = [];
    const poller = new Poller({
      jitter: seededRandom(),
      client,
      target: { asset: "BTC_USDT", interval: 10, network: "testnet", currency: "USDC" },
      wallet: sim.wallets[sim.keys[0]!],
      onRequest: (kind, at) => starts.push({ kind, at }),
    });
    const states = new Set<string>();
    poller.store.subscribe(() => states.add(poller.snapshot.connection.state));
    poller.start();
    try {
      // Wait for an accepting game, then hold one position in it.
      const deadline = Date.now() + 20_000;
      let placed = false;
      while (!placed && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 250));
        const l = poller.snapshot.listing?.value;
        const price = poller.snapshot.price?.value.value;
        if (l?.liveGame && price && l.can_place_position === true && l.liveGame.closes_at - poller.serverNow() > 3_000) {
          const outcome = await poller.place({ gid: l.liveGame.gid, sp: price.toDecimalPlaces(0).toFixed(), f: "0.5" });
          expect(outcome.kind).toBe("placed");
          placed = true;
        }
      }
      expect(placed).toBe(true);
      // Two games' worth of budget at least, then until the held game's result is seen: on a loaded machine the
      // settlement can come later than the games' own time would say.
      await new Promise((r) => setTimeout(r, 30_000));
      await until(
        () => poller.snapshot.settlements.length > 0,
        40_000,
        () => "the held game's result was never seen",
      );
    } finally {
      poller.stop();
    }
    const gaps = starts.slice(1).map((s, i) => s.at - starts[i]!.at);
    expect(starts.length).toBeGreaterThan(25);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1000);
    expect(states.has("rate_limited")).toBe(false);
    expect(poller.snapshot.errors).toEqual({});
    // The game the position was in ended and its result was seen.
    expect(poller.snapshot.settlements.length).toBeGreaterThanOrEqual(1);
    const kinds = new Set(starts.map((s) => s.kind));
    for (const k of ["spot", "price", "status", "balance", "place", "settlement"] as const) expect(kinds).toContain(k);
  }, 110_000);
});
