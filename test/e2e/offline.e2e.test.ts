/**
 * The built CLI in tmux against a standalone sim that dies and comes back,
 * as a service does: while it cannot be reached the dashboard must not claim
 * that a position can be placed (the game pane says "placing unknown", the
 * footer stops offering `p place`, the header says offline), and once the
 * service answers again on the same address it is live and placeable again.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { footerRow, panel, screenRows } from "../helpers/screen.js";
import { CLI, TmuxSession } from "../helpers/tmux.js";
import { until } from "../helpers/until.js";

/** Not the metafide_ shape: the dashboard must use the key it was given, not recognise a pattern. */
const KEY = "sd-e2e-offline-key-0123456789";
/** A fixed seed, so both runs of the sim draw the same prices. */
const SEED = "4242";
const COLS = 80;
const ROWS = 24;

interface Sim {
  child: ChildProcess;
  port: number;
  wallet: string;
}

/**
 * Starts `spotdash sim` as its own process and resolves once it has printed
 * its ready lines and answers an authenticated request on its port.
 */
async function startSim(dataDir: string, port: number): Promise<Sim> {
  const child = spawn(
    process.execPath,
    [CLI, "sim", "--host", "127.0.0.1", "--port", String(port), "--key", KEY, "--seed", SEED, "--data", dataDir],
    // Announced beside its data, not in the user's state directory.
    { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, SPOTDASH_STATE_DIR: join(dataDir, "state") } },
  );
  let out = "";
  let exited: number | null | undefined;
  child.stdout!.on("data", (b: Buffer) => {
    out += b.toString("utf8");
  });
  child.stderr!.on("data", (b: Buffer) => {
    out += b.toString("utf8");
  });
  child.on("exit", (code) => {
    exited = code;
  });
  // The seed is the last of the ready lines: by then the port and the key's wallet are printed.
  await until(() => exited !== undefined || /^seed: \d+$/m.test(out), 10_000).catch(() => undefined);
  const listening = /^spotdash sim listening on http:\/\/127\.0\.0\.1:(\d+)$/m.exec(out);
  const wallet = /^wallet: (0x[0-9a-f]+)$/m.exec(out);
  if (exited !== undefined || listening === null || wallet === null) {
    child.kill("SIGKILL");
    throw new Error(`the sim did not start (exit ${exited}); it printed:\n${out}`);
  }
  const sim = { child, port: Number(listening[1]), wallet: wallet[1]! };
  const res = await fetch(`http://127.0.0.1:${sim.port}/v1/surge/games/live-price?asset=BTC_USDT`, { headers: { "x-api-key": KEY } });
  expect(res.status).toBe(200);
  return sim;
}

async function killSim(sim: Sim): Promise<void> {
  if (sim.child.exitCode !== null || sim.child.signalCode !== null) return;
  const gone = new Promise((r) => sim.child.once("exit", r));
  sim.child.kill("SIGKILL");
  await gone;
}

/** The game's rows (title first): at 80x24 a section under its title line, down to the next section. */
function gamePane(lines: readonly string[]): string[] {
  return panel(lines, "GAME ");
}

/** The footer: the hints, then the data's age in its fixed slot at the right. */
function footerOf(lines: string[]): string {
  const row = footerRow(lines);
  expect(row).toBeGreaterThanOrEqual(ROWS - 2);
  const footer = lines[row]!;
  expect(footer).toMatch(/^q quit .* data \S+ old \(\d\d:\d\d:\d\d\)\s*$/);
  return footer;
}

const offersPlace = (footer: string) => /(^|\s)p place(\s|$)/.test(footer);

/** The screen while the service answers: live, with a price and a balance, and a position can be placed from the game pane and the footer. */
function placeable(s: string): boolean {
  const lines = s.replace(/\n$/, "").split("\n");
  return (
    lines.length === ROWS &&
    (lines[0] ?? "").includes("● live") &&
    /live [\d,]+\.\d\d/.test(s) &&
    /USDC [\d,]+\.\d\d/.test(s) &&
    s.includes("can place now") &&
    !s.includes("placing unknown") &&
    offersPlace(lines[footerRow(lines)] ?? "")
  );
}

