/**
 * The performance view as a trader opens it, on the embedded sim's practice
 * account (a few days of played games on a new world): g at 80x24, the
 * history read in the background, the chart with its axes and the figures
 * under it; t switches the range and everything redraws; at 200x50 the
 * tables and the strikes' histogram show too. Every capture is checked as
 * a whole screen: the header, the view's frame, the footer.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { footerRow, screenRows } from "../helpers/screen.js";
import { CLI, TmuxSession } from "../helpers/tmux.js";

const READ = /PERFORMANCE testnet · (7 days|30 days|all|today).*\d+ games in all · read \d/;

/** Every row of the view inside its border: a whole frame, not one caught while a resize repaints it. */
function whole(screen: string, cols: number, rows: number): boolean {
  const lines = screenRows(screen, cols, rows);
  const bottom = lines.findLastIndex((l) => /^╰─+╯$/.test(l));
  return bottom > 10 && lines.slice(2, bottom).every((l) => /^│.*│$/.test(l));
}

function checkFrame(screen: string, cols: number, rows: number, range: string, footer = /^g\/Esc close {2}t range/): string[] {
  const lines = screenRows(screen, cols, rows);
  expect(lines[0]).toMatch(/^spotdash │ SIM .* │ testnet │ BTC_USDT 1m\b/);
  expect(lines[1]).toMatch(/^╭─+╮$/);
  expect(lines[2]).toMatch(new RegExp(`^│ ▸ PERFORMANCE testnet · ${range}\\b.*\\d+ games in all · read .* │$`));
  const bottom = lines.findLastIndex((l) => /^╰─+╯$/.test(l));
  expect(bottom).toBeGreaterThan(10);
  for (const l of lines.slice(2, bottom)) expect(l).toMatch(/^│.*│$/);
  expect(lines[footerRow(lines)]).toMatch(footer);
  for (const l of lines) expect([...l].length).toBeLessThanOrEqual(cols);
  return lines;
}

describe("the performance view in tmux", () => {
  let t: TmuxSession | undefined;
  afterEach(() => t?.kill());

  it("g opens it on the practice history; t switches the range; it redraws at 80x24 and 200x50", { timeout: 90_000 }, async () => {
    t = new TmuxSession(80, 24);
    const dir = mkdtempSync(join(tmpdir(), "spotdash-e2e-perf-"));
    t.run(`cd ${dir} && env -u METAFIDE_API_KEY -u METAFIDE_USER_ADDRESS node ${CLI} --no-bell; echo EXITED=$?`);
    await t.waitFor((s) => /live [\d,]+\.\d\d/.test(s), 20_000, "the dashboard");
    t.type("g");
    // The history is read in the slots the live panes leave: a few pages at most for a few days' games.
    let screen = await t.waitSteady((s) => READ.test(s) && whole(s, 80, 24), 40_000, "the history read");
    let lines = checkFrame(screen, 80, 24, "7 days");
    // The chart: a price-style axis (ticks and ┤), braille, the net tagged, date labels under it.
    const chart = lines.slice(3, 10).join("\n");
    expect(chart).toMatch(/┤/);
    expect(chart).toMatch(/[⠁-⣿]/);
    expect(chart).toMatch(/◀[+-]\d+\.\d\d/);
    expect(screen).toMatch(/\b\d\d-\d\d\b.*\b\d\d-\d\d\b/);
    expect(screen).toMatch(/│ \d+ settled games: won \d+ · lost \d+ · even \d+/);
    expect(screen).toMatch(/│ net [+-]?[\d,]+\.\d{2,6} USDC = paid [\d,]+\.\d{2,6} − staked [\d,]+\.\d{2,6}/);
    const week = /│ (\d+) settled games/.exec(screen)![1];

    t.type("t");
    screen = await t.waitSteady((s) => /PERFORMANCE testnet · 30 days/.test(s) && whole(s, 80, 24), 5_000, "30 days");
    checkFrame(screen, 80, 24, "30 days", /^performance over 30 days\b/);
    t.type("t");
    screen = await t.waitSteady((s) => /PERFORMANCE testnet · all/.test(s) && whole(s, 80, 24), 5_000, "all");
    checkFrame(screen, 80, 24, "all", /^performance over all\b/);
    expect(Number(/│ (\d+) settled games/.exec(screen)![1])).toBeGreaterThanOrEqual(Number(week));
    t.type("t");
    screen = await t.waitSteady((s) => /PERFORMANCE testnet · today/.test(s) && whole(s, 80, 24), 5_000, "today");
    checkFrame(screen, 80, 24, "today", /^performance over today\b/);

    t.type("t");
    t.resize(200, 50);
    screen = await t.waitSteady(
      (s) => s.includes("BY ASSET") && /PERFORMANCE testnet · 7 days/.test(s) && whole(s, 200, 50),
      10_000,
      "the tables at 200x50",
    );
    lines = checkFrame(screen, 200, 50, "7 days", /^(g\/Esc close {2}t range|performance over 7 days)/);
    expect(screen).toMatch(/BY INTERVAL\s+GAMES\s+POS\s+STAKED\s+PAID\s+NET\s+RETURN\s+WON\s+POS WON\s+MEDIAN/);
    expect(screen).toMatch(/│ (10s|1m|1h|1d)\s+\d+\s+\d+\s+[\d,]+\.\d\d/);
    expect(screen).toMatch(/│ (BTC|ETH|SOL)_USDT\s+\d+/);
    expect(screen).toMatch(/strike to close over \d+ positions( of \d assets, in % of the close)?: median/);
    expect(screen).toMatch(/<0\.01%.*\d/);
    expect(lines.join("\n")).not.toMatch(/↓ \d+ more/);

    t.type("g");
    await t.waitFor((s) => !s.includes("PERFORMANCE") && /GAME BTC_USDT/.test(s), 5_000, "the panes again");
    t.keys("q");
    await t.waitFor((s) => s.includes("EXITED=0"), 5_000, "the dashboard quits");
  });
});
