/**
 * `spotdash config`: each setting's value and where it came from (the key
 * redacted), the alert set-up in short and the strategies read, as a table
 * or --json; `--edit` opens the config file in $VISUAL / $EDITOR, creating
 * it with every setting commented out first.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { type AlertSettings, SIMPLE_KINDS } from "../alerts/rules.js";
import { REDACTED } from "../api/redact.js";
import type { Config } from "../config/config.js";
import { configTemplate } from "../config/config-template.js";
import { SETTINGS, type SettingName, tomlKey } from "../config/settings.js";
import { formatInterval } from "../domain/format.js";
import type { StrategyConfig } from "../strategy/strategy.js";
import { type CommandIO, EXIT, type ExitCode } from "./io.js";

const USAGE = "spotdash config [--json] | spotdash config --edit";
/** The command's own switches (its usage check and the completion scripts read them). */
export const CONFIG_SWITCHES = ["--json", "--edit"] as const;

/** The value of a setting as the Config holds it, written as a flag would take it. */
function shownValue(config: Config, name: SettingName): string | null {
  if (name === "apiKey") return config.apiKey === null ? null : REDACTED;
  const value = (config as unknown as Record<string, unknown>)[name];
  if (value === null || value === undefined) return null;
  return Array.isArray(value) ? value.join(",") : String(value);
}

export function configCommand(config: Config, rest: readonly string[], io: CommandIO, env: NodeJS.ProcessEnv): ExitCode {
  const unknown = rest.find((a) => !(CONFIG_SWITCHES as readonly string[]).includes(a));
  if (unknown !== undefined || (rest.includes("--edit") && rest.includes("--json"))) {
    io.stderr.write(
      `spotdash: config: ${unknown === undefined ? "--edit and --json do not go together" : "unknown option"}; usage: ${USAGE}\n`,
    );
    return EXIT.usage;
  }
  if (rest.includes("--edit")) return editConfig(config.configFile.path, io, env);
  // Named as in the config file (the key, which never goes there, as "key").
  const rows = SETTINGS.map((d) => ({
    name: d.name === "apiKey" ? "key" : tomlKey(d),
    value: shownValue(config, d.name),
    source: config.sources[d.name],
    from: config.origins[d.name],
  }));
  if (rest.includes("--json")) {
    const settings = Object.fromEntries(rows.map((r) => [r.name, { value: r.value, source: r.source, from: r.from }]));
    const { configFile, profile, envFile } = config;
    const strategies = config.strategies.map((st) => ({ name: st.name, ...st.market, paper: st.paper, where: st.where }));
    io.stdout.write(`${JSON.stringify({ configFile, profile, envFile, settings, alerts: alertsJson(config.alerts), strategies })}\n`);
    return EXIT.ok;
  }
  const file = config.configFile;
  const lines = [
    `config file  ${file.path}${file.found ? "" : " (none; spotdash config --edit creates it)"}`,
    `profile      ${config.profile ?? "(none)"}`,
    `.env         ${config.envFile ?? "(none in this directory)"}`,
    "",
  ];
  const width = Math.max(...rows.map((r) => (r.value ?? "-").length));
  for (const r of rows) lines.push(`${r.name.padEnd(10)}  ${(r.value ?? "-").padEnd(width)}  ${r.from}`);
  lines.push("", `alerts      ${alertsLine(config.alerts)}`, `strategies  ${strategiesLine(config.strategies)}`);
  io.stdout.write(`${lines.join("\n")}\n`);
  return EXIT.ok;
}

/** The alert set-up in one line: `2 rules; on: settled, balance; deliver bell+desktop; notify_command set`. */
function alertsLine(a: AlertSettings): string {
  const on = SIMPLE_KINDS.filter((k) => a.events[k]);
  return [
    `${a.rules.length} ${a.rules.length === 1 ? "rule" : "rules"}`,
    `on: ${on.length ? on.join(", ") : "none"}`,
    `deliver ${a.deliver.length ? a.deliver.join("+") : "screen only"}`,
    `desktop ${a.desktop}`,
    // The command's words are not shown: it may carry a token.
    `notify_command ${a.notifyCommand ? "set" : "not set"}`,
    `cooldown ${a.cooldownMs / 1000} s${a.onlyUnfocused ? ", only unfocused" : ""}`,
  ].join("; ");
}

/** The [[strategy]] blocks read, each with its market: `ladder10 (BTC_USDT 10s testnet) · late (ETH_USDT 1m testnet, paper)`. */
function strategiesLine(strategies: readonly StrategyConfig[]): string {
  if (strategies.length === 0) return "none declared";
  return strategies
    .map((st) => `${st.name} (${st.market.asset} ${formatInterval(st.market.interval)} ${st.market.network}${st.paper ? ", paper" : ""})`)
    .join(" · ");
}

function alertsJson(a: AlertSettings): object {
  return {
    events: SIMPLE_KINDS.filter((k) => a.events[k]),
    rules: a.rules.map((r) => ({ id: r.id, deliver: r.deliver ?? null })),
    deliver: a.deliver,
    desktop: a.desktop,
    notifyCommand: a.notifyCommand !== null,
    notifyTimeout: a.notifyTimeoutMs / 1000,
    onlyUnfocused: a.onlyUnfocused,
    cooldown: a.cooldownMs / 1000,
  };
}

/** The editor command as argv, run without a shell: `$VISUAL`, else `$EDITOR`, else vi. */
function editorArgv(env: NodeJS.ProcessEnv): string[] {
  const editor = (env.VISUAL?.trim() || env.EDITOR?.trim() || "vi").split(/\s+/);
  return editor;
}

function editConfig(path: string, io: CommandIO, env: NodeJS.ProcessEnv): ExitCode {
  if (!existsSync(path)) {
    // Not secret by design (the key never goes in it), but it says how the key is found: the owner's alone.
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    writeFileSync(path, configTemplate(), { mode: 0o600, flag: "wx" });
    chmodSync(path, 0o600);
    io.stderr.write(`spotdash: created ${path}\n`);
  }
  const [cmd, ...args] = editorArgv(env);
  const run = spawnSync(cmd!, [...args, path], { stdio: "inherit" });
  if (run.error) {
    io.stderr.write(`spotdash: config --edit: cannot run ${cmd} (${(run.error as NodeJS.ErrnoException).code}); set EDITOR\n`);
    return EXIT.usage;
  }
  return run.status === 0 ? EXIT.ok : EXIT.usage;
}
