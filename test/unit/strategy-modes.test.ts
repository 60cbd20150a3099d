/**
 * The prompt that arms a strategy on mainnet as a table of key presses
 * (through the key reader, as the dashboard reads them): what is typed,
 * erased and pasted, and what Enter does with it; the strategy line's words
 * fitted to a width; the rows the layout gives the line and the prompt.
 */
import { describe, expect, it } from "vitest";
import { Decimal } from "../../src/domain/money.js";
import { emptySpend } from "../../src/strategy/limits.js";
import type { StrategyView } from "../../src/strategy/runner.js";
import { NO_LIMITS, type StrategyLimits } from "../../src/strategy/strategy.js";
import { KeyReader } from "../../src/ui/input/key-reader.js";
import { DEFAULT_KEYS, findClash } from "../../src/ui/key-tables.js";
import { computeLayout } from "../../src/ui/layout.js";
import { normalise, type Piece } from "../../src/ui/spans.js";
import {
  CONFIRM_MAX_LENGTH,
  type ConfirmState,
  confirmKey,
  openConfirm,
  pasteConfirm,
  submitConfirm,
} from "../../src/ui/strategy/confirm/confirm-state.js";
import { confirmPromptPieces, strategyLinePieces } from "../../src/ui/strategy/strategy-line.js";

const ENTER = "\r";
const BACKSPACE = "\x7f";
const LEFT = "\x1b[D";
const TAB = "\t";
const CTRL_R = "\x12";
const paste = (text: string) => `\x1b[200~${text}\x1b[201~`;

/** Terminal input through the key reader into the prompt (Enter and Esc are the mode's: they leave it as it is). */
function type(s: ConfirmState, ...pieces: string[]): ConfirmState {
  const reader = new KeyReader();
  for (const piece of pieces) {
    for (const e of reader.push(piece)) {
      if (e.kind === "key") s = confirmKey(s, e.input, e.key);
      else if (e.kind === "paste") s = pasteConfirm(s, e.text, e.dropped);
    }
  }
  return s;
}

const opened = openConfirm("ten");

describe("the prompt that arms a strategy on mainnet", () => {
  it.each([
    ["opens empty", [], ""],
    ["takes the name typed", ["ten"], "ten"],
    ["q is text, not quit", ["q"], "q"],
    ["Backspace erases the last character", ["tenn", BACKSPACE], "ten"],
    ["Backspace on nothing does nothing", [BACKSPACE], ""],
    ["Enter, Esc, Tab, Ctrl+R and the arrows type nothing", ["te", ENTER, TAB, CTRL_R, LEFT, "n"], "ten"],
    ["a paste goes in as text", [paste("ten")], "ten"],
    ["a paste's line break is left out", [paste("ten\n")], "ten"],
    ["upper case stays as typed", ["TEN"], "TEN"],
  ] as [string, string[], string][])("%s", (_, keys, text) => {
    expect(type(opened, ...keys).text).toBe(text);
  });

  it("keeps the name's length, and says when a paste was cut", () => {
    const s = type(opened, paste("x".repeat(CONFIRM_MAX_LENGTH + 5)));
    expect(s.text).toHaveLength(CONFIRM_MAX_LENGTH);
    expect(s.note).toContain("the rest was left out");
  });

  it.each([
    ["the name exactly arms", "ten", { kind: "arm", confirmation: "ten" }],
    ["nothing typed arms nothing", "", { kind: "refused", note: "type its name first: nothing armed" }],
    ["another name arms nothing", "tne", { kind: "refused", note: '"tne" is not its name: nothing armed' }],
    ["the name in other case arms nothing", "TEN", { kind: "refused", note: '"TEN" is not its name: nothing armed' }],
    ["the name and more arms nothing", "ten ", { kind: "refused" }],
  ] as [string, string, { kind: string; confirmation?: string; note?: string }][])("Enter: %s", (_, text, want) => {
    const out = submitConfirm({ ...opened, text });
    expect({ kind: out.kind, ...(out.kind === "arm" ? { confirmation: out.confirmation } : {}) }).toMatchObject({
      kind: want.kind,
      ...(want.confirmation ? { confirmation: want.confirmation } : {}),
    });
    if (out.kind === "refused" && want.note) expect(out.state.note).toBe(want.note);
    // What was typed stays, to be put right.
    if (out.kind === "refused") expect(out.state.text).toBe(text);
  });

  it("clears the note at the next edit", () => {
    const refused = submitConfirm({ ...opened, text: "tne" });
    if (refused.kind !== "refused") throw new Error("armed");
    expect(type(refused.state, BACKSPACE).note).toBeUndefined();
  });

  it("refuses a rebinding that is a character: it would type into the name", () => {
    expect(
      findClash({ ...DEFAULT_KEYS, strategy: DEFAULT_KEYS.strategy.map((b) => (b.action === "arm" ? { ...b, keys: ["y"] } : b)) }),
    ).toBe("strategy.arm cannot be a character: it would type into the strategy's name");
    expect(findClash(DEFAULT_KEYS)).toBeUndefined();
  });

  it("says what to type, on MAINNET, and the note in place of how to cancel", () => {
    const text = (p: Piece[]) =>
      normalise(p)
        .map((s) => s.text)
        .join("");
    const keys = { arm: "Enter", cancel: "Esc" };
    expect(text(confirmPromptPieces(type(opened, "te"), keys, false))).toBe(
      'arm "ten" on MAINNET: type its name and Enter [te      ]  Esc cancels',
    );
    expect(text(confirmPromptPieces({ ...opened, text: "x", note: "no" }, keys, true))).toBe(
      'arm "ten" on MAINNET: type its name and Enter [x       ]  x no',
    );
    // Narrow: the name to type and the field first, the keys left to the footer.
    expect(text(confirmPromptPieces(type(opened, "te"), keys, false, 60))).toBe('MAINNET: type "ten" to arm [te      ]');
    expect(text(confirmPromptPieces({ ...opened, text: "x", note: "no" }, keys, false, 40))).toBe(
      'MAINNET: type "ten" to arm [x       ]  ✗ no',
    );
  });
});

