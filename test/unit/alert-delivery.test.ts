/**
 * alerts/deliver: the bytes each desktop style writes, what an alert's text
 * loses before it goes into one, tmux's passthrough, the style "auto" picks
 * for each terminal, and Delivery's rules (focus, a failing or busy
 * notify_command) with a fake terminal and a fake runner.
 */
import { describe, expect, it } from "vitest";
import { BUSY_PROBLEM, Delivery, type DeliverySettings, MAX_RUNNING } from "../../src/alerts/deliver/delivery.js";
import { type CommandOutcome, childEnvironment, type RunCommand } from "../../src/alerts/deliver/notify-command.js";
import {
  BODY_MAX,
  type DesktopSequence,
  desktopStyleFor,
  type Environment,
  osc9,
  osc99,
  osc777,
  sanitize,
  tmuxPassthrough,
} from "../../src/alerts/deliver/terminal-notify.js";
import type { AlertEvent } from "../../src/alerts/events.js";
import { DEFAULT_NOTIFY_TIMEOUT_MS, type DesktopStyle } from "../../src/alerts/rules.js";
import { containsSecret, registerSecret } from "../../src/api/redact.js";

const E = "\x1b";
const BEL = "\x07";
const ST = `${E}\\`;

const event: AlertEvent = {
  event: "price",
  rule: "price:BTC_USDT:above:75000",
  at: Date.UTC(2025, 0, 2, 3, 4, 5),
  title: "BTC_USDT above 75,000",
  text: "75,012.50 at 03:04:05",
  tone: "up",
  data: { asset: "BTC_USDT", price: "75012.50", level: "75000" },
};

describe("desktop sequences", () => {
  it("OSC 9: title and text as one, ended by BEL", () => {
    expect(osc9("Settled", "won +1.20")).toBe(`${E}]9;Settled: won +1.20${BEL}`);
    expect(osc9("", "only text")).toBe(`${E}]9;only text${BEL}`);
  });

  it("OSC 9 never starts with digits and a `;`, which ConEmu and Windows Terminal read as commands", () => {
    expect(osc9("", "4;3;50")).toBe(`${E}]9;4:3;50${BEL}`);
    expect(osc9("9;7;calc", "x")).toBe(`${E}]9;9:7;calc: x${BEL}`);
    expect(osc9("\x1b 12;x", "")).toBe(`${E}]9;12:x${BEL}`);
    // Digits alone, or later `;`, are the trader's text.
    expect(osc9("10 s before close", "a; b")).toBe(`${E}]9;10 s before close: a; b${BEL}`);
  });

  it("OSC 777: notify, title and body; `;` inside a field would start the next, so it becomes `,`", () => {
    expect(osc777("BTC_USDT above 75,000", "now 75,012; up")).toBe(`${E}]777;notify;BTC_USDT above 75,000;now 75,012, up${BEL}`);
    expect(osc777("a;b", "")).toBe(`${E}]777;notify;a,b;${BEL}`);
  });

  it("OSC 99: the title held back (d=0), the body completing it, both under one id, ended by ST", () => {
    expect(osc99("Settled", "won; +1.20", "spotdash-1")).toBe(
      `${E}]99;i=spotdash-1:d=0:p=title;Settled${ST}${E}]99;i=spotdash-1:d=1:p=body;won; +1.20${ST}`,
    );
    expect(osc99("Title only", "", "a")).toBe(`${E}]99;i=a:d=1:p=title;Title only${ST}`);
    // The id keeps only what kitty allows in it.
    expect(osc99("t", "b", "x:y;z=1 ")).toBe(`${E}]99;i=xyz1:d=0:p=title;t${ST}${E}]99;i=xyz1:d=1:p=body;b${ST}`);
  });

  it("no control character of the text survives into a sequence: C0, DEL, C1, ESC and BEL", () => {
    const hostile = `a${E}]0;pwned${BEL}b\x9b31m\x9dc\x7fd\r\ne\x00f`;
    expect(sanitize(hostile, 100)).toBe("a ]0;pwned b 31m c d e f");
    for (const seq of [osc9(hostile, hostile), osc777(hostile, hostile), osc99(hostile, hostile, "1")]) {
      // Only the sequence's own bytes are controls: its introducers and terminators (and kitty's between its two parts).
      const frame = seq.startsWith(`${E}]99`) ? ST : BEL;
      const inner = seq.slice(2, -frame.length).replaceAll(`${ST}${E}]`, "");
      expect(/\p{Cc}/u.test(inner)).toBe(false);
    }
  });

  it("cuts a long text, never in the middle of a character", () => {
    const long = "😀".repeat(BODY_MAX + 10);
    const cut = sanitize(long, BODY_MAX);
    expect(Array.from(cut)).toHaveLength(BODY_MAX);
    expect(cut.endsWith("😀…")).toBe(true);
  });
});

