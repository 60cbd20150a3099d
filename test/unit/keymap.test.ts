/**
 * src/ui/keymap.ts is the one source of the dashboard's keys, its help and
 * its footer hints: no press means two things in one place, and what the
 * footer and the help offer is what the handlers do.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { KeyReader } from "../../src/ui/input/key-reader.js";
import {
  DASHBOARD_KEYS,
  dashboardHints,
  fitHints,
  footerHints,
  type Hint,
  helpRows,
  type KeyPress,
  RESULTS_KEYS,
  resultsBinding,
  resultsHints,
} from "../../src/ui/keymap.js";

/** A press for each key a terminal can send that the tables could care about. */
const PRESSES: KeyPress[] = [
  ..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789?/!.,+-=_",
  "\t",
  "\r",
  "\x7f",
  "\x03",
  "\x12",
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

const name = (p: KeyPress) =>
  JSON.stringify(
    p.input ||
      Object.entries(p.key)
        .filter(([, v]) => v === true)
        .map(([k]) => k),
  );

describe("the key map", () => {
  it.each([
    ["the dashboard", DASHBOARD_KEYS],
    ["the results list", RESULTS_KEYS.filter((b) => b.in === "list")],
    ["a game's positions", RESULTS_KEYS.filter((b) => b.in === "detail")],
  ])("no press means two things in %s", (_, table) => {
    for (const p of PRESSES) {
      const hits = table.filter((b) => b.matches(p)).map((b) => b.action);
      expect(hits.length, `${name(p)} → ${hits.join(", ")}`).toBeLessThanOrEqual(1);
    }
  });

  it("every action answers some key", () => {
    for (const b of [...DASHBOARD_KEYS, ...RESULTS_KEYS])
      expect(
        PRESSES.some((p) => b.matches(p)),
        b.action,
      ).toBe(true);
  });

  it("the footer offers only keys that act, in the dashboard and in the results view", () => {
    const offered = line(dashboardHints({ readonly: false, holding: true, online: true }));
    expect(offered).toBe(
      "q quit  ? help  tab pane  j/k scroll  i interval  a asset  +/- chart  ^R refresh  p place  P repeat  r results  b book  D diagnostics",
    );
    // Offline, placing is not offered either.
    expect(line(dashboardHints({ readonly: false, holding: true, online: false }))).not.toMatch(/p place|P repeat/);
    expect(line(dashboardHints({ readonly: true, holding: false, online: true }))).not.toMatch(/p place|P repeat|j\/k/);
    expect(line(resultsHints(false))).toBe("r/Esc close  j/k select  Enter positions  n/N page  i interval  a asset  ^R refresh  q quit");
    expect(line(resultsHints(true))).toBe("Esc/Backspace back  r close  q quit");
    // Each hint's first key is a key its binding answers.
    for (const b of DASHBOARD_KEYS.filter((x) => x.hint)) {
      const first = b.hint!.split(" ")[0]!.split("/")[0]!;
      const press = PRESSES.find((p) =>
        first === "tab" ? p.key.tab && !p.key.shift : first === "^R" ? p.key.ctrl && p.input === "r" : p.input === first,
      );
      expect(press && b.matches(press), b.hint).toBe(true);
    }
    expect(resultsBinding({ input: "", key: PRESSES.find((p) => p.key.escape)!.key }, true)?.action).toBe("back");
  });

  it("the footer follows whatever takes the keys: the form, then an overlay, then the results view", () => {
    const at = { readonly: false, holding: false, online: true, form: undefined, overlay: null, resultsDetail: undefined } as const;
    expect(line(footerHints({ ...at, form: "preview", overlay: "help", resultsDetail: false }))).toBe(
      "Enter submit (y on mainnet)  Esc cancel",
    );
    expect(line(footerHints({ ...at, overlay: "help", resultsDetail: false }))).toBe("?/Esc close help  D diagnostics  q quit");
    expect(line(footerHints({ ...at, overlay: "diagnostics" }))).toBe("D/Esc close diagnostics  ? help  q quit");
    expect(footerHints({ ...at, resultsDetail: true })).toEqual(resultsHints(true));
    expect(footerHints(at)).toEqual(dashboardHints(at));
  });

  it("the help names every key that does something of its own", () => {
    const rows = helpRows(DASHBOARD_KEYS).map(([k]) => k);
    expect(rows).toEqual(["q, Ctrl+C", "Esc", "?", "Tab / Shift+Tab", "j / k, ↓ / ↑", "i", "a", "+ / -", "Ctrl+R", "p / P", "r", "b", "D"]);
    expect(helpRows(RESULTS_KEYS).map(([k]) => k)).toEqual(["r, Esc", "j / k, Enter", "n / N, PgDn / PgUp", "i / a", "Esc / Backspace"]);
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
    const all = dashboardHints({ readonly: false, holding: true, online: true });
    expect(fitHints(all, 80 - 25)).toBe("q quit  ? help  j/k scroll  p place  r results");
    expect(fitHints(all, 120 - 25)).toBe("q quit  ? help  j/k scroll  i interval  a asset  +/- chart  p place  P repeat  r results");
  });
});
