/**
 * The config file `spotdash config --edit` creates: every setting of the
 * table commented out with its default and help line, so the file documents
 * itself and cannot drift from --help.
 */
import { DEFAULT_ALERT_SETTINGS, SIMPLE_KINDS, SIMPLE_WORDS } from "../alerts/rules.js";
import { SETTINGS, type SettingDef, tomlKey } from "./settings.js";

/** Settings written as TOML numbers; the rest are strings, switches booleans, lists arrays. */
const NUMERIC = new Set(["interval", "maxRps"]);

function literal(def: SettingDef): string {
  const value = def.default ?? def.meta ?? "";
  if (def.switches) return value;
  if (NUMERIC.has(def.name)) return value;
  if (def.name === "assets")
    return `[${value
      .split(",")
      .map((a) => JSON.stringify(a))
      .join(", ")}]`;
  return JSON.stringify(value);
}

export function configTemplate(): string {
  const lines = [
    "# spotdash config file (TOML). Every setting is commented out at its default;",
    "# flags, the environment and ./.env win over this file. See docs/config.md.",
    "#",
    "# The API key never goes here. Set METAFIDE_API_KEY, or name a command that",
    "# prints it (run without a shell; the key is read from its first line):",
    '# key_command = "pass show metafide"',
    "",
  ];
  for (const def of SETTINGS) {
    if (def.name === "apiKey" || def.name === "profile") continue;
    lines.push(`# ${def.help}`, `# ${tomlKey(def)} = ${literal(def)}`, "");
  }
  lines.push(...alertsTemplate());
  lines.push(
    "# A profile (spotdash --profile mainnet) takes the settings above and changes some:",
    "# [profile.mainnet]",
    '# network = "mainnet"',
    '# key_command = ["pass", "show", "metafide-mainnet"]',
    "",
  );
  return lines.join("\n");
}

/** `[alerts]` at its defaults and two `[[alert]]` rules, commented out, in the order uncommenting them leaves valid. */
function alertsTemplate(): string[] {
  const d = DEFAULT_ALERT_SETTINGS;
  const list = (xs: readonly string[]) => `[${xs.map((x) => JSON.stringify(x)).join(", ")}]`;
  return [
    "# Alerts call you when something happens while you look elsewhere (docs/config.md, Alerts).",
    "# [alerts]",
    `# deliver = ${list(d.deliver)}  # bell, desktop, command; [] keeps them on the screen`,
    `# desktop = "${d.desktop}"  # auto asks the terminal; osc9, osc777, osc99 if it guesses wrong`,
    '# notify_command = ["/home/me/bin/alert"]  # reads each alert as JSON on stdin',
    `# notify_timeout = ${d.notifyTimeoutMs / 1000}`,
    `# only_unfocused = ${d.onlyUnfocused}  # true: no bell while you are watching`,
    `# cooldown = ${d.cooldownMs / 1000}  # a price wobbling on a level calls once in this long`,
    ...SIMPLE_KINDS.map((k) => `# ${k} = ${d.events[k]}  # ${SIMPLE_WORDS[k]}`),
    "",
    "# [[alert]]",
    '# event = "price"',
    '# asset = "ETH_USDT"  # without it, the asset in use',
    "# above = 75000  # or below; kept to the digit as written",
    "# repeat = false  # true: at every crossing, not only the first",
    "",
    "# [[alert]]",
    '# event = "closing"',
    "# seconds = 30",
    "# only_unheld = true  # only when you have nothing in the game yet",
    "",
  ];
}
