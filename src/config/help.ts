/**
 * The list of commands is written once, here, next to the line --help prints
 * for each: argv parsing, the one-shot commands and the help all read it, so
 * adding a command cannot leave one of them behind.
 */
import { SETTINGS } from "./settings.js";
import { VERSION } from "./version.js";

export const COMMANDS = [
  "dashboard",
  "sim",
  "game",
  "price",
  "balance",
  "positions",
  "book",
  "results",
  "stats",
  "place",
  "watch",
  "auto",
  "doctor",
  "config",
  "completion",
] as const;
export type Command = (typeof COMMANDS)[number];

const COMMAND_HELP: Record<Command, string> = {
  dashboard: "the full-screen dashboard (default)",
  sim: "run the local simulator of the service",
  game: "print the live and next game",
  price: "print the live price",
  balance: "print the balance",
  positions: "print your positions in the live game",
  book: "print every game you hold positions in, across the markets (--assets)",
  results: "print settled games (--all: every one, as --csv or --ndjson)",
  stats: "print how you do over time: the performance view's figures (--range today|7d|30d|all)",
  place: "place a position",
  watch: "follow the live game line by line (--book: every game held; --events: alerts)",
  auto: "run a strategy of the config file headless (--trial N: N fast games on the sim)",
  doctor: "check the service: every endpoint, the key, each answer, the clock",
  config: "print each setting and where it came from (--edit: open the config file)",
  completion: "print the completion script for bash, zsh or fish",
};

/** What each command is for, one line: --help, the man page and the completion scripts. */
export const commandHelp = (c: Command): string => COMMAND_HELP[c];

export function helpText(): string {
  const pad = (s: string, n: number) => (s.length >= n ? `${s} ` : s.padEnd(n));
  const lines = [
    `spotdash ${VERSION}: terminal dashboard for Metafide's Spot-On price-prediction game`,
    "",
    "Usage: spotdash [command] [options]",
    "",
    "Commands:",
    ...COMMANDS.map((c) => `  ${pad(c, 12)}${COMMAND_HELP[c]}`),
    "",
    "Options (flag, environment variable, default):",
  ];
  for (const d of SETTINGS) {
    if (!d.flag && !d.switches) continue;
    const flag = d.flag ? `${d.flag} ${d.meta}` : `${d.switches!.on}`;
    lines.push(`  ${pad(flag, 23)}${pad(d.env, 19)}${d.default ?? ""}`);
    lines.push(`      ${d.help}`);
  }
  lines.push(
    "  -h, --help             show this help",
    "  -v, --version          show the version",
    "",
    "Environment only (never a flag: flags end up in shell history):",
  );
  for (const d of SETTINGS) {
    if (d.flag || d.switches) continue;
    lines.push(`  ${pad(d.env, 23)}${d.help}`);
  }
  lines.push(
    "",
    "Each setting is taken from its flag, else the environment, else ./.env, else the config file",
    "(~/.config/spotdash/config.toml; --profile NAME picks its [profile.NAME]), else the default.",
    "Switches have an opposite (--color, --bell, --no-readonly, --no-ascii); NO_COLOR disables colour.",
  );
  return lines.join("\n");
}
