/**
 * The book in tmux, as a trader uses it on the embedded sim at 120x35: a
 * position placed in the BTC_USDT and in the ETH_USDT one-minute games, the
 * focus moved on to ETH_USDT 1h; the header counts the two games held
 * elsewhere, `b` opens the BOOK view, j/k move the selection, and Enter
 * shows the selected game in the panes with its position.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { footerRow, held, pane, screenRows } from "../helpers/screen.js";
import { CLI, TmuxSession } from "../helpers/tmux.js";

const COLS = 120;
const ROWS = 35;
const BOOK = /│ (▸ )?BOOK /;
const game = (asset: string, label: string) => new RegExp(`│ (▸ )?GAME ${asset} ${label} #`);

describe("the book in tmux", () => {
  let t: TmuxSession | undefined;
  let dir: string | undefined;
  afterEach(() => {
    t?.kill();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    t = undefined;
    dir = undefined;
  });

  /** p, Enter, Enter on the focused game's form (its defaults: the live price, the minimum stake), then Esc. */
  async function place(session: TmuxSession, asset: string) {
    await session.waitSteady(
      (s) =>
        game(asset, "1m").test(s) &&
        s.includes("can place now") &&
        /│ live [\d,]+\.\d\d /.test(s) &&
        /│ USDC [\d,]+\.\d\d /.test(s) &&
        s.includes("0 held 10 left"),
      10_000,
      // The form starts at the live price: after a move to another asset, its first price comes a slot or two later.
      `${asset} 1m accepting, with its live price and a balance`,
    );
    session.type("p");
    await session.waitSteady((s) => s.includes("ready: Enter to preview"), 3_000, "the form");
    session.keys("Enter");
    await session.waitSteady((s) => s.includes("testnet: Enter to submit"), 3_000, "the preview");
    session.keys("Enter");
    await session.waitFor((s) => s.includes("placed ✓"), 6_000, "the position placed");
    await session.waitFor((s) => !s.includes("│ PLACE ") && new RegExp(held(1)).test(s), 3_000, "the form closed, the position held");
    // Its projection in the positions table: the service has listed it (docs/book.md on a position placed just before a move).
    // A capture taken while a frame's rows are written may have no whole pane to read: that one is not it yet.
    const listed = (s: string) => {
      try {
        return pane(s.split("\n"), /│ (▸ )?POSITIONS #…\d+ /).rows.some(
          (r) => /^ [◆ ]\s+[\d,.]+\s+[\d.]+\s+([+-][\d,]+\.\d\d|0\.00)\s/.test(r) && !r.includes("pending"),
        );
      } catch {
        return false;
      }
    };
    await session.waitSteady(listed, 10_000, "the position listed by the service");
  }

  it("lists the games held elsewhere, and Enter on a row shows that game in the panes", { timeout: 120_000 }, async () => {
    dir = mkdtempSync(join(tmpdir(), "spotdash-e2e-book-"));
    t = new TmuxSession(COLS, ROWS);
    t.run(`cd ${dir} && (unset METAFIDE_API_KEY METAFIDE_USER_ADDRESS; node ${CLI} --no-bell); echo EXITED=$?`);

    // Both one-minute games run on one schedule: with 35 s before the lock there is time for two placements and the book.
    await t.waitSteady(
      (s) => {
        const m = /closes in 0:(\d\d)/.exec(s);
        return game("BTC_USDT", "1m").test(s) && s.includes("ACCEPTING") && m !== null && Number(m[1]) >= 35;
      },
      90_000,
      "a BTC_USDT 1m game with 35 s before its lock",
    );
    await place(t, "BTC_USDT");
    t.type("a");
    await place(t, "ETH_USDT");
    t.type("i");

    // Focused on ETH_USDT 1h, where nothing is held: the header counts the two games held elsewhere.
    const moved = screenRows(
      await t.waitSteady((s) => game("ETH_USDT", "1h").test(s) && s.includes("2 games · 2 positions"), 8_000, "ETH_USDT 1h in the panes"),
      COLS,
      ROWS,
    );
    // While the book's pass after the switch runs, the header says how far it has read (cut to the width).
    expect(moved[0]).toMatch(
      /^spotdash │ SIM 127\.0\.0\.1:\d+ │ testnet │ ETH_USDT 1h │ 2 games · 2 positions( · proj net [+-]?[\d,.]+ USDC)?( · \d+ of \d+( [a-z ]*)?…?)?\s+● live$/,
    );
    expect(moved.join("\n")).not.toMatch(BOOK);

    // b: the BOOK view in place of the panes, the first row selected (inverse video), the keys it takes in the footer.
    t.type("b");
    const opened = screenRows(
      await t.waitSteady(
        (s) => BOOK.test(s) && s.includes("BOOK 2 games · 2 positions · proj") && s.includes("b/Esc close  j/k select"),
        12_000,
        "the BOOK view with its projection, and its keys once the interval's message is gone",
      ),
      COLS,
      ROWS,
    );
    const book = pane(opened, BOOK);
    expect(book.left).toBe(0);
    expect(book.right).toBe(COLS - 1);
    expect(book.rows[0]).toMatch(/^ ▸ BOOK 2 games · 2 positions · proj net [+-]?[\d,.]+ USDC\s*(\d+ of \d+ markets read )?$/);
    expect(book.rows[1]).toMatch(/^ {3}GAME\s+ID\s+CLOSES\s+ENDS\s+POS\s+STAKE\s+PROJ\.GROSS\s+RETURN\s+PRICE−NEAR\s+AGE\s*$/);
    // CLOSES counts down to the lock, then says so: the 1 m games were placed in with 35 s or more to go, most of it spent.
    const row =
      /^ {3}(BTC_USDT|ETH_USDT) 1m #…\d+\s+(0:\d\d|locked)\s+[01]:\d\d\s+1\s+[\d.]+\s+[\d,.]+\s+[+-]?[\d,.]+%\s+([+-][\d,]+\.\d\d|0\.00|–)\s+\d+(\.\d)?s\s*$/;
    const markets = book.rows.slice(2, 4).map((r) => {
      const m = row.exec(r);
      expect(m, r).not.toBeNull();
      return m![1]!;
    });
    expect(new Set(markets)).toEqual(new Set(["BTC_USDT", "ETH_USDT"]));
    expect(book.rows[4]).toMatch(/^ Enter shows the selected game in the panes\s*$/);
    expect(book.rows.slice(5).every((r) => r.trim() === "")).toBe(true);
    expect(opened[footerRow(opened)]).toMatch(
      /^b\/Esc close {2}j\/k select {2}Enter show {2}q quit\s+data \d+(\.\d)?s old \(\d\d:\d\d:\d\d\)$/,
    );
    expect(opened[0]).toContain("ETH_USDT 1h");

    const selectedRow = () => {
      const styled = t!.styledScreen().split("\n");
      return styled.findIndex((l) => l.includes("\u001b[7m") && / 1m #…/.test(l));
    };
    const first = selectedRow();
    expect(first).toBe(book.top + 3);
    // j moves the selection down, and no further than the last row; k moves it back.
    t.type("j");
    await t.waitFor(() => selectedRow() === first + 1, 2_000, "the second row selected");
    t.type("j");
    await new Promise((r) => setTimeout(r, 300));
    expect(selectedRow()).toBe(first + 1);
    t.type("k");
    await t.waitFor(() => selectedRow() === first, 2_000, "the first row selected again");
    t.type("j");
    await t.waitFor(() => selectedRow() === first + 1, 2_000, "the second row selected");

    // Enter: the panes show the second row's game, with its position; the view closes; the header still counts both games.
    const chosen = markets[1]!;
    t.keys("Enter");
    // The footer says so for a few seconds (a message), maybe before the game's positions are read.
    await t.waitFor((s) => s.includes(`showing ${chosen} 1m`), 3_000, "the footer's word on what Enter showed");
    const shown = screenRows(
      await t.waitSteady((s) => game(chosen, "1m").test(s) && s.includes("1 held"), 8_000, `${chosen} 1m in the panes`),
      COLS,
      ROWS,
    );
    expect(shown.join("\n")).not.toMatch(BOOK);
    expect(shown[0]).toMatch(new RegExp(`^spotdash │ SIM 127\\.0\\.0\\.1:\\d+ │ testnet │ ${chosen} 1m │ 2 games · 2 positions · proj `));
    expect(pane(shown, /│ (▸ )?POSITIONS #…\d+ /).rows[0]).toMatch(new RegExp(`POSITIONS #…\\d+ {2}${held(1)} `));
    expect(pane(shown, /│ (▸ )?PRICE /).rows[0]).toContain(`PRICE ${chosen}`);

    t.type("q");
    await t.waitFor((s) => s.includes("EXITED=0"), 5_000, "a clean exit");
  });
});