describe("tmux passthrough", () => {
  it("wraps in DCS tmux; with every ESC doubled, ended by ESC \\", () => {
    expect(tmuxPassthrough(`${E}]9;hi${BEL}`)).toBe(`${E}Ptmux;${E}${E}]9;hi${BEL}${E}\\`);
    expect(tmuxPassthrough(`${E}]99;i=1:d=1;t${ST}`)).toBe(`${E}Ptmux;${E}${E}]99;i=1:d=1;t${E}${E}\\${E}\\`);
    expect(tmuxPassthrough("")).toBe("");
  });
});

describe("desktopStyleFor", () => {
  const cases: [string, Environment, DesktopSequence][] = [
    ["kitty by its window id", { KITTY_WINDOW_ID: "1", TERM: "xterm-kitty" }, "osc99"],
    ["kitty by TERM alone", { TERM: "xterm-kitty" }, "osc99"],
    ["iTerm2", { TERM_PROGRAM: "iTerm.app", TERM: "xterm-256color" }, "osc9"],
    ["WezTerm", { TERM_PROGRAM: "WezTerm" }, "osc9"],
    ["Ghostty", { TERM_PROGRAM: "ghostty", TERM: "xterm-ghostty" }, "osc9"],
    ["Windows Terminal", { WT_SESSION: "b3c…", TERM: "xterm-256color" }, "osc9"],
    ["foot", { TERM: "foot" }, "osc777"],
    ["foot-extra", { TERM: "foot-extra" }, "osc777"],
    ["GNOME Terminal (VTE)", { VTE_VERSION: "7600", TERM: "xterm-256color" }, "osc777"],
    [
      "tmux inside kitty",
      { TMUX: "/tmp/tmux-1000/default,1,0", TERM_PROGRAM: "tmux", TERM: "tmux-256color", KITTY_WINDOW_ID: "3" },
      "osc99",
    ],
    ["tmux inside iTerm2", { TMUX: "/t,1,0", TERM_PROGRAM: "tmux", ITERM_SESSION_ID: "w0t0p0:1" }, "osc9"],
    ["tmux inside WezTerm", { TMUX: "/t,1,0", TERM_PROGRAM: "tmux", WEZTERM_PANE: "0" }, "osc9"],
    ["tmux inside Windows Terminal", { TMUX: "/t,1,0", TERM_PROGRAM: "tmux", WT_SESSION: "x" }, "osc9"],
    ["tmux inside a VTE terminal", { TMUX: "/t,1,0", TERM_PROGRAM: "tmux", VTE_VERSION: "7600" }, "osc777"],
    ["tmux, outer terminal unknown", { TMUX: "/t,1,0", TERM_PROGRAM: "tmux", TERM: "screen-256color" }, "none"],
    ["Apple Terminal", { TERM_PROGRAM: "Apple_Terminal", TERM: "xterm-256color" }, "none"],
    ["xterm", { TERM: "xterm-256color" }, "none"],
    ["nothing set", {}, "none"],
    ["an empty variable says nothing", { KITTY_WINDOW_ID: "", WT_SESSION: "" }, "none"],
  ];
  it.each(cases)("auto in %s", (_, env, expected) => {
    expect(desktopStyleFor("auto", env)).toBe(expected);
  });

  it("an explicit style is used as given, whatever the terminal; off is none", () => {
    const styles: [DesktopStyle, DesktopSequence][] = [
      ["osc9", "osc9"],
      ["osc777", "osc777"],
      ["osc99", "osc99"],
      ["off", "none"],
    ];
    for (const [setting, expected] of styles) {
      expect(desktopStyleFor(setting, { TERM: "xterm-kitty" })).toBe(expected);
      expect(desktopStyleFor(setting, {})).toBe(expected);
    }
  });
});

