/**
 * A strategy on the dashboard as a trader runs it, in a 90x20 tmux pane on
 * the embedded sim's 10 s games: the strategy line says it is paused; S
 * arms it, the header says ARMED, the line counts its placements up to the
 * plan and the session's stake against its limit; S again pauses it, and
 * the next game gets nothing. Every capture fits the pane.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { footerRow, screenRows } from "../helpers/screen.js";
import { CLI, TmuxSession } from "../helpers/tmux.js";

const COLS = 90;
const ROWS = 20;
const LINE = /^STRATEGY ten (PAUSED|ARMED)\b.*$/m;
const SESSION = /session (\d+\.\d\d) of 0\.50 USDC/;
const GAME = /GAME BTC_USDT 10s #…(\d+)/;

describe("a strategy armed and paused by key in a 90x20 pane", () => {
  let t: TmuxSession | undefined;
  let dir: string | undefined;
  afterEach(() => {
    t?.kill();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    t = undefined;
    dir = undefined;
  });

  it("S arms it, the line counts up to its plan; S pauses it, and the next game gets nothing", { timeout: 120_000 }, async () => {
    dir = mkdtempSync(join(tmpdir(), "spotdash-e2e-strategy-"));
    mkdirSync(join(dir, "config", "spotdash"), { recursive: true });
    writeFileSync(
      join(dir, "config", "spotdash", "config.toml"),
      '[[strategy]]\nname = "ten"\ninterval = 10\npositions_per_game = 3\n[strategy.strike]\nstep = 5\n' +
        "[strategy.stake]\nfixed = 0.05\n[strategy.limits]\nmax_per_session = 0.5\n",
    );
    t = new TmuxSession(COLS, ROWS, { XDG_CONFIG_HOME: join(dir, "config") });
    t.run(`cd ${dir} && (unset METAFIDE_API_KEY METAFIDE_USER_ADDRESS; node ${CLI} --interval 10); echo EXITED=$?`);

    const paused = await t.waitFor((s) => /^STRATEGY ten PAUSED · session 0\.00 of 0\.50 USDC/m.test(s), 20_000, "the line, paused");
    let lines = screenRows(paused, COLS, ROWS);
    expect(lines[footerRow(lines) - 1]).toMatch(LINE);
    expect(lines[0]).not.toContain("ARMED");

    t.keys("S");
    const full = await t.waitFor((s) => /^STRATEGY ten ARMED · #…\d+ 3\/3 /m.test(s), 45_000, "three placed in a game");
    lines = screenRows(full, COLS, ROWS);
    expect(lines[0]).toMatch(/│ ARMED ten\s+● live$/);
    // 0.05 a position: a whole game's 0.15, or more where a game before it was joined too late for all three.
    expect(lines[footerRow(lines) - 1]).toMatch(/^STRATEGY ten ARMED · #…\d+ 3\/3 · session 0\.\d[05] of 0\.50 USDC/);
    expect(Number(SESSION.exec(full)![1])).toBeGreaterThanOrEqual(0.15);
    expect(lines[footerRow(lines)]).toMatch(/^q quit/);

    t.keys("S");
    const stopped = await t.waitFor((s) => /^STRATEGY ten PAUSED/m.test(s), 5_000, "paused");
    const staked = SESSION.exec(stopped)![1];
    const game = GAME.exec(stopped)![1]!;
    // The next game starts and runs a while: a paused strategy places nothing in it.
    await t.waitFor((s) => (GAME.exec(s)?.[1] ?? game) !== game && /closes in 0:0[0-5]/.test(s), 30_000, "the next game, well under way");
    const later = await t.steadyScreen();
    lines = screenRows(later, COLS, ROWS);
    expect(SESSION.exec(later)![1]).toBe(staked);
    expect(lines[0]).not.toContain("ARMED");
    expect(later).toMatch(/POSITIONS #…\d+ {2}(0 held|…)/);

    t.keys("q");
    await t.waitFor((s) => s.includes("EXITED=0"), 5_000, "the dashboard quits");
  });
});
