/**
 * The whole dashboard at the sizes traders keep, from a quarter tmux split
 * to a wide screen, with 0, 1, 3 and 10 positions: what each layout must
 * show (issue: countdown and phase, the price and its move, "if closed
 * now", the chart or its sparkline, the best position and the total), read
 * off the drawn screen through the bundle's Ink pipeline.
 */
import { describe, expect, it } from "vitest";
import { draw, liveSnapshot, START } from "../helpers/dashboard.js";
import { statusPosition, statusResponse } from "../helpers/fixtures.js";
import { findPane, findSection, footerRow, screenRows } from "../helpers/screen.js";

const SIZES = [
  [200, 50],
  [120, 35],
  [100, 25],
  [90, 20],
  [80, 18],
  [60, 15],
  [40, 8],
] as const;
const COUNTS = [0, 1, 3, 10] as const;

/** The position doing best: the only one whose projected net is above 0, placed in the middle of the ten. */
const BEST = 6;
const strikeOf = (i: number) => 66_900 + 20 * i;

function positions(n: number) {
  return Array.from({ length: n }, (_, i) =>
    statusPosition({
      txid: `p${i}`,
      sp: String(strikeOf(i)),
      f: "1",
      w: i === BEST % n ? 3 : 0.5,
      r: i === BEST % n ? 200 : -50,
      t: String(START + 1_000 + i * 500),
    }),
  );
}

/** The rows of a pane or section titled `title`, inside its borders, or undefined when the layout has none. */
function part(lines: readonly string[], title: string): string[] | undefined {
  return findPane(lines, new RegExp(`│ (▸ )?${title}`))?.rows ?? findSection(lines, title);
}

describe.each(SIZES)("at %ix%i", (cols, rows) => {
  const now = START + 15_200;

  it.each(COUNTS)("with %i positions: the countdown, the price, 'if closed now', the chart and the best row with the total", (n) => {
    const snap = liveSnapshot(now, { status: { value: statusResponse(positions(n)), at: now - 1_000 } });
    // The frame is one row shorter than the terminal (layout.ts).
    const lines = screenRows(draw(snap, now, cols, rows), cols, rows - 1);
    const screen = lines.join("\n");
    const bestStrike = strikeOf(BEST % Math.max(1, n)).toLocaleString("en-US");

    // The game: its countdown and phase; the price and its move since the open.
    expect(screen).toMatch(/closes in 0:\d\d/);
    expect(screen).toContain("ACCEPTING");
    expect(screen).toMatch(/live [\d,]+\.\d\d [▲▼] [+-][\d,]+\.\d\d/);
    // The money: the focused game's projected net; with nothing held, that it is nothing, or (narrow) the balance in its place.
    // Narrow, the share goes before the balance does (the table gives it beside the total).
    const closedNow = /if closed now [+-][\d,.]+( USDC)? \([+-][\d.]+%\)/;
    // Narrower than the share needs, the figures without it: "USDC 1,000.50  if closed now +2.00  session proj. net +2.00";
    // at 40 columns the balance and the session's net, the focused game's net left to the positions' line.
    const narrow =
      cols === 60
        ? /USDC 1,000\.50 {2}if closed now [+-][\d,.]+ {2}session/
        : /USDC 1,000\.50 {2}session proj\. net [+-][\d,.]+\nPOSITIONS \d+ held \d+ left {2}net [+-]/;
    if (n > 0) expect(screen).toMatch(cols <= 60 ? narrow : closedNow);
    else expect(screen).toMatch(cols >= 80 ? /if closed now – \(nothing held in this game\)/ : /USDC 1,000\.50 {2}session net/);
    // The footer, last.
    expect(lines[footerRow(lines)]).toMatch(/^q quit/);
    // Without borders, no row is left blank: what the positions do not want goes to another pane.
    if (rows < 28) expect(lines.filter((l) => l.trim() === "").length, screen).toBe(0);

    const price = part(lines, "PRICE");
    if (rows >= 20) {
      // A chart of at least five rows: four of the plot and the time axis.
      const plot = price!.filter((r) => /^ *[\d,.]* ?[┤│]/.test(r.slice(1)));
      expect(plot.length, screen).toBeGreaterThanOrEqual(4);
      expect(price!.some((r) => r.includes("lock"))).toBe(true);
    } else if (cols >= 60) {
      // Short: a smaller chart, or the sparkline on its title's line.
      expect(price, screen).toBeDefined();
      expect(price!.join("\n")).toMatch(/[▁▂▃▄▅▆▇█]|┤/);
    }

    const table = part(lines, "POSITIONS");
    if (cols >= 60 && rows >= 14) {
      expect(table![0]).toMatch(new RegExp(`POSITIONS #\\d+ {2}${n} held ${10 - n} left`));
      if (n === 0) {
        expect(table![1]).toMatch(/no positions in this game/);
        // An empty table is one line: no column names over nothing, no blank rows under it.
        expect(table!.join("\n")).not.toContain("STRIKE");
      } else {
        const best = table!.find((r) => r.includes(`${bestStrike}.00`));
        expect(best, `the best row, ${bestStrike}, on:\n${screen}`).toBeDefined();
        expect(best).toMatch(/◆/);
        expect(
          table!.some((r) => /^ +total +[\d.]+/.test(r)),
          screen,
        ).toBe(true);
      }
    } else {
      // One line a pane: the summary with the net, and the best position first.
      expect(screen).toMatch(new RegExp(`POSITIONS ${n} held ${10 - n} left`));
      if (n > 0) expect(screen).toContain(`◆@${bestStrike} `);
    }
  });
});

describe("past the lock", () => {
  const inLobby = START + 63_000;
  it.each(SIZES)("at %ix%i the count says what is held, not how many more could be", (cols, rows) => {
    const snap = liveSnapshot(inLobby, { status: { value: statusResponse(positions(3)), at: inLobby - 1_000 } });
    const screen = screenRows(draw(snap, inLobby, cols, rows), cols, rows - 1).join("\n");
    expect(screen).toMatch(/LOCKED/);
    expect(screen).toMatch(/POSITIONS (#\d+ {2})?3 held(?! \d+ left)/);
  });
});
