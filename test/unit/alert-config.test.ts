import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_ALERT_SETTINGS, type PriceRule, rulesInForce, SIMPLE_DEFAULTS } from "../../src/alerts/rules.js";
import { configCommand } from "../../src/commands/config.js";
import type { Config } from "../../src/config/config.js";
import { configTemplate } from "../../src/config/config-template.js";
import { ConfigError } from "../../src/config/errors.js";
import { loadConfig } from "../../src/config/load.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Loads with `toml` as the config file; returns the Config and the file's path. */
function setup(toml: string | undefined, argv: string[] = [], env: NodeJS.ProcessEnv = {}): { config: () => Config; path: string } {
  const cwd = mkdtempSync(join(tmpdir(), "spotdash-alerts-"));
  dirs.push(cwd);
  const path = join(cwd, "config", "config.toml");
  if (toml !== undefined) {
    mkdirSync(join(cwd, "config"));
    writeFileSync(path, toml);
  }
  return {
    path,
    config: () => {
      const r = loadConfig({ argv, env, cwd, configPath: path, runKeyCommand: () => "" });
      if (r.kind !== "run") throw new Error(`expected a run result, got ${r.kind}`);
      return r.config;
    },
  };
}

const alerts = (toml: string | undefined, argv: string[] = []) => setup(toml, argv).config().alerts;

function failure(toml: string, argv: string[] = []): { message: string; path: string } {
  const s = setup(toml, argv);
  try {
    s.config();
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    const message = (e as ConfigError).message;
    expect(message).not.toMatch(/[\r\n]/);
    return { message, path: s.path };
  }
  throw new Error(`expected a ConfigError for ${toml}`);
}

const prices = (rules: readonly { kind: string }[]) => rules.filter((r): r is PriceRule => r.kind === "price");

describe("[alerts]", () => {
  it("is the defaults with no file, or a file without alerts", () => {
    expect(alerts(undefined)).toEqual(DEFAULT_ALERT_SETTINGS);
    expect(alerts('asset = "ETH_USDT"\n')).toEqual(DEFAULT_ALERT_SETTINGS);
    expect(alerts("[alerts]\n")).toEqual(DEFAULT_ALERT_SETTINGS);
  });

  it("reads every key", () => {
    const a = alerts(
      [
        "[alerts]",
        'deliver = ["desktop", "command"]',
        'desktop = "osc777"',
        'notify_command = ["/home/me/bin/alert", "--loud"]',
        "notify_timeout = 2.5",
        "only_unfocused = true",
        "cooldown = 30",
        "settled = false",
        "turned = true",
        "early_window = true",
        "balance = false",
        "service = false",
        "key_refused = false",
        "rate_limited = false",
      ].join("\n"),
    );
    expect(a).toEqual({
      events: { settled: false, turned: true, early_window: true, balance: false, service: false, key_refused: false, rate_limited: false },
      rules: [],
      deliver: ["desktop", "command"],
      desktop: "osc777",
      notifyCommand: ["/home/me/bin/alert", "--loud"],
      notifyTimeoutMs: 2500,
      onlyUnfocused: true,
      cooldownMs: 30_000,
    });
  });

  it("delivers to the command as well as the bell when notify_command is set and deliver is not", () => {
    const a = alerts('[alerts]\nnotify_command = "notify-send  spotdash"\n');
    expect(a.notifyCommand).toEqual(["notify-send", "spotdash"]);
    expect(a.deliver).toEqual(["bell", "command"]);
    expect(alerts('[alerts]\nnotify_command = "x"\ndeliver = ["desktop"]\n').deliver).toEqual(["desktop"]);
  });

  it("takes a single channel as a string, an empty list as the screen alone, a channel twice once", () => {
    expect(alerts('[alerts]\ndeliver = "desktop"\n').deliver).toEqual(["desktop"]);
    expect(alerts("[alerts]\ndeliver = []\n").deliver).toEqual([]);
    expect(alerts('[alerts]\ndeliver = ["bell", "bell"]\n').deliver).toEqual(["bell"]);
  });

  it("takes numbers of seconds as numeric strings too, at their limits", () => {
    expect(alerts('[alerts]\ncooldown = "5"\nnotify_timeout = 60\n')).toMatchObject({ cooldownMs: 5000, notifyTimeoutMs: 60_000 });
    expect(alerts("[alerts]\ncooldown = 86400\nnotify_timeout = 0.1\n")).toMatchObject({ cooldownMs: 86_400_000, notifyTimeoutMs: 100 });
  });

  it("lays the profile's keys over the top level's one by one", () => {
    const toml = [
      "[alerts]",
      'deliver = ["bell", "desktop"]',
      "cooldown = 120",
      "turned = true",
      "",
      "[profile.quiet.alerts]",
      "deliver = []",
      "settled = false",
    ].join("\n");
    expect(alerts(toml)).toMatchObject({ deliver: ["bell", "desktop"], cooldownMs: 120_000 });
    const quiet = alerts(toml, ["--profile", "quiet"]);
    expect(quiet).toMatchObject({ deliver: [], cooldownMs: 120_000 });
    expect(quiet.events).toEqual({ ...SIMPLE_DEFAULTS, turned: true, settled: false });
  });

  it("counts a notify_command from the top level when the profile gives deliver's default", () => {
    const toml = '[alerts]\nnotify_command = "x"\n\n[profile.p.alerts]\ncooldown = 10\n';
    expect(alerts(toml, ["--profile", "p"]).deliver).toEqual(["bell", "command"]);
  });
});

