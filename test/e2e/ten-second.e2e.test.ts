/**
 * Three 10 s games played in a half-height tmux split (90x20, the sections
 * layout) on the embedded sim, a position placed in each with the form's
 * defaults: the form closes itself, the position's projection (PROJ.NET)
 * comes on screen in the same game, and "if closed now" gives the game's
 * projected net (how soon is `npm run bench:ten-second`'s figure); every capture fits the terminal with the countdown,
 * the price and the money line in their places. And a preview left past its
 * game's lock: never sent; Enter goes back to editing.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { findSection, footerRow, held, screenRows } from "../helpers/screen.js";
import { CLI, TmuxSession } from "../helpers/tmux.js";

const COLS = 90;
const ROWS = 20;
/** The dashboard draws one row less than the terminal (layout.ts); tmux captures them all. */
const GAME = /^(▸ )?GAME BTC_USDT 10s #…(\d+) /m;
/**
 * How long the projection is waited for after "placed ✓": inside the game, which the test starts to place in with at
 * least 5 s before its lock and which has 5 s of lobby after that. How soon it comes is a benchmark's figure, not this test's:
 * `npm run bench:ten-second` (BENCHMARKS.md, "Ten-second games"), where two slots are the floor and four the slowest
 * seen (the game before's pending result is asked first, and again 3 s later, with the price's turns between).
 */
const PROJECTION_WAIT_MS = 6_000;

function gameId(screen: string): string | undefined {
  return GAME.exec(screen)?.[2];
}

