/**
 * A strategy run by the dashboard's poller against the sim over loopback
 * (10 s games on the sim's running clock, its strict one-request-a-second
 * limiter): a paper one sends no POST; an armed one places exactly its plan
 * in each game, every request a second apart and none refused for the rate;
 * a relaunch on the same spend file places nothing twice and keeps the
 * day's spend; a loss limit stops it, saying why; mainnet is not armed
 * without the confirmation.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import type { TaskKind } from "../../src/poller/policy.js";
import { Poller } from "../../src/poller/poller.js";
import { initialSnapshot } from "../../src/poller/snapshot.js";
import { Store } from "../../src/poller/store.js";
import { type StrategyEvent, StrategyRunner } from "../../src/strategy/runner.js";
import { readSpendFile, spendFilePath, writeSpendFile } from "../../src/strategy/spend-file.js";
import type { StrategyConfig } from "../../src/strategy/strategy.js";
import { seededRandom } from "../helpers/seeded.js";
import { until } from "../helpers/until.js";
import { RunningClock, startTestSim, type TestSim } from "./sim-helpers.js";

const dir = mkdtempSync(join(tmpdir(), "spotdash-strategy-"));

/** The strategy a config file declares, read as spotdash reads it. */
function strategyOf(toml: string): StrategyConfig {
  const path = join(dir, `config-${Math.random().toString(36).slice(2)}.toml`);
  writeFileSync(path, toml);
  const loaded = loadConfig({ argv: ["--interval", "10"], env: {}, cwd: dir, configPath: path });
  if (loaded.kind !== "run") throw new Error("unexpected");
  return loaded.config.strategies[0]!;
}

const LADDER = `[[strategy]]\nname = "ladder"\npositions_per_game = 3\n[strategy.strike]\nstep = 5\n[strategy.stake]\nfixed = 0.05\n`;