describe("[[alert]]", () => {
  it("reads a price rule: the asset in use by default, the level exact, once unless repeat", () => {
    const toml = ['asset = "ETH_USDT"', "[[alert]]", 'event = "price"', "above = 0.1"].join("\n");
    const [rule] = alerts(toml).rules;
    expect(rule).toMatchObject({ id: "price:ETH_USDT:above:0.1", kind: "price", asset: "ETH_USDT", direction: "above", repeat: false });
    expect((rule as PriceRule).level.toString()).toBe("0.1");
    expect(rule).not.toHaveProperty("deliver");
  });

  it("keeps every level as written, TOML number or decimal string, however many digits", () => {
    const levels = [
      "75000",
      "75000.5",
      "0.1",
      "0.3",
      "1234567.89012345",
      "1e-7",
      "1_000_000",
      "75000.10",
      "75000.123456789012",
      "9.999999999999999e3",
      "1_234.567_8",
    ];
    const toml = levels.map((l) => `[[alert]]\nevent = "price"\nbelow = ${l}\n`).join("\n");
    const strings = ['"75000.123456789012345678"', '"0.000000001"', '" 42 "'];
    const toml2 = strings.map((l) => `[[alert]]\nevent = "price"\nabove = ${l}\n`).join("\n");
    expect(prices(alerts(toml).rules).map((r) => r.level.toFixed())).toEqual([
      "75000",
      "75000.5",
      "0.1",
      "0.3",
      "1234567.89012345",
      "0.0000001",
      "1000000",
      "75000.1",
      "75000.123456789012",
      "9999.999999999999",
      "1234.5678",
    ]);
    expect(prices(alerts(toml2).rules).map((r) => r.level.toFixed())).toEqual(["75000.123456789012345678", "0.000000001", "42"]);
  });

  it("reads the asset, repeat and deliver of a price rule", () => {
    const toml =
      '[alerts]\nnotify_command = "x"\n[[alert]]\nevent = "price"\nasset = "sol_usdt"\nbelow = "150.25"\nrepeat = true\ndeliver = ["desktop", "command"]\n';
    expect(alerts(toml).rules[0]).toMatchObject({
      id: "price:SOL_USDT:below:150.25:every",
      asset: "SOL_USDT",
      direction: "below",
      repeat: true,
      deliver: ["desktop", "command"],
    });
  });

  it("reads a closing rule", () => {
    const rules = alerts(
      '[[alert]]\nevent = "closing"\nseconds = 30\n\n[[alert]]\nevent = "closing"\nseconds = 86400\nonly_unheld = true\n',
    ).rules;
    expect(rules).toEqual([
      { id: "closing:30", kind: "closing", seconds: 30, onlyUnheld: false },
      { id: "closing:86400:unheld", kind: "closing", seconds: 86400, onlyUnheld: true },
    ]);
  });

  it("reads a simple event's rule, which turns that event on", () => {
    const a = alerts('[alerts]\nturned = false\n\n[[alert]]\nevent = "turned"\ndeliver = ["desktop"]\n');
    expect(a.rules).toEqual([{ id: "turned", kind: "turned", deliver: ["desktop"] }]);
    expect(a.events.turned).toBe(true);
    expect(rulesInForce(a).find((r) => r.id === "turned")).toEqual({ id: "turned", kind: "turned", deliver: ["desktop"] });
  });

  it("keeps a rule written twice once, at its first place, as last written", () => {
    const toml = [
      '[[alert]]\nevent = "settled"\ndeliver = ["bell"]',
      '[[alert]]\nevent = "price"\nabove = 75000',
      '[[alert]]\nevent = "price"\nabove = "75000.00"',
      '[[alert]]\nevent = "settled"\ndeliver = ["desktop"]',
    ].join("\n");
    const rules = alerts(toml).rules;
    expect(rules.map((r) => r.id)).toEqual(["settled", "price:BTC_USDT:above:75000"]);
    expect(rules[0]).toMatchObject({ deliver: ["desktop"] });
  });

  it("adds a profile's rules to the top level's, the profile's asset the default", () => {
    const toml = [
      '[[alert]]\nevent = "price"\nabove = 75000',
      '[[alert]]\nevent = "closing"\nseconds = 10',
      '[profile.eth]\nasset = "ETH_USDT"',
      '[[profile.eth.alert]]\nevent = "price"\nbelow = 3000',
      '[[profile.eth.alert]]\nevent = "closing"\nseconds = 10\n',
    ].join("\n");
    expect(alerts(toml).rules.map((r) => r.id)).toEqual(["price:BTC_USDT:above:75000", "closing:10"]);
    expect(alerts(toml, ["--profile", "eth"]).rules.map((r) => r.id)).toEqual([
      "price:ETH_USDT:above:75000",
      "closing:10",
      "price:ETH_USDT:below:3000",
    ]);
  });
});

