/**
 * The config file `spotdash config --edit` creates: every setting of the
 * table commented out with its default and help line, so the file documents
 * itself and cannot drift from --help.
 */
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
  lines.push(
    "# A profile (spotdash --profile mainnet) takes the settings above and changes some:",
    "# [profile.mainnet]",
    '# network = "mainnet"',
    '# key_command = ["pass", "show", "metafide-mainnet"]',
    "",
  );
  return lines.join("\n");
}
