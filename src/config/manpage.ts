/**
 * spotdash(1), in roff, from the command list and the settings table that
 * --help prints: the build writes it to dist/spotdash.1, which npm links
 * into the man path on a global install.
 */
import { COMMANDS, commandHelp } from "./help.js";
import { SETTINGS, tomlKey } from "./settings.js";
import { VERSION } from "./version.js";

/** Text safe in roff: backslashes and hyphens escaped, no line starting with a control character. */
const esc = (s: string) => s.replace(/\\/g, "\\e").replace(/-/g, "\\-").replace(/^[.']/gm, "\\&$&");

export function manPage(date: string): string {
  const lines = [
    `.TH SPOTDASH 1 "${date}" "spotdash ${esc(VERSION)}" "User Commands"`,
    ".SH NAME",
    "spotdash \\- terminal dashboard for Metafide's Spot\\-On price\\-prediction game",
    ".SH SYNOPSIS",
    ".B spotdash",
    "[\\fIcommand\\fR] [\\fIoptions\\fR]",
    ".SH DESCRIPTION",
    "A full\\-screen dashboard for the live game: countdown, price chart, balance, positions with projected winnings, " +
      "and a form to place a position. Without an API key it runs against its local simulator of the service.",
    ".SH COMMANDS",
  ];
  for (const c of COMMANDS) lines.push(".TP", `.B ${c}`, esc(commandHelp(c)));
  lines.push(".SH OPTIONS");
  for (const d of SETTINGS) {
    if (!d.flag && !d.switches) continue;
    const flag = d.flag
      ? `\\fB${esc(d.flag)}\\fR \\fI${esc(d.meta ?? "VALUE")}\\fR`
      : `\\fB${esc(d.switches!.on)}\\fR, \\fB${esc(d.switches!.off)}\\fR`;
    const tail = [
      `environment \\fB${esc(d.env)}\\fR`,
      ...(d.name === "profile" ? [] : [`config file \\fB${esc(tomlKey(d))}\\fR`]),
      ...(d.default !== undefined ? [`default ${esc(d.default)}`] : []),
    ].join("; ");
    lines.push(".TP", flag, `${esc(d.help)} (${tail}).`);
  }
  lines.push(".TP", "\\fB\\-h\\fR, \\fB\\-\\-help\\fR", "show the help", ".TP", "\\fB\\-v\\fR, \\fB\\-\\-version\\fR", "show the version");
  lines.push(".SH ENVIRONMENT", "Settings that are never flags (flags end up in shell history):");
  for (const d of SETTINGS) if (!d.flag && !d.switches) lines.push(".TP", `.B ${esc(d.env)}`, esc(d.help));
  lines.push(
    ".SH FILES",
    ".TP",
    ".I $XDG_CONFIG_HOME/spotdash/config.toml",
    "The config file (default \\fI~/.config/spotdash/config.toml\\fR): every option under its snake_case name, " +
      "profiles as \\fB[profile.NAME]\\fR, and \\fBkey_command\\fR, a command that prints the API key. " +
      "\\fBspotdash config \\-\\-edit\\fR creates it. The key itself never goes in it.",
    ".TP",
    ".I $XDG_STATE_HOME/spotdash",
    "The price history and \\fIsim.json\\fR, where a running sim announces itself.",
    ".SH PRECEDENCE",
    "A flag, else the environment, else \\fI./.env\\fR, else the config file (its profile over its top level), else the default.",
    ".SH EXIT STATUS",
    "0 done; 1 a usage or configuration error; 2 refused by the service; 3 the service could not be reached.",
    ".SH SEE ALSO",
    "\\fBspotdash completion\\fR \\fIbash\\fR|\\fIzsh\\fR|\\fIfish\\fR prints a completion script.",
  );
  return `${lines.join("\n")}\n`;
}