describe("--no-bell", () => {
  const toml = [
    '[alerts]\ndeliver = ["bell", "desktop"]',
    '[[alert]]\nevent = "price"\nabove = 1\ndeliver = ["bell"]',
    '[[alert]]\nevent = "closing"\nseconds = 5\ndeliver = ["bell", "desktop"]',
    '[[alert]]\nevent = "settled"',
  ].join("\n");

  it("takes the bell out of the default delivery and every rule's", () => {
    const a = alerts(toml, ["--no-bell"]);
    expect(a.deliver).toEqual(["desktop"]);
    expect(a.rules.map((r) => r.deliver)).toEqual([[], ["desktop"], undefined]);
    expect(alerts(undefined, ["--no-bell"]).deliver).toEqual([]);
    expect(alerts('[alerts]\nnotify_command = "x"\n', ["--no-bell"]).deliver).toEqual(["command"]);
  });

  it("from the file or the environment as from the flag", () => {
    expect(alerts(`no_bell = true\n${toml}`).deliver).toEqual(["desktop"]);
    expect(setup(toml, [], { SPOTDASH_NO_BELL: "1" }).config().alerts.deliver).toEqual(["desktop"]);
    expect(alerts(toml).rules.map((r) => r.deliver)).toEqual([["bell"], ["bell", "desktop"], undefined]);
  });
});

