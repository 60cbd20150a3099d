/**
 * --data DIR: acknowledged mutations are journaled (fsynced before the
 * answer) and replayed on start, so balances, positions and results survive
 * a restart and kill -9 (under load: sim-process.test.ts). Damage is handled: a torn last line is dropped,
 * damage before good lines is refused.
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { ManualClock, startSim } from "../../src/sim/index.js";
import { JournalError } from "../../src/sim/persistence/journal.js";
import { SpecClient } from "../helpers/spec-client.js";
import { body, raw, startTestSim, T0, type TestSim, toNextGame } from "./sim-helpers.js";

const KEY = `metafide_${"5".repeat(32)}`;
const dirs: string[] = [];
const open: TestSim[] = [];

function dataDir(): string {
  const d = mkdtempSync(join(tmpdir(), "spotdash-sim-"));
  dirs.push(d);
  return d;
}

async function start(dir: string, at: number, more: Parameters<typeof startTestSim>[0] = {}): Promise<TestSim> {
  const s = await startTestSim({ dataDir: dir, keys: [KEY], clock: new ManualClock(at), crowd: true, ...more });
  open.push(s);
  return s;
}

async function stop(s: TestSim): Promise<void> {
  open.splice(open.indexOf(s), 1);
  await s.close();
}

afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
});
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const status = (s: TestSim, interval: 10 | 60 = 60) => s.client.status({ asset: "BTC_USDT", token: "USDC", network: "testnet", interval });
const balance = async (s: TestSim) => (await s.client.balance({ currency: "USDC", network: "testnet" })).balance;

describe("--data", () => {
  it("keeps balances, live positions and results across a restart", async () => {
    const dir = dataDir();
    const a = await start(dir, T0);
    const short = await toNextGame(a, "BTC_USDT", 10);
    await a.client.place(body(a, short, { f: "0.5" }));
    const listing = await toNextGame(a, "BTC_USDT", 60);
    const p1 = await a.client.place(body(a, listing, { sp: "68000", f: "3" }));
    const p2 = await a.client.place(body(a, listing, { sp: "68100", f: "4.25" }));
    const before = { status: await status(a), balance: await balance(a), results: await a.client.results({ network: "testnet" }) };
    expect(before.results.games).toHaveLength(1);
    const now = a.clock.now();
    await stop(a);

    const b = await start(dir, now);
    expect(await balance(b)).toBe(before.balance);
    expect(await status(b)).toEqual(before.status);
    expect((await status(b)).positions.map((p) => p.txid)).toEqual([p1.txid, p2.txid]);
    expect(await b.client.results({ network: "testnet" })).toEqual(before.results);

    // The game goes on after the restart and settles exactly as it would have.
    b.clock.set(listing.liveGame.ends_at);
    const after = await b.client.results({ network: "testnet" });
    expect(after.games).toHaveLength(2);
    const total = after.games.reduce((acc, g) => acc + Number(g.total_staked), 0);
    expect(total).toBeCloseTo(7.75, 10);
  });

  it("settles identically whether or not the sim restarted mid-game", async () => {
    const run = async (restart: boolean) => {
      const dir = dataDir();
      let s = await start(dir, T0);
      const listing = await toNextGame(s, "BTC_USDT", 60);
      await s.client.place(body(s, listing, { sp: "68000", f: "7" }));
      s.clock.advance(30_000);
      if (restart) {
        await stop(s);
        s = await start(dir, listing.liveGame.start_at + 31_000);
      }
      s.clock.set(listing.liveGame.ends_at + 1);
      const r = await s.client.results({ network: "testnet" });
      return r.games.map((g) => ({ ...g, positions: g.positions.map((p) => ({ ...p, txid: "-" })) }));
    };
    expect(await run(true)).toEqual(await run(false));
  });

  it("keeps no key at rest: the demo user gets a new key at each start, with its wallet and balances", async () => {
    const dir = join(dataDir(), "new");
    const first = await startSim({ port: 0, dataDir: dir, clock: new ManualClock(T0) });
    const key = first.keys[0]!;
    const wallet = first.wallets[key];
    expect(first.generatedKey).toBe(true);
    first.engine.deposit(1, "testnet", "1");
    await first.close();
    const second = await startSim({ port: 0, dataDir: dir, clock: new ManualClock(T0) });
    const next = second.keys[0]!;
    expect(next).not.toBe(key);
    expect(second.wallets[next]).toBe(wallet);
    const client = new SpecClient({ url: second.url, apiKey: next });
    expect(await client.balance({ currency: "USDC", network: "testnet" })).toMatchObject({ userId: 1, balance: "1001" });
    await client.close();
    const old = new SpecClient({ url: second.url, apiKey: key });
    await expect(old.balance({ currency: "USDC", network: "testnet" })).rejects.toMatchObject({ status: 401 });
    await old.close();
    await second.close();
    const journal = readFileSync(join(dir, "journal.jsonl"), "utf8");
    expect(journal).not.toContain(key);
    expect(journal).not.toContain(next);
    // The owner's alone: the directory the sim created, and the journal.
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, "journal.jsonl")).mode & 0o777).toBe(0o600);

    const supplied = dataDir();
    await stop(await start(supplied, T0));
    expect(readFileSync(join(supplied, "journal.jsonl"), "utf8")).not.toContain(KEY);
  });

  it("reads a journal whose demo key an older sim kept in plain text, and gives that user a new key", async () => {
    const dir = dataDir();
    const oldKey = `metafide_${"7".repeat(32)}`;
    const a = await startSim({ port: 0, dataDir: dir, keys: [oldKey], clock: new ManualClock(T0) });
    const wallet = a.wallets[oldKey];
    await a.close();
    appendFileSync(join(dir, "journal.jsonl"), `${JSON.stringify({ type: "demo_key", t: T0, key: oldKey })}\n`);
    const b = await startSim({ port: 0, dataDir: dir, clock: new ManualClock(T0) });
    expect(b.keys[0]).not.toBe(oldKey);
    expect(b.wallets[b.keys[0]!]).toBe(wallet);
    await b.close();
  });

  it("keeps the seed it was created with", async () => {
    const dir = dataDir();
    const a = await start(dir, T0, { seed: 99 });
    const price = await a.client.livePrice({ asset: "BTC_USDT" });
    await stop(a);
    const b = await startSim({ port: 0, dataDir: dir, keys: [KEY], clock: new ManualClock(T0) });
    expect(b.seed).toBe(99);
    const client = new SpecClient({ url: b.url, apiKey: KEY });
    expect(await client.livePrice({ asset: "BTC_USDT" })).toEqual(price);
    await client.close();
    await b.close();
    await expect(startSim({ port: 0, dataDir: dir, seed: 100 })).rejects.toThrow(/created with seed 99/);
  });

  it("drops a torn last line (never acknowledged) and carries on", async () => {
    const dir = dataDir();
    const a = await start(dir, T0);
    const listing = await toNextGame(a, "BTC_USDT", 60);
    await a.client.place(body(a, listing, { f: "2" }));
    const now = a.clock.now();
    await stop(a);
    const journal = join(dir, "journal.jsonl");
    const good = readFileSync(journal, "utf8");
    appendFileSync(journal, '{"type":"place","t":1,"userId":1,"txid":"x","gid":"12');

    const b = await start(dir, now);
    expect(readFileSync(journal, "utf8")).toBe(good);
    expect((await status(b)).positions).toHaveLength(1);
    await b.client.place(body(b, listing, { f: "3" }));
    await stop(b);
    const c = await start(dir, now);
    expect((await status(c)).positions.map((p) => p.f)).toEqual(["2", "3"]);
  });

  it("refuses to start on a journal damaged before its end", async () => {
    const dir = dataDir();
    const a = await start(dir, T0);
    const listing = await toNextGame(a, "BTC_USDT", 60);
    await a.client.place(body(a, listing, { f: "2" }));
    await stop(a);
    const journal = join(dir, "journal.jsonl");
    const lines = readFileSync(journal, "utf8").split("\n");
    lines[1] = "{ not json";
    writeFileSync(journal, lines.join("\n"));
    await expect(startSim({ port: 0, dataDir: dir, keys: [KEY] })).rejects.toThrow(/line 2 is damaged/);
  });

  it("refuses a second sim on the same directory", async () => {
    const dir = dataDir();
    await start(dir, T0);
    await expect(startSim({ port: 0, dataDir: dir, keys: [KEY] })).rejects.toThrow(/already in use/);
  });

  it("answers 503 and changes nothing when the journal cannot store a position", async () => {
    const s = await start(dataDir(), T0);
    const listing = await toNextGame(s, "BTC_USDT", 60);
    s.sim.engine.setJournal(() => {
      throw new JournalError("disk full");
    });
    const r = await raw(s, "POST", "spot", { body: JSON.stringify(body(s, listing)) });
    expect(r.status).toBe(503);
    expect(await balance(s)).toBe("1000");
    expect((await status(s)).positions).toEqual([]);
  });
});
