/**
 * The alert screens in the real App, over a fake alerter (a real Store of
 * AlertsState, and the calls its keys make recorded): the form (A) saves
 * the exact rule, the list (L) mutes and deletes through the controller,
 * the alert line shows over the footer with the hints still under it, and
 * every frame fits its terminal.
 */
import { describe, expect, it } from "vitest";
import { type AlertsController, type AlertsState, EMPTY_ALERTS, type FiredAlert, type RuleEntry } from "../../src/alerts/alerts-state.js";
import type { AlertEvent } from "../../src/alerts/events.js";
import { makeRule, type RuleSpec } from "../../src/alerts/rules.js";
import { formatClock } from "../../src/domain/format.js";
import { Decimal } from "../../src/domain/money.js";
import { Store } from "../../src/poller/store.js";
import { drawApp, drawn, liveSnapshot, START } from "../helpers/dashboard.js";
import { tick } from "../helpers/ink.js";

const now = START + 15_000;
const ESC = "\u001b";
const ENTER = "\r";
const TAB = "\t";
const SHIFT_TAB = "\u001b[Z";
const LEFT = "\u001b[D";
const BACKSPACE = "\u007f";

type Call = ["addRule", RuleSpec] | ["deleteRule", string] | ["toggleMute", string];

function fakeAlerts(state: Partial<AlertsState> = {}) {
  const calls: Call[] = [];
  const store = new Store<AlertsState>({ ...EMPTY_ALERTS, ...state });
  const controller: AlertsController = {
    store,
    addRule: (spec) => {
      calls.push(["addRule", spec]);
      return "added";
    },
    deleteRule: (id) => calls.push(["deleteRule", id]),
    toggleMute: (id) => calls.push(["toggleMute", id]),
    setFocused: () => undefined,
  };
  return { controller, store, calls };
}

const above75k = makeRule({ kind: "price", asset: "BTC_USDT", direction: "above", level: new Decimal("75000"), repeat: false });
const RULES: RuleEntry[] = [
  { rule: above75k, origin: "dashboard", muted: false, spent: false },
  { rule: makeRule({ kind: "closing", seconds: 10, onlyUnheld: true }), origin: "config", muted: true, spent: false },
  { rule: { id: "settled", kind: "settled" }, origin: "default", muted: false, spent: false },
];

function event(i: number, over: Partial<AlertEvent> = {}): AlertEvent {
  return {
    event: "price",
    rule: above75k.id,
    at: now - (10 - i) * 60_000,
    title: "BTC_USDT above 75,000",
    text: `BTC_USDT rose above 75,000.00: now 75,0${10 + i}.20`,
    tone: "up",
    data: {},
    ...over,
  };
}
const FIRED: FiredAlert[] = Array.from({ length: 10 }, (_, i) => ({ event: event(i), channels: ["bell"] }));

const flat = (s: string) => s.replace(/[│╭╮╰╯─]/g, " ").replace(/\s+/g, " ");

/** Every row of the frame within the terminal: no more lines than the frame has, none wider than the columns. */
function expectFits(frame: string, cols: number, rows: number) {
  const lines = frame.split("\n");
  expect(lines.length).toBeLessThanOrEqual(rows - 1);
  for (const l of lines) expect([...l].length, l).toBeLessThanOrEqual(cols);
}

async function press(...keys: string[]) {
  for (const k of keys) await drawn()!.press(k);
  // Esc waits for the rest of a sequence that never comes.
  if (keys.includes(ESC)) await tick(60);
  return drawn()!.text();
}

