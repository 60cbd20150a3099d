/**
 * The App's modes through its real rendering: the help lists every key of
 * every mode and scrolls where the terminal is short; the positions'
 * scroll answers at once at either end; a rebound key works and shows in
 * the footer and the help; each theme draws the same screen in its own
 * colours.
 */
import { describe, expect, it } from "vitest";
import { CHART_TAGS } from "../../src/ui/chart/tags.js";
import { GAME_WORDS } from "../../src/ui/dashboard/panes/game-words.js";
import { bindKeys, DEFAULT_KEYS } from "../../src/ui/key-tables.js";
import { helpRows } from "../../src/ui/keymap.js";
import { PALETTES, THEMES } from "../../src/ui/palettes.js";
import { drawApp, drawn, liveSnapshot, START } from "../helpers/dashboard.js";
import { statusPosition, statusResponse } from "../helpers/fixtures.js";
import { stripAnsi } from "../helpers/ink.js";

const now = START + 15_000;
/** What a frame says, its borders and line breaks taken out: a wrapped description reads whole. */
const prose = (frame: string) => frame.replace(/[│╭╮╰╯─]/g, " ").replace(/\s+/g, " ");

describe("the help", () => {
  it("lists every binding of every mode, at 80x24 by scrolling to it", async () => {
    let frame = await drawApp(liveSnapshot(now), now, 80, 24, ["?"]);
    const seen = [prose(frame)];
    // Scrolled line by line to its end: every line of the help is on some frame.
    for (let i = 0; i < 140; i++) {
      await drawn()!.press("j");
      frame = drawn()!.text();
      seen.push(prose(frame));
    }
    const all = seen.join(" ");
    for (const [mode, table] of Object.entries(DEFAULT_KEYS)) {
      for (const [keys, does] of helpRows(table)) {
        expect(all, `${mode}: ${keys}`).toContain(`${keys} ${does}`);
      }
    }
    for (const title of [
      "KEYS",
      "IN THE POSITION FORM (p)",
      "IN THE RESULTS VIEW (r)",
      "IN THE BOOK (b)",
      "SYMBOLS",
      "THE GAME'S WORDS",
      "THE CHART'S TAGS",
    ])
      expect(all).toContain(title);
    // Every word the chart tags a line or the time axis with is explained.
    for (const t of Object.values(CHART_TAGS)) expect(all).toContain(`${t.tag} ${t.meaning}`);
    for (const [word, meaning] of GAME_WORDS) expect(all).toContain(`${word} ${meaning}`);
    // At its end the frame still has its border and the footer under it.
    const lines = frame.split("\n");
    expect(lines.at(-2)).toMatch(/^╰─+╯$/);
    expect(lines.at(-1)).toMatch(/^\?\/Esc close {2}j\/k scroll {2}D diagnostics {2}q quit /);
  });

  it("pages by what shows, keeping the last line in sight", async () => {
    await drawApp(liveSnapshot(now), now, 80, 24, ["?"]);
    const before = drawn()!.text().split("\n");
    await drawn()!.press("\u001b[6~");
    const after = drawn()!.text().split("\n");
    // The frame's 23 lines: the header, the help's border, its 19 lines, its border, the footer. The last shown is now the first.
    expect(before[21]).toMatch(/^╰─+╯$/);
    expect(after[2]).toBe(before[20]);
    expect(after.at(-2)).toMatch(/^╰─+╯$/);
  });

  it("scrolls the diagnostics where the terminal is too short for them, as the help", async () => {
    const top = (await drawApp(liveSnapshot(now), now, 60, 15, ["D"])).split("\n");
    expect(top[2]).toMatch(/^│ DIAGNOSTICS /);
    // Cut under a title, with nothing of its section in sight: j/k take the rest into view.
    expect(top.at(-3)).toMatch(/^│ LAST FAILURE OF EACH CALL +│$/);
    expect(top.at(-1)).toMatch(/^D\/Esc close {2}j\/k scroll /);
    for (const k of ["j", "j", "j"]) await drawn()!.press(k);
    const down = drawn()!.text().split("\n");
    expect(down.join("\n")).not.toContain("│ DIAGNOSTICS ");
    expect(down.join("\n")).toContain("│ none this session: every value displayed was read");
    expect(down.at(-2)).toMatch(/^╰─+╯$/);
    for (const k of ["k", "k", "k"]) await drawn()!.press(k);
    expect(drawn()!.text().split("\n")).toEqual(top);
    await drawn()!.press("\u001b");
    expect(drawn()!.text()).toContain("POSITIONS");
  });

  it("scrolls back up, and Esc closes it", async () => {
    const top = await drawApp(liveSnapshot(now), now, 80, 24, ["?"]);
    expect(top).toContain("KEYS");
    for (const k of ["j", "j", "j"]) await drawn()!.press(k);
    expect(drawn()!.text()).not.toContain("│ KEYS");
    for (const k of ["k", "k", "k"]) await drawn()!.press(k);
    expect(drawn()!.text()).toBe(top);
    await drawn()!.press("\u001b");
    expect(drawn()!.text()).toContain("POSITIONS");
  });
});

