/**
 * ./.env is read by hand rather than loaded into process.env: its values keep
 * their origin for messages and `doctor`, a file others can read is warned
 * about (it may hold the key), and a malformed line is reported instead of
 * silently swallowing the setting after it.
 */
import { readFileSync, statSync } from "node:fs";
import { platform } from "node:os";
import { join } from "node:path";
import { parseEnv } from "node:util";
import { ConfigError } from "./errors.js";

export interface Dotenv {
  path: string;
  found: boolean;
  vars: Record<string, string | undefined>;
}

/** Reads `<cwd>/.env`; a missing file is no file, an unreadable one a ConfigError. Problems go to `warnings`. */
export function readDotenv(cwd: string, warnings: string[]): Dotenv {
  const path = join(cwd, ".env");
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === "ENOENT") return { path, found: false, vars: {} };
    throw new ConfigError(path, `cannot be read (${code ?? "error"}); fix its permissions or remove it`);
  }

  if (platform() !== "win32") {
    const mode = statSync(path).mode;
    if ((mode & 0o077) !== 0) {
      const octal = (mode & 0o777).toString(8).padStart(3, "0");
      warnings.push(
        `${path} can be read or written by other users (mode ${octal}) and may hold METAFIDE_API_KEY; restrict it: chmod 600 ${path}`,
      );
    }
  }

  // parseEnv glues a line without "=" to the next one, which would silently
  // lose that next setting (the key, say): drop such lines and say so.
  const lines = text.split(/\r?\n/);
  const kept: string[] = [];
  for (const [i, line] of lines.entries()) {
    const t = line.trim();
    if (t !== "" && !t.startsWith("#") && !t.includes("=")) {
      warnings.push(`${path} line ${i + 1} is not NAME=value and is ignored`);
      continue;
    }
    kept.push(line);
  }
  return { path, found: true, vars: parseEnv(kept.join("\n")) };
}