describe("the alert form (A)", () => {
  it("opens at the live price, takes a typed level and saves the exact rule on Enter", async () => {
    const { controller, calls } = fakeAlerts();
    let frame = await drawApp(liveSnapshot(now), now, 80, 24, ["A"], { alerts: controller });
    expect(frame).toMatch(/NEW ALERT ‹price above› \[67004 +\] ‹once›/);
    expect(frame).toContain("fires when BTC_USDT rises above 67,004.00 — now 67,003.65, once");
    // The panes stay: the form takes the rows the position form would.
    expect(frame).toContain("POSITIONS");
    expect(frame.split("\n").at(-1)).toMatch(/^Enter save {2}tab field/);
    frame = await press("75000.5");
    // More than a tenth from the live price: said, as the position form says it, and saved as typed.
    expect(frame).toContain("fires when BTC_USDT rises above 75,000.50, 11% above live — now 67,003.65, once");
    frame = await press(ENTER);
    expect(calls).toEqual([
      ["addRule", { kind: "price", asset: "BTC_USDT", direction: "above", level: new Decimal("75000.5"), repeat: false }],
    ]);
    expect(frame).not.toContain("NEW ALERT");
    expect(frame).toContain("alert set: BTC_USDT above 75,000.50, once — L lists the alerts");
  });

  it("names a typo inline and saves nothing until it is put right, losing nothing typed", async () => {
    const { controller, calls } = fakeAlerts();
    await drawApp(liveSnapshot(now), now, 80, 24, ["A", "75k"], { alerts: controller });
    expect(drawn()!.text()).toContain(`✗ "75k" is not a price: digits and one point, like 75000 or 75000.5`);
    const frame = await press(ENTER);
    expect(frame).toContain(`not saved: "75k" is not a price`);
    expect(frame).toMatch(/\[75k +\]/);
    expect(calls).toEqual([]);
    await press(BACKSPACE, "000", ENTER);
    expect(calls).toEqual([
      ["addRule", { kind: "price", asset: "BTC_USDT", direction: "above", level: new Decimal("75000"), repeat: false }],
    ]);
  });

  it("takes a paste into the value, and makes a countdown to the close", async () => {
    const { controller, calls } = fakeAlerts();
    await drawApp(liveSnapshot(now), now, 80, 24, ["A", "\u001b[200~76,500\u001b[201~"], { alerts: controller });
    expect(drawn()!.text()).toMatch(/\[76,500 +\]/);
    const frame = await press(SHIFT_TAB, LEFT, TAB, "15", TAB, LEFT);
    expect(frame).toMatch(/NEW ALERT ‹before close› \[15 +\] s ‹holding nothing›/);
    expect(flat(frame)).toContain("fires 15 s before predictions close while you hold nothing in each game shown");
    await press(ENTER);
    expect(calls).toEqual([["addRule", { kind: "closing", seconds: 15, onlyUnheld: true }]]);
  });

  it("cuts a preview too wide for its line after a whole word, and names L as the key once the form is closed", async () => {
    const { controller } = fakeAlerts();
    const full = "fires when BTC_USDT rises above 750,000.00, over 10x live — now 67,003.65, once";
    const frame = await drawApp(liveSnapshot(now), now, 60, 15, ["A", "750000"], { alerts: controller });
    const line = frame.split("\n").find((l) => l.startsWith("fires when"))!;
    expect(line).toMatch(/…$/);
    const shown = line.slice(0, -1);
    expect(full.startsWith(shown)).toBe(true);
    // Up to a word's end: the next character of the whole preview is a space (or a comma before one).
    expect(full.slice(shown.length)).toMatch(/^,? /);
    drawn()?.unmount();
    const roomy = await drawApp(liveSnapshot(now), now, 120, 35, ["A"], { alerts: controller });
    expect(flat(roomy)).toContain("Enter saves Esc cancels then L lists the alerts, to mute or delete");
  });

  it("Esc closes it saving nothing; q there is a typo, not quit", async () => {
    const { controller, calls } = fakeAlerts();
    await drawApp(liveSnapshot(now), now, 80, 24, ["A", "q"], { alerts: controller });
    expect(drawn()!.text()).toContain("NEW ALERT");
    const frame = await press(ESC);
    expect(frame).not.toContain("NEW ALERT");
    expect(calls).toEqual([]);
  });
});