describe("child environment", () => {
  it("has no API key: not by its name, not any value that is a registered secret or looks like a key", () => {
    const key = `metafide_${"ab12".repeat(8)}`;
    const other = "hunter2-password-from-a-manager";
    registerSecret(other);
    const env = childEnvironment({
      PATH: "/usr/bin",
      METAFIDE_API_KEY: "short",
      COPY: key,
      MANAGER_OUT: other,
      HOME: "/h",
      GONE: undefined,
    });
    expect(env).toEqual({ PATH: "/usr/bin", HOME: "/h" });
    expect(containsSecret(`x ${other} y`)).toBe(true);
    expect(containsSecret("ordinary")).toBe(false);
  });
});

/** A Delivery on a fake terminal, with a runner whose commands finish when the test says. */
function harness(settings: Partial<DeliverySettings> = {}, env: Environment = { TERM_PROGRAM: "iTerm.app" }) {
  const writes: string[] = [];
  const problems: string[] = [];
  const logged: string[] = [];
  const pending: ((o: CommandOutcome) => void)[] = [];
  const calls: { argv: readonly string[]; timeoutMs: number }[] = [];
  const runCommand: RunCommand = (argv, _e, opts) => {
    calls.push({ argv, timeoutMs: opts.timeoutMs });
    return new Promise((resolve) => pending.push(resolve));
  };
  const delivery = new Delivery({
    write: (t) => writes.push(t),
    env,
    settings: { desktop: "auto", notifyCommand: null, notifyTimeoutMs: DEFAULT_NOTIFY_TIMEOUT_MS, onlyUnfocused: false, ...settings },
    runCommand,
    onProblem: (t) => problems.push(t),
    log: (l) => logged.push(l),
  });
  /** Finishes the oldest running command with the outcome, and lets its handler run. */
  const finish = async (o: CommandOutcome) => {
    pending.shift()!(o);
    await new Promise((r) => setImmediate(r));
  };
  return { delivery, writes, problems, logged, calls, finish };
}

