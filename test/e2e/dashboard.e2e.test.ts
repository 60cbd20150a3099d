/**
 * The built CLI in a real terminal, as a trader would run it: no key, so the
 * embedded sim; wait for live data, watch the countdown move, resize, quit.
 */
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CLI, TmuxSession } from "../helpers/tmux.js";

describe("dashboard in tmux", () => {
  let t: TmuxSession | undefined;
  afterEach(() => t?.kill());

  it("shows live data, counts down, survives resizes and restores the terminal on q", { timeout: 40_000 }, async () => {
    t = new TmuxSession(120, 40);
    const dir = mkdtempSync(join(tmpdir(), "spotdash-e2e-"));
    t.run(`cd ${dir} && env -u METAFIDE_API_KEY node ${CLI}; echo EXITED=$?`);

    const live = await t.waitFor(
      (s) => /GAME BTC_USDT 1m #…?\d+/.test(s) && /live [\d,]+\.\d\d/.test(s) && s.includes("● live") && /USDC [\d,]+\.\d\d/.test(s),
      15_000,
      "live data in every pane",
    );
    expect(live).toContain("SIM 127.0.0.1:");
    expect(t.inAlternateScreen()).toBe(true);

    const endsIn = (s: string) => /ends in (\d+:\d\d)/.exec(s)?.[1];
    const first = endsIn(live);
    expect(first).toBeDefined();
    await t.waitFor((s) => endsIn(s) !== undefined && endsIn(s) !== first, 3_000, "the countdown to move");

    t.resize(80, 24);
    // Until the dashboard hears of the resize, the pane shows what tmux kept of the old screen: wait for the new layout.
    // 80x24 has the sections without borders: the balance heads the money line.
    const compact = (s: string) => ["GAME BTC_USDT", "if closed now", "PRICE BTC_USDT", "POSITIONS"].every((p) => s.includes(p));
    const small = await t.waitFor(
      (s) => compact(s) && !s.includes("╭") && !s.split("\n").some((l) => l.trimEnd().length > 80),
      3_000,
      "the sections layout",
    );
    expect(small.split("\n")[0]).toMatch(/^spotdash │/);

    t.resize(30, 7);
    await t.waitFor((s) => s.includes("terminal too small"), 3_000, "the too-small screen");
    t.resize(100, 30);
    await t.waitFor((s) => s.includes("POSITIONS") && !s.includes("terminal too small"), 3_000, "recovery after growing");

    t.type("q");
    const after = await t.waitFor((s) => s.includes("EXITED=0"), 5_000, "a clean exit");
    expect(t.inAlternateScreen()).toBe(false);
    expect(after).not.toContain("POSITIONS");
  });

  it("restores the terminal after an uncaught error and prints the error without the key", { timeout: 30_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "spotdash-e2e-"));
    // Not the usual metafide_ shape, so only the key the client registered can hide it. In .env, so the command line on screen holds none.
    const key = "sd-e2e-secret-0123456789";
    writeFileSync(join(dir, ".env"), `METAFIDE_API_KEY=${key}\nMETAFIDE_API_URL=http://127.0.0.1:9\n`);
    chmodSync(join(dir, ".env"), 0o600);
    // A bug in a callback, a second after the first frame: an error thrown from a timer, with the key in its message.
    const fault = join(dir, "fault.cjs");
    writeFileSync(
      fault,
      `const write = process.stdout.write;
process.stdout.write = function (chunk, ...rest) {
  if (String(chunk).includes("cannot reach")) { process.stdout.write = write; setTimeout(() => { throw new Error("boom with ${key}"); }, 1000); }
  return write.call(this, chunk, ...rest);
};
`,
    );
    t = new TmuxSession(120, 40);
    // Nothing listens on port 9: the dashboard runs offline until the fault.
    t.run(`cd ${dir} && NODE_OPTIONS="--require ./fault.cjs" node ${CLI}; echo EXITED=$?`);
    await t.waitFor((s) => s.includes("cannot reach the service"), 15_000, "the dashboard, saying the service cannot be reached");
    // The command line itself reads "echo EXITED=$?", so wait for a digit: the echo's output, not the typed command.
    const after = await t.waitFor((s) => /EXITED=\d/.test(s), 10_000, "the exit");
    expect(t.inAlternateScreen()).toBe(false);
    expect(after).toContain("spotdash crashed: Error: boom with [redacted]");
    expect(after).toContain("EXITED=1");
    expect(after).not.toContain(key);
    expect(after).not.toContain("POSITIONS");
  });

  it("places a position through the form and sees it in the table", { timeout: 100_000 }, async () => {
    t = new TmuxSession(120, 40);
    const dir = mkdtempSync(join(tmpdir(), "spotdash-e2e-"));
    t.run(`cd ${dir} && env -u METAFIDE_API_KEY -u METAFIDE_USER_ADDRESS node ${CLI}; echo EXITED=$?`);
    // Wait for a game with time left to type in (a locked lobby lasts 15 s at most).
    const ready = await t.waitFor(
      (s) => {
        const m = /closes in (\d+):(\d\d)/.exec(s);
        return (
          s.includes("ACCEPTING") &&
          /live [\d,]+\.\d\d/.test(s) &&
          s.includes(" held ") &&
          m !== null &&
          Number(m[1]) * 60 + Number(m[2]) >= 20
        );
      },
      50_000,
      "an accepting game with 20 s left, its positions read",
    );
    expect(ready).toContain("0 held 10 left");

    t.type("p");
    await t.waitFor((s) => s.includes("PLACE price ["), 10_000, "the form");
    t.keys("BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace");
    t.type("67123");
    t.keys("Tab", "BSpace", "BSpace", "BSpace");
    t.type("0.75");
    await t.waitFor(
      (s) => s.includes("[67123") && s.includes("[0.75") && s.includes("ready: Enter to preview"),
      10_000,
      "the typed values",
    );
    t.keys("Enter");
    await t.waitFor((s) => s.includes("testnet: Enter to submit"), 10_000, "the preview");
    t.keys("Enter");
    // The form closes itself on success; the footer says what was placed.
    const placed = await t.waitFor(
      (s) => s.includes("placed ✓ @67,123 stake 0.75") && s.includes("1 held 9 left"),
      15_000,
      "the placed position",
    );
    expect(placed).toMatch(/67,123\.00\s+0\.75/);
    expect(placed).not.toContain("PLACE price [");
    t.type("q");
    await t.waitFor((s) => s.includes("EXITED=0"), 5_000, "a clean exit");
  });
});