describe("the alerts list (L)", () => {
  it("lists the rules and the fired alerts newest first with their times; m and d act through the controller", async () => {
    const { controller, calls } = fakeAlerts({ rules: RULES, fired: FIRED });
    let frame = await drawApp(liveSnapshot(now), now, 80, 24, ["L"], { alerts: controller });
    const text = flat(frame);
    expect(text).toContain("ALERTS 3 rules · 10 fired");
    expect(text).toContain("▸ BTC_USDT above 75,000.00, once dashboard on");
    expect(text).toContain("10 s before predictions close, holding nothing config muted");
    expect(text).toContain("a held game settled default on");
    // Newest first, each with its clock time.
    expect(text).toContain(`FIRED newest first`);
    expect(text.indexOf(`${formatClock(FIRED[9]!.event.at)} BTC_USDT rose above 75,000.00: now 75,019.20`)).toBeGreaterThan(-1);
    expect(text.indexOf("now 75,019.20")).toBeLessThan(text.indexOf("now 75,018.20"));
    expect(text).not.toContain("POSITIONS");
    expect(frame.split("\n").at(-1)).toMatch(/^L\/Esc close {2}j\/k select {2}m mute {2}d delete/);

    frame = await press("m");
    expect(calls).toEqual([["toggleMute", above75k.id]]);
    expect(frame).toContain("muted: BTC_USDT above 75,000.00, once");
    frame = await press("j", "d");
    expect(frame).toContain("rules of the config file can only be muted (m)");
    frame = await press("j", "x");
    expect(frame).toContain("the default events can only be muted (m)");
    await press("k", "k", "d");
    expect(calls.at(-1)).toEqual(["deleteRule", above75k.id]);
    expect(calls).toHaveLength(2);
    frame = await press("L");
    expect(frame).toContain("POSITIONS");
  });

  it("follows the alerter's store as it changes, and keeps the selection within the rules there are", async () => {
    const { controller, store } = fakeAlerts({ rules: RULES, fired: [] });
    await drawApp(liveSnapshot(now), now, 80, 24, ["L", "j", "j"], { alerts: controller });
    expect(flat(drawn()!.text())).toContain("none fired yet");
    expect(flat(drawn()!.text())).toContain("▸ a held game settled");
    store.update((s) => ({
      ...s,
      rules: s.rules.slice(0, 2),
      fired: [{ event: event(3, { text: "BTC_USDT fell", tone: "down" }), channels: [] }],
    }));
    await tick();
    const text = flat(drawn()!.text());
    expect(text).toContain(`${formatClock(event(3).at)} BTC_USDT fell`);
    expect(text).toContain("▸ 10 s before predictions close");
    await press(ESC);
    expect(drawn()!.text()).toContain("POSITIONS");
  });

  it("a fired settlement too wide for its row keeps its parts that fit whole: the amount, never half of it", async () => {
    const settled = event(9, {
      event: "settled",
      text: "settled #…367300 BTC_USDT 10s: LOST -0.011271 USDC · staked 0.02 · paid 0.008729",
      shorter: [
        "settled #…367300: LOST -0.011271 USDC · staked 0.02 · paid 0.008729",
        "settled: LOST -0.011271 USDC · staked 0.02 · paid 0.008729",
      ],
      tone: "down",
    });
    const { controller } = fakeAlerts({ rules: RULES, fired: [{ event: settled, channels: [] }] });
    for (const [cols, shows] of [
      // Too narrow for the market beside the time: the game's id and the amount, whole.
      [60, "settled #…367300: LOST -0.011271 USDC"],
      [90, "LOST -0.011271 USDC · staked 0.02"],
      [120, "LOST -0.011271 USDC · staked 0.02 · paid 0.008729"],
    ] as const) {
      const frame = await drawApp(liveSnapshot(now), now, cols, 24, ["L"], { alerts: controller });
      const row = frame.split("\n").find((l) => l.includes("settled #…367300"))!;
      expect(row.replace(/[│\s]+$/, "")).toMatch(new RegExp(`${shows.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
      expect(row).not.toMatch(/\d…/);
      expectFits(frame, cols, 24);
    }
  });

  it("scrolls the fired alerts with PgDn where they do not fit, and says which it shows", async () => {
    const { controller } = fakeAlerts({ rules: RULES, fired: FIRED });
    await drawApp(liveSnapshot(now), now, 60, 15, ["L"], { alerts: controller });
    expect(flat(drawn()!.text())).toMatch(/FIRED newest first 1–\d of 10/);
    const frame = await press("\u001b[6~", "\u001b[6~", "\u001b[6~", "\u001b[6~");
    expect(flat(frame)).toMatch(/FIRED newest first \d–10 of 10/);
    expect(frame).toContain("now 75,010.20");
    expectFits(frame, 60, 15);
  });

  it("offers each key only where it acts: j/k over two rules, m and d over one, PgDn where the fired alerts do not fit", async () => {
    const footer = (frame: string) => frame.split("\n").at(-1)!;
    const one = fakeAlerts({ rules: RULES.slice(0, 1), fired: [] });
    expect(footer(await drawApp(liveSnapshot(now), now, 120, 24, ["L"], { alerts: one.controller }))).toMatch(
      /^L\/Esc close {2}m mute {2}d delete {2}q quit /,
    );
    const none = fakeAlerts({ rules: [], fired: [] });
    expect(footer(await drawApp(liveSnapshot(now), now, 120, 24, ["L"], { alerts: none.controller }))).toMatch(/^L\/Esc close {2}q quit /);
    const many = fakeAlerts({ rules: RULES, fired: FIRED });
    expect(footer(await drawApp(liveSnapshot(now), now, 120, 40, ["L"], { alerts: many.controller }))).toMatch(
      /^L\/Esc close {2}j\/k select {2}m mute {2}d delete {2}q quit /,
    );
    expect(footer(await drawApp(liveSnapshot(now), now, 120, 15, ["L"], { alerts: many.controller }))).toMatch(
      /^L\/Esc close {2}j\/k select {2}m mute {2}d delete {2}PgDn\/PgUp fired {2}q quit /,
    );
  });

  it("A from the list closes it and opens the form", async () => {
    const { controller } = fakeAlerts({ rules: RULES });
    const frame = await drawApp(liveSnapshot(now), now, 80, 24, ["L", "A"], { alerts: controller });
    expect(frame).toContain("NEW ALERT");
    expect(frame).not.toContain("RULES");
  });
});

describe("the alert line", () => {
  const fresh = { alert: event(9, { text: "BTC_USDT rose above 75,000.00: now 75,019.20", tone: "up" }), until: now + 10_000 };

  it.each([
    [80, 24],
    [80, 18],
    [60, 15],
    [90, 20],
    [120, 35],
  ])("shows over the footer at %ix%i, the hints still under it, and every frame fits", async (cols, rows) => {
    const { controller } = fakeAlerts({ rules: RULES, fired: FIRED, line: fresh });
    let frame = await drawApp(liveSnapshot(now), now, cols, rows, [], { alerts: controller });
    const lines = frame.split("\n");
    expect(lines).toHaveLength(rows - 1);
    expect(lines.at(-2)).toMatch(/^ALERT BTC_USDT rose above 75,000\.00/);
    expect(lines.at(-1)).toMatch(/^q quit {2}\? help/);
    expectFits(frame, cols, rows);
    // The panes gave the line their row: the frame is no taller.
    frame = await press("A");
    expect(frame.split("\n").at(-2)).toMatch(/^ALERT BTC_USDT/);
    expect(frame).toContain("NEW ALERT");
    expectFits(frame, cols, rows);
    frame = await press(ESC, "L");
    expect(frame.split("\n").at(-2)).toMatch(/^ALERT BTC_USDT/);
    expect(frame.split("\n").at(-1)).toMatch(/^L\/Esc close/);
    expectFits(frame, cols, rows);
    frame = await press("?");
    expectFits(frame, cols, rows);
  });

  it("names a settlement's game less before it cuts the amount", async () => {
    const text = "settled #…367300 BTC_USDT 10s: LOST -0.011271 USDC · staked 0.02 · paid 0.008729";
    const shorter = [
      "settled #…367300: LOST -0.011271 USDC · staked 0.02 · paid 0.008729",
      "settled: LOST -0.011271 USDC · staked 0.02 · paid 0.008729",
    ];
    const line = { alert: event(9, { event: "settled", text, shorter, tone: "down" }), until: now + 10_000 };
    for (const [cols, shows] of [
      [40, "ALERT settled: LOST -0.011271 USDC"],
      [50, "ALERT settled #…367300: LOST -0.011271 USDC"],
      [56, "ALERT settled #…367300 BTC_USDT 10s: LOST -0.011271 USDC"],
      [80, "ALERT settled #…367300 BTC_USDT 10s: LOST -0.011271 USDC · staked 0.02"],
    ] as const) {
      const { controller } = fakeAlerts({ line });
      const frame = await drawApp(liveSnapshot(now), now, cols, 15, [], { alerts: controller });
      expect(frame.split("\n").at(-2)!.trimEnd()).toBe(shows);
      drawn()?.unmount();
    }
  });

  it("cuts a long alert to the width, and is gone once its time is up", async () => {
    const long = { ...fresh, alert: { ...fresh.alert, text: `BTC_USDT ${"x".repeat(200)}` } };
    const { controller, store } = fakeAlerts({ line: long });
    const frame = await drawApp(liveSnapshot(now), now, 60, 15, [], { alerts: controller });
    expect(frame.split("\n").at(-2)).toMatch(/^ALERT BTC_USDT x+…$/);
    expectFits(frame, 60, 15);
    store.update((s) => ({ ...s, line: { ...long, until: now - 1 } }));
    await tick();
    expect(drawn()!.text()).not.toContain("ALERT BTC_USDT");
    expect(drawn()!.text().split("\n")).toHaveLength(14);
  });

  it("the help lists the alerter's problem, and the new keys of the dashboard, the form and the list", async () => {
    const { controller } = fakeAlerts({ problem: "notify_command failed: exit 1" });
    const frame = flat(await drawApp(liveSnapshot(now), now, 120, 100, ["?"], { alerts: controller }));
    expect(frame).toContain("alerts: notify_command failed: exit 1");
    expect(frame).toContain("A make an alert: a price level or a countdown to the close");
    expect(frame).toContain("L the alerts: rules and the last fired, to mute or delete");
    expect(frame).toContain("IN THE ALERT FORM (A)");
    expect(frame).toContain("IN THE ALERTS LIST (L)");
    expect(frame).toContain("d, x delete the selected rule");
  });
});

describe("without an alerter", () => {
  it("A and L say alerts are not available, and the footer does not offer them", async () => {
    const frame = await drawApp(liveSnapshot(now), now, 200, 40, []);
    expect(frame.split("\n").at(-1)).not.toMatch(/A alert|L alerts/);
    expect(await press("A")).toContain("alerts are not available here");
    expect(await press("L")).toContain("alerts are not available here");
    expect(drawn()!.text()).toContain("POSITIONS");
  });

  it("offers A and L where there is room when there is one", async () => {
    const { controller } = fakeAlerts();
    const frame = await drawApp(liveSnapshot(now), now, 200, 40, [], { alerts: controller });
    expect(frame.split("\n").at(-1)).toMatch(/A alert {2}L alerts/);
  });
});