const D = (s: string) => new Decimal(s);
const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

function view(over: Partial<StrategyView> = {}): StrategyView {
  return {
    name: "ten",
    state: "armed",
    spend: { ...emptySpend(NOW), sessionStaked: D("0.45"), dayStaked: D("1.2"), paid: D("0.16"), net: D("-0.14") },
    game: { gid: "1779496300", placed: 2, planned: 3 },
    next: { reason: "placed 2 of 3 in #1779496300", until: NOW + 4_000 },
    ...over,
  };
}

const limits: StrategyLimits = { ...NO_LIMITS, maxStakePerSession: D("0.5"), maxStakePerDay: D("5") };
const line = (width: number, v = view(), l = limits) =>
  normalise(strategyLinePieces({ view: v, limits: l, currency: "USDC", now: NOW, width, ascii: false, armKey: "S" }))
    .map((s) => s.text)
    .join("");

describe("the strategy line", () => {
  it("says everything where there is room, the next action last with its countdown", () => {
    expect(line(200)).toBe(
      "STRATEGY ten ARMED · #…496300 2/3 · session 0.45 of 0.50 USDC · net -0.14 · paid 0.16 · day 1.20 of 5.00 · next: placed 2 of 3 in #…496300 (in 0:04)",
    );
  });

  it.each([60, 70, 80, 90, 120])("at %i columns keeps the name, the state, the game, the session and the net", (width) => {
    const text = line(width);
    expect(text).toMatch(/ten ARMED · (#…496300 )?2\/3 · session 0\.45( of |\/)0\.50.* · net -0\.14/);
  });

  it("gives the next action its room before what was paid and the day", () => {
    expect(line(100)).toMatch(/^STRATEGY ten ARMED · #…496300 2\/3 · session 0\.45 of 0\.50 USDC · net -0\.14 · next: placed 2 of 3/);
    expect(line(100)).not.toContain("paid");
  });

  it("drops whole figures from the end and cuts only the next action", () => {
    const text = line(90);
    expect(text.startsWith("STRATEGY ten ARMED · #…496300 2/3 · session 0.45 of 0.50 USDC · net -0.14")).toBe(true);
    expect(line(40).length).toBeLessThanOrEqual(40);
  });

  it("without limits says the figures alone; paused, the key that arms it", () => {
    expect(line(200, view({ state: "paused", game: undefined }), NO_LIMITS)).toBe(
      "STRATEGY ten PAUSED · session 0.45 USDC · net -0.14 · paid 0.16 · S arms it",
    );
  });

  it("stopped, says why first", () => {
    expect(line(200, view({ state: "stopped", stopReason: "the session's limit 0.50 USDC: 0.45 staked" }))).toMatch(
      /^STRATEGY ten STOPPED: the session's limit 0\.50 USDC: 0\.45 staked · #…496300 2\/3/,
    );
  });

  it("on paper says so", () => {
    expect(line(200, view({ state: "paper" }))).toMatch(/^STRATEGY ten PAPER · /);
  });
});

describe("the layout", () => {
  it.each([
    [200, 50],
    [120, 35],
    [90, 20],
    [80, 18],
    [60, 15],
  ])("at %ix%i gives the strategy line a row, and the alert line one more", (cols, rows) => {
    const plain = computeLayout(cols, rows, { positionLines: 3 });
    const l = computeLayout(cols, rows, { positionLines: 3, strategyLine: true, alertLine: true });
    expect([l.strategyHeight, l.alertHeight]).toEqual([1, 1]);
    expect(l.bodyHeight).toBe(plain.bodyHeight - 2);
  });

  it("in the one-line layout gives it a row only where the lines keep theirs, but always to the prompt", () => {
    expect(computeLayout(40, 8, { strategyLine: true }).strategyHeight).toBe(0);
    expect(computeLayout(40, 9, { strategyLine: true, alertLine: true })).toMatchObject({ strategyHeight: 1, alertHeight: 0 });
    expect(computeLayout(40, 8, { strategyLine: true, confirmOpen: true }).strategyHeight).toBe(1);
  });
});
