/**
 * Placing through the real poller and client against the real sim: the
 * position appears and the balance drops by exactly the stake; every kind
 * of refusal comes back with the service's reason and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Decimal } from "../../src/domain/money.js";
import { Poller } from "../../src/poller/poller.js";
import type { PlacementOutcome } from "../../src/poller/snapshot.js";
import { seededRandom } from "../helpers/seeded.js";
import { until } from "../helpers/until.js";
import { body, startTestSim, type TestSim, toNextGame } from "./sim-helpers.js";

describe("placing through the poller against the sim", () => {
  let t: TestSim;
  let poller: Poller;
  let gid: string;
  /** The game live before gid's: closed, and not named by the listing the poller reads. */
  let earlier: string;

  beforeAll(async () => {
    t = await startTestSim();
    earlier = (await t.client.spot({ asset: "BTC_USDT", interval: 60 })).liveGame.gid;
    const game = await toNextGame(t, "BTC_USDT", 60);
    t.clock.advance(5_000);
    gid = game.liveGame.gid;
    poller = new Poller({
      jitter: seededRandom(),
      client: t.client,
      target: { asset: "BTC_USDT", interval: 60, network: "testnet", currency: "USDC" },
      wallet: t.wallet,
    });
    poller.start();
    await until(
      () => poller.snapshot.listing !== undefined && poller.snapshot.balance !== undefined && poller.snapshot.status !== undefined,
    );
  });
  afterAll(async () => {
    poller.stop();
    await t.close();
  });

  const balance = () => new Decimal(poller.snapshot.balance!.value.balance);
  const reason = (o: PlacementOutcome) => (o.kind === "rejected" ? o.error.message : `not rejected: ${o.kind}`);

  it("places a position: it shows at once, then in /status, and the balance drops by exactly the stake", async () => {
    const before = balance();
    const o = await poller.place({ gid, sp: "68012", f: "2.5" });
    expect(o.kind).toBe("placed");
    if (o.kind !== "placed") return;
    expect(poller.snapshot.placed.map((p) => p.txid)).toContain(o.position.txid);
    await until(() => poller.snapshot.status!.value.positions.some((p) => p.txid === o.position.txid) && balance().eq(before.minus("2.5")));
    expect(poller.snapshot.placed).toHaveLength(0);
  });

  it("passes on the service's reason for a duplicate (409) and nothing changes", async () => {
    const before = balance();
    const o = await poller.place({ gid, sp: "68012", f: "2.5" });
    expect(reason(o)).toMatch(/409.*Duplicate position/);
    expect(balance().eq(before)).toBe(true);
  });

  it("passes on a stake below the minimum (422) and insufficient balance (422)", async () => {
    expect(reason(await poller.place({ gid, sp: "68013", f: "0.01" }))).toMatch(/422.*Stake below minimum/);
    expect(reason(await poller.place({ gid, sp: "68014", f: "5000" }))).toMatch(/422.*Insufficient balance/);
  });

  it("counts each refused POST in diagnostics, its last failure the service's reason, and holds no error of the endpoint's", async () => {
    const before = poller.snapshot.diagnostics.place!;
    expect(reason(await poller.place({ gid, sp: "68015", f: "0.01" }))).toMatch(/422/);
    const after = poller.snapshot.diagnostics.place!;
    expect([after.requests - before.requests, after.failures - before.failures]).toEqual([1, 1]);
    expect(after.lastError?.message).toMatch(/422.*Stake below minimum/);
    expect(poller.snapshot.errors.place).toBeUndefined();
  });

  it("reads the balance again once /status lists a position placed elsewhere (the CLI, a bot), not at its 90 s refresh", async () => {
    const before = balance();
    const game = poller.snapshot.listing!.value;
    const elsewhere = await t.client.placePosition(body(t, game, { sp: "68500", f: "1.5" }));
    await until(() => poller.snapshot.status!.value.positions.some((p) => p.txid === elsewhere.txid));
    await until(
      () => balance().eq(before.minus("1.5")),
      5_000,
      () => `balance ${balance()}, was ${before}`,
    );
  });

  it("passes on the cap: the eleventh position gets 409", async () => {
    const game = poller.snapshot.listing!.value;
    const held = (await t.client.status({ asset: "BTC_USDT", token: "USDC", network: "testnet", interval: 60 })).positions.length;
    for (let i = held; i < 10; i++) await t.client.placePosition(body(t, game, { sp: String(69000 + i), f: "1" }));
    const o = await poller.place({ gid, sp: "70000", f: "1" });
    expect(reason(o)).toMatch(/409.*Position limit reached/);
  });

  it("passes on the service's refusal of a closed game it sends, one the listing does not name", async () => {
    const o = await poller.place({ gid: earlier, sp: "70001", f: "1" });
    expect(reason(o)).toMatch(/409.*Game closed/);
  });

  it("does not send an order whose game closed before its turn: says so, and nothing reaches the service", async () => {
    const closesAt = poller.snapshot.listing!.value.liveGame!.closes_at;
    t.clock.set(closesAt + 1_000);
    // A poller that reads the service's clock past the lock (one that ran on sees the service's time move, not jump).
    const late = new Poller({ jitter: seededRandom(), client: t.client, target: poller.snapshot.target, wallet: t.wallet });
    late.start();
    try {
      await until(() => late.snapshot.listing !== undefined && late.serverNow() >= closesAt);
      const held = (await t.client.status({ asset: "BTC_USDT", token: "USDC", network: "testnet", interval: 60 })).positions.length;
      const o = await late.place({ gid, sp: "70001", f: "1" });
      expect(reason(o)).toBe(`POST /spot: not sent: #${gid} closed while the order waited`);
      const after = await t.client.status({ asset: "BTC_USDT", token: "USDC", network: "testnet", interval: 60 });
      expect(after.positions).toHaveLength(held);
    } finally {
      late.stop();
    }
  });
});
