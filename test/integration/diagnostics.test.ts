/**
 * What a user sends with a bug report, against the real sim: `spotdash
 * doctor` (a paced pass over every read endpoint, its report and exit code)
 * and `--debug-log FILE` (every exchange as a JSON line, key and wallet
 * redacted).
 */
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closedPort, cwd, envFor, gaps, runCommandIn } from "../helpers/run-command.js";
import { startTestSim, type TestSim, toNextGame } from "./sim-helpers.js";

const KEY = "metafide_d0c70rd0c70rd0c70rd0c70rd0c70r";

describe("spotdash doctor", () => {
  let t: TestSim;
  beforeAll(async () => {
    t = await startTestSim({ keys: [KEY] });
    await toNextGame(t, "BTC_USDT", 60);
    t.clock.advance(5_000);
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => t.sim.setFaults(undefined));

  it("checks every read endpoint once, a second apart, and says all is well (exit 0)", async () => {
    const r = await runCommandIn(["doctor"], envFor(t));
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe(`spotdash doctor · ${t.sim.url}/v1/surge/games/ · key from env · wallet set`);
    expect(lines.slice(1, 6).map((l) => l.slice(0, 22))).toEqual([
      "  ✓ GET /spot         ",
      "  ✓ GET /live-price   ",
      "  ✓ GET /user-balance ",
      "  ✓ GET /status       ",
      "  ✓ GET /results      ",
    ]);
    expect(lines[1]).toMatch(/live game #\d+ \(accepting, ends in 1:10\), next #\d+ in 1:10$/);
    expect(lines[3]).toMatch(/1000 USDC on testnet$/);
    // The test sim's clock is fixed months back: measured, and worth a note.
    expect(lines.at(-3)).toMatch(/^ {2}clock: the service's is -\d+\.\d s from ours$/);
    expect(lines.at(-2)).toMatch(/^ {2}note: the service's clock is \d+\.\d s behind ours: countdowns follow the service's$/);
    expect(lines.at(-1)).toBe("  all checks passed");
    expect(r.starts).toHaveLength(5);
    expect(Math.min(...gaps(r.starts))).toBeGreaterThanOrEqual(1000);
    // Each check's time is its request's, not the wait for its slot: every check after the first waited over a second.
    const times = lines.slice(2, 6).map((l) => Number(/ (\d+) ms /.exec(l)![1]));
    for (const ms of times) expect(ms, lines.join("\n")).toBeLessThan(1000);
  });

  it("reports a failing endpoint with its reason and exits 3; --json says the same", async () => {
    t.sim.setFaults({ errorRate: 1, endpoints: ["status"] });
    const human = await runCommandIn(["doctor"], envFor(t));
    expect(human.code).toBe(3);
    expect(human.stdout).toMatch(/ {2}✗ GET \/status +\d+ ms {2}server: GET \/status: the service failed, status 50[03]/);
    expect(human.stdout).toContain("  1 check failed (exit 3)");

    const json = await runCommandIn(["doctor", "--json"], envFor(t));
    expect(json.code).toBe(3);
    const doc = JSON.parse(json.stdout) as {
      checks: { call: string; ok: boolean; error?: { kind: string } }[];
      exit: number;
      wallet: boolean;
    };
    expect(doc.checks.map((c) => [c.call, c.ok])).toEqual([
      ["GET /spot", true],
      ["GET /live-price", true],
      ["GET /user-balance", true],
      ["GET /status", false],
      ["GET /results", true],
    ]);
    expect(doc.checks[3]!.error?.kind).toBe("server");
    expect([doc.exit, doc.wallet]).toEqual([3, true]);
  });

  it("a refused key: every check says so, exit 2, and the key appears nowhere", async () => {
    const r = await runCommandIn(["doctor"], { ...envFor(t), METAFIDE_API_KEY: `metafide_${"0".repeat(32)}` });
    expect(r.code).toBe(2);
    expect(r.stdout.match(/✗ GET \S+ +\d+ ms {2}auth: /g)).toHaveLength(5);
    expect(r.stdout).not.toContain("0".repeat(32));
  });

  it("an unreachable service: exit 3", async () => {
    const r = await runCommandIn(["doctor", "--json"], { ...envFor(t), METAFIDE_API_URL: `http://127.0.0.1:${await closedPort()}` });
    expect(r.code).toBe(3);
    const doc = JSON.parse(r.stdout) as { checks: { error?: { kind: string; message: string } }[] };
    expect(doc.checks.every((c) => c.error?.kind === "network" && c.error.message.includes("connection refused"))).toBe(true);
  });
});

describe("--debug-log", () => {
  let t: TestSim;
  beforeAll(async () => {
    t = await startTestSim({ keys: [KEY] });
    await toNextGame(t, "BTC_USDT", 60);
    t.clock.advance(5_000);
  });
  afterAll(async () => {
    await t.close();
  });

  it("writes every request and answer as a JSON line, owner-readable only, with the key and the wallet redacted", async () => {
    const file = join(cwd, "debug.ndjson");
    const placed = await runCommandIn(["place", "--price", "68000", "--stake", "1", "--debug-log", file], envFor(t));
    expect(placed.code).toBe(0);
    const status = await runCommandIn(["positions"], { ...envFor(t), SPOTDASH_DEBUG_LOG: file });
    expect(status.code).toBe(0);

    const text = readFileSync(file, "utf8");
    const lines = text
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => `${l.method} ${String(l.path).split("?")[0]} ${l.status}`)).toEqual([
      "GET /v1/surge/games/spot 200",
      "GET /v1/surge/games/user-balance 200",
      "GET /v1/surge/games/status 200",
      "POST /v1/surge/games/spot 200",
      "GET /v1/surge/games/spot 200",
      "GET /v1/surge/games/status 200",
    ]);
    for (const l of lines) {
      expect(l.t).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(typeof l.ms).toBe("number");
      expect(typeof l.response).toBe("string");
    }
    expect(String(lines[3]!.request)).toContain('"pw":"[wallet]"');
    expect(String(lines[3]!.response)).toContain('"sp":"68000"');
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(t.wallet);
    expect(text).not.toMatch(/0x[0-9a-f]{40}/i);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("a file that cannot be written stops the command at once, naming the setting", async () => {
    const r = await runCommandIn(["balance", "--debug-log", "/nonexistent-dir/debug.ndjson"], envFor(t));
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("spotdash: --debug-log: cannot write the debug log /nonexistent-dir/debug.ndjson (ENOENT)\n");
    expect(r.starts).toHaveLength(0);
  });
});
