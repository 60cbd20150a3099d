/**
 * Every mode's key table (its folder's keys.ts, put together in ui/key-tables.ts)
 * is the one source of its keys, its help and its footer hints: no press
 * means two things where both are live, what the footer and the help offer
 * is what the handlers do, and the trader's [keys] rebind them.
 */

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ALERT_FORM_KEYS } from "../../src/ui/alerts/form/keys.js";
import { ALERT_LIST_KEYS } from "../../src/ui/alerts/list/keys.js";
import { BOOK_KEYS } from "../../src/ui/book/keys.js";
import { DASHBOARD_KEYS, dashboardHints } from "../../src/ui/dashboard/keys.js";
import { fitHints } from "../../src/ui/fit-hints.js";
import { FORM_KEYS } from "../../src/ui/form/keys.js";
import { KeyReader } from "../../src/ui/input/key-reader.js";
import { actionIds, bindKeys, DEFAULT_KEYS, findClash } from "../../src/ui/key-tables.js";
import { binding, type Hint, helpRows, hints, isKey, type KeyPress, keyLabel, parseKey } from "../../src/ui/keymap.js";
import { RESULTS_KEYS } from "../../src/ui/results/keys.js";

/**
 * A press for each key a terminal can send that the tables could care about, read afresh in each test:
 * what runs outside a test, the mutation run counts against every test (docs/testing.md).
 */
const presses = (): KeyPress[] =>
  [
    ..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789?/!.,+-=_",
    "\t",
    "\r",
    "\x7f",
    "\x03",
    "\x12",
    "\x15",
    "\x1b",
    "\x1b[Z",
    "\x1b[A",
    "\x1b[B",
    "\x1b[C",
    "\x1b[D",
    "\x1b[5~",
    "\x1b[6~",
    "\x1b[3~",
    "\x1b[H",
    "\x1b[F",
  ].flatMap((piece) => new KeyReader().push(piece).flatMap((e) => (e.kind === "key" ? [{ input: e.input, key: e.key }] : [])));

/** Hints as the footer writes them when everything fits. */
const line = (hints: readonly Hint[]) => fitHints(hints, 1000);

