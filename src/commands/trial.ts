/**
 * A strategy's trial as a command (`spotdash auto NAME --trial N`): the
 * strategy from the config file plays N games on the sim's engine in this
 * process (strategy/trial.ts), then the summary. With --json, one NDJSON
 * line per decision (placed, refused, skipped, stopped), one per settled
 * game, and the summary last; without it, the summary as a table, and a
 * progress line on stderr while it runs when stderr is a terminal. A trial
 * sends nothing to any service. docs/strategies.md, "Trial".
 */
import type { Config } from "../config/config.js";
import { formatInterval, formatMoneyChangeExact, formatMoneyExact, formatPercent, inCurrency, plural } from "../domain/format.js";
import { formatAmount, toWire } from "../domain/money.js";
import { runTrial, TrialError, type TrialLine, type TrialSummary } from "../strategy/trial.js";
import { strategyNamed } from "./auto.js";
import { CommandFailure, type CommandIO, EXIT, jsonLine, out } from "./io.js";

export interface TrialContext {
  config: Pick<Config, "strategies" | "ascii">;
  /** The strategy's name in the config file. */
  name: string;
  games: number;
  json: boolean;
  io: CommandIO;
  /** The sim's seed: the same seed, the same prices and crowd; random when absent (the summary says which). */
  seed?: number;
}

/** Reasons for skipped games shown in the table; the rest are counted. */
const SKIPS_SHOWN = 5;

export async function trialCommand(ctx: TrialContext): Promise<void> {
  const { config, name, io, json } = ctx;
  const strategy = strategyNamed(config, name);
  const progress = json ? undefined : Progress.on(io, name, ctx.games, strategy.market.currency);
  const onDecision = (line: TrialLine) => {
    if (json) out(io, jsonLine(io, line));
    progress?.update(line);
  };
  let summary: TrialSummary;
  try {
    const opts = { games: ctx.games, onDecision, ...(ctx.seed === undefined ? {} : { seed: ctx.seed }) };
    summary = await runTrial(strategy, io.signal ? { ...opts, signal: io.signal } : opts);
  } catch (e) {
    if (e instanceof TrialError) throw new CommandFailure(`trial: ${e.message}`, "usage", EXIT.usage);
    throw e;
  } finally {
    progress?.clear();
  }
  if (json) out(io, jsonLine(io, trialSummaryJson(summary)));
  else out(io, trialTable(summary, config.ascii).join("\n"));
}

// ---- JSON -----------------------------------------------------------------------

export function trialSummaryJson(s: TrialSummary): Record<string, unknown> & { type: "summary" } {
  const pct = (d: TrialSummary["winRatePct"]) => (d === null ? null : toWire(d));
  return {
    type: "summary",
    strategy: s.strategy,
    asset: s.market.asset,
    interval: s.market.interval,
    network: s.market.network,
    currency: s.market.currency,
    paper: s.paper,
    seed: s.seed,
    from: s.from,
    to: s.to,
    games_asked: s.asked,
    games: s.games,
    skipped: s.skipped.length,
    skipped_games: s.skipped,
    positions: s.positions,
    staked: toWire(s.staked),
    paid: toWire(s.paid),
    net: toWire(s.net),
    return_on_stake_pct: pct(s.returnOnStakePct),
    wins: s.wins,
    games_with_positions: s.decided,
    cancelled: s.cancelled,
    win_rate_pct: pct(s.winRatePct),
    largest_drawdown: toWire(s.largestDrawdown),
    balance_start: toWire(s.balanceStart),
    balance_end: toWire(s.balanceEnd),
    stopped: s.stopReason,
  };
}

// ---- for people -----------------------------------------------------------------

/** The summary as label / value rows under a heading line. */
export function trialTable(s: TrialSummary, ascii = false): string[] {
  const none = ascii ? "-" : "—";
  const money = (d: TrialSummary["net"]) => inCurrency(formatMoneyExact(d), s.market.currency);
  const { asset, interval, network } = s.market;
  const heading = `trial "${s.strategy}"${s.paper ? " (paper, trialled as if armed)" : ""}: ${asset} ${formatInterval(interval)} ${network} on the sim's engine, seed ${s.seed}, from ${utc(s.from)} (the trial's clock)`;
  const winRate =
    s.winRatePct === null ? none : `${formatAmount(s.winRatePct, 2)}% (${s.wins} of ${plural(s.decided, "game")} with positions)`;
  const rows: [string, string][] = [
    ["games", `${s.games} of ${s.asked}, ${s.skipped.length} skipped${s.cancelled > 0 ? `, ${s.cancelled} cancelled` : ""}`],
    ["positions", String(s.positions)],
    ["staked", money(s.staked)],
    ["paid", money(s.paid)],
    ["net", inCurrency(formatMoneyChangeExact(s.net), s.market.currency)],
    ["return on stake", s.returnOnStakePct === null ? none : formatPercent(s.returnOnStakePct)],
    ["win rate", winRate],
    ["largest drawdown", money(s.largestDrawdown)],
    ["balance", `${formatMoneyExact(s.balanceStart)} ${ascii ? "->" : "→"} ${money(s.balanceEnd)}`],
    ["stopped", s.stopReason ?? "no: played every game asked for"],
  ];
  const groups = skipGroups(s.skipped);
  for (const [i, g] of groups.slice(0, SKIPS_SHOWN).entries()) {
    rows.push([i === 0 ? "skipped" : "", g.count === 1 ? `#${g.gid}: ${g.reason}` : `${g.count} games (first #${g.gid}): ${g.reason}`]);
  }
  if (groups.length > SKIPS_SHOWN) rows.push(["", `and ${plural(groups.length - SKIPS_SHOWN, "other reason")} (--json lists every game)`]);
  const width = Math.max(...rows.map(([label]) => label.length));
  const text = [heading, ...rows.map(([label, value]) => `${label.padEnd(width)}  ${value}`)];
  return ascii ? text.map((line) => line.replaceAll("−", "-")) : text;
}

/** Skipped games by reason (the same words but for the games' ids), in the order each reason first came. */
function skipGroups(skipped: TrialSummary["skipped"]): { gid: string; reason: string; count: number }[] {
  const groups = new Map<string, { gid: string; reason: string; count: number }>();
  for (const skip of skipped) {
    const key = skip.reason.replace(/#\d+/g, "#");
    const group = groups.get(key);
    if (group === undefined) groups.set(key, { ...skip, count: 1 });
    else group.count++;
  }
  return [...groups.values()];
}

function utc(t: number): string {
  return `${new Date(t).toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

/** "game 12 of 50, net −1.20 USDC" on one line of stderr, redrawn as games end; only on a terminal. */
class Progress {
  private played = 0;
  private net: string | undefined;

  private constructor(
    private readonly io: CommandIO,
    private readonly name: string,
    private readonly games: number,
    private readonly currency: string,
  ) {}

  static on(io: CommandIO, name: string, games: number, currency: string): Progress | undefined {
    return (io.stderr as { isTTY?: boolean }).isTTY === true ? new Progress(io, name, games, currency) : undefined;
  }

  update(line: TrialLine): void {
    if (line.type === "game") this.net = inCurrency(formatMoneyChangeExact(line.cumulative_net), this.currency);
    else if (line.action !== "skipped") return;
    this.played++;
    const net = this.net === undefined ? "" : `, net ${this.net}`;
    this.io.stderr.write(`\r\x1b[Ktrial "${this.name}": game ${this.played} of ${this.games}${net}`);
  }

  clear(): void {
    if (this.played > 0) this.io.stderr.write("\r\x1b[K");
  }
}
