/**
 * Reading a drawn screen as a person does: by its rows, its panes (found by
 * their corners and title) and its footer. Shared by the rendered-pane tests
 * and the tmux tests, so each checks structure the same way: a pane's row
 * that is not closed by its own border fails, as a line that spilled out of
 * its pane would.
 */
import { expect } from "vitest";
import { MAX_POSITIONS_PER_GAME } from "../../src/domain/rules.js";

/** A pane of the screen: its border's rows and columns, and the text of each row between its borders (title first). */
export interface Pane {
  top: number;
  bottom: number;
  left: number;
  right: number;
  /** Row `top + 1 + i` of the screen, cut to the inside of the pane's borders. */
  rows: string[];
}

/** The whole screen, one entry per terminal row, none wider than the terminal. */
export function screenRows(screen: string, cols: number, rows: number): string[] {
  const lines = screen.replace(/\n$/, "").split("\n");
  expect(lines.length).toBe(rows);
  for (const l of lines) expect([...l.trimEnd()].length).toBeLessThanOrEqual(cols);
  return lines;
}

/**
 * The pane whose title row matches `title` (a pattern that starts at the
 * pane's left border): found by its rounded corners above and below, with
 * every row between closed by a "│" on both sides. Undefined when no row
 * carries the title.
 */
export function findPane(lines: readonly string[], title: RegExp): Pane | undefined {
  const at = lines.findIndex((l) => title.test(l));
  if (at < 1) return undefined;
  const m = title.exec(lines[at]!)!;
  const left = [...lines[at]!.slice(0, m.index)].length;
  const topRow = [...lines[at - 1]!];
  expect(topRow[left], `the top-left corner above ${title}`).toBe("╭");
  const right = topRow.indexOf("╮", left);
  expect(right, `the top-right corner above ${title}`).toBeGreaterThan(left);
  const bottom = lines.findIndex((l, i) => i > at && [...l][left] === "╰");
  expect(bottom, `the bottom border of ${title}`).toBeGreaterThan(at);
  expect([...lines[bottom]!][right], `the bottom-right corner of ${title}`).toBe("╯");
  const rows = lines.slice(at, bottom).map((l, i) => {
    const cells = [...l];
    expect(cells[left], `row ${at + i} opens ${title}`).toBe("│");
    expect(cells[right], `row ${at + i} closes ${title}: ${l}`).toBe("│");
    return cells.slice(left + 1, right).join("");
  });
  return { top: at - 1, bottom, left, right, rows };
}

/** findPane, failing (with the screen) when there is no such pane. */
export function pane(lines: readonly string[], title: RegExp): Pane {
  const p = findPane(lines, title);
  expect(p, `a pane titled ${title} on:\n${lines.join("\n")}`).toBeDefined();
  return p!;
}

/** The titles that start a section of the borderless layouts (ui/layout.ts, "sections"). */
const SECTION_TITLES = /^(▸ )?(GAME|PRICE|POSITIONS|BOOK|PLACE|BALANCE)\b/;

/**
 * A section of the borderless layouts: its title's row at the left edge and
 * the rows down to the next section's title or the footer, each with a
 * space before it as inside a border, so tests read a pane the same way in
 * either layout. Undefined when no row starts with the title.
 */
export function findSection(lines: readonly string[], title: string): string[] | undefined {
  const at = lines.findIndex((l) => new RegExp(`^(▸ )?${title}`).test(l));
  if (at < 0) return undefined;
  const footer = footerRow(lines);
  let end = at + 1;
  while (end < footer && !SECTION_TITLES.test(lines[end]!)) end++;
  return lines.slice(at, end).map((l) => ` ${l}`);
}

/** A pane's rows whether it is drawn in a border or as a section: title row first, each row as inside a border. */
export function panel(lines: readonly string[], title: string): string[] {
  const boxed = findPane(lines, new RegExp(`│ (▸ )?${title}`));
  if (boxed) return boxed.rows;
  const section = findSection(lines, title);
  expect(section, `a pane or section titled ${title} on:\n${lines.join("\n")}`).toBeDefined();
  return section!;
}

/** The footer's row: the last one drawn (the dashboard leaves the terminal's bottom row empty). */
export function footerRow(lines: readonly string[]): number {
  return lines.findLastIndex((l) => l.trim() !== "");
}

/**
 * The positions' count of `n` as a pattern's source: "1 held 9 left" while the game takes positions, "1 held" past
 * its lock. For screens read at a moment the test does not choose (a 10 s game may lock while they are read);
 * test/ui/layouts.test.tsx holds each phase to its own form.
 */
export function held(n: number): string {
  return `${n} held(?: ${MAX_POSITIONS_PER_GAME - n} left)?`;
}
