/**
 * `[[strategy]]` in the config file: every field, the defaults (the bot
 * template's where it has one), profiles, and a table of bad strategies,
 * each stopping the start with exactly one line that names the strategy
 * and the field.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Config } from "../../src/config/config.js";
import { ConfigError } from "../../src/config/errors.js";
import { loadConfig } from "../../src/config/load.js";
import { Decimal } from "../../src/domain/money.js";
import type { StrategyConfig } from "../../src/strategy/strategy.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function setup(toml: string, argv: string[] = []): { config: () => Config; path: string } {
  const cwd = mkdtempSync(join(tmpdir(), "spotdash-strategy-"));
  dirs.push(cwd);
  const path = join(cwd, "config.toml");
  writeFileSync(path, toml);
  return {
    path,
    config: () => {
      const r = loadConfig({ argv, env: {}, cwd, configPath: path, runKeyCommand: () => "" });
      if (r.kind !== "run") throw new Error(`expected a run result, got ${r.kind}`);
      return r.config;
    },
  };
}

const strategies = (toml: string, argv: string[] = []) => setup(toml, argv).config().strategies;
const one = (toml: string, argv: string[] = []): StrategyConfig => {
  const all = strategies(toml, argv);
  expect(all).toHaveLength(1);
  return all[0]!;
};
const D = (v: string) => new Decimal(v);
/** Decimals as their exact text, for comparing whole objects. */
const plain = (v: unknown): unknown =>
  v instanceof Decimal
    ? `D${v.toFixed()}`
    : Array.isArray(v)
      ? v.map(plain)
      : v && typeof v === "object"
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]))
        : v;

function failure(toml: string, argv: string[] = []): string {
  const s = setup(toml, argv);
  try {
    s.config();
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    const message = (e as ConfigError).message;
    expect(message).not.toMatch(/[\r\n]/);
    return message.replaceAll(s.path, "PATH");
  }
  throw new Error(`expected a ConfigError for ${toml}`);
}

describe("[[strategy]]", () => {
  it("is none without the table", () => {
    expect(strategies('asset = "BTC_USDT"\n')).toEqual([]);
  });

  it("takes the bot template's defaults and the market in use", () => {
    const s = one('interval = 3600\nnetwork = "mainnet"\n[[strategy]]\nname = "bot"\n');
    expect(plain(s)).toEqual(
      plain({
        name: "bot",
        market: { asset: "BTC_USDT", interval: 3600, network: "mainnet", currency: "USDC" },
        positionsPerGame: 10,
        strike: { kind: "range", around: "live", min: D("-40"), max: D("50") },
        stake: { kind: "choices", amounts: ["1", "2", "3", "4"].map(D) },
        when: { earlyOnly: false, fromSeconds: undefined, untilSeconds: undefined, nextGame: false },
        limits: {
          maxStakePerGame: undefined,
          maxStakePerSession: undefined,
          maxStakePerDay: undefined,
          stopAfterNetLoss: undefined,
          stopAfterLosingGames: undefined,
        },
        paper: false,
        where: s.where,
      }),
    );
  });

  it("places 10 s games into the next game unless told not to; 60 s stakes start at the 60 s minimum", () => {
    expect(one('[[strategy]]\nname = "a"\ninterval = 10\n').when.nextGame).toBe(true);
    expect(one('[[strategy]]\nname = "a"\ninterval = 10\nwhen = { next_game = false, from_seconds = 2 }\n').when).toMatchObject({
      nextGame: false,
      fromSeconds: 2,
    });
    const sixty = one('[[strategy]]\nname = "a"\n').stake;
    expect(plain(sixty)).toEqual(plain({ kind: "choices", amounts: ["0.1", "0.2", "0.3", "0.4"].map(D) }));
  });

  it("reads every field, money exactly as written", () => {
    const toml = [
      "[[strategy]]",
      'name = "ladder10"',
      'asset = "eth_usdt"',
      "interval = 60",
      'network = "testnet"',
      "positions_per_game = 6",
      "paper = true",
      "[strategy.strike]",
      'around = "ai"',
      "step = 5",
      "count = 3",
      "[strategy.stake]",
      "fixed = 0.123456",
      "[strategy.when]",
      "early_only = true",
      "from_seconds = 5",
      "until_seconds = 40",
      "[strategy.limits]",
      "max_per_game = 2.5",
      'max_per_session = "50.000001"',
      "max_per_day = 100",
      "stop_after_net_loss = 0.3",
      "stop_after_losing_games = 4",
    ].join("\n");
    expect(plain(one(toml))).toMatchObject(
      plain({
        name: "ladder10",
        market: { asset: "ETH_USDT", interval: 60, network: "testnet", currency: "USDC" },
        positionsPerGame: 6,
        strike: { kind: "ladder", around: "ai", step: D("5"), count: 3 },
        stake: { kind: "fixed", amount: D("0.123456") },
        when: { earlyOnly: true, fromSeconds: 5, untilSeconds: 40, nextGame: false },
        limits: {
          maxStakePerGame: D("2.5"),
          maxStakePerSession: D("50.000001"),
          maxStakePerDay: D("100"),
          stopAfterNetLoss: D("0.3"),
          stopAfterLosingGames: 4,
        },
        paper: true,
      }) as object,
    );
  });

  it("reads each stake form and the strike range", () => {
    const stake = (line: string) => plain(one(`[[strategy]]\nname = "a"\nstake = { ${line} }\n`).stake);
    expect(stake("min = 0.1, max = 0.45")).toEqual(plain({ kind: "range", min: D("0.1"), max: D("0.45") }));
    expect(stake("choices = [0.2, 0.3, 1]")).toEqual(plain({ kind: "choices", amounts: [D("0.2"), D("0.3"), D("1")] }));
    expect(stake('fraction = "0.015"')).toEqual(plain({ kind: "fraction", fraction: D("0.015") }));
    const strike = one('[[strategy]]\nname = "a"\nstrike = { around = "open", min = -5, max = 12 }\n').strike;
    expect(plain(strike)).toEqual(plain({ kind: "range", around: "open", min: D("-5"), max: D("12") }));
    expect(one('[[strategy]]\nname = "a"\npositions_per_game = 4\nstrike = { step = 2 }\n').strike).toMatchObject({
      kind: "ladder",
      count: 4,
    });
  });

  it("keeps several strategies in order; a profile's replaces the top level's of its name and adds its own", () => {
    const toml = [
      "[[strategy]]",
      'name = "a"',
      "[[strategy]]",
      'name = "b"',
      "paper = true",
      "[[profile.live.strategy]]",
      'name = "b"',
      "[[profile.live.strategy]]",
      'name = "c"',
    ].join("\n");
    expect(strategies(toml).map((s) => s.name)).toEqual(["a", "b"]);
    const live = strategies(toml, ["--profile", "live"]);
    expect(live.map((s) => [s.name, s.paper])).toEqual([
      ["a", false],
      ["b", false],
      ["c", false],
    ]);
    expect(live[1]!.where).toMatch(/\[profile\.live\]$/);
  });
});