describe("Delivery", () => {
  it("bell writes BEL; desktop writes the terminal's sequence; both in one write", () => {
    const h = harness();
    expect(h.delivery.deliver(event, ["bell", "desktop"])).toEqual(["bell", "desktop"]);
    expect(h.writes).toEqual([`${BEL}${E}]9;BTC_USDT above 75,000: 75,012.50 at 03:04:05${BEL}`]);
  });

  it("desktop is not used where no style applies; the bell still is", () => {
    const h = harness({}, { TERM: "xterm-256color" });
    expect(h.delivery.deliver(event, ["desktop"])).toEqual([]);
    expect(h.delivery.deliver(event, ["bell", "desktop"])).toEqual(["bell"]);
    expect(h.writes).toEqual([BEL]);
    const off = harness({ desktop: "off" }, { TERM: "xterm-kitty" });
    expect(off.delivery.deliver(event, ["desktop"])).toEqual([]);
    expect(off.writes).toEqual([]);
  });

  it("inside tmux the desktop sequence is wrapped and the bell is not", () => {
    const h = harness({ desktop: "osc777" }, { TMUX: "/tmp/tmux-1000/default,1,0" });
    h.delivery.deliver(event, ["bell", "desktop"]);
    expect(h.writes).toEqual([`${BEL}${E}Ptmux;${E}${E}]777;notify;BTC_USDT above 75,000;75,012.50 at 03:04:05${BEL}${E}\\`]);
  });

  it("kitty's notifications get distinct ids", () => {
    const h = harness({ desktop: "osc99" });
    h.delivery.deliver(event, ["desktop"]);
    h.delivery.deliver(event, ["desktop"]);
    const ids = h.writes.map((w) => /i=([^:]+):d=0/.exec(w)?.[1]);
    expect(ids[0]).toMatch(/^spotdash-[0-9a-f]{8}-1$/);
    expect(ids[1]).not.toBe(ids[0]);
  });

  it("command runs notify_command with its time limit, only when one is set", () => {
    expect(harness().delivery.deliver(event, ["command"])).toEqual([]);
    const h = harness({ notifyCommand: ["notify", "--x"], notifyTimeoutMs: 1234 });
    expect(h.delivery.deliver(event, ["command"])).toEqual(["command"]);
    expect(h.calls).toEqual([{ argv: ["notify", "--x"], timeoutMs: 1234 }]);
    expect(h.writes).toEqual([]);
  });

  it("with onlyUnfocused: delivered before any focus report and after focus-out, skipped while focused", () => {
    const h = harness({ onlyUnfocused: true, notifyCommand: ["n"] });
    const all = ["bell", "desktop", "command"] as const;
    expect(h.delivery.deliver(event, all)).toEqual(all);
    h.delivery.setFocused(true);
    expect(h.delivery.deliver(event, all)).toEqual([]);
    h.delivery.setFocused(false);
    expect(h.delivery.deliver(event, ["bell"])).toEqual(["bell"]);
    expect(h.calls).toHaveLength(1);
    expect(h.writes).toHaveLength(2);
  });

  it("without onlyUnfocused, focus changes nothing", () => {
    const h = harness();
    h.delivery.setFocused(true);
    expect(h.delivery.deliver(event, ["bell"])).toEqual(["bell"]);
  });

  it("a failure is shown once per distinct reason, and every failure is logged", async () => {
    const h = harness({ notifyCommand: ["n"] });
    for (const reason of [
      "notify_command n exited with code 1",
      "notify_command n exited with code 1",
      "notify_command n exited with code 2",
    ]) {
      h.delivery.deliver(event, ["command"]);
      await h.finish({ ok: false, reason });
    }
    h.delivery.deliver(event, ["command"]);
    await h.finish({ ok: true });
    expect(h.problems).toEqual(["notify_command n exited with code 1", "notify_command n exited with code 2"]);
    expect(h.logged).toHaveLength(3);
  });

  it(`runs at most ${MAX_RUNNING} commands at once; the next alert's command is skipped with one problem`, async () => {
    const h = harness({ notifyCommand: ["n"] });
    for (let i = 0; i < MAX_RUNNING; i++) expect(h.delivery.deliver(event, ["command"])).toEqual(["command"]);
    expect(h.delivery.deliver(event, ["bell", "command"])).toEqual(["bell"]);
    expect(h.delivery.deliver(event, ["command"])).toEqual([]);
    expect(h.calls).toHaveLength(MAX_RUNNING);
    expect(h.problems).toEqual([BUSY_PROBLEM]);
    expect(h.logged).toEqual([BUSY_PROBLEM, BUSY_PROBLEM]);
    await h.finish({ ok: true });
    expect(h.delivery.running).toBe(MAX_RUNNING - 1);
    expect(h.delivery.deliver(event, ["command"])).toEqual(["command"]);
  });

  it("a runner that throws is a failure like any other, never the caller's exception", async () => {
    const problems: string[] = [];
    const delivery = new Delivery({
      write: () => {},
      env: {},
      settings: { desktop: "off", notifyCommand: ["n"], notifyTimeoutMs: 10, onlyUnfocused: false },
      runCommand: () => {
        throw new Error(`boom metafide_${"0".repeat(32)}`);
      },
      onProblem: (t) => problems.push(t),
    });
    expect(delivery.deliver(event, ["command"])).toEqual(["command"]);
    await delivery.settled();
    expect(problems).toEqual(["notify_command failed: boom [redacted]"]);
  });
});