/** "61,040" (or "61040") → "61,040.00", as the table writes a whole strike. */
function asPrice(whole: string): string {
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.00`;
}

describe("10 s games in a 90x20 pane", () => {
  let t: TmuxSession | undefined;
  let dir: string | undefined;
  afterEach(() => {
    t?.kill();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    t = undefined;
    dir = undefined;
  });

  /** The built CLI on the embedded sim's 10 s games, in a fresh directory, with no key. */
  function launch(): TmuxSession {
    dir = mkdtempSync(join(tmpdir(), "spotdash-e2e-ten-"));
    const session = new TmuxSession(COLS, ROWS);
    session.run(`cd ${dir} && (unset METAFIDE_API_KEY METAFIDE_USER_ADDRESS; node ${CLI} --interval 10 --no-bell); echo EXITED=$?`);
    return session;
  }

  it("plays three games with a position each: the projection of each in its game, 'if closed now' with it", {
    timeout: 150_000,
  }, async () => {
    t = launch();

    const played: string[] = [];
    while (played.length < 3) {
      // A game not played yet, accepting with 5 s before its lock, its price and the balance known.
      const ready = await t.waitSteady(
        (s) => {
          const m = /closes in 0:(\d\d)/.exec(s);
          const gid = gameId(s);
          return (
            gid !== undefined &&
            !played.includes(gid) &&
            s.includes("ACCEPTING") &&
            /^USDC [\d,]+\.\d\d /m.test(s) &&
            /^live [\d,]+\.\d\d/m.test(s) &&
            s.includes("0 held 10 left") &&
            m !== null &&
            Number(m[1]) >= 5
          );
        },
        30_000,
        "a game not played yet, accepting with 5 s before its lock",
      );
      const gid = gameId(ready)!;
      const lines = screenRows(ready, COLS, ROWS);
      // The sections layout: the game's lines, the money line, the chart under its title, the table under its own.
      // A 10 s game's first 2 s are its early window, with 8 s or more before the lock.
      expect(lines[1]).toMatch(/^▸ GAME BTC_USDT 10s #…\d+ +(EARLY )?ACCEPTING$/);
      // The bar keeps the room "!! " takes: the quieter countdowns stand that much further from it.
      expect(lines[2]).toMatch(
        /^(!! closes in 0:\d\d {2}ends in 0:\d\d {2}|! closes in 0:\d\d {2}ends in 0:\d\d {3}|closes in 0:\d\d {2}ends in 0:\d\d {5})[█░]+$/,
      );
      expect(lines[3]).toMatch(/^live [\d,]+\.\d\d( [▲▼] [+-][\d,]+\.\d\d \([+-]?[\d.]+%\))?$/);
      // The session's net is "…" until the book's launch pass has read every market.
      expect(lines[4]).toMatch(
        /^USDC [\d,]+\.\d\d {2}if closed now – \(nothing held in this game\) {2}session (proj\. )?net ([+-]?[\d,.]+|…)/,
      );
      expect(findSection(lines, "PRICE")!.length).toBeGreaterThanOrEqual(1 + 5);

      t.type("p");
      await t.waitSteady((s) => s.includes("ready: Enter to preview"), 3_000, "the form");
      t.keys("Enter");
      await t.waitSteady((s) => s.includes("testnet: Enter to submit"), 3_000, "the preview");
      t.keys("Enter");
      const placed = await t.waitFor((s) => s.includes("placed ✓"), 5_000, "the position placed");
      const strike = asPrice(/placed ✓ @([\d,]+) /.exec(placed)![1]!);

      // The projection: the row's PROJ.GROSS and PROJ.NET from the service, and the game's net on the money line.
      const projected = await t.waitFor(
        (s) => {
          const table = findSection(s.split("\n"), "POSITIONS");
          const row = table?.find((r) => r.includes(` ${strike} `));
          return row !== undefined && /\s[\d.]+\s+[+-]?[\d.]+\s+[+-][\d,.]+%/.test(row) && /if closed now [+-][\d,.]+/.test(s);
        },
        PROJECTION_WAIT_MS,
        `the projection of the position at ${strike}`,
      );
      const shown = screenRows(projected, COLS, ROWS);
      expect(gameId(projected)).toBe(gid);
      // The form closed itself: no PLACE section, the chart back to its rows.
      expect(findSection(shown, "PLACE")).toBeUndefined();
      // A 0.01 stake nearest the price among a few larger ones can project past +1,000%.
      expect(shown.join("\n")).toMatch(/if closed now [+-][\d,.]+( USDC)? \([+-][\d,.]+%\)/);
      expect(findSection(shown, "POSITIONS")![0]).toMatch(new RegExp(`POSITIONS #…\\d+ {2}${held(1)}`));
      expect(shown[footerRow(shown)]).toBeDefined();
      played.push(gid);
    }

    t.type("q");
    await t.waitFor((s) => s.includes("EXITED=0"), 5_000, "a clean exit");
  });

  it("a preview left past its game's lock is not sent: Enter goes back to editing, and the next Enter previews the game live then", {
    timeout: 90_000,
  }, async () => {
    t = launch();
    const ready = await t.waitSteady(
      (s) => s.includes("ACCEPTING") && /^USDC [\d,]+\.\d\d /m.test(s) && /^live [\d,]+\.\d\d/m.test(s) && /closes in 0:0[5-9]/.test(s),
      30_000,
      "a game accepting with 5 s or more before its lock",
    );
    const first = gameId(ready)!;
    t.type("p");
    await t.waitSteady((s) => s.includes("ready: Enter to preview"), 3_000, "the form");
    t.keys("Enter");
    await t.waitSteady((s) => s.includes("testnet: Enter to submit"), 3_000, "the preview");
    // Left alone: its game locks, then the next one is live. The line and the footer say what Enter does now.
    const lapsed = await t.waitSteady(
      (s) => gameId(s) !== first && s.includes("closed: Enter to edit"),
      20_000,
      "the preview of a game gone",
    );
    const lines = screenRows(lapsed, COLS, ROWS);
    const form = findSection(lines, "PLACE")!;
    expect(form[0]).toMatch(new RegExp(`^ PLACE #\\d*${first} price \\[\\d+ *\\] {2}stake \\[0\\.01 *\\] USDC testnet$`));
    expect(form[1]).toMatch(new RegExp(`^ #\\d*${first} │ price [\\d,]+\\.00 │ stake 0\\.01 USDC │ closed: Enter to edit$`));
    expect(lines[footerRow(lines)]).toMatch(/^Enter edit {2}Esc cancel +data [\d.]+s old/);
    t.keys("Enter");
    const edit = await t.waitSteady((s) => s.includes("closed, not sent"), 3_000, "the form back in editing");
    const editing = findSection(screenRows(edit, COLS, ROWS), "PLACE")!;
    expect(editing[0]).toMatch(/^ PLACE price \[\d+ *\] {2}stake \[0\.01 *\] USDC testnet$/);
    expect(editing[1]).toMatch(new RegExp(`^ #…${first} closed, not sent: Enter previews the live game$`));
    t.keys("Enter");
    const again = await t.waitSteady((s) => s.includes("testnet: Enter to submit"), 3_000, "the preview for the game live now");
    const next = gameId(again)!;
    expect(next).not.toBe(first);
    const shown = screenRows(again, COLS, ROWS);
    expect(findSection(shown, "PLACE")![1]).toMatch(
      new RegExp(`^ #…?\\d*${next} │ price [\\d,]+\\.00 │ stake 0\\.01 USDC │ testnet: Enter to submit`),
    );
    // Nothing was sent: no position, no "placed".
    expect(again).not.toContain("placed ✓");
    expect(findSection(shown, "POSITIONS")![0]).not.toMatch(/[1-9] held/);
    // Esc and q arriving in one read are Alt+q, as a terminal sends it: let the form close first.
    t.keys("Escape");
    await t.waitFor((s) => !s.includes("PLACE"), 3_000, "the form closed");
    t.type("q");
    await t.waitFor((s) => s.includes("EXITED=0"), 5_000, "a clean exit");
  });
});