describe("the key tables", () => {
  const tables = Object.entries(DEFAULT_KEYS).map(
    ([name, table]) => [name, table as readonly { action: string; keys: readonly string[] }[]] as const,
  );

  it("no press means two things where both are live", () => {
    expect(findClash(DEFAULT_KEYS)).toBeUndefined();
  });

  it.each(tables)("every key of %s is a key, and every action answers a key a terminal sends", (_, table) => {
    for (const b of table) {
      for (const k of b.keys) expect(typeof parseKey(k), `${b.action} ${k}`).toBe("object");
      expect(
        presses().some((p) => b.keys.some((k) => isKey(k, p))),
        b.action,
      ).toBe(true);
    }
  });

  it("reads keys as the config file writes them, and names them as the help and the footer do", () => {
    const press = (piece: string) =>
      new KeyReader().push(piece).flatMap((e) => (e.kind === "key" ? [{ input: e.input, key: e.key }] : []))[0]!;
    expect(isKey("ctrl+r", press("\x12"))).toBe(true);
    expect(isKey("Ctrl+R", press("\x12"))).toBe(true);
    expect(isKey("r", press("\x12"))).toBe(false);
    expect(isKey("tab", press("\x1b[Z"))).toBe(false);
    expect(isKey("shift+tab", press("\x1b[Z"))).toBe(true);
    expect(isKey("P", press("P"))).toBe(true);
    expect(isKey("p", press("P"))).toBe(false);
    expect(isKey("+", press("+"))).toBe(true);
    expect(isKey("pgdn", press("\x1b[6~"))).toBe(true);
    expect([keyLabel("ctrl+r"), keyLabel("ctrl+r", true), keyLabel("shift+tab"), keyLabel("down"), keyLabel("esc")]).toEqual([
      "Ctrl+R",
      "^R",
      "Shift+Tab",
      "↓",
      "Esc",
    ]);
    for (const bad of ["", "ctrl+", "shift+p", "alt+x", "ctrl+1", "enterr", "ab", " "]) expect(typeof parseKey(bad), bad).toBe("string");
  });

  it("the footer offers only keys that act, in the dashboard, the results view and the book", () => {
    const offered = line(dashboardHints(DASHBOARD_KEYS, { readonly: false, scrollable: true, online: true }));
    expect(offered).toBe(
      "q quit  ? help  tab pane  j/k scroll  i interval  a asset  +/- chart  ^R refresh  p place  P repeat  r results  g performance  b book  D diagnostics",
    );
    // Offline, placing is not offered either.
    expect(line(dashboardHints(DASHBOARD_KEYS, { readonly: false, scrollable: true, online: false }))).not.toMatch(/p place|P repeat/);
    expect(line(dashboardHints(DASHBOARD_KEYS, { readonly: true, scrollable: false, online: true }))).not.toMatch(/p place|P repeat|j\/k/);
    expect(line(hints(RESULTS_KEYS.filter((b) => b.in === "list")))).toBe(
      "r/Esc close  j/k select  Enter positions  n/N page  i interval  a asset",
    );
    expect(line(hints(RESULTS_KEYS.filter((b) => b.in === "detail")))).toBe("Esc/Backspace back  r close  j/k select");
    expect(line(hints(BOOK_KEYS))).toBe("b/Esc close  j/k select  Enter show");
    expect(line(hints(ALERT_LIST_KEYS))).toBe("L/Esc close  j/k select  m mute  d delete  PgDn/PgUp fired");
    expect(line(hints(ALERT_FORM_KEYS))).toBe("Enter save  tab field  ←/→ move  ↑/↓ ±1  Esc cancel");
    // With an alerter, A and L are offered too.
    expect(line(dashboardHints(DASHBOARD_KEYS, { readonly: true, scrollable: false, online: true, alerts: true }))).toMatch(
      /b book {2}A alert {2}L alerts {2}D diagnostics$/,
    );
    // Each hint's first key is a key its binding answers.
    for (const [, table] of tables) {
      for (const b of table as readonly { action: string; keys: readonly string[]; hint?: string }[]) {
        if (!b.hint || b.keys.length === 0) continue;
        const first = b.keys[0]!;
        expect(hints([b as never])[0]!.text.startsWith(keyLabel(first, true)), b.action).toBe(true);
      }
    }
    const esc = presses().find((p) => p.key.escape)!;
    expect(
      binding(
        RESULTS_KEYS.filter((b) => b.in === "detail"),
        esc,
      )?.action,
    ).toBe("back");
  });

  it("the help names every key of every table", () => {
    expect(helpRows(DASHBOARD_KEYS).map(([k]) => k)).toEqual([
      "q, Ctrl+C",
      "?",
      "Tab / Shift+Tab",
      "j / k, ↓ / ↑",
      "i",
      "a",
      "+ / -, = / _",
      "Ctrl+R",
      "p",
      "P",
      "r",
      "g",
      "b",
      "A",
      "L",
      "S",
      "D",
    ]);
    for (const [name, table] of tables) {
      const named = helpRows(table as never)
        .map(([k]) => k)
        .join(" ");
      for (const b of table) for (const k of b.keys) expect(named, `${name} ${b.action}`).toContain(keyLabel(k));
    }
  });
});

