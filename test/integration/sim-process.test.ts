/**
 * `spotdash sim` as a process, from the built CLI: exit codes of start-up
 * failures, the data directory's lock against sims started together and
 * against stale locks, and kill -9 under load with grouped fsyncs.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SpecClient } from "../helpers/spec-client.js";

const CLI = join(import.meta.dirname, "../../dist/spotdash.js");
const KEY = `metafide_${"6".repeat(32)}`;
const dirs: string[] = [];
const children: ChildProcess[] = [];

afterAll(() => {
  for (const c of children) c.kill("SIGKILL");
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), "spotdash-simproc-"));
  dirs.push(d);
  return d;
}

interface Sim {
  child: ChildProcess;
  /** Resolves with the address once it listens, or with the exit code and stderr if it stops first. */
  outcome: Promise<{ url: string } | { code: number | null; err: string }>;
}

/** Starts `spotdash sim` with args, announced in its own state directory. */
function sim(args: string[], stateDir = tempDir()): Sim {
  const child = spawn(process.execPath, [CLI, "sim", "--port", "0", "--no-crowd", ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, SPOTDASH_STATE_DIR: stateDir },
  });
  children.push(child);
  const outcome = new Promise<{ url: string } | { code: number | null; err: string }>((resolve) => {
    let out = "";
    let err = "";
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /^spotdash sim listening on (http:\/\/\S+)$/m.exec(out);
      if (m) resolve({ url: m[1]! });
    });
    child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
    child.on("exit", (code) => resolve({ code, err }));
  });
  return { child, outcome };
}

/** A --clock-skew that puts a sim's clock ten minutes into the hourly ETH game live now, or into the next one while it is in its lobby. */
async function skewIntoHourlyGame(key: string): Promise<string> {
  const probe = sim(["--key", key]);
  const { url } = (await probe.outcome) as { url: string };
  const client = new SpecClient({ url, apiKey: key });
  const l = await client.spot({ asset: "ETH_USDT", interval: 3600 });
  await client.close();
  await stop(probe);
  const start = l.can_place_position ? l.liveGame.start_at : l.nextGame.starts_at;
  return `--clock-skew=${start + 10 * 60_000 - l.timestamp}`;
}

async function stop(s: Sim): Promise<void> {
  if (s.child.exitCode !== null) return;
  const exited = new Promise((r) => s.child.once("exit", r));
  s.child.kill("SIGTERM");
  await exited;
}

async function failure(args: string[]): Promise<{ code: number | null; err: string }> {
  const outcome = await sim(args).outcome;
  if ("url" in outcome) throw new Error(`the sim started with ${args.join(" ")}`);
  return outcome;
}

describe("start-up failures", () => {
  it("exit 1 with one line each: a bad flag, a port in use, a damaged journal, a directory in use", async () => {
    const bad = await failure(["--rate-limit", "sometimes"]);
    expect(bad).toEqual({ code: 1, err: 'spotdash sim: --rate-limit must be one of real, strict, off, got "sometimes"\n' });

    const dir = tempDir();
    const running = sim(["--data", dir, "--key", KEY]);
    const { url } = (await running.outcome) as { url: string };
    const port = new URL(url).port;
    const taken = await failure(["--port", port]);
    expect(taken.code).toBe(1);
    expect(taken.err).toBe(`spotdash sim: port ${port} on 127.0.0.1 is in use; choose another or 0 for a free one\n`);

    const locked = await failure(["--data", dir]);
    expect(locked.code).toBe(1);
    expect(locked.err).toBe(`spotdash sim: ${dir} is in use by another sim (pid ${running.child.pid})\n`);
    await stop(running);

    const journal = join(dir, "journal.jsonl");
    writeFileSync(journal, `{ damaged\n${readFileSync(journal, "utf8")}`);
    const damaged = await failure(["--data", dir]);
    expect(damaged.code).toBe(1);
    expect(damaged.err).toMatch(/^spotdash sim: \S+journal\.jsonl line 1 is damaged; refusing to guess what it held\n$/);
  });
});

