/**
 * notify_command as a real process: what it reads on stdin, the environment
 * it gets (no API key), its time limit, a program that is not there, and a
 * dashboard that goes on while it runs.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Delivery } from "../../src/alerts/deliver/delivery.js";
import { runNotifyCommand } from "../../src/alerts/deliver/notify-command.js";
import { type AlertEvent, eventJson } from "../../src/alerts/events.js";
import { registerSecret } from "../../src/api/redact.js";

const KEY = `metafide_${"3f".repeat(16)}`;
let dir: string;
let savedKey: string | undefined;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "spotdash-notify-"));
  savedKey = process.env.METAFIDE_API_KEY;
  process.env.METAFIDE_API_KEY = KEY;
  // A copy under another name: only its value says what it is.
  process.env.SPOTDASH_TEST_KEY_COPY = KEY;
  registerSecret(KEY);
});

afterAll(() => {
  if (savedKey === undefined) delete process.env.METAFIDE_API_KEY;
  else process.env.METAFIDE_API_KEY = savedKey;
  delete process.env.SPOTDASH_TEST_KEY_COPY;
  rmSync(dir, { recursive: true, force: true });
});

const event: AlertEvent = {
  event: "settled",
  rule: "settled",
  at: Date.UTC(2025, 5, 6, 7, 8, 9),
  title: "Game 812 settled",
  text: 'won +1.20 USDT; "quoted", ünïcödé\nsecond line',
  tone: "up",
  data: { gid: "812", pnl: "1.20", won: true, positions: 2 },
};

/** Whether the process runs: a zombie (killed, left to an init that reaps it late) does not. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return true;
  }
}

/** A node script in the temp directory, and the argv that runs it. */
function script(name: string, source: string): string[] {
  const path = join(dir, name);
  writeFileSync(path, source);
  return [process.execPath, path];
}