describe("the trader's [keys]", () => {
  it("rebinds an action of any mode, and leaves the others as they were", () => {
    const t = bindKeys(
      new Map([
        ["place", ["o"]],
        ["results.close", ["x", "esc"]],
        ["form.submit", ["ctrl+s"]],
      ]),
    );
    const o = { input: "o", key: presses().find((p) => p.input === "o")!.key };
    expect(binding(t.dashboard, o)?.action).toBe("place");
    expect(binding(t.dashboard, presses().find((p) => p.input === "p")!)).toBeUndefined();
    expect(binding(t.dashboard, presses().find((p) => p.input === "q")!)?.action).toBe("quit");
    expect(line(hints(t.results.filter((b) => b.in === "list")))).toMatch(/^x\/Esc close/);
    expect(helpRows(t.form).find(([, does]) => does.startsWith("check the values"))?.[0]).toBe("Ctrl+S");
    expect(bindKeys(new Map()).dashboard).toEqual(DASHBOARD_KEYS);
  });

  it.each([
    [[["place", ["q"]]], "quit and place are both q"],
    [[["results.close", ["q"]]], "results.close and quit are both q"],
    [[["book.focus", ["p"]]], "book.focus and place are both p"],
    [[["form.cancel", ["x"]]], "form.cancel cannot be a character"],
    [[["fly", ["f"]]], "fly is not an action"],
    [[["place", ["ctrl+1"]]], "Ctrl goes with a letter"],
    [[["refresh", ["ctrl+i"]]], "a terminal sends it as Tab"],
    [[["overlay.down", ["q"]]], "overlay.down and quit are both q"],
    [[["results.up", ["ctrl+c"]]], "results.up and quit are both Ctrl+C"],
    [[["form.field", ["x"]]], "form.field cannot be a character"],
    [[["form.up", ["ctrl+c"]]], "form.up cannot be Ctrl+C"],
    [[["alert.save", ["s"]]], "alert.save cannot be a character: it would type into the alert's value"],
    [[["alerts.mute", ["q"]]], "alerts.mute and quit are both q"],
    [[["alerts.delete", ["A"]]], "alerts.delete and alert are both A"],
    [[["alerts.down", ["m"]]], "alerts.down and alerts.mute are both m"],
  ] as [[string, string[]][], string][])("refuses %j: %s", (entries, message) => {
    expect(() => bindKeys(new Map(entries))).toThrow(message);
  });

  it("takes a character for the preview's keys, where nothing types, and moves a view's closing key with its opening one", () => {
    const t = bindKeys(
      new Map([
        ["form.send", ["s"]],
        ["results", ["h"]],
      ]),
    );
    expect(t.form.find((b) => b.action === "send")?.keys).toEqual(["s"]);
    expect(t.results.find((b) => b.action === "close")?.keys).toEqual(["h", "esc"]);
    expect(t.results.find((b) => b.action === "leave")?.keys).toEqual(["h"]);
    expect(t.book.find((b) => b.action === "close")?.keys).toEqual(["b", "esc"]);
    expect(bindKeys(new Map([["alerts", ["W"]]])).alerts.find((b) => b.action === "close")?.keys).toEqual(["W", "esc"]);
    // Its own binding wins over the moved one.
    const own = bindKeys(
      new Map([
        ["results", ["h"]],
        ["results.close", ["x"]],
      ]),
    );
    expect(own.results.find((b) => b.action === "close")?.keys).toEqual(["x"]);
  });

  it("answers a named key with Shift held too, but for Tab", () => {
    const shiftDown = { input: "", key: { ...presses().find((p) => p.key.downArrow)!.key, shift: true } };
    expect(isKey("down", shiftDown)).toBe(true);
    const shiftTab = presses().find((p) => p.key.tab && p.key.shift)!;
    expect(isKey("tab", shiftTab)).toBe(false);
    expect(binding(FORM_KEYS, shiftTab)?.action).toBe("field");
  });

  it("knows every action of every mode by one name", () => {
    const ids = actionIds();
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(
      expect.arrayContaining([
        "quit",
        "place",
        "results.close",
        "results.leave",
        "book.focus",
        "form.submit",
        "overlay.close",
        "alert",
        "alerts",
        "alert.save",
        "alerts.mute",
        "strategy",
        "strategy.arm",
      ]),
    );
    expect(FORM_KEYS.every((b) => ids.includes(`form.${b.action}`))).toBe(true);
  });
});

describe("fitting the footer", () => {
  const hint = fc.record({ text: fc.stringMatching(/^[a-z^/+-]{1,6}( [a-z]{1,9}){0,2}$/), rank: fc.integer({ min: 1, max: 8 }) });

  it("keeps whole hints, in their order, never wider than the room, and never a hint over a more important one", () => {
    fc.assert(
      fc.property(fc.array(hint, { maxLength: 14 }), fc.integer({ min: 0, max: 120 }), (hints, width) => {
        const out = fitHints(hints, width);
        expect(out.length).toBeLessThanOrEqual(width);
        const kept = out === "" ? [] : out.split("  ");
        // Whole hints, in the order given.
        let at = 0;
        for (const k of kept) {
          const i = hints.findIndex((h, j) => j >= at && h.text === k);
          expect(i).toBeGreaterThanOrEqual(0);
          at = i + 1;
        }
        // Whatever was dropped ranks no better than the least important kept.
        const worstKept = Math.max(0, ...hints.filter((h) => kept.includes(h.text)).map((h) => h.rank));
        for (const h of hints) if (!kept.includes(h.text)) expect(h.rank).toBeGreaterThanOrEqual(Math.min(worstKept, h.rank));
      }),
    );
  });

  it("drops the least important first at 80 and 120 columns", () => {
    const all = dashboardHints(DASHBOARD_KEYS, { readonly: false, scrollable: true, online: true });
    expect(fitHints(all, 80 - 25)).toBe("q quit  ? help  j/k scroll  p place  r results");
    expect(fitHints(all, 120 - 25)).toBe("q quit  ? help  j/k scroll  i interval  a asset  +/- chart  p place  P repeat  r results");
  });
});