function expectPlaceable(screen: string): void {
  const lines = screenRows(screen, COLS, ROWS);
  expect(lines[0]).toMatch(/^spotdash │ 127\.0\.0\.1:\d+ │ .*● live\s*$/);
  const game = gamePane(lines);
  expect(game.some((r) => r.includes("ACCEPTING"))).toBe(true);
  expect(game.filter((r) => r.includes("can place now"))).toHaveLength(1);
  expect(offersPlace(footerOf(lines))).toBe(true);
}

describe("offline in tmux", () => {
  let t: TmuxSession | undefined;
  let sim: Sim | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    t?.kill();
    if (sim !== undefined) await killSim(sim);
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    t = undefined;
    sim = undefined;
    dir = undefined;
  });

  it("stops offering placement while the service is unreachable and offers it again when it is back", { timeout: 55_000 }, async () => {
    dir = mkdtempSync(join(tmpdir(), "spotdash-e2e-offline-"));
    // The journal keeps the world (the user, the balance) across the sim's kill -9 and restart.
    const data = join(dir, "sim");
    sim = await startSim(data, 0);
    const port = sim.port;

    // The key in the session's environment, never on the command line the screen shows.
    t = new TmuxSession(COLS, ROWS, {
      METAFIDE_API_URL: `http://127.0.0.1:${port}`,
      METAFIDE_API_KEY: KEY,
      METAFIDE_USER_ADDRESS: sim.wallet,
    });
    // 10-second games (a 5 s lobby): the shortest wait for an accepting game. In a directory with no .env.
    t.run(`cd ${dir} && node ${CLI} --interval 10 --no-bell; echo EXITED=$?`);

    // This key is not of the usual shape: the dashboard says so on its screen (not on stderr, under it), until a key is pressed.
    const warned = await t.waitFor((s) => s.includes("warning: METAFIDE_API_KEY does not look like an API key"), 10_000, "the key warning");
    expect(warned.split("\n")[footerRow(warned.split("\n"))]).toMatch(/^warning: METAFIDE_API_KEY does not look like an API key/);
    expect(warned).not.toContain(KEY);
    t.keys("Escape");

    // Kill the service with time left before the lock, so that the game is still accepting while
    // the dashboard notices: then only the lost connection can take "can place now" away.
    const ready = await t.waitSteady(
      (s) => {
        const m = /closes in 0:(\d\d)/.exec(s);
        return placeable(s) && m !== null && Number(m[1]) >= 7;
      },
      30_000,
      "an accepting game with 7 s to its lock, live and placeable",
    );
    expect(ready).not.toContain(KEY);
    expectPlaceable(ready);

    await killSim(sim);
    const killedAt = Date.now();

    await t.waitFor((s) => /offline \([^)]+\), retry in \d+ s\s*$/.test(s.split("\n")[0] ?? ""), 15_000, "the header to say offline");
    const noticedMs = Date.now() - killedAt;
    const offline = await t.steadyScreen();
    const lines = screenRows(offline, COLS, ROWS);

    // Header: still naming the service it was pointed at, no longer live.
    expect(lines[0]).toMatch(/^spotdash │ 127\.0\.0\.1:\d+ │ .* offline \([^)]+\), retry in \d+ s\s*$/);
    expect(lines[0]).toContain(`127.0.0.1:${port} │`);
    expect(lines[0]).not.toContain("● live");

    // Game pane: the game is still accepting by the clock, but whether a position would be taken is unknown.
    const game = gamePane(lines);
    expect(
      game.some((r) => r.includes("ACCEPTING")),
      `the game closed before the dashboard noticed (after ${noticedMs} ms)`,
    ).toBe(true);
    expect(game.filter((r) => r.includes("placing unknown: no fresh data"))).toHaveLength(1);
    expect(offline).not.toContain("can place now");

    // Footer: the hints still shown, `p place` (and its quick repeat) no longer among them.
    const footer = footerOf(lines);
    expect(offersPlace(footer)).toBe(false);
    expect(footer).not.toMatch(/(^|\s)P repeat(\s|$)/);
    expect(t.inAlternateScreen()).toBe(true);

    // The same address, key, seed and journal: the service is back as it was.
    sim = await startSim(data, port);
    expect(sim.port).toBe(port);
    // Retries back off to at most 2 s, and a 10 s game's lobby is 5 s: well inside this bound.
    expectPlaceable(await t.waitSteady(placeable, 20_000, "live again, with can place now and p place"));

    t.type("q");
    await t.waitFor((s) => s.includes("EXITED=0"), 5_000, "a clean exit");
  });
});
