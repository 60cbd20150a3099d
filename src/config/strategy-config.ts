/**
 * The config file's `[[strategy]]` tables (the top level's, then the chosen
 * profile's) into StrategyConfig. Read after the settings: a strategy that
 * names no market trades the asset, interval and network in use, and its
 * stakes are checked against that interval's minimum. A bad field stops the
 * start with one line naming the strategy and the field; a field that is
 * not known is an error listing the known ones, since a misspelt limit
 * would otherwise be no limit at all. docs/strategies.md.
 */
import type { Network } from "../api/schemas.js";
import { formatInterval } from "../domain/format.js";
import { Decimal, toWire } from "../domain/money.js";
import { type Interval, MAX_POSITIONS_PER_GAME, minStake } from "../domain/rules.js";
import {
  AROUND,
  defaultStake,
  defaultStrike,
  type StakeRule,
  type StrategyConfig,
  type StrategyLimits,
  type StrategyTiming,
  type StrikeRule,
} from "../strategy/strategy.js";
import { isTable, type StrategySources, type Table } from "./config-file.js";
import { ConfigError } from "./errors.js";
import { SettingsSchema } from "./schema.js";
import { Fields, type Floats, got } from "./strategy-values.js";

/** The settings in use: a strategy's market where it names none. */
export interface StrategyContext {
  asset: string;
  interval: Interval;
  network: Network;
  currency: string;
}

export const STRATEGY_FIELDS = ["name", "asset", "interval", "network", "positions_per_game", "paper", "strike", "stake", "when", "limits"];
export const STRIKE_FIELDS = ["around", "step", "count", "min", "max"];
export const STAKE_FIELDS = ["fixed", "min", "max", "choices", "fraction"];
export const WHEN_FIELDS = ["early_only", "from_seconds", "until_seconds", "next_game"];
export const LIMIT_FIELDS = ["max_per_game", "max_per_session", "max_per_day", "stop_after_net_loss", "stop_after_losing_games"];

/** A name is typed after `spotdash auto` and names the strategy's spend file. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$/;
/** Strike offsets stay well inside safe integers (the planner draws them as numbers). */
const MAX_OFFSET = 1_000_000;

/**
 * Every strategy, the top level's then the profile's. Two of one name in
 * the same table are an error; a profile's strategy replaces the top
 * level's of its name, in the top level's place.
 */
export function strategySettings(sources: StrategySources, ctx: StrategyContext): StrategyConfig[] {
  const byName = new Map<string, StrategyConfig>();
  for (const { value, where } of sources.lists) {
    if (!Array.isArray(value) || !value.every(isTable))
      throw new ConfigError(`strategy (in ${where})`, "must be [[strategy]] tables (double brackets), one per strategy");
    const here = new Set<string>();
    value.forEach((table, i) => {
      const strategy = readStrategy(table, i, where, sources.floats, ctx);
      if (here.has(strategy.name))
        throw new ConfigError(`strategy "${strategy.name}" (in ${where}) name`, "is given to two strategies; names must be unique");
      here.add(strategy.name);
      byName.set(strategy.name, strategy);
    });
  }
  return [...byName.values()];
}

function readStrategy(table: Table, i: number, where: string, floats: Floats, ctx: StrategyContext): StrategyConfig {
  const name = strategyName(table.name, `strategy #${i + 1} (in ${where}) name`);
  const f = new Fields(table, `strategy "${name}" (in ${where})`, "", floats);
  f.only(STRATEGY_FIELDS, "a strategy field");
  const interval = f.has("interval") ? settingValue(f, "interval") : ctx.interval;
  const positionsPerGame = f.whole("positions_per_game", 1, MAX_POSITIONS_PER_GAME) ?? MAX_POSITIONS_PER_GAME;
  return {
    name,
    market: {
      asset: f.has("asset") ? settingValue(f, "asset") : ctx.asset,
      interval,
      network: f.has("network") ? settingValue(f, "network") : ctx.network,
      currency: ctx.currency,
    },
    positionsPerGame,
    strike: strikeRule(f.sub("strike", '{ around = "live", min = -10, max = 10 }'), interval, positionsPerGame),
    stake: stakeRule(f.sub("stake", "{ fixed = 0.5 }"), interval),
    when: timing(f.sub("when", "{ early_only = true }"), interval),
    limits: limits(f.sub("limits", "{ max_per_day = 20 }"), interval),
    paper: f.bool("paper", false),
    where,
  };
}

function strategyName(v: unknown, label: string): string {
  if (v === undefined) throw new ConfigError(label, 'every strategy needs one, e.g. name = "ladder10"');
  if (typeof v !== "string" || !NAME.test(v))
    throw new ConfigError(label, `must be letters, digits, "_", "-" or ".", at most 40, starting with a letter or digit (got ${got(v)})`);
  return v;
}

/** asset, interval, network: checked as the settings of the same names are (a value of another type as an empty one). */
function settingValue<K extends "asset" | "interval" | "network">(f: Fields, key: K): StrategyContext[K] {
  const v = f.table[key];
  const text = typeof v === "string" ? v : key === "interval" && typeof v === "number" ? String(v) : "";
  const parsed = SettingsSchema.shape[key].safeParse(text);
  if (!parsed.success) f.fail(key, `${parsed.error.issues[0]!.message} (got ${got(v)})`);
  return parsed.data as StrategyContext[K];
}