describe("a strategy in the poller, against the sim", () => {
  let t: TestSim;
  beforeAll(async () => {
    t = await startTestSim({ clock: new RunningClock(Date.now()), rateLimit: "strict" });
  });
  afterAll(async () => {
    await t.close();
  });
  // Each test's poller a second after the one before: the strict limiter counts them all on the one key.
  beforeEach(() => new Promise((r) => setTimeout(r, 1_100)));

  function run(strategy: StrategyConfig, stateDir: string, alive = { now: true }) {
    const starts: { kind: TaskKind; at: number }[] = [];
    const poller = new Poller({
      jitter: seededRandom(),
      client: t.client,
      target: { asset: "BTC_USDT", interval: 10, network: strategy.market.network, currency: "USDC" },
      wallet: t.wallet,
      onRequest: (kind, at) => starts.push({ kind, at }),
    });
    const path = spendFilePath(stateDir, "sim", strategy.name, strategy.market.network);
    const events: StrategyEvent[] = [];
    const runner = new StrategyRunner({
      strategy,
      source: poller,
      // Once "crashed", nothing it does lands on disk or in the events.
      keeping: { read: (now) => readSpendFile(path, now), write: (k) => alive.now && writeSpendFile(path, k) },
      onEvent: (e) => alive.now && events.push(e),
    });
    poller.start();
    runner.start();
    return { poller, runner, events, starts, path };
  }

  const placedIn = (events: readonly StrategyEvent[]) => {
    const per = new Map<string, number>();
    for (const e of events) if (e.action === "placed") per.set(e.gid!, (per.get(e.gid!) ?? 0) + 1);
    return per;
  };

  it("on paper: decides its plan and sends no POST", { timeout: 40_000 }, async () => {
    const r = run(strategyOf(LADDER.replace('name = "ladder"', 'name = "paper"\npaper = true')), mkdtempSync(join(dir, "s-")));
    expect(r.runner.arm()).toBeUndefined();
    await until(
      () => r.events.filter((e) => e.action === "paper").length >= 3,
      30_000,
      () => JSON.stringify(r.events.at(-1)),
    );
    await r.runner.stop();
    r.poller.stop();
    expect(r.starts.filter((s) => s.kind === "place")).toEqual([]);
    expect(r.runner.view.getSnapshot().state).toBe("paper");
  });

  it("armed: exactly its plan in each game, a second apart, none refused for the rate; relaunched, nothing twice", {
    timeout: 90_000,
  }, async () => {
    const stateDir = mkdtempSync(join(dir, "s-"));
    const strategy = strategyOf(LADDER);
    const aAlive = { now: true };
    const a = run(strategy, stateDir, aAlive);
    expect(a.runner.arm()).toBeUndefined();
    expect(a.events.find((e) => e.action === "armed")?.reason).toBe("places on testnet from now on");
    // Mid-game after its first placement: the process goes, as a crash would take it (no stop, no last write).
    await until(
      () => a.events.some((e) => e.action === "placed"),
      30_000,
      () => JSON.stringify(a.events.at(-1)),
    );
    const gid = a.events.find((e) => e.action === "placed")!.gid!;
    aAlive.now = false;
    void a.runner.stop();
    a.poller.stop();
    const before = readSpendFile(a.path, Date.now());
    // Relaunched a moment later, as a person would: the strict limiter counts both on the one key.
    await new Promise((r) => setTimeout(r, 1_100));
    const b = run(strategy, stateDir);
    expect(b.runner.arm()).toBeUndefined();
    await until(
      () => [...placedIn(b.events)].some(([g, n]) => g !== gid && n === 3),
      60_000,
      () => JSON.stringify(b.events.at(-1)),
    );
    await b.runner.stop();
    b.poller.stop();

    // No game was sent more than its plan's three, the one the crash cut across neither.
    const sentTo = (events: readonly StrategyEvent[], game: string) =>
      events.filter((e) => e.action === "placing" && e.gid === game).length;
    for (const game of new Set([gid, ...placedIn(b.events).keys()])) {
      expect(sentTo(a.events, game) + sentTo(b.events, game), `game ${game}`).toBeLessThanOrEqual(3);
    }
    const all = [...a.starts, ...b.starts];
    for (const s of [a.starts, b.starts]) for (let i = 1; i < s.length; i++) expect(s[i]!.at - s[i - 1]!.at).toBeGreaterThanOrEqual(1000);
    expect(all.length).toBeGreaterThan(0);
    // The strict limiter refused nothing, on any endpoint.
    const failures = [a.poller, b.poller].flatMap((p) => Object.values(p.snapshot.diagnostics).map((d) => d?.lastError?.kind));
    expect(failures).not.toContain("rate_limited");
    // The day's spend went on from what was kept, and counts every stake sent.
    const after = readSpendFile(b.path, Date.now()).spend;
    expect(after.dayStaked.gte(before.spend.dayStaked)).toBe(true);
    const all2 = [...a.events, ...b.events];
    const sent = all2.filter((e) => e.action === "placing").length - all2.filter((e) => e.action === "refused").length;
    expect(after.dayStaked.toFixed()).toBe((0.05 * sent).toFixed(2).replace(/\.?0+$/, ""));
    // A whole game after the relaunch holds its plan's three, placed.
    expect([...placedIn(b.events)].filter(([g, n]) => g !== gid && n === 3).length).toBeGreaterThanOrEqual(1);
  });

  it("a loss limit stops it, saying why", { timeout: 90_000 }, async () => {
    // Strikes far from the price lose their stake to the crowd's nearer ones.
    const far = `[[strategy]]\nname = "far"\npositions_per_game = 1\n[strategy.strike]\nmin = 3000\nmax = 3000\n[strategy.stake]\nfixed = 0.05\n[strategy.limits]\nstop_after_net_loss = 0.01\n`;
    const r = run(strategyOf(far), mkdtempSync(join(dir, "s-")));
    r.runner.arm();
    await until(
      () => r.runner.view.getSnapshot().state === "stopped",
      80_000,
      () => JSON.stringify(r.events.at(-1)),
    );
    await r.runner.stop();
    r.poller.stop();
    expect(r.runner.view.getSnapshot().stopReason).toMatch(/^net loss 0\.0\d+ USDC reached the stop at 0\.01$/);
    expect(r.events.at(-1)).toMatchObject({ action: "stopped" });
    // The settled game in its log: the net in its currency first, then what it was made of.
    expect(r.events.find((e) => e.action === "settled")?.reason).toMatch(/^net -0\.\d+ USDC: paid 0\.\d+ for 0\.05 staked$/);
  });

  it("counts a game that settles while it is paused: the loss is in its spend, on disk, and stops it when armed again, at once", {
    timeout: 90_000,
  }, async () => {
    const far = `[[strategy]]\nname = "paused"\npositions_per_game = 1\n[strategy.strike]\nmin = 3000\nmax = 3000\n[strategy.stake]\nfixed = 0.05\n[strategy.limits]\nstop_after_losing_games = 1\n`;
    const r = run(strategyOf(far), mkdtempSync(join(dir, "s-")));
    // What the line says while it places: what it does, not the wait (for the game to open) it said before.
    const nextWhilePlacing: unknown[] = [];
    r.runner.view.subscribe(() => {
      const v = r.runner.view.getSnapshot();
      if (v.last?.action === "placing") nextWhilePlacing.push(v.next);
    });
    r.runner.arm();
    await until(
      () => r.events.some((e) => e.action === "placed"),
      30_000,
      () => JSON.stringify(r.events.at(-1)),
    );
    expect(nextWhilePlacing.length).toBeGreaterThan(0);
    expect(nextWhilePlacing.every((n) => n === undefined)).toBe(true);
    r.runner.pause();
    const gid = r.events.find((e) => e.action === "placed")!.gid!;
    await until(
      () => r.events.some((e) => e.action === "settled" && e.gid === gid),
      40_000,
      () => JSON.stringify(r.events.at(-1)),
    );
    const view = r.runner.view.getSnapshot();
    expect(view.state).toBe("paused");
    expect(view.spend.net.lt(0)).toBe(true);
    expect(view.spend.losingStreak).toBe(1);
    // On disk as well: the game no longer in play, its stake and what it paid in the session's figures.
    const kept = readSpendFile(r.path, Date.now());
    expect(kept.spend.games[gid]).toBeUndefined();
    expect(kept.own.some((p) => p.gid === gid)).toBe(false);
    expect(kept.spend.net.toFixed()).toBe(view.spend.net.toFixed());
    // Armed again, the losing game it played and that settled while it was paused is its stop: it stops at once.
    const placing = r.events.filter((e) => e.action === "placing").length;
    r.runner.arm();
    expect(r.runner.view.getSnapshot()).toMatchObject({ state: "stopped", stopReason: "1 losing game in a row reached the stop at 1" });
    await r.runner.stop();
    r.poller.stop();
    expect(r.events.filter((e) => e.action === "placing").length).toBe(placing);
  });

  it("is not armed on mainnet without its name typed as the confirmation", () => {
    const strategy = { ...strategyOf(LADDER), market: { ...strategyOf(LADDER).market, network: "mainnet" as const } };
    const r = new StrategyRunner({
      strategy,
      source: {
        store: new Store(initialSnapshot({ asset: "BTC_USDT", interval: 10, network: "mainnet", currency: "USDC" })),
        serverNow: () => Date.now(),
        place: async () => ({}) as never,
      },
      keeping: { read: () => ({ spend: readSpendFile(join(dir, "none.json"), Date.now()).spend, own: [] }), write: () => {} },
    });
    expect(r.arm()).toMatch(/needs its name typed/);
    expect(r.arm("ladde")).toMatch(/needs its name typed/);
    expect(r.view.getSnapshot().state).toBe("paused");
  });
});
