/**
 * The screen a trader can trust, in a real terminal: resizes while games
 * change leave exactly one of everything, a burst of keys takes effect key
 * by key, a 100 KB paste leaves the dashboard answering, and every way out
 * restores the terminal with its documented exit code.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CLI, TmuxSession } from "../helpers/tmux.js";

const liveData = (s: string) =>
  /GAME BTC_USDT \S+ #…?\d+/.test(s) && /live [\d,]+\.\d\d/.test(s) && s.includes("● live") && /USDC [\d,]+\.\d\d/.test(s);

/** A name the test can find the process by (pgrep -f), unique to this run. */
function processName(): string {
  return `spotdash-e2e-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
}

function pidOf(name: string): number | undefined {
  try {
    return Number(execFileSync("pgrep", ["-f", name], { encoding: "utf8" }).trim().split("\n")[0]);
  } catch {
    return undefined;
  }
}

/** The frame's corners, and the rows where a borderless section starts: the layout, whatever the data says. */
function skeleton(screen: string): string {
  return screen
    .split("\n")
    .map((l) => (/^(▸ )?(GAME|PRICE|POSITIONS|BOOK)\b/.test(l) ? "§" : l.replace(/[^╭╮╰╯]/g, " ").trimEnd()))
    .join("\n")
    .trimEnd();
}

/** Exactly one header, one footer and one of each pane, nothing wider or taller than the terminal. */
function expectOneOfEverything(screen: string, cols: number, rows: number): void {
  const lines = screen.split("\n");
  const count = (re: RegExp) => lines.filter((l) => re.test(l)).length;
  expect(count(/^spotdash │/)).toBe(1);
  // The footer ends in the data's age (a settlement's toast, which takes the whole line, is not awaited here).
  expect(count(/data \S+ old \(\d\d:\d\d:\d\d\)\s*$/)).toBe(1);
  // Boxed from 28 rows: the balance in a pane of its own; in sections it heads the money line under the game.
  const balance = rows >= 28 ? "BALANCE testnet" : "if closed now";
  for (const pane of ["GAME BTC_USDT", balance, "PRICE BTC_USDT", "POSITIONS"]) expect(count(new RegExp(pane))).toBe(1);
  expect(lines.filter((l) => l.trimEnd().length > 0).length).toBeLessThanOrEqual(rows);
  for (const l of lines) expect(l.trimEnd().length).toBeLessThanOrEqual(cols);
}

describe("the screen in tmux", () => {
  let t: TmuxSession | undefined;
  let fresh: TmuxSession | undefined;
  let server: Server | undefined;
  afterEach(() => {
    t?.kill();
    fresh?.kill();
    server?.close();
  });

  it("shrinks and grows while games change and ends as a fresh start at that size shows it", { timeout: 90_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "spotdash-e2e-"));
    t = new TmuxSession(200, 50);
    // 10-second games: several end and start while the window changes.
    t.run(`cd ${dir} && env -u METAFIDE_API_KEY node ${CLI} --interval 10; echo EXITED=$?`);
    await t.waitFor(liveData, 15_000, "live data");
    const gid = (s: string) => /GAME (?:\S+ \S+ )?#…?(\d+)/.exec(s)?.[1];
    const firstGame = gid(t.screen());
    for (const [cols, rows] of [
      [80, 24],
      [200, 50],
      [120, 35],
      [80, 35],
      [80, 24],
    ] as const) {
      t.resize(cols, rows);
      await new Promise((r) => setTimeout(r, 2_500));
      t.keys("?");
      await t.waitFor((s) => s.includes("KEYS"), 3_000, "help");
      t.keys("Escape");
    }
    await t.waitFor((s) => gid(s) !== firstGame && !s.includes("KEYS"), 15_000, "a later game, help closed");
    await new Promise((r) => setTimeout(r, 1_500));
    // Captures of whole frames only: one caught while a frame's rows are written would not be the screen it shows.
    const after = await t.steadyScreen();
    expectOneOfEverything(after, 80, 24);

    fresh = new TmuxSession(80, 24);
    fresh.run(`cd ${dir} && env -u METAFIDE_API_KEY node ${CLI} --interval 10`);
    const start = await fresh.waitSteady(liveData, 15_000, "a fresh start at 80x24");
    expect(skeleton(after)).toBe(skeleton(start));
  });

  it("takes every key of a burst, and stays live through a 100 KB paste it answers Esc after", { timeout: 60_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "spotdash-e2e-"));
    t = new TmuxSession(120, 35);
    t.run(`cd ${dir} && env -u METAFIDE_API_KEY node ${CLI}; echo EXITED=$?`);
    await t.waitFor(liveData, 15_000, "live data");
    // Three Tabs in one write: Game → Balance → Price → Positions.
    t.type("\t\t\t");
    await t.waitFor((s) => s.includes("▸ POSITIONS"), 3_000, "focus three panes on");
    t.type("\t\t");
    await t.waitFor((s) => s.includes("▸ BALANCE"), 3_000, "focus two panes on");

    // 100 KB of text in scripts wider than ASCII, pasted into the form's price field.
    const paste = join(dir, "paste.txt");
    writeFileSync(paste, "é漢👍x".repeat(100_000 / 10));
    t.type("p");
    await t.waitFor((s) => s.includes("PLACE price ["), 5_000, "the form");
    t.paste(paste);
    const pasted = await t.waitFor((s) => s.includes("holds 24 characters"), 5_000, "the paste cut to the field");
    expect(pasted).toMatch(/PLACE price \[\S*(é|漢|x)/);
    t.keys("Escape");
    const closed = await t.waitFor((s) => !s.includes("PLACE price ["), 1_500, "Esc to close the form within a second");
    expect(closed).toContain("● live");
    // The poller kept its cadence: the price is fresh.
    await t.waitFor((s) => /data 0\.\ds old/.test(s), 5_000, "fresh data after the paste");

    // Outside a field a paste is ignored, and says so.
    t.paste(paste);
    await t.waitFor((s) => s.includes("paste ignored"), 3_000, "the paste refused outside the form");
    // The message has the footer to itself for a few seconds; then the hints and the data's age are back.
    expectOneOfEverything(await t.waitFor((s) => !s.includes("paste ignored"), 5_000, "the message gone"), 120, 35);
    t.type("q");
    await t.waitFor((s) => s.includes("EXITED=0"), 5_000, "a clean exit");
  });

  it.each([
    ["q", 0],
    ["Ctrl+C", 0],
    ["SIGTERM", 143],
    ["SIGINT", 130],
    ["SIGHUP", 129],
    ["SIGQUIT", 131],
  ] as const)("%s restores the terminal and exits %i", { timeout: 30_000 }, async (way, code) => {
    const dir = mkdtempSync(join(tmpdir(), "spotdash-e2e-"));
    const name = processName();
    t = new TmuxSession(100, 30);
    t.run(`cd ${dir} && (unset METAFIDE_API_KEY; exec -a ${name} node ${CLI}); echo EXITED=$?`);
    await t.waitFor(liveData, 15_000, "live data");
    expect(t.inAlternateScreen()).toBe(true);
    if (way === "q") t.type("q");
    else if (way === "Ctrl+C") t.keys("C-c");
    else process.kill(pidOf(name)!, way);
    const after = await t.waitFor((s) => /EXITED=\d/.test(s), 3_000, "the exit");
    expect(after).toContain(`EXITED=${code}`);
    expect(after).not.toContain("crashed");
    expect(after).not.toContain("POSITIONS");
    expect(t.inAlternateScreen()).toBe(false);
  });

  it("leaves at once when its terminal vanishes, without the crash path", { timeout: 30_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "spotdash-e2e-"));
    const name = processName();
    t = new TmuxSession(100, 30);
    t.run(`cd ${dir} && (unset METAFIDE_API_KEY; exec -a ${name} node ${CLI} 2>${join(dir, "stderr")})`);
    await t.waitFor(liveData, 15_000, "live data");
    expect(pidOf(name)).toBeDefined();
    t.closePane();
    const deadline = Date.now() + 3_000;
    while (Date.now() < deadline && isRunning(pidOf(name))) await new Promise((r) => setTimeout(r, 50));
    expect(isRunning(pidOf(name))).toBe(false);
    expect(readFileSync(join(dir, "stderr"), "utf8")).not.toContain("crashed");
  });

  it("with a request hanging, q still exits within a second or two", { timeout: 30_000 }, async () => {
    // A service that accepts connections and never answers.
    server = createServer(() => undefined);
    await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
    const port = (server.address() as { port: number }).port;
    const dir = mkdtempSync(join(tmpdir(), "spotdash-e2e-"));
    writeFileSync(join(dir, ".env"), `METAFIDE_API_KEY=metafide_${"0".repeat(32)}\nMETAFIDE_API_URL=http://127.0.0.1:${port}\n`);
    t = new TmuxSession(100, 30);
    t.run(`cd ${dir} && node ${CLI}; echo EXITED=$?`);
    await t.waitFor((s) => s.includes("spotdash │") && s.includes("GAME"), 15_000, "the dashboard waiting on the service");
    await new Promise((r) => setTimeout(r, 1_000));
    const pressed = Date.now();
    t.type("q");
    await t.waitFor((s) => /EXITED=0/.test(s), 3_000, "the exit");
    // Without aborting the request it waited out the 10 s timeout.
    expect(Date.now() - pressed).toBeLessThan(2_000);
    expect(t.inAlternateScreen()).toBe(false);
  });

  it("with no terminal, says so in one line and exits 2", { timeout: 20_000 }, async () => {
    t = new TmuxSession(100, 30);
    t.run(`env -u METAFIDE_API_KEY node ${CLI} </dev/null; echo EXITED=$?`);
    const after = await t.waitFor((s) => /EXITED=\d/.test(s), 10_000, "the exit");
    expect(after).toContain("spotdash: the dashboard needs a terminal on stdin and stdout; for scripts use `spotdash watch`");
    expect(after).toContain("EXITED=2");
    expect(after).not.toMatch(/crashed|at .*\.js:\d+/);
  });
});

/** Running, and not a zombie waiting for its parent. */
function isRunning(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, "utf8"));
  } catch {
    return false;
  }
}
