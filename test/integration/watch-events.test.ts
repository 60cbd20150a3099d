/**
 * `spotdash watch --events` against the sim over loopback: the alerts'
 * events as JSON lines, the same object notify_command reads on its stdin,
 * the rules of the config file and of the alerts file both in force.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertFilePath, writeAlertFile } from "../../src/alerts/alert-file.js";
import { makeRule } from "../../src/alerts/rules.js";
import { runCommand } from "../../src/commands/index.js";
import { loadConfig } from "../../src/config/load.js";
import { Decimal } from "../../src/domain/money.js";
import { cwd, envFor } from "../helpers/run-command.js";
import { until } from "../helpers/until.js";
import { RunningClock, startTestSim, type TestSim } from "./sim-helpers.js";

describe("watch --events", () => {
  let t: TestSim;
  const dir = mkdtempSync(join(tmpdir(), "spotdash-events-"));
  const stateDir = join(dir, "state");
  const got = join(dir, "notified.json");

  beforeAll(async () => {
    // The sim's time runs: a 10 s game's last 3 s come while it watches.
    t = await startTestSim({ clock: new RunningClock(Date.now()) });
    writeFileSync(
      join(dir, "notify.mjs"),
      `import { writeFileSync } from "node:fs";\nlet s = "";\nprocess.stdin.on("data", (d) => (s += d)).on("end", () => writeFileSync(${JSON.stringify(got)}, s));\n`,
    );
    writeFileSync(
      join(dir, "config.toml"),
      [
        "[alerts]",
        `notify_command = [${JSON.stringify(process.execPath)}, ${JSON.stringify(join(dir, "notify.mjs"))}]`,
        "[[alert]]",
        'event = "closing"',
        "seconds = 3",
        'deliver = ["command"]',
      ].join("\n"),
    );
    // A rule made on the screen, kept in the alerts file: a level the price is far from, so it never fires.
    writeAlertFile(alertFilePath(stateDir, null), stateDir, {
      made: [makeRule({ kind: "price", asset: "BTC_USDT", direction: "above", level: new Decimal("9999999"), repeat: false })],
      muted: [],
      spent: [],
      fired: [],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it("prints each event as one JSON line, the object notify_command gets, and leaves the alerts file alone", {
    timeout: 30_000,
  }, async () => {
    const before = readFileSync(alertFilePath(stateDir, null), "utf8");
    const loaded = loadConfig({
      argv: ["watch", "--events", "--interval", "10"],
      env: { ...envFor(t), SPOTDASH_STATE_DIR: stateDir },
      cwd,
      configPath: join(dir, "config.toml"),
    });
    if (loaded.kind !== "run") throw new Error("unexpected");
    const stop = new AbortController();
    let stdout = "";
    const running = runCommand("watch", loaded.rest, loaded.config, {
      stdout: { write: (s: string) => (stdout += s) },
      stderr: { write: () => undefined },
      signal: stop.signal,
    });
    await until(() => {
      try {
        return readFileSync(got, "utf8").length > 0;
      } catch {
        return false;
      }
    }, 20_000);
    stop.abort();
    expect(await running).toBe(0);
    const lines = stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      event: "closing",
      rule: "closing:3",
      asset: "BTC_USDT",
      interval: 10,
      seconds: 3,
      held: false,
    });
    expect(lines[0].to_close_ms).toBeLessThanOrEqual(3_000);
    expect(lines[0].time).toBe(new Date(lines[0].at).toISOString());
    expect(JSON.parse(readFileSync(got, "utf8"))).toEqual(lines[0]);
    expect(readFileSync(alertFilePath(stateDir, null), "utf8")).toBe(before);
  });

  it("a refused key prints its key_refused event, then exits 2", { timeout: 20_000 }, async () => {
    const loaded = loadConfig({
      argv: ["watch", "--events"],
      env: { ...envFor(t), METAFIDE_API_KEY: `metafide_${"0".repeat(32)}`, SPOTDASH_STATE_DIR: stateDir },
      cwd,
      configPath: join(dir, "none.toml"),
    });
    if (loaded.kind !== "run") throw new Error("unexpected");
    let stdout = "";
    const code = await runCommand("watch", loaded.rest, loaded.config, {
      stdout: { write: (s: string) => (stdout += s) },
      stderr: { write: () => undefined },
    });
    expect(code).toBe(2);
    const lines = stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.event)).toEqual(["key_refused"]);
    expect(stdout).not.toContain("0".repeat(32));
  });
});
