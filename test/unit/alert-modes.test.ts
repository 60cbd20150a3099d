/**
 * The alert form's and the alerts list's states as tables of key presses:
 * what each key does to the fields, what the values make (the rule, the
 * preview, the problem), and what the list's keys ask of the alerter.
 */
import { describe, expect, it } from "vitest";
import type { RuleEntry } from "../../src/alerts/alerts-state.js";
import { makeRule } from "../../src/alerts/rules.js";
import { Decimal } from "../../src/domain/money.js";
import { type AlertFormContext, checkAlertForm } from "../../src/ui/alerts/form/alert-form-check.js";
import {
  type AlertFormState,
  alertFormKey,
  openAlertForm,
  optionLabel,
  pasteAlertText,
  startingLevel,
  valueField,
} from "../../src/ui/alerts/form/alert-form-state.js";
import {
  type AlertListState,
  alertListAction,
  firedFit,
  LIST_CHROME,
  LIST_OPENED,
  listSplit,
} from "../../src/ui/alerts/list/alert-list-state.js";
import { KeyReader } from "../../src/ui/input/key-reader.js";

const TAB = "\t";
const SHIFT_TAB = "\x1b[Z";
const LEFT = "\x1b[D";
const RIGHT = "\x1b[C";
const UP = "\x1b[A";
const DOWN = "\x1b[B";
const PGUP = "\x1b[5~";
const HOME = "\x1b[H";
const BACKSPACE = "\x7f";
const DELETE = "\x1b[3~";

/** Terminal input through the key reader, as the dashboard reads it, into the form. */
function type(s: AlertFormState, ...pieces: string[]): AlertFormState {
  const reader = new KeyReader();
  for (const piece of pieces) {
    for (const e of reader.push(piece)) {
      if (e.kind === "key") s = alertFormKey(s, e.input, e.key);
      else if (e.kind === "paste") s = pasteAlertText(s, e.text, e.dropped);
    }
  }
  return s;
}

const opened = openAlertForm(new Decimal("74120.55"));
const ctx: AlertFormContext = { asset: "BTC_USDT", interval: 60, price: new Decimal("74120.55") };

describe("the alert form's keys", () => {
  it.each([
    [
      "opens on the value, a price rising above the live price, once",
      [],
      { kind: "above", focus: "value", value: "74121", option: "once" },
    ],
    ["the first character typed replaces the prefilled value", ["75000"], { value: "75000" }],
    ["Backspace on the prefilled value erases it whole", [BACKSPACE], { value: "" }],
    ["after a cursor key the value is edited in place", [LEFT, BACKSPACE, "9"], { value: "74191" }],
    ["Home then Delete erases the first character", [HOME, DELETE], { value: "4121" }],
    ["↑ and PgUp nudge the level by 1 and 10", [UP, PGUP], { value: "74132" }],
    ["Tab goes to the option, →  flips it to every time", [TAB, RIGHT], { focus: "option", option: "every time" }],
    ["Shift+Tab goes to the kind, → makes it below", [SHIFT_TAB, RIGHT], { focus: "kind", kind: "below" }],
    ["← on the kind cycles round to before close, its seconds 10", [SHIFT_TAB, LEFT], { kind: "closing", value: "10", option: "always" }],
    ["the countdown's option: only holding nothing", [SHIFT_TAB, LEFT, TAB, TAB, DOWN], { option: "holding nothing" }],
    ["typed on the kind, a digit goes into the value", [SHIFT_TAB, "7"], { focus: "value", value: "7" }],
    ["a pasted 75,000.50 stays as pasted, for the check to read", ["\x1b[200~75,000.50\x1b[201~"], { value: "75,000.50" }],
    ["a typo stays as typed, for the check to name", ["75k"], { value: "75k" }],
  ] as [string, string[], Partial<{ kind: string; focus: string; value: string; option: string }>][])("%s", (_, keys, want) => {
    const s = type(opened, ...keys);
    const got = { kind: s.kind, focus: s.focus, value: valueField(s).text, option: optionLabel(s) };
    expect(got).toMatchObject(want);
  });

  it("keeps the level and the seconds apart: switching the kind loses neither", () => {
    const s = type(opened, "75000", SHIFT_TAB, LEFT, TAB, BACKSPACE, "30", SHIFT_TAB, RIGHT);
    expect([s.kind, s.level.text, s.seconds.text]).toEqual(["above", "75000", "30"]);
  });

  it("says when a paste did not fit, and keeps what did", () => {
    const s = type(opened, `\x1b[200~${"9".repeat(30)}\x1b[201~`);
    expect(s.level.text).toHaveLength(24);
    expect(s.note?.text).toMatch(/holds 24 characters/);
  });

  it("starts at the first level past the live price on the rule's side, whole above 100, four digits below; empty when none is known", () => {
    const at = (price: string | undefined, side: "above" | "below") =>
      startingLevel(price === undefined ? undefined : new Decimal(price), side);
    expect([at("74120.55", "above"), at("74120.55", "below"), at("74120", "above"), at("74120", "below")]).toEqual([
      "74121",
      "74120",
      "74121",
      "74119",
    ]);
    expect([at("0.123456", "above"), at("0.123456", "below"), at("0.1234", "above"), at("0.1234", "below")]).toEqual([
      "0.1235",
      "0.1234",
      "0.1235",
      "0.1233",
    ]);
    expect(at(undefined, "above")).toBe("");
  });

  it("moves a level not yet touched to the side of the price the kind watches; one typed stays", () => {
    // 74,121 above 74,120.55; "price below" makes it 74,120, "before close" leaves it, and back to above 74,121.
    expect(type(opened, SHIFT_TAB, RIGHT).level.text).toBe("74120");
    expect(type(opened, SHIFT_TAB, RIGHT, RIGHT, RIGHT).level.text).toBe("74121");
    expect(type(opened, "75000", SHIFT_TAB, RIGHT).level.text).toBe("75000");
  });
});

