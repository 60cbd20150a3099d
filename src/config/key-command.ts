/**
 * The API key printed by a command the config file names (a password
 * manager's CLI): run without a shell, its output read and never shown.
 * stdin and stderr stay the terminal's, so the manager can ask for its
 * passphrase.
 */
import { execFileSync } from "node:child_process";
import { registerSecret } from "../api/redact.js";
import { ConfigError } from "./errors.js";

/** Runs argv and returns what it printed; throws as execFileSync does. Injected in tests. */
export type KeyCommandRunner = (argv: readonly string[]) => string;

/** How long the command may take: long enough to type a passphrase. */
export const KEY_COMMAND_TIMEOUT_MS = 60_000;

export const runKeyCommand: KeyCommandRunner = (argv) =>
  execFileSync(argv[0]!, argv.slice(1), {
    stdio: ["inherit", "pipe", "inherit"],
    encoding: "utf8",
    timeout: KEY_COMMAND_TIMEOUT_MS,
    maxBuffer: 64 * 1024,
  });

/** The first line the command prints, registered for redaction; a failure names the command, never its output. */
export function keyFromCommand(cmd: { argv: readonly string[]; label: string }, run: KeyCommandRunner): string {
  let out: string;
  try {
    out = run(cmd.argv);
  } catch (e) {
    const err = e as { code?: string; status?: number | null; signal?: string | null };
    const name = cmd.argv[0];
    if (err.code === "ENOENT") throw new ConfigError(cmd.label, `cannot run ${name}: no such command`);
    if (typeof err.status === "number") throw new ConfigError(cmd.label, `${name} failed (exit code ${err.status}); the key was not read`);
    throw new ConfigError(cmd.label, `${name} did not finish (${err.signal ?? err.code ?? "error"}); the key was not read`);
  }
  registerSecret(out);
  const key = out
    .split(/\r?\n/)
    .find((l) => l.trim() !== "")
    ?.trim();
  if (key === undefined) throw new ConfigError(cmd.label, `${cmd.argv[0]} printed nothing; it must print the API key on its first line`);
  registerSecret(key);
  return key;
}