describe("[[strategy]]: a bad strategy stops the start with one line", () => {
  const S = (body: string, name = "x") => `[[strategy]]\nname = "${name}"\n${body}\n`;
  const cases: [string, string, string][] = [
    [
      "an amount that is not one",
      S('stake = { min = "x", max = 1 }', "ladder10"),
      'strategy "ladder10" (in PATH) stake.min: must be an amount such as 0.5, more than 0 and at most 6 decimals (got "x")',
    ],
    ["no name", "[[strategy]]\npaper = true\n", 'strategy #1 (in PATH) name: every strategy needs one, e.g. name = "ladder10"'],
    [
      "a name with a space",
      S("", "my strategy"),
      'strategy #1 (in PATH) name: must be letters, digits, "_", "-" or ".", at most 40, starting with a letter or digit (got "my strategy")',
    ],
    ["two of one name", `${S("")}${S("")}`, 'strategy "x" (in PATH) name: is given to two strategies; names must be unique'],
    [
      "an unknown field",
      S("max_per_day = 5"),
      'strategy "x" (in PATH) max_per_day: is not a strategy field; known: name, asset, interval, network, positions_per_game, paper, strike, stake, when, limits',
    ],
    [
      "an unknown limit",
      S("limits = { max_per_dya = 5 }"),
      'strategy "x" (in PATH) limits.max_per_dya: is not a limits field; known: max_per_game, max_per_session, max_per_day, stop_after_net_loss, stop_after_losing_games',
    ],
    [
      "an interval not played",
      S("interval = 30"),
      'strategy "x" (in PATH) interval: must be one of 10s, 1m, 1h, 1d or 10, 60, 3600, 86400 seconds (got 30)',
    ],
    ["a bad network", S('network = "prod"'), 'strategy "x" (in PATH) network: must be one of testnet, mainnet (got "prod")'],
    ["a bad asset", S("asset = 5"), 'strategy "x" (in PATH) asset: must look like BASE_QUOTE, e.g. BTC_USDT (got 5)'],
    [
      "too many positions",
      S("positions_per_game = 11"),
      'strategy "x" (in PATH) positions_per_game: must be a whole number from 1 to 10 (got 11)',
    ],
    ["paper not a switch", S('paper = "yes"'), 'strategy "x" (in PATH) paper: must be true or false (got "yes")'],
    [
      "strike not a table",
      S("strike = 5"),
      'strategy "x" (in PATH) strike: must be a table, e.g. { around = "live", min = -10, max = 10 } (got 5)',
    ],
    [
      "a ladder and a range",
      S("strike = { step = 5, min = -1, max = 1 }"),
      'strategy "x" (in PATH) strike.step: give step (a ladder) or min and max (a range), not both',
    ],
    [
      "a ladder without a step",
      S("strike = { count = 3 }"),
      'strategy "x" (in PATH) strike.step: a ladder needs the distance between its strikes, e.g. step = 5',
    ],
    [
      "a step that is not whole",
      S("strike = { step = 2.5 }"),
      'strategy "x" (in PATH) strike.step: must be a whole number from 1 to 1000000 (got 2.5)',
    ],
    [
      "more rungs than positions",
      S("positions_per_game = 3\nstrike = { step = 5, count = 4 }"),
      'strategy "x" (in PATH) strike.count: must be a whole number from 1 to 3 (got 4)',
    ],
    [
      "half a range",
      S("strike = { min = -10 }"),
      'strategy "x" (in PATH) strike.max: a range needs both min and max, e.g. min = -10, max = 10',
    ],
    [
      "a range upside down",
      S("strike = { min = 10, max = -10 }"),
      'strategy "x" (in PATH) strike.max: must be at least min (10) (got -10)',
    ],
    [
      "around something else",
      S('strike = { around = "close" }'),
      'strategy "x" (in PATH) strike.around: must be one of live, ai, open (got "close")',
    ],
    [
      "two stake forms",
      S("stake = { fixed = 1, fraction = 0.1 }"),
      'strategy "x" (in PATH) stake.fraction: give one of fixed, min and max, choices or fraction',
    ],
    [
      "a stake under the minimum",
      S("interval = 3600\nstake = { fixed = 0.5 }"),
      'strategy "x" (in PATH) stake.fixed: must be at least the 1h minimum stake of 1 (got 0.5)',
    ],
    [
      "a choice under the minimum",
      S("stake = { choices = [0.2, 0.01] }"),
      'strategy "x" (in PATH) stake.choices[1]: must be at least the 1m minimum stake of 0.1 (got 0.01)',
    ],
    [
      "no choices",
      S("stake = { choices = [] }"),
      'strategy "x" (in PATH) stake.choices: must be a list of amounts, e.g. [0.1, 0.2, 0.3] (got a list)',
    ],
    [
      "seven decimals",
      S('stake = { fixed = "0.1234567" }'),
      'strategy "x" (in PATH) stake.fixed: must be an amount such as 0.5, more than 0 and at most 6 decimals (got "0.1234567")',
    ],
    [
      "a fraction over one",
      S("stake = { fraction = 1.5 }"),
      'strategy "x" (in PATH) stake.fraction: must be a share of the balance more than 0 and at most 1, e.g. 0.01 (got 1.5)',
    ],
    [
      "a stake range upside down",
      S("stake = { min = 0.5, max = 0.2 }"),
      'strategy "x" (in PATH) stake.max: must be at least min (0.5) (got 0.2)',
    ],
    [
      "from_seconds with next_game",
      S("interval = 10\nwhen = { from_seconds = 2 }"),
      'strategy "x" (in PATH) when.from_seconds: cannot go with next_game (the default for 10 s games), which places from the game\'s start; set next_game = false to use it',
    ],
    [
      "until before from",
      S("when = { from_seconds = 20, until_seconds = 10 }"),
      'strategy "x" (in PATH) when.until_seconds: must be after from_seconds (20) (got 10)',
    ],
    [
      "from past the game",
      S("when = { from_seconds = 60 }"),
      'strategy "x" (in PATH) when.from_seconds: must be a whole number from 0 to 59 (got 60)',
    ],
    [
      "a limit under the minimum",
      S("limits = { max_per_game = 0.05 }"),
      'strategy "x" (in PATH) limits.max_per_game: must be at least the 1m minimum stake of 0.1, or nothing could be placed (got 0.05)',
    ],
    [
      "a losing run of none",
      S("limits = { stop_after_losing_games = 0 }"),
      'strategy "x" (in PATH) limits.stop_after_losing_games: must be a whole number from 1 to 1000000 (got 0)',
    ],
    ["single brackets", '[strategy]\nname = "x"\n', "strategy (in PATH): must be [[strategy]] tables (double brackets), one per strategy"],
    [
      "an ambiguous float",
      S("limits = { max_per_game = 0.1, max_per_day = 0.10000000000000001 }"),
      'strategy "x" (in PATH) limits.max_per_game: cannot be kept exactly as a TOML number; write it as a string, e.g. "0.123456" (got 0.1)',
    ],
  ];
  it.each(cases)("%s", (_, toml, message) => {
    expect(failure(toml)).toBe(message);
  });

  it("names the profile a bad strategy is in", () => {
    const toml = '[[profile.p.strategy]]\nname = "y"\npaper = 1\n';
    expect(failure(toml, ["--profile", "p"])).toBe('strategy "y" (in PATH [profile.p]) paper: must be true or false (got 1)');
  });
});
