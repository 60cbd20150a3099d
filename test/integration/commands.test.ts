/**
 * The one-shot commands against the real sim over loopback: called in-process
 * with captured stdout/stderr (human and JSON output, exit codes, refusals,
 * the form's validation, request spacing), then a few runs of the built CLI
 * for exit codes and stderr end to end.
 */
import { execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readListing } from "../../src/api/read/resources.js";
import { PlacedPositionSchema, ResultsResponseSchema } from "../../src/api/schemas.js";
import { runCommand } from "../../src/commands/index.js";
import { loadConfig } from "../../src/config/load.js";
import { Decimal } from "../../src/domain/money.js";
import { checkPlacement } from "../../src/domain/placement.js";
import { closedPort, cwd, envFor, gaps, runCommandIn } from "../helpers/run-command.js";
import type { LiveListing } from "../helpers/spec-client.js";
import { startTestSim, type TestSim, toNextGame } from "./sim-helpers.js";

const CLI = join(import.meta.dirname, "../../dist/spotdash.js");

describe("one-shot commands against the sim", () => {
  let t: TestSim;
  let game: LiveListing;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    t = await startTestSim();
    game = await toNextGame(t, "BTC_USDT", 60);
    t.clock.advance(5_000);
    env = envFor(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const run = (argv: string[], over: NodeJS.ProcessEnv = {}, signal?: AbortSignal) => runCommandIn(argv, { ...env, ...over }, { signal });

  it("game: the live and next game, for people and as JSON, in one request", async () => {
    const human = await run(["game"]);
    expect(human.code).toBe(0);
    expect(human.stderr).toBe("");
    expect(human.starts).toHaveLength(1);
    expect(human.stdout).toContain(`live  #${game.liveGame.gid}  ACCEPTING  closes in 0:55`);
    expect(human.stdout).toContain("can place: yes");
    expect(human.stdout).toContain(`next  #${game.nextGame.gid}`);

    const json = await run(["game", "--json"]);
    expect(json.code).toBe(0);
    const doc = JSON.parse(json.stdout);
    expect(doc).toMatchObject({ phase: "accepting", can_place: true, listing: { liveGame: { gid: game.liveGame.gid } } });
    // The sim's clock stands still; ours moves a little during the request.
    expect(Math.abs(doc.to_close_ms - 55_000)).toBeLessThan(1_000);
    expect(typeof doc.server_time).toBe("number");
  });

  it("price and balance, human and JSON; money stays exact", async () => {
    const price = await run(["price", "--json"]);
    expect(price.code).toBe(0);
    expect(JSON.parse(price.stdout)).toMatchObject({ asset: "BTC_USDT", timestamp: expect.any(Number), value: expect.any(Number) });
    expect((await run(["price"])).stdout).toMatch(/^BTC_USDT [\d,]+\.\d\d at \d\d:\d\d:\d\d\n$/);

    const balance = await run(["balance", "--json"]);
    expect(JSON.parse(balance.stdout)).toMatchObject({ currency: "USDC", network: "testnet", balance: "1000", withdrawal_req: "none" });
    expect((await run(["balance"])).stdout).toBe("1,000.00 USDC on testnet (withdrawal: none)\n");
  });

  it("place: three reads and the POST, each start ≥ 1000 ms after the last; prints the Position", async () => {
    const r = await run(["place", "--price", "68012", "--stake", "2.5", "--json"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const position = PlacedPositionSchema.parse(JSON.parse(r.stdout));
    expect(position).toMatchObject({ gid: game.liveGame.gid, sp: "68012", f: "2.5", pw: t.wallet, n: "testnet", st: "success" });
    expect(r.starts).toHaveLength(4);
    for (const gap of gaps(r.starts)) expect(gap).toBeGreaterThanOrEqual(1000);

    // A strike of 8 decimals is said as placed, not rounded to another price.
    const human = await run(["place", "--price", "68100.12345678", "--stake", "1"]);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(
      new RegExp(`^placed 68,100\\.12345678 with 1\\.00 USDC in game #${game.liveGame.gid} \\(BTC_USDT 1m testnet\\) at .*, txid \\S+\\n$`),
    );
  });

  it("positions: the live game's positions and totals in two spaced requests", async () => {
    const json = await run(["positions", "--json"]);
    expect(json.code).toBe(0);
    expect(json.starts).toHaveLength(2);
    expect(gaps(json.starts)[0]).toBeGreaterThanOrEqual(1000);
    const doc = JSON.parse(json.stdout);
    expect(doc.gid).toBe(game.liveGame.gid);
    expect(doc.positions.map((p: { sp: string }) => p.sp).sort()).toEqual(["68012", "68100.12345678"]);
    expect(doc.totals).toMatchObject({ count: 2, staked: "3.5" });
    expect(typeof doc.positions[0].w).toBe("string");
    expect(doc.left).toBe(8);

    const human = await run(["positions"]);
    expect(human.stdout).toContain(`game #${game.liveGame.gid} · 2 of 10 positions`);
    expect(human.stdout).toMatch(/total\s+3\.50/);
    // The strike column widens to the longest strike, points aligned, the header and the total over and under it.
    const strikes = human.stdout
      .split("\n")
      .slice(1, 5)
      .map((l) => l.slice(0, 15));
    expect(strikes).toEqual(["         strike", "68,012.00      ", "68,100.12345678", "          total"]);
  });

  it("place: a duplicate is refused by the form's rule (exit 2, nothing sent after the reads)", async () => {
    const r = await run(["place", "--price", "68012", "--stake", "2.5", "--json"]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.starts).toHaveLength(3);
    const err = JSON.parse(r.stderr);
    expect(err).toEqual({
      error: "place: same price and stake as a position you hold (the service would refuse it as a duplicate) (nothing was sent)",
      kind: "refused",
      exit: 2,
    });
  });

  it("place: a stake below the minimum gets the form's own message, exit 1, no request", async () => {
    const form = checkPlacement("68000", "0.01", {
      interval: 60,
      listing: readListing(game, game),
      now: game.liveGame.start_at + 5_000,
      balance: new Decimal("1000"),
      held: [],
    });
    expect(form.ok).toBe(false);
    const message = !form.ok ? form.problems[0]! : "";
    const r = await run(["place", "--price", "68000", "--stake", "0.01"]);
    expect(r.code).toBe(1);
    expect(r.starts).toHaveLength(0);
    expect(r.stderr).toBe(`spotdash: place: ${message} (nothing was sent)\n`);
    expect(message).toBe("stake below the 1m minimum of 0.1");
  });

  it("place: mainnet without --yes is refused before any request", async () => {
    const r = await run(["place", "--price", "68000", "--stake", "1", "--network", "mainnet", "--json"]);
    expect(r.code).toBe(1);
    expect(r.starts).toHaveLength(0);
    expect(JSON.parse(r.stderr)).toMatchObject({ kind: "usage", exit: 1, error: expect.stringContaining("--yes") });
  });

  it("the service refusing the key: exit 2 with its reason, the key never shown", async () => {
    const bad = "metafide_ffffffffffffffffffffffffffffffff";
    const r = await run(["balance", "--json"], { METAFIDE_API_KEY: bad });
    expect(r.code).toBe(2);
    const err = JSON.parse(r.stderr);
    expect(err).toMatchObject({ kind: "auth", exit: 2 });
    expect(err.error).toMatch(/401/);
    expect(r.stderr + r.stdout).not.toContain(bad);
    expect(r.stderr + r.stdout).not.toContain(t.key);
  });

  it("an unreachable service: exit 3", async () => {
    const port = await closedPort();
    const r = await run(["price"], { METAFIDE_API_URL: `http://127.0.0.1:${port}` });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^spotdash: GET \/live-price: connection refused; check the connection and METAFIDE_API_URL\n$/);
  });

  it("no key: the local sim, said on stderr and named in --json, its world kept in the state directory; usage errors: exit 1", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "spotdash-commands-state-"));
    try {
      const noKey = { METAFIDE_API_KEY: undefined, METAFIDE_API_URL: undefined, SPOTDASH_STATE_DIR: stateDir };
      const r = await run(["game"], noKey);
      expect(r.code).toBe(0);
      expect(r.stderr).toMatch(
        /^spotdash: no METAFIDE_API_KEY, so using the local sim at http:\/\/127\.0\.0\.1:\d+ \(started for this command; its world is kept in /,
      );
      expect(r.stdout).not.toContain(game.liveGame.gid);
      const json = await run(["balance", "--json"], noKey);
      expect(JSON.parse(json.stdout).sim).toMatchObject({ shared: false, kept: join(stateDir, "sim-data") });
    } finally {
      rmSync(stateDir, { recursive: true, force: true });
    }
    const bad = await run(["results", "--limit", "500", "--json"]);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stderr)).toMatchObject({ kind: "usage", exit: 1 });
    expect((await run(["place", "--price", "1"])).stderr).toMatch(/--stake is required/);
  });

  it("watch --json: NDJSON lines with type and server time until aborted, exit 0", async () => {
    const stop = new AbortController();
    const lines: { type: string; at: number }[] = [];
    const loaded = loadConfig({ argv: ["watch", "--json"], env, cwd });
    if (loaded.kind !== "run") throw new Error("unexpected");
    let buffer = "";
    const starts: number[] = [];
    const code = await runCommand("watch", loaded.rest, loaded.config, {
      stdout: {
        write: (s: string) => {
          buffer += s;
          for (const l of s.trim().split("\n")) lines.push(JSON.parse(l));
          if (lines.some((x) => x.type === "balance")) stop.abort();
        },
      },
      stderr: { write: () => undefined },
      signal: stop.signal,
      onRequest: (at) => starts.push(at),
    });
    expect(code).toBe(0);
    expect(buffer.endsWith("\n")).toBe(true);
    expect(lines.map((l) => l.type)).toEqual(expect.arrayContaining(["game", "price", "balance"]));
    for (const l of lines) expect(typeof l.at).toBe("number");
    for (const gap of gaps(starts)) expect(gap).toBeGreaterThanOrEqual(1000);
  });

  it("results after the game settles: JSON as the service sends it, human summary, --gid", async () => {
    t.clock.set(game.liveGame.ends_at + 1_000);
    const json = await run(["results", "--json", "--limit", "5"]);
    expect(json.code).toBe(0);
    const res = ResultsResponseSchema.parse(JSON.parse(json.stdout));
    expect(res.games[0]!.gid).toBe(game.liveGame.gid);
    expect(res.games[0]!.total_staked).toBe("3.5");
    expect(res.pagination.limit).toBe(5);

    const human = await run(["results", "--gid", game.liveGame.gid]);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain(`#${game.liveGame.gid} BTC_USDT 1m testnet`);
    expect(human.stdout).toContain("staked 3.50");
    // What the game paid back, won or lost, is "paid", as in the dashboard; never "won" beside a lost game.
    expect(human.stdout).toMatch(/staked 3\.50 {2}paid [\d.]+ {2}net [+-][\d.]+ USDC/);
    expect(human.stdout).toMatch(/strike 68,012\.00\s+stake 2\.50\s+paid [\d.]+ \([+-][\d.]+%\)/);
    expect(human.stdout).not.toMatch(/\bwon\b/);
  });

  describe("the built CLI", () => {
    const haveBuild = existsSync(CLI);

    function cli(args: string[], over: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
      return new Promise((resolve) => {
        const childEnv = { PATH: process.env.PATH, ...env, ...over };
        execFile(process.execPath, [CLI, ...args], { env: childEnv, cwd, timeout: 15_000 }, (error, stdout, stderr) => {
          resolve({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr });
        });
      });
    }

    it.runIf(haveBuild)("a command's --help prints its own usage, exit 0; the dashboard's, every setting", async () => {
      const own = await cli(["place", "--help"]);
      expect([own.code, own.stderr]).toEqual([0, ""]);
      expect(own.stdout.split("\n").slice(0, 2)).toEqual([
        "usage: spotdash place --price P --stake S [--yes] [--json] [--sim]",
        "place a position",
      ]);
      expect(own.stdout).toContain("spotdash --help");
      const all = await cli(["--asset", "ETH_USDT", "--help"]);
      expect(all.stdout).toMatch(/^spotdash [\d.]+: terminal dashboard/);
      expect(all.stdout).toContain("SPOTDASH_INTERVAL");
    });

    it.runIf(haveBuild)("exit 0 with JSON on stdout; the key appears nowhere", async () => {
      const r = await cli(["balance", "--json"]);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ currency: "USDC" });
      expect(r.stdout + r.stderr).not.toContain(t.key);
    });

    it.runIf(haveBuild)("exit 3 for a closed port, the local sim without a key, exit 1 for mainnet without --yes", async () => {
      const port = await closedPort();
      const down = await cli(["game", "--json"], { METAFIDE_API_URL: `http://127.0.0.1:${port}` });
      expect(down.code).toBe(3);
      expect(JSON.parse(down.stderr)).toMatchObject({ kind: "network", exit: 3 });
      expect(down.stdout).toBe("");

      const stateDir = mkdtempSync(join(tmpdir(), "spotdash-commands-state-"));
      const nokey = await cli(["price"], { METAFIDE_API_KEY: "", SPOTDASH_STATE_DIR: stateDir });
      rmSync(stateDir, { recursive: true, force: true });
      expect(nokey.code).toBe(0);
      expect(nokey.stderr.trim().split("\n")).toHaveLength(1);
      expect(nokey.stderr).toMatch(/no METAFIDE_API_KEY, so using the local sim/);

      const mainnet = await cli(["place", "--price", "68000", "--stake", "1", "--network", "mainnet"]);
      expect(mainnet.code).toBe(1);
      expect(mainnet.stderr).toMatch(/MAINNET.*--yes/);
    });

    it.runIf(haveBuild)("a reader gone (| head): a one-shot command ends quietly, watch stops; exit 0 and no stack trace", async () => {
      const gone = async (args: string[], after: "spawn" | "first line") => {
        const child = spawn(process.execPath, [CLI, ...args], {
          env: { PATH: process.env.PATH, ...env },
          cwd,
          stdio: ["ignore", "pipe", "pipe"],
        });
        let stderr = "";
        child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
        if (after === "spawn") child.stdout.destroy();
        else child.stdout.once("data", () => child.stdout.destroy());
        const code = await new Promise<number | null>((r) => child.on("exit", (c) => r(c)));
        return { code, stderr };
      };
      expect(await gone(["results", "--limit", "5"], "spawn")).toEqual({ code: 0, stderr: "" });
      expect(await gone(["watch", "--json"], "first line")).toEqual({ code: 0, stderr: "" });
    });

    it.runIf(haveBuild)("watch exits 0 on SIGTERM", async () => {
      const child = spawn(process.execPath, [CLI, "watch", "--json"], { env: { PATH: process.env.PATH, ...env }, cwd });
      let stdout = "";
      child.stdout.on("data", (d: Buffer) => {
        stdout += d.toString();
        if (stdout.includes('"type":"price"')) child.kill("SIGTERM");
      });
      const code = await new Promise<number | null>((r) => child.on("exit", (c) => r(c)));
      expect(code).toBe(0);
      expect(stdout.trim().split("\n")[0]).toMatch(/^\{"type":"game"/);
    });
  });

  describe("under a 429 storm", () => {
    let stormy: TestSim;
    beforeAll(async () => {
      stormy = await startTestSim({ faults: { stormRate: 1, endpoints: ["live-price"] } });
    });
    afterAll(async () => {
      await stormy.close();
    });

    it("waits out each resetIn, retries, and then exits 2 with the service's reason", async () => {
      const loaded = loadConfig({ argv: ["price"], env: { METAFIDE_API_URL: stormy.sim.url, METAFIDE_API_KEY: stormy.key }, cwd });
      if (loaded.kind !== "run") throw new Error("config");
      let stderr = "";
      const starts: number[] = [];
      const code = await runCommand("price", loaded.rest, loaded.config, {
        stdout: { write: () => true },
        stderr: { write: (s: string) => (stderr += s) },
        onRequest: (at) => starts.push(at),
      });
      expect(code).toBe(2);
      expect(stderr).toMatch(/rate limited/);
      expect(starts.length).toBeGreaterThanOrEqual(2);
      for (const gap of gaps(starts)) expect(gap).toBeGreaterThanOrEqual(1000);
    }, 20_000);
  });
});