describe("the data directory's lock", () => {
  it("lets exactly one of two sims started together take it, 20 times out of 20, and the journal replays", async () => {
    for (let trial = 0; trial < 20; trial++) {
      const dir = tempDir();
      const pair = [sim(["--data", dir, "--key", KEY]), sim(["--data", dir, "--key", KEY])];
      const outcomes = await Promise.all(pair.map((s) => s.outcome));
      const won = outcomes.filter((o) => "url" in o);
      const lost = outcomes.filter((o) => !("url" in o)) as { code: number | null; err: string }[];
      expect(won, `trial ${trial}`).toHaveLength(1);
      expect(lost[0]!.code).toBe(1);
      expect(lost[0]!.err).toMatch(/is in use by another sim/);
      for (const s of pair) await stop(s);
      const genesis = readFileSync(join(dir, "journal.jsonl"), "utf8")
        .split("\n")
        .filter((l) => l.includes('"genesis"'));
      expect(genesis).toHaveLength(1);
      // The directory still replays.
      const again = sim(["--data", dir, "--key", KEY]);
      expect(await again.outcome).toMatchObject({ url: expect.any(String) });
      await stop(again);
    }
  }, 120_000);

  it("takes over a stale lock, even one naming a pid another process holds now", async () => {
    const dir = tempDir();
    const first = sim(["--data", dir, "--key", KEY]);
    await first.outcome;
    const lock = readFileSync(join(dir, "lock"), "utf8");
    first.child.kill("SIGKILL");
    await new Promise((r) => first.child.once("exit", r));
    // The lock the killed sim left, its pid now reused by a live process (this one) that started at another time.
    writeFileSync(join(dir, "lock"), JSON.stringify({ ...JSON.parse(lock), pid: process.pid }));
    const second = sim(["--data", dir, "--key", KEY]);
    expect(await second.outcome).toMatchObject({ url: expect.any(String) });
    await stop(second);
  });
});

describe("kill -9 under load", () => {
  it("loses no acknowledged position: every placement answered 200 is there after a restart", async () => {
    const dir = tempDir();
    // One user holds at most 10 positions in a game: twenty users, each on its own connection.
    const keys = Array.from({ length: 20 }, (_, i) => `metafide_${String(i).padStart(32, "0")}`);
    // Real time here, the sim's clock set ten minutes into an hourly game, whatever the hour: it accepts for long enough.
    const interval = 3600;
    const skew = await skewIntoHourlyGame(keys[0]!);
    const first = sim(["--data", dir, "--rate-limit", "off", skew, ...keys.flatMap((k) => ["--key", k])]);
    const { url } = (await first.outcome) as { url: string };
    const clients = keys.map((apiKey) => new SpecClient({ url, apiKey }));
    const listing = await clients[0]!.spot({ asset: "ETH_USDT", interval });
    expect(listing.can_place_position).toBe(true);
    expect(listing.liveGame.closes_at - listing.timestamp).toBeGreaterThan(40 * 60_000);
    const price = Number((await clients[0]!.livePrice({ asset: "ETH_USDT" })).value);
    const acknowledged: string[] = [];
    const killed = new Promise((r) => first.child.once("exit", r));
    const placing = clients.map(async (client, u) => {
      for (let i = 0; i < 10; i++) {
        const sp = (price + u + i / 100).toFixed(2);
        const body = {
          gid: listing.liveGame.gid,
          c: "USDC",
          a: "ETH_USDT",
          sp,
          f: "5",
          pw: `0x${"9".repeat(40)}`,
          n: "testnet" as const,
          it: interval,
        };
        const placed = await client.place(body).catch((e: Error) => {
          // Refused while the sim runs: the test's own mistake, not the kill.
          if (first.child.exitCode === null && !first.child.killed) throw e;
          return null;
        });
        if (placed === null) return;
        acknowledged.push(placed.txid);
        // Killed with requests in flight, a little way into the load.
        if (acknowledged.length === 60) first.child.kill("SIGKILL");
      }
    });
    await Promise.all(placing);
    await killed;
    for (const c of clients) await c.close();
    expect(acknowledged.length).toBeGreaterThanOrEqual(60);

    const second = sim(["--data", dir, skew, ...keys.flatMap((k) => ["--key", k])]);
    const again = (await second.outcome) as { url: string };
    const found: string[] = [];
    for (const apiKey of keys) {
      const c = new SpecClient({ url: again.url, apiKey });
      const s = await c.status({ asset: "ETH_USDT", token: "USDC", network: "testnet", interval });
      found.push(...s.positions.map((p) => p.txid));
      await c.close();
    }
    // Every acknowledged one is there; one in flight at the kill may be there too, never acknowledged.
    expect(found).toEqual(expect.arrayContaining(acknowledged));
    expect(found.length - acknowledged.length).toBeLessThanOrEqual(keys.length);
    await stop(second);
  });
});