describe("notify_command", () => {
  it("gets the event as one JSON object and a newline on stdin, and an environment without the key", async () => {
    const out = join(dir, "received.json");
    const argv = script(
      "record.mjs",
      `import { readFileSync, writeFileSync } from "node:fs";
       const stdin = readFileSync(0, "utf8");
       writeFileSync(${JSON.stringify(out)}, JSON.stringify({ stdin, env: process.env }));`,
    );
    const outcome = await runNotifyCommand(argv, event, { timeoutMs: 10_000 });
    expect(outcome).toEqual({ ok: true });
    const got = JSON.parse(readFileSync(out, "utf8")) as { stdin: string; env: Record<string, string> };
    expect(got.stdin.endsWith("\n")).toBe(true);
    expect(got.stdin.slice(0, -1)).not.toContain("\n");
    expect(JSON.parse(got.stdin)).toEqual(eventJson(event));
    expect(got.env.METAFIDE_API_KEY).toBeUndefined();
    expect(got.env.SPOTDASH_TEST_KEY_COPY).toBeUndefined();
    expect(JSON.stringify(got.env)).not.toContain(KEY);
    // The rest of the environment is the dashboard's: a notifier needs PATH, DISPLAY, DBUS_SESSION_BUS_ADDRESS.
    expect(got.env.PATH).toBe(process.env.PATH);
  });

  it("is stopped at its time limit, and the reason says so", async () => {
    const argv = script("sleep.mjs", "setTimeout(() => {}, 60_000);");
    const outcome = await runNotifyCommand(argv, event, { timeoutMs: 300 });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.reason).toMatch(/did not finish within 0\.3 s and was stopped/);
  });

  it("is killed outright when it ignores SIGTERM", async () => {
    const argv = script("stubborn.mjs", `process.on("SIGTERM", () => {}); setTimeout(() => {}, 60_000);`);
    const outcome = await runNotifyCommand(argv, event, { timeoutMs: 300, killGraceMs: 200 });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.reason).toMatch(/was stopped/);
  });

  it.skipIf(process.platform === "win32")("the time limit stops what the program started too", async () => {
    const pidFile = join(dir, "grandchild.pid");
    const argv = script(
      "parent.mjs",
      `import { spawn } from "node:child_process";
       import { writeFileSync } from "node:fs";
       const c = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60_000)"], { stdio: "ignore" });
       writeFileSync(${JSON.stringify(pidFile)}, String(c.pid));
       setTimeout(() => {}, 60_000);`,
    );
    const outcome = await runNotifyCommand(argv, event, { timeoutMs: 500 });
    expect(outcome.ok).toBe(false);
    const pid = Number(readFileSync(pidFile, "utf8"));
    try {
      await expect.poll(() => alive(pid), { timeout: 2_000 }).toBe(false);
    } finally {
      // Should it have survived, it does not outlive the test.
      if (alive(pid)) process.kill(pid, "SIGKILL");
    }
  });

  it("a program that closes stdin without reading resolves all the same, never throws", async () => {
    const argv = script("deaf.mjs", "process.stdin.destroy(); process.exit(0);");
    const outcome = await runNotifyCommand(argv, event, { timeoutMs: 10_000 });
    // Whether the write met a closed pipe depends on who was first: either way it is an outcome, not an exception.
    if (!outcome.ok) expect(outcome.reason).toMatch(/did not read the event from stdin \(EPIPE\)/);
  });

  it("a program that is not there is a clear ENOENT reason", async () => {
    const outcome = await runNotifyCommand(["spotdash-no-such-notifier-xyz", "--flag"], event, { timeoutMs: 5_000 });
    expect(outcome).toEqual({
      ok: false,
      reason: "notify_command spotdash-no-such-notifier-xyz was not found (ENOENT): check the program's name or give its full path",
    });
  });

  it("a non-zero exit keeps the start of stderr, on one line, redacted", async () => {
    const argv = script(
      "fail.mjs",
      `process.stderr.write("cannot reach the bus\\nkey was ${KEY}\\n" + "x".repeat(5000)); process.exit(3);`,
    );
    const outcome = await runNotifyCommand(argv, event, { timeoutMs: 10_000 });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.reason).toMatch(/exited with code 3: cannot reach the bus key was \[redacted\] x+$/);
    expect(outcome.reason).not.toContain(KEY);
    expect(outcome.reason).not.toContain("\n");
    expect(outcome.reason.length).toBeLessThan(600);
  });

  it("a program that dies of a signal says which", async () => {
    const argv = script("crash.mjs", `process.kill(process.pid, "SIGSEGV");`);
    const outcome = await runNotifyCommand(argv, event, { timeoutMs: 10_000 });
    expect(outcome).toMatchObject({ ok: false, reason: expect.stringMatching(/was killed by SIGSEGV/) });
  });

  it("while a command sleeps, deliver has returned and the event loop keeps running", async () => {
    const started = join(dir, "started");
    const argv = script(
      "slow.mjs",
      `import { writeFileSync } from "node:fs";
       writeFileSync(${JSON.stringify(started)}, "");
       setTimeout(() => {}, 1_500);`,
    );
    const problems: string[] = [];
    const delivery = new Delivery({
      write: () => {},
      env: process.env,
      settings: { desktop: "off", notifyCommand: argv, notifyTimeoutMs: 10_000, onlyUnfocused: false },
      onProblem: (t) => problems.push(t),
    });
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    try {
      expect(delivery.deliver(event, ["command"])).toEqual(["command"]);
      // deliver came back with the command still running, and timers fire while it runs.
      expect(delivery.running).toBe(1);
      await new Promise((r) => setTimeout(r, 300));
      expect(ticks).toBeGreaterThan(0);
      await delivery.settled();
      expect(delivery.running).toBe(0);
      expect(readFileSync(started, "utf8")).toBe("");
      expect(problems).toEqual([]);
    } finally {
      clearInterval(ticker);
    }
  });

  it("close() stops the commands still running and starts no more", async () => {
    const argv = script("linger.mjs", "setTimeout(() => {}, 60_000);");
    const logged: string[] = [];
    const delivery = new Delivery({
      write: () => {},
      env: process.env,
      settings: { desktop: "off", notifyCommand: argv, notifyTimeoutMs: 60_000, onlyUnfocused: false },
      onProblem: () => {},
      log: (l) => logged.push(l),
    });
    expect(delivery.deliver(event, ["command"])).toEqual(["command"]);
    await new Promise((r) => setTimeout(r, 200));
    delivery.close();
    expect(delivery.deliver(event, ["bell", "command"])).toEqual(["bell"]);
    await delivery.settled();
    expect(logged).toEqual([expect.stringMatching(/was stopped: the dashboard is closing$/)]);
  });
});