describe("place when the service refuses or the answer is lost", () => {
  it("a price grouped by thousands is read as the form reads it; a decimal comma is refused, no request", async () => {
    const t = await startTestSim();
    try {
      await toNextGame(t, "BTC_USDT", 60);
      t.clock.advance(5_000);
      const grouped = await runCommandIn(["place", "--price", "68,050", "--stake", "1", "--json"], envFor(t));
      expect(grouped.code).toBe(0);
      expect(PlacedPositionSchema.parse(JSON.parse(grouped.stdout))).toMatchObject({ sp: "68050", f: "1" });
      const comma = await runCommandIn(["place", "--price", "68050", "--stake", "0,5"], envFor(t));
      expect(comma.code).toBe(1);
      expect(comma.starts).toHaveLength(0);
      expect(comma.stderr).toBe('spotdash: place: stake: "0,5" is not a decimal number (the decimal mark is a dot) (nothing was sent)\n');
      const space = await runCommandIn(["place", "--price", "68050", "--stake", "0 5"], envFor(t));
      expect(space.code).toBe(1);
      expect(space.starts).toHaveLength(0);
      expect(space.stderr).toBe('spotdash: place: stake: "0 5" is not a decimal number (nothing was sent)\n');
    } finally {
      await t.close();
    }
  });

  it("a 409 from the service (the game closed between the reads and the POST): exit 2 with its reason, nothing placed", async () => {
    const t = await startTestSim();
    try {
      const game = await toNextGame(t, "BTC_USDT", 60);
      t.clock.advance(5_000);
      // The fourth request is the POST: the game closes just as it starts, so only the service can refuse it.
      const r = await runCommandIn(["place", "--price", "68000", "--stake", "1"], envFor(t), {
        onStart: (n) => n === 4 && t.clock.set(game.liveGame.closes_at),
      });
      expect(r.starts).toHaveLength(4);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(/^spotdash: .*409.*Game closed.*\n$/);
      expect((await t.client.getStatus({ asset: "BTC_USDT", token: "USDC", network: "testnet", interval: 60 })).positions).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it("the answer to the POST lost (connection reset after the sim placed it): /status decides, never sent twice, exit 0", async () => {
    const t = await startTestSim({ faults: { resetRate: 1, endpoints: ["POST spot"] } });
    try {
      const game = await toNextGame(t, "BTC_USDT", 60);
      t.clock.advance(5_000);
      const r = await runCommandIn(["place", "--price", "68000", "--stake", "1"], envFor(t));
      expect(r.code).toBe(0);
      expect(r.stderr).toMatch(/^spotdash: the answer to POST \/spot was lost \(.+\); \/status shows the position was placed\n$/);
      expect(r.stdout).toMatch(new RegExp(`^placed 68,000\\.00 with 1\\.00 USDC in game #${game.liveGame.gid} .*txid \\S+\\n$`));
      // The three reads, the POST, and the /status that reconciled it: no second POST.
      expect(r.starts).toHaveLength(5);
      const held = (await t.client.getStatus({ asset: "BTC_USDT", token: "USDC", network: "testnet", interval: 60 })).positions;
      expect(held.map((p) => [String(p.sp), String(p.f)])).toEqual([["68000", "1"]]);
    } finally {
      await t.close();
    }
  });
});