describe("what the alert form's values make", () => {
  const check = (keys: string[], c: Partial<AlertFormContext> = {}) => checkAlertForm(type(opened, ...keys), { ...ctx, ...c });

  it.each([
    ["a level above the price", ["75000"], {}, "fires when BTC_USDT rises above 75,000.00 — now 74,120.55, once"],
    ["a level the price is already above", ["74000"], {}, "now 74,120.55, already above: fires at the next crossing up, once"],
    [
      "a level the price is already above, a digit short",
      ["7412"],
      {},
      "now 74,120.55, already above 7,412.00 (90% below live): fires at the next crossing up, once",
    ],
    [
      "below, every time",
      [SHIFT_TAB, RIGHT, TAB, TAB, RIGHT, SHIFT_TAB, "70000.5"],
      {},
      "fires when BTC_USDT falls below 70,000.50 — now 74,120.55, every time it crosses",
    ],
    ["no live price yet", ["75000"], { price: undefined }, "fires when BTC_USDT rises above 75,000.00 (no live price yet), once"],
    ["a level with more decimals than a cent", ["75000.005"], {}, "fires when BTC_USDT rises above 75,000.005 — now 74,120.55, once"],
    [
      "a level far below the price: a digit short",
      [SHIFT_TAB, RIGHT, TAB, "7412"],
      {},
      "fires when BTC_USDT falls below 7,412.00, 90% below live — now 74,120.55, once",
    ],
    [
      "a level past ten times the price: digits added to it",
      ["7412174121"],
      {},
      "fires when BTC_USDT rises above 7,412,174,121.00, over 10x live — now 74,120.55, once",
    ],
    ["a countdown", [SHIFT_TAB, LEFT], {}, "fires 10 s before predictions close in each game shown (now BTC_USDT 1m)"],
    [
      "a countdown longer than the prediction window",
      [SHIFT_TAB, LEFT, TAB, "30"],
      { interval: 10 },
      "fires as each game starts: BTC_USDT 10s games take predictions for 10 s only",
    ],
    [
      "a countdown while holding nothing",
      [SHIFT_TAB, LEFT, TAB, TAB, RIGHT],
      {},
      "fires 10 s before predictions close while you hold nothing in each game shown (now BTC_USDT 1m)",
    ],
  ] as [string, string[], Partial<AlertFormContext>, string][])("%s: %s", (_, keys, c, preview) => {
    const got = check(keys, c);
    expect(got.ok && got.preview).toBe(preview);
  });

  it("makes the exact rule: the level as typed, for the focused asset", () => {
    const got = check(["75000.125"]);
    expect(got.ok && got.spec).toEqual({
      kind: "price",
      asset: "BTC_USDT",
      direction: "above",
      level: new Decimal("75000.125"),
      repeat: false,
    });
    expect(got.ok && got.spec.kind === "price" && got.spec.level.toString()).toBe("75000.125");
    // Grouped by thousands as pasted, read as the position form reads a price.
    const grouped = check(["75,000.125"]);
    expect(grouped.ok && grouped.spec.kind === "price" && grouped.spec.level.toString()).toBe("75000.125");
    const closing = check([SHIFT_TAB, LEFT, TAB, "45", TAB, UP]);
    expect(closing.ok && closing.spec).toEqual({ kind: "closing", seconds: 45, onlyUnheld: true });
    const hour = check([SHIFT_TAB, LEFT, TAB, "3,600"]);
    expect(hour.ok && hour.spec).toEqual({ kind: "closing", seconds: 3600, onlyUnheld: false });
  });

  it.each([
    ["no level", [BACKSPACE], "type the price level"],
    ["a typo", ["75k"], `"75k" is not a price: digits and one point, like 75000 or 75000.5`],
    ["a decimal comma", ["75000,5"], `"75000,5" is not a price: digits and one point, like 75000 or 75000.5`],
    ["zero", ["0"], "the price level must be above 0"],
    ["a run of 16 digits", ["1234567890123456"], "a level of 16 digits or more: a typo, not a price"],
    ["no seconds", [SHIFT_TAB, LEFT, TAB, BACKSPACE], "type the seconds before the close"],
    ["part of a second", [SHIFT_TAB, LEFT, TAB, "1.5"], `"1.5" is not whole seconds: 1 to 86400`],
    ["seconds grouped wrong", [SHIFT_TAB, LEFT, TAB, "36,00"], `"36,00" is not whole seconds: 1 to 86400`],
    ["negative seconds", [SHIFT_TAB, LEFT, TAB, "-5"], `"-5" is not whole seconds: 1 to 86400`],
    ["more than a day", [SHIFT_TAB, LEFT, TAB, "86401"], "the seconds must be 1 to 86400 (a day); 86401 is not"],
    ["none", [SHIFT_TAB, LEFT, TAB, "0"], "the seconds must be 1 to 86400 (a day); 0 is not"],
  ])("refuses %s, saying why", (_, keys, problem) => {
    expect(check(keys)).toEqual({ ok: false, problem });
  });
});