describe("the positions' scroll", () => {
  it("moves back at the first k after j past the end", async () => {
    const positions = Array.from({ length: 10 }, (_, i) =>
      statusPosition({ txid: `p${i}`, sp: String(66_000 + i * 200), f: "1", t: String(START + 1_000 + i) }),
    );
    const snap = liveSnapshot(now, { status: { value: statusResponse(positions), at: now - 1_000 } });
    const rowsLine = (f: string) => /rows (\d+)–(\d+) of (\d+)/.exec(f)?.slice(1).map(Number);
    await drawApp(snap, now, 90, 20);
    const first = rowsLine(drawn()!.text())!;
    expect(first[0]).toBe(1);
    for (let i = 0; i < 20; i++) await drawn()!.press("j");
    const last = rowsLine(drawn()!.text())!;
    expect(last[1]).toBe(last[2]);
    await drawn()!.press("k");
    expect(rowsLine(drawn()!.text())).toEqual([last[0]! - 1, last[1]! - 1, last[2]]);
  });
});

describe("keys as the trader binds them", () => {
  it("a rebound key acts, and the footer and the help name it", async () => {
    const keys = bindKeys(new Map([["place", ["o"]]]));
    const frame = await drawApp(liveSnapshot(now), now, 120, 35, [], { keys });
    expect(frame.split("\n").at(-1)).toMatch(/\bo place\b/);
    expect(frame.split("\n").at(-1)).not.toMatch(/\bp place\b/);
    await drawn()!.press("p");
    expect(drawn()!.text()).not.toContain("STRIKE PRICE");
    await drawn()!.press("o");
    expect(drawn()!.text()).toMatch(/PLACE A POSITION|price/i);
    await drawn()!.press("\u001b");
    await drawn()!.press("?");
    expect(prose(drawn()!.text())).toContain("o place a position");
    expect(prose(drawn()!.text())).toContain("IN THE POSITION FORM (o)");
  });

  it("names the keys as bound where a line speaks of one", async () => {
    const keys = bindKeys(new Map([["place", ["o"]]]));
    const snap = liveSnapshot(now, { status: { value: statusResponse([]), at: now - 1_000 } });
    const frame = await drawApp(snap, now, 120, 35, [], { keys });
    expect(frame).toContain("no positions in this game — o places one");
    expect(frame).not.toContain("p places");
  });
});

describe("themes", () => {
  it.each(THEMES)("%s draws the same screen at 80x24 in its own colours", async (name) => {
    const palette = PALETTES[name];
    await drawApp(liveSnapshot(now), now, 80, 24, [], {}, { color: true, ascii: false, palette });
    const raw = drawn()!.lastFrame();
    const plain = stripAnsi(raw);
    await drawApp(liveSnapshot(now), now, 80, 24, [], {}, { color: true, ascii: false });
    expect(plain).toBe(drawn()!.text());
    if (name === "colorblind") {
      // Up and down in blue and orange, never red or green.
      expect(raw).toMatch(/\p{Cc}\[38;5;(33|208)m/u);
      expect(raw).not.toMatch(/\p{Cc}\[3[12]m/u);
    }
    if (name === "high-contrast") expect(raw).not.toMatch(/\p{Cc}\[90m/u);
  });

  it("NO_COLOR still wins over any theme", async () => {
    await drawApp(liveSnapshot(now), now, 80, 24, [], {}, { color: false, ascii: false, palette: PALETTES.colorblind });
    expect(drawn()!.lastFrame()).not.toMatch(/\p{Cc}\[(3\d|38;5;\d+|9\d)m/u);
  });
});