describe("a bad alert stops the start with one line naming it", () => {
  const P = "[profile.main]\n";
  const rule = (body: string) => `[[alert]]\n${body}\n`;
  // [toml, argv, the line: `<name> (in PATH<where>) <field>: <problem>`]
  const CASES: [string, string[], string][] = [
    [
      rule('event = "prise"'),
      [],
      'alert #1 (in PATH) event: must be one of price, closing, settled, turned, early_window, balance, service, key_refused, rate_limited (got "prise")',
    ],
    [
      rule("above = 1"),
      [],
      "alert #1 (in PATH) event: must be one of price, closing, settled, turned, early_window, balance, service, key_refused, rate_limited (missing)",
    ],
    [
      `${rule('event = "settled"')}${P}[[profile.main.alert]]\nevent = "closing"\nseconds = 10\n[[profile.main.alert]]\nevent = "price"\nabove = "abc"\n`,
      ["--profile", "main"],
      'alert #2 (in PATH [profile.main]) above: must be a price such as 75000 (got "abc")',
    ],
    [rule('event = "price"\nabove = 1\nbelow = 2'), [], "alert #1 (in PATH) above, below: give one of them, not both"],
    [rule('event = "price"'), [], "alert #1 (in PATH) above: a price alert needs above or below, e.g. above = 75000"],
    [rule('event = "price"\nbelow = -5'), [], "alert #1 (in PATH) below: must be a price such as 75000 (got -5)"],
    [rule('event = "price"\nbelow = 0'), [], "alert #1 (in PATH) below: must be a price such as 75000 (got 0)"],
    [rule('event = "price"\nbelow = "1e5"'), [], 'alert #1 (in PATH) below: must be a price such as 75000 (got "1e5")'],
    [rule('event = "price"\nbelow = inf'), [], "alert #1 (in PATH) below: must be a price such as 75000 (got Infinity)"],
    [rule('event = "price"\nbelow = true'), [], "alert #1 (in PATH) below: must be a price such as 75000 (got true)"],
    [
      `${rule('event = "price"\nabove = 0.1')}${rule('event = "price"\nabove = 0.10000000000000001')}`,
      [],
      'alert #1 (in PATH) above: cannot be kept exactly as a TOML number; write it as a string, e.g. "75000.123456789012" (got 0.1)',
    ],
    [
      rule('event = "price"\nabove = 1\nseconds = 5'),
      [],
      "alert #1 (in PATH) seconds: is not a field of a price alert; known: event, asset, above, below, repeat, deliver",
    ],
    [
      rule('event = "price"\nabove = 1\nasset = "bitcoin"'),
      [],
      'alert #1 (in PATH) asset: must look like BASE_QUOTE, e.g. BTC_USDT (got "bitcoin")',
    ],
    [rule('event = "price"\nabove = 1\nrepeat = "yes"'), [], 'alert #1 (in PATH) repeat: must be true or false (got "yes")'],
    [rule('event = "closing"'), [], "alert #1 (in PATH) seconds: a closing alert needs it, e.g. seconds = 30"],
    [rule('event = "closing"\nseconds = 0'), [], "alert #1 (in PATH) seconds: must be a whole number of seconds from 1 to 86400 (got 0)"],
    [
      rule('event = "closing"\nseconds = 2.5'),
      [],
      "alert #1 (in PATH) seconds: must be a whole number of seconds from 1 to 86400 (got 2.5)",
    ],
    [
      rule('event = "closing"\nseconds = 86401'),
      [],
      "alert #1 (in PATH) seconds: must be a whole number of seconds from 1 to 86400 (got 86401)",
    ],
    [
      rule('event = "closing"\nseconds = 5\nabove = 1'),
      [],
      "alert #1 (in PATH) above: is not a field of a closing alert; known: event, seconds, only_unheld, deliver",
    ],
    [rule('event = "closing"\nseconds = 5\nonly_unheld = 1'), [], "alert #1 (in PATH) only_unheld: must be true or false (got 1)"],
    [rule('event = "settled"\nabove = 1'), [], "alert #1 (in PATH) above: is not a field of a settled alert; known: event, deliver"],
    [
      rule('event = "settled"\ndeliver = ["sms"]'),
      [],
      'alert #1 (in PATH) deliver: must be a list of bell, desktop, command, e.g. ["bell", "desktop"] (got "sms")',
    ],
    [
      rule('event = "settled"\ndeliver = 3'),
      [],
      'alert #1 (in PATH) deliver: must be a list of bell, desktop, command, e.g. ["bell", "desktop"] (got 3)',
    ],
    [rule('event = "settled"\ndeliver = ["command"]'), [], 'alert #1 (in PATH) deliver: "command" needs a notify_command in [alerts]'],
    ['[alert]\nevent = "settled"\n', [], "alert (in PATH): must be [[alert]] tables (double brackets), one per rule"],
    ["alerts = true\n", [], "alerts (in PATH): must be a table: [alerts]"],
    [
      "[alerts]\nsetled = true\n",
      [],
      "alerts.setled (in PATH): is not an alerts setting; known: deliver, desktop, notify_command, notify_timeout, only_unfocused, cooldown, settled, turned, early_window, balance, service, key_refused, rate_limited",
    ],
    ['[alerts]\nsettled = "yes"\n', [], 'alerts.settled (in PATH): must be true or false (got "yes")'],
    ['[alerts]\ndesktop = "growl"\n', [], 'alerts.desktop (in PATH): must be one of auto, osc9, osc777, osc99, off (got "growl")'],
    ['[alerts]\ndeliver = ["command"]\n', [], 'alerts.deliver (in PATH): "command" needs a notify_command in [alerts]'],
    [
      "[alerts]\nnotify_command = []\n",
      [],
      'alerts.notify_command (in PATH): must be a command, e.g. "notify-send spotdash" or ["/home/me/bin/alert", "--loud"]',
    ],
    ["[alerts]\nnotify_timeout = 0.05\n", [], "alerts.notify_timeout (in PATH): must be seconds, from 0.1 to 60 (got 0.05)"],
    ["[alerts]\nnotify_timeout = 61\n", [], "alerts.notify_timeout (in PATH): must be seconds, from 0.1 to 60 (got 61)"],
    ["[alerts]\ncooldown = 4\n", [], "alerts.cooldown (in PATH): must be seconds from 5 to 86400 (got 4)"],
    ['[alerts]\ncooldown = "soon"\n', [], 'alerts.cooldown (in PATH): must be seconds from 5 to 86400 (got "soon")'],
    [
      `${P}[profile.main.alerts]\ncooldown = -1\n`,
      ["--profile", "main"],
      "alerts.cooldown (in PATH [profile.main]): must be seconds from 5 to 86400 (got -1)",
    ],
  ];

  it.each(CASES.map(([toml, argv, line]) => [line, toml, argv] as const))("%s", (expected, toml, argv) => {
    const { message, path } = failure(toml, argv);
    expect(message).toBe(expected.replace("PATH", path));
  });

  it("never shows a key written into a notify_command or a field", () => {
    const key = "metafide_0123456789abcdef0123456789abcdef";
    const { message } = failure(`[alerts]\nnotify_timeout = "${key}"\n`);
    expect(message).not.toContain(key);
    expect(message).toMatch(/^alerts\.notify_timeout \(in .*\): must be seconds/);
  });

  it("checks only the profile chosen", () => {
    expect(alerts("[profile.other.alerts]\ncooldown = 1\n").cooldownMs).toBe(DEFAULT_ALERT_SETTINGS.cooldownMs);
  });
});