function strikeRule(f: Fields, interval: Interval, positionsPerGame: number): StrikeRule {
  f.only(STRIKE_FIELDS, "a strike field");
  const around = f.oneOf("around", AROUND, "live");
  const ladder = f.has("step") || f.has("count");
  const range = f.has("min") || f.has("max");
  if (ladder && range) f.fail(f.has("step") ? "step" : "count", "give step (a ladder) or min and max (a range), not both");
  if (ladder) {
    if (!f.has("step")) f.fail("step", "a ladder needs the distance between its strikes, e.g. step = 5");
    const step = f.whole("step", 1, MAX_OFFSET)!;
    return { kind: "ladder", around, step: new Decimal(step), count: f.whole("count", 1, positionsPerGame) ?? positionsPerGame };
  }
  if (!range) return { ...defaultStrike(interval), around };
  for (const key of ["min", "max"]) if (!f.has(key)) f.fail(key, "a range needs both min and max, e.g. min = -10, max = 10");
  const min = f.whole("min", -MAX_OFFSET, MAX_OFFSET)!;
  const max = f.whole("max", -MAX_OFFSET, MAX_OFFSET)!;
  if (min > max) f.fail("max", `must be at least min (${min}) (got ${max})`);
  return { kind: "range", around, min: new Decimal(min), max: new Decimal(max) };
}

function stakeRule(f: Fields, interval: Interval): StakeRule {
  f.only(STAKE_FIELDS, "a stake field");
  const forms = [["fixed"], ["min", "max"], ["choices"], ["fraction"]].filter((keys) => keys.some((k) => f.has(k)));
  if (forms.length > 1) f.fail(forms[1]![0]!, "give one of fixed, min and max, choices or fraction");
  const atLeastMin = (d: Decimal, key: string): Decimal => {
    const min = minStake(interval);
    if (d.lt(min)) f.fail(key, `must be at least the ${formatInterval(interval)} minimum stake of ${toWire(min)} (got ${toWire(d)})`);
    return d;
  };
  if (f.has("fixed")) return { kind: "fixed", amount: atLeastMin(f.amount("fixed")!, "fixed") };
  if (f.has("choices")) return { kind: "choices", amounts: choices(f, atLeastMin) };
  if (f.has("fraction")) {
    const share = f.decimal("fraction");
    if (share === null || share === undefined || share.lte(0) || share.gt(1))
      f.fail("fraction", `must be a share of the balance more than 0 and at most 1, e.g. 0.01 (got ${got(f.table.fraction)})`);
    return { kind: "fraction", fraction: share };
  }
  if (!f.has("min") && !f.has("max")) return defaultStake(interval);
  for (const key of ["min", "max"]) if (!f.has(key)) f.fail(key, "a stake range needs both min and max, e.g. min = 0.1, max = 0.5");
  const min = atLeastMin(f.amount("min")!, "min");
  const max = f.amount("max")!;
  if (max.lt(min)) f.fail("max", `must be at least min (${toWire(min)}) (got ${toWire(max)})`);
  return { kind: "range", min, max };
}

function choices(f: Fields, atLeastMin: (d: Decimal, key: string) => Decimal): Decimal[] {
  const v = f.table.choices;
  if (!Array.isArray(v) || v.length === 0) f.fail("choices", `must be a list of amounts, e.g. [0.1, 0.2, 0.3] (got ${got(v)})`);
  return v.map((item, i) => atLeastMin(f.amountOf(item, f.label(`choices[${i}]`)), `choices[${i}]`));
}

function timing(f: Fields, interval: Interval): StrategyTiming {
  f.only(WHEN_FIELDS, "a when field");
  const nextGame = f.bool("next_game", interval === 10);
  const fromSeconds = f.whole("from_seconds", 0, interval - 1);
  const untilSeconds = f.whole("until_seconds", 1, interval);
  if (fromSeconds !== undefined && nextGame) {
    const why = f.has("next_game") ? "" : " (the default for 10 s games)";
    f.fail("from_seconds", `cannot go with next_game${why}, which places from the game's start; set next_game = false to use it`);
  }
  if (fromSeconds !== undefined && untilSeconds !== undefined && untilSeconds <= fromSeconds)
    f.fail("until_seconds", `must be after from_seconds (${fromSeconds}) (got ${untilSeconds})`);
  return { earlyOnly: f.bool("early_only", false), fromSeconds, untilSeconds, nextGame };
}

function limits(f: Fields, interval: Interval): StrategyLimits {
  f.only(LIMIT_FIELDS, "a limits field");
  const min = minStake(interval);
  const cap = (key: string): Decimal | undefined => {
    const d = f.amount(key);
    if (d?.lt(min))
      f.fail(
        key,
        `must be at least the ${formatInterval(interval)} minimum stake of ${toWire(min)}, or nothing could be placed (got ${toWire(d)})`,
      );
    return d;
  };
  return {
    maxStakePerGame: cap("max_per_game"),
    maxStakePerSession: cap("max_per_session"),
    maxStakePerDay: cap("max_per_day"),
    stopAfterNetLoss: f.amount("stop_after_net_loss"),
    stopAfterLosingGames: f.whole("stop_after_losing_games", 1, 1_000_000),
  };
}