describe("the alerts list", () => {
  const entry = (over: Partial<RuleEntry> & Pick<RuleEntry, "rule">): RuleEntry => ({
    origin: "dashboard",
    muted: false,
    spent: false,
    ...over,
  });
  const rules: RuleEntry[] = [
    entry({ rule: makeRule({ kind: "price", asset: "BTC_USDT", direction: "above", level: new Decimal("75000"), repeat: false }) }),
    entry({ rule: makeRule({ kind: "closing", seconds: 10, onlyUnheld: false }), origin: "config", muted: true }),
    entry({ rule: { id: "settled", kind: "settled" }, origin: "default" }),
  ];
  const c = { rules, firedRows: 4, firedLimit: 6, muteKey: "m" };
  const at = (selected: number, firedScroll = 0): AlertListState => ({ selected, firedScroll });

  it.each([
    ["j selects the next rule", LIST_OPENED, "down", { list: at(1) }],
    ["j on the last stays", at(2), "down", { list: at(2) }],
    ["k on the first stays", LIST_OPENED, "up", { list: at(0) }],
    ["k from past the rules there are now goes to the one before the last", at(9), "up", { list: at(1) }],
    ["PgDn scrolls the fired alerts a page", LIST_OPENED, "pageDown", { list: at(0, 4) }],
    ["PgDn stops at the last", at(0, 4), "pageDown", { list: at(0, 6) }],
    ["PgUp stops at the newest", at(0, 2), "pageUp", { list: at(0, 0) }],
    ["L closes", at(1), "close", { list: null }],
    [
      "m mutes the selected rule",
      LIST_OPENED,
      "mute",
      { list: LIST_OPENED, call: { op: "toggleMute", id: "price:BTC_USDT:above:75000" }, said: "muted: BTC_USDT above 75,000.00, once" },
    ],
    [
      "m unmutes a muted one",
      at(1),
      "mute",
      { list: at(1), call: { op: "toggleMute", id: "closing:10" }, said: "unmuted: 10 s before predictions close" },
    ],
    [
      "d deletes a rule made here",
      LIST_OPENED,
      "delete",
      { list: LIST_OPENED, call: { op: "deleteRule", id: "price:BTC_USDT:above:75000" }, said: "deleted: BTC_USDT above 75,000.00, once" },
    ],
    [
      "d on a rule of the config file says to mute it",
      at(1),
      "delete",
      { list: at(1), said: "rules of the config file can only be muted (m)" },
    ],
    [
      "d on a default event says to mute it",
      at(2),
      "delete",
      { list: at(2), said: "the default events can only be muted (m), or turned off in the config file" },
    ],
  ] as const)("%s", (_, from, action, want) => {
    expect(alertListAction(from, action, c)).toEqual(want);
  });

  it("says so when there is no rule to act on", () => {
    expect(alertListAction(LIST_OPENED, "delete", { ...c, rules: [] })).toEqual({ list: LIST_OPENED, said: "no rules to act on" });
  });

  it.each([
    ["both fit whole", 20, 3, 5, { rules: 3, fired: 5 }],
    ["an empty part keeps its one line", 20, 0, 0, { rules: 1, fired: 1 }],
    ["many rules and few fired: the fired get what they need", 12, 30, 2, { rules: 5, fired: 2 }],
    ["few rules and many fired: the rules keep theirs", 12, 2, 30, { rules: 2, fired: 5 }],
    ["many of both: the rules at least half", 13, 30, 30, { rules: 4, fired: 4 }],
  ])("splits the rows: %s", (_, height, rules, fired, want) => {
    const got = listSplit(height, rules, fired);
    expect(got).toEqual(want);
    expect(got.rules + got.fired).toBeLessThanOrEqual(Math.max(0, height - LIST_CHROME));
  });

  it("scrolls the fired alerts as far as the last shows", () => {
    expect(firedFit(12, { rules: [1, 2], fired: Array(30) })).toEqual({ rows: 5, limit: 25 });
  });
});
