/**
 * `spotdash auto` as a process against the sim over loopback (10 s games on
 * its running clock, its strict one-request-a-second limiter), every
 * request seen from outside by a logging proxy: killed with SIGKILL after a
 * placement and launched again, no game holds more than its plan and the
 * day's spend goes on from the file; each request a second after the one
 * before and none refused for the rate; on paper, no POST; SIGINT ends it
 * with 0 after the request in flight; a strategy unknown or on mainnet
 * without --yes is a usage error.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LoggingProxy, startLoggingProxy } from "../../bench/logging-proxy.js";
import { hashKey } from "../../src/sim/engine/users.js";
import { readSpendFile, spendFilePath, spendScope } from "../../src/strategy/spend-file.js";
import { until } from "../helpers/until.js";
import { RunningClock, startTestSim, type TestSim } from "./sim-helpers.js";

const CLI = join(import.meta.dirname, "../../dist/spotdash.js");
const haveBuild = existsSync(CLI);

describe.runIf(haveBuild)("spotdash auto, a process", () => {
  let t: TestSim;
  let proxy: LoggingProxy;
  const dir = mkdtempSync(join(tmpdir(), "spotdash-auto-"));
  const stateDir = join(dir, "state");

  beforeAll(async () => {
    // The sim's strict limiter (one request a second per key) behind a proxy that notes every request from outside.
    t = await startTestSim({ clock: new RunningClock(Date.now()), rateLimit: "strict" });
    proxy = await startLoggingProxy(t.sim.url);
    mkdirSync(join(dir, "config", "spotdash"), { recursive: true });
    writeFileSync(
      join(dir, "config", "spotdash", "config.toml"),
      '[[strategy]]\nname = "ten"\ninterval = 10\npositions_per_game = 3\n[strategy.strike]\nstep = 5\n[strategy.stake]\nfixed = 0.05\n' +
        '[[strategy]]\nname = "main"\ninterval = 10\nnetwork = "mainnet"\n[strategy.stake]\nfixed = 0.05\n' +
        '[[strategy]]\nname = "paper"\ninterval = 10\npaper = true\n[strategy.stake]\nfixed = 0.05\n',
    );
  });
  afterAll(async () => {
    await proxy.close();
    await t.close();
  });

  function launch(...args: string[]): { child: ChildProcess; lines: string[]; exit: Promise<number | null> } {
    const child = spawn(process.execPath, [CLI, "auto", ...args, "--json"], {
      cwd: dir,
      env: {
        PATH: process.env.PATH,
        METAFIDE_API_URL: proxy.url,
        METAFIDE_API_KEY: t.key,
        METAFIDE_USER_ADDRESS: t.wallet,
        XDG_CONFIG_HOME: join(dir, "config"),
        SPOTDASH_STATE_DIR: stateDir,
      },
    });
    const lines: string[] = [];
    let buffer = "";
    child.stdout!.on("data", (d: Buffer) => {
      buffer += d.toString();
      const parts = buffer.split("\n");
      buffer = parts.pop()!;
      lines.push(...parts);
    });
    const exit = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    return { child, lines, exit };
  }

  const spendFile = () => spendFilePath(stateDir, spendScope({ sim: false, label: new URL(proxy.url).host }, t.key), "ten", "testnet");
  /** What one process sent, seen at the proxy: each request a second after the one before, none refused for the rate. */
  const expectPaced = (seen: readonly { start: number; status: number }[]) => {
    expect(seen.length).toBeGreaterThan(2);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.start - seen[i - 1]!.start).toBeGreaterThanOrEqual(990);
    expect(seen.filter((e) => e.status === 429)).toEqual([]);
  };
  const events = (lines: readonly string[]) => lines.map((l) => JSON.parse(l) as { action: string; gid?: string });
  /** The positions the sim holds for the test's user in a game, once it has settled. */
  const heldIn = (gid: string) => {
    const user = t.sim.engine.users.findByKeyHash(hashKey(t.key))!;
    return t.sim.engine.results(user, { network: "testnet", gid, limit: 1, offset: 0 }).games[0]?.positions.length ?? 0;
  };

  it("killed after a placement and launched again: no game past its plan, the day's spend kept", { timeout: 90_000 }, async () => {
    const fromA = proxy.log.length;
    const a = launch("ten");
    await until(
      () => events(a.lines).some((e) => e.action === "placed"),
      40_000,
      () => a.lines.join("\n"),
    );
    const gid = events(a.lines).find((e) => e.action === "placed")!.gid!;
    a.child.kill("SIGKILL");
    await a.exit;
    const kept = readSpendFile(spendFile(), Date.now()).spend.dayStaked;
    expect(kept.gt(0)).toBe(true);

    expectPaced(proxy.log.slice(fromA));
    // Launched again a moment later, as a person would: the strict limiter counts both on the one key.
    await new Promise((r) => setTimeout(r, 1_100));
    const fromB = proxy.log.length;
    const b = launch("ten");
    const completed = () => events(b.lines).filter((e) => e.action === "placed" && e.gid !== gid).length >= 3;
    await until(completed, 60_000, () => b.lines.join("\n"));
    b.child.kill("SIGINT");
    expect(await b.exit).toBe(0);
    const sentB = proxy.log.slice(fromB);
    expectPaced(sentB);
    expect(sentB.filter((e) => e.method === "POST" && e.status < 300).length).toBeGreaterThanOrEqual(3);
    const games = new Set([gid, ...events(b.lines).flatMap((e) => (e.action === "placed" && e.gid ? [e.gid] : []))]);
    // Settled by now or soon: then the sim's own record says how many each holds.
    await until(() => [...games].every((g) => heldIn(g) > 0), 30_000);
    for (const g of games) expect(heldIn(g), `game ${g}`).toBeLessThanOrEqual(3);
    const after = readSpendFile(spendFile(), Date.now()).spend.dayStaked;
    expect(after.gt(kept)).toBe(true);
  });

  it("on paper, seen from outside: no POST, every request a second after the one before, none refused", { timeout: 60_000 }, async () => {
    // A second after the test before's last request: the strict limiter's window.
    await new Promise((r) => setTimeout(r, 1_100));
    const from = proxy.log.length;
    const paper = launch("paper");
    await until(
      () => events(paper.lines).filter((e) => e.action === "paper").length >= 3,
      40_000,
      () => paper.lines.join("\n"),
    );
    paper.child.kill("SIGINT");
    expect(await paper.exit).toBe(0);
    const seen = proxy.log.slice(from);
    expect(seen.filter((e) => e.method === "POST")).toEqual([]);
    expectPaced(seen);
  });

  it("a strategy not in the config, and mainnet without --yes, are usage errors", { timeout: 30_000 }, async () => {
    const none = launch("nope");
    expect(await none.exit).toBe(1);
    const main = launch("main");
    expect(await main.exit).toBe(1);
  });
});