describe("spotdash config", () => {
  const toml = [
    '[alerts]\ndeliver = ["bell", "desktop"]\nnotify_command = ["alert", "--token", "s3cret"]\nturned = true\nbalance = false',
    '[[alert]]\nevent = "price"\nabove = 75000.5',
    '[[alert]]\nevent = "closing"\nseconds = 30\ndeliver = ["desktop"]',
  ].join("\n");

  function print(args: string[]): string {
    let out = "";
    const io = { stdout: { write: (t: string) => (out += t) }, stderr: { write: () => true } };
    expect(configCommand(setup(toml).config(), args, io, {})).toBe(0);
    return out;
  }

  it("sums up the alerts in a line, without the command's words", () => {
    const line = print([])
      .split("\n")
      .find((l) => l.startsWith("alerts"));
    expect(line).toBe(
      "alerts      2 rules; on: settled, turned, service, key_refused, rate_limited; deliver bell+desktop; desktop auto; notify_command set; cooldown 60 s",
    );
  });

  it("gives them with --json", () => {
    const out = print(["--json"]);
    expect(out).not.toContain("s3cret");
    expect((JSON.parse(out) as { alerts: unknown }).alerts).toEqual({
      events: ["settled", "turned", "service", "key_refused", "rate_limited"],
      rules: [
        { id: "price:BTC_USDT:above:75000.5", deliver: null },
        { id: "closing:30", deliver: ["desktop"] },
      ],
      deliver: ["bell", "desktop"],
      desktop: "auto",
      notifyCommand: true,
      notifyTimeout: 5,
      onlyUnfocused: false,
      cooldown: 60,
    });
  });

  it("names the strategies it read, each with its market, and says when there are none", () => {
    const io = (sink: { out: string }) => ({ stdout: { write: (t: string) => (sink.out += t) }, stderr: { write: () => true } });
    const run = (text: string, args: string[] = []) => {
      const sink = { out: "" };
      expect(configCommand(setup(text).config(), args, io(sink), {})).toBe(0);
      return sink.out;
    };
    const two = '[[strategy]]\nname = "ten"\ninterval = 10\n[[strategy]]\nname = "late"\nasset = "ETH_USDT"\ninterval = 60\npaper = true\n';
    expect(
      run(two)
        .split("\n")
        .find((l) => l.startsWith("strategies")),
    ).toBe("strategies  ten (BTC_USDT 10s testnet) · late (ETH_USDT 1m testnet, paper)");
    const json = JSON.parse(run(two, ["--json"])) as { strategies: { name: string; interval: number; paper: boolean }[] };
    expect(json.strategies.map((st) => [st.name, st.interval, st.paper])).toEqual([
      ["ten", 10, false],
      ["late", 60, true],
    ]);
    expect(
      run("")
        .split("\n")
        .find((l) => l.startsWith("strategies")),
    ).toBe("strategies  none declared");
  });
});

