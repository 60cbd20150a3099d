/**
 * POST /spot through the real client: the placement window, the cap, the
 * duplicate rule, minimum stakes, balances, and every kind of bad body — each
 * refusal leaving balance and positions exactly as they were.
 */
import { request } from "node:http";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PlacedPositionSchema } from "../../src/api/schemas.js";
import { toWire } from "../../src/domain/money.js";
import { INTERVALS, MAX_POSITIONS_PER_GAME, minStake } from "../../src/domain/rules.js";
import { body, errorBody, failure, raw, startTestSim, type TestSim, toNextGame } from "./sim-helpers.js";

let t: TestSim;
beforeEach(async () => {
  t = await startTestSim();
});
afterEach(async () => {
  await t.close();
});

async function balance(network: "testnet" | "mainnet" = "testnet"): Promise<string> {
  return (await t.client.balance({ currency: "USDC", network })).balance;
}

async function myPositions(interval: (typeof INTERVALS)[number] = 60): Promise<number> {
  return (await t.client.status({ asset: "BTC_USDT", token: "USDC", network: "testnet", interval })).positions.length;
}

describe("a placed position", () => {
  it('is the spec\'s Position: st success, w "0", r null, and the stake is debited', async () => {
    const listing = await toNextGame(t, "BTC_USDT", 60);
    t.clock.advance(1234);
    const placed = await t.client.place(body(t, listing, { sp: "68123", f: "2.5" }));
    expect(placed).toMatchObject({
      gid: listing.liveGame.gid,
      c: "USDC",
      a: "BTC_USDT",
      id: 1,
      f: "2.5",
      sp: "68123",
      cm: false,
      cmt: null,
      w: "0",
      r: null,
      pw: t.wallet,
      win: null,
      t: String(listing.liveGame.start_at + 1234),
      tx: null,
      p: null,
      created_at: new Date(listing.liveGame.start_at + 1234).toISOString(),
      st: "success",
      it: 60,
      n: "testnet",
    });
    expect(placed.txid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(placed.username).not.toBe("");
    expect(placed.avatar.backgroundColor).toMatch(/^#[0-9a-f]{6}$/);
    expect(await balance()).toBe("997.5");
  });

  it("echoes the wallet sent as pw and gives every position its own txid", async () => {
    const listing = await toNextGame(t, "BTC_USDT", 60);
    const pw = `0x${"ab".repeat(20)}`;
    const a = await t.client.place(body(t, listing, { pw, sp: "68001" }));
    const b = await t.client.place(body(t, listing, { pw, sp: "68002" }));
    expect(a.pw).toBe(pw);
    expect(a.txid).not.toBe(b.txid);
  });

  it("answers exactly what the schema describes", async () => {
    const listing = await toNextGame(t, "BTC_USDT", 10);
    const r = await raw(t, "POST", "spot", { body: JSON.stringify(body(t, listing, { f: "0.01" })) });
    expect(r.status).toBe(200);
    expect(PlacedPositionSchema.strict().safeParse(r.json).success).toBe(true);
  });
});

describe("the placement window", () => {
  it("accepts from start_at until just before closes_at", async () => {
    const listing = await toNextGame(t, "BTC_USDT", 60);
    await t.client.place(body(t, listing, { sp: "68001" }));
    t.clock.set(listing.liveGame.closes_at - 1);
    await t.client.place(body(t, listing, { sp: "68002" }));
    expect(await myPositions()).toBe(2);
  });

  it("refuses in the lobby (from closes_at) with 409 Game closed", async () => {
    const listing = await toNextGame(t, "BTC_USDT", 60);
    t.clock.set(listing.liveGame.closes_at);
    const e = await failure(t.client.place(body(t, listing)));
    expect(e.kind).toBe("conflict");
    expect(e.status).toBe(409);
    expect(e.reason).toMatch(/^Game closed/);
    expect(await balance()).toBe("1000");
  });

  it("refuses a game that has ended with 409 Game closed", async () => {
    const listing = await toNextGame(t, "BTC_USDT", 10);
    t.clock.set(listing.liveGame.ends_at + 60_000);
    const e = await failure(t.client.place(body(t, listing, { f: "0.01" })));
    expect(e.status).toBe(409);
    expect(e.reason).toMatch(/^Game closed/);
  });

  it("refuses the next game before it starts with 409 Game not started", async () => {
    const listing = await toNextGame(t, "BTC_USDT", 10);
    const e = await failure(t.client.place(body(t, listing, { gid: listing.nextGame.gid, f: "0.01" })));
    expect(e.status).toBe(409);
    expect(e.reason).toMatch(/^Game not started/);
  });

  it("refuses a gid of another asset or interval with 422 naming gid", async () => {
    const listing = await toNextGame(t, "BTC_USDT", 60);
    const eth = await t.client.spot({ asset: "ETH_USDT", interval: 60 });
    const e = await failure(t.client.place(body(t, listing, { gid: eth.liveGame.gid })));
    expect(e.status).toBe(422);
    expect(e.fields).toEqual(["gid"]);
    for (const gid of ["12345678901234567890", "999999999999901"]) {
      const nonsense = await failure(t.client.place(body(t, listing, { gid })));
      expect(nonsense.fields).toEqual(["gid"]);
    }
  });

  it("reports can_place_position false once the caller holds 10 positions", async () => {
    const listing = await toNextGame(t, "BTC_USDT", 60);
    // Mainnet has no balance, so it cannot keep the flag up on its own.
    for (let i = 0; i < MAX_POSITIONS_PER_GAME; i++) await t.client.place(body(t, listing, { sp: String(68000 + i) }));
    expect((await t.client.spot({ asset: "BTC_USDT", interval: 60 })).can_place_position).toBe(false);
  });

  it("reports can_place_position false when no balance covers the minimum stake", async () => {
    const listing = await toNextGame(t, "BTC_USDT", 86400);
    await t.client.place(body(t, listing, { f: "996" }));
    expect(await balance()).toBe("4");
    expect((await t.client.spot({ asset: "BTC_USDT", interval: 86400 })).can_place_position).toBe(false);
    expect((await t.client.spot({ asset: "BTC_USDT", interval: 3600 })).can_place_position).toBe(true);
  });
});

describe("the cap and duplicates", () => {
  it(`accepts ${MAX_POSITIONS_PER_GAME} positions per game and refuses the next with 409`, async () => {
    const listing = await toNextGame(t, "BTC_USDT", 60);
    for (let i = 0; i < MAX_POSITIONS_PER_GAME; i++) await t.client.place(body(t, listing, { sp: String(68000 + i) }));
    const e = await failure(t.client.place(body(t, listing, { sp: "69999" })));
    expect(e.kind).toBe("conflict");
    expect(e.status).toBe(409);
    expect(e.reason).toMatch(/^Position limit reached/);
    expect(await myPositions()).toBe(MAX_POSITIONS_PER_GAME);
    expect(await balance()).toBe("990");
  });

  it("counts the cap per game: the next game starts from zero, and mainnet is its own game", async () => {
    const listing = await toNextGame(t, "BTC_USDT", 10);
    for (let i = 0; i < MAX_POSITIONS_PER_GAME; i++) await t.client.place(body(t, listing, { sp: String(68001 + i), f: "0.01" }));
    // This game's testnet cap is reached: the next one there is refused, mainnet's and the next game's are not.
    expect((await failure(t.client.place(body(t, listing, { sp: "69000", f: "0.01" })))).status).toBe(409);
    t.sim.engine.deposit(1, "mainnet", "1");
    await t.client.place(body(t, listing, { sp: "68001", f: "0.01", n: "mainnet" }));
    const next = await toNextGame(t, "BTC_USDT", 10);
    await t.client.place(body(t, next, { sp: "68001", f: "0.01" }));
  });

  it("refuses the same price and stake again in the same game with 409 Duplicate position", async () => {
    const listing = await toNextGame(t, "BTC_USDT", 60);
    await t.client.place(body(t, listing, { sp: "68000", f: "1" }));
    const e = await failure(t.client.place(body(t, listing, { sp: "68000.00", f: "1.0" })));
    expect(e.status).toBe(409);
    expect(e.reason).toMatch(/^Duplicate position/);
    const r = await raw(t, "POST", "spot", { body: JSON.stringify(body(t, listing, { sp: "68000", f: "1" })) });
    expect(errorBody(r).error).toBe("Duplicate position");
    // Same price with another stake, or another price with the same stake, are new positions.
    await t.client.place(body(t, listing, { sp: "68000", f: "2" }));
    await t.client.place(body(t, listing, { sp: "68001", f: "1" }));
    expect(await myPositions()).toBe(3);
    expect(await balance()).toBe("996");
  });
});

describe("stakes and balances", () => {
  it.each(INTERVALS)("enforces the %i s minimum stake exactly", async (interval) => {
    const listing = await toNextGame(t, "BTC_USDT", interval);
    const min = minStake(interval);
    const below = min.minus("0.000001");
    const e = await failure(t.client.place(body(t, listing, { f: toWire(below) })));
    expect(e.status).toBe(422);
    expect(e.fields).toEqual(["f"]);
    expect(e.reason).toMatch(/^Stake below minimum/);
    const placed = await t.client.place(body(t, listing, { f: toWire(min) }));
    expect(placed.f).toBe(toWire(min));
    expect(await balance()).toBe(toWire(min.neg().plus(1000)));
  });

  it("refuses a stake above the balance with 422 Insufficient balance, then accepts exactly the balance", async () => {
    const listing = await toNextGame(t, "BTC_USDT", 60);
    const e = await failure(t.client.place(body(t, listing, { f: "1000.000001" })));
    expect(e.status).toBe(422);
    expect(e.fields).toEqual(["f"]);
    expect(e.reason).toMatch(/^Insufficient balance/);
    expect(await balance()).toBe("1000");
    expect(await myPositions()).toBe(0);
    await t.client.place(body(t, listing, { f: "1000" }));
    expect(await balance()).toBe("0");
  });

  it("has nothing to stake on mainnet until funded", async () => {
    const listing = await toNextGame(t, "BTC_USDT", 60);
    const e = await failure(t.client.place(body(t, listing, { n: "mainnet" })));
    expect(e.reason).toMatch(/^Insufficient balance/);
    expect(await balance("mainnet")).toBe("0");
  });

  it("refuses more decimals than the currency has", async () => {
    const listing = await toNextGame(t, "BTC_USDT", 60);
    const r = await raw(t, "POST", "spot", { body: JSON.stringify(body(t, listing, { f: "1.0000001" })) });
    expect(r.status).toBe(422);
    expect(errorBody(r).fields).toEqual(["f"]);
  });
});

describe("bad bodies", () => {
  async function unchanged(): Promise<void> {
    expect(await balance()).toBe("1000");
    expect(await myPositions()).toBe(0);
  }

  it("answers malformed JSON with 400", async () => {
    await toNextGame(t, "BTC_USDT", 60);
    for (const text of ["{", "gid=1", "", '{"gid": "1",}']) {
      const r = await raw(t, "POST", "spot", { body: text });
      expect(r.status).toBe(400);
      expect(errorBody(r).error).toBe("Malformed JSON");
    }
    await unchanged();
  });

  it("answers missing fields with 422 naming each of them", async () => {
    const listing = await toNextGame(t, "BTC_USDT", 60);
    const { sp: _sp, pw: _pw, ...rest } = body(t, listing);
    const r = await raw(t, "POST", "spot", { body: JSON.stringify(rest) });
    expect(r.status).toBe(422);
    const e = errorBody(r);
    expect(e.fields).toEqual(["sp", "pw"]);
    expect(e.message).toContain("sp: missing");
    await unchanged();
  });

  it("answers wrongly typed or out-of-range fields with 422 naming each of them", async () => {
    const listing = await toNextGame(t, "BTC_USDT", 60);
    const bad = { gid: 42, c: "USDT", a: "DOGE_USDT", sp: "-1", f: 5, pw: "me", n: "devnet", it: "60" };
    const r = await raw(t, "POST", "spot", { body: JSON.stringify({ ...body(t, listing), ...bad }) });
    expect(r.status).toBe(422);
    expect(errorBody(r).fields).toEqual(["gid", "c", "a", "sp", "f", "pw", "n", "it"]);
    for (const value of [null, [], "text", 7]) {
      const r2 = await raw(t, "POST", "spot", { body: JSON.stringify(value) });
      expect(r2.status).toBe(422);
      expect(errorBody(r2).fields).toHaveLength(8);
    }
    await unchanged();
  });

  it("answers bodies over 16 KiB with 413", async () => {
    const listing = await toNextGame(t, "BTC_USDT", 60);
    const big = JSON.stringify({ ...body(t, listing), pad: "x".repeat(17 * 1024) });
    const r = await raw(t, "POST", "spot", { body: big });
    expect(r.status).toBe(413);
    expect(errorBody(r).error).toBe("Payload too large");
    await unchanged();
  });

  it("survives a client that hangs up mid-body", async () => {
    const url = new URL("/v1/surge/games/spot", t.sim.url);
    await new Promise<void>((resolve) => {
      const req = request(url, { method: "POST", headers: { "x-api-key": t.key, "content-length": "500" } });
      req.on("error", () => resolve());
      req.write('{"gid": "1"', () => {
        req.destroy();
        resolve();
      });
    });
    expect(await balance()).toBe("1000");
  });
});