describe("the file config --edit creates", () => {
  it("has the alerts commented out at their defaults, valid when uncommented", () => {
    const template = configTemplate();
    expect(alerts(template)).toEqual(DEFAULT_ALERT_SETTINGS);
    const lines = template.split("\n");
    const from = lines.indexOf("# [alerts]");
    const to = lines.findIndex((l) => l.startsWith("# A profile"));
    const uncommented = lines.slice(from, to).map((l) => l.replace(/^# /, ""));
    const a = alerts(uncommented.join("\n"));
    expect({ ...a, notifyCommand: null, rules: [] }).toEqual(DEFAULT_ALERT_SETTINGS);
    expect(a.rules.map((r) => r.id)).toEqual(["price:ETH_USDT:above:75000", "closing:30:unheld"]);
  });
});

describe("docs/config.md", () => {
  it("has an Alerts example that loads as it says", () => {
    const doc = readFileSync(new URL("../../docs/config.md", import.meta.url), "utf8");
    const section = doc.slice(doc.indexOf("## Alerts"));
    const example = /```toml\n([\s\S]*?)```/.exec(section)![1]!;
    const a = alerts(example);
    expect(a).toMatchObject({ deliver: ["bell", "desktop"], cooldownMs: 120_000, notifyCommand: ["/home/me/bin/alert", "--loud"] });
    expect(a.events).toEqual({ ...SIMPLE_DEFAULTS, turned: true });
    expect(a.rules.map((r) => r.id)).toEqual([
      "price:BTC_USDT:above:75000",
      "price:ETH_USDT:below:2999.5:every",
      "closing:30:unheld",
      "settled",
    ]);
  });
});
