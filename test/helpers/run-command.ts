/**
 * The one-shot commands run in-process as the CLI runs them: argv and
 * environment through loadConfig, then runCommand with stdout and stderr
 * captured and every request start recorded.
 */
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type CommandName, runCommand } from "../../src/commands/index.js";
import type { Config } from "../../src/config/config.js";
import { loadConfig } from "../../src/config/load.js";
import type { TestSim } from "../integration/sim-helpers.js";

/** An empty directory as the working directory, so no .env is read. */
export const cwd = mkdtempSync(join(tmpdir(), "spotdash-commands-"));

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
  /** Local ms of every request start. */
  starts: number[];
}

export function gaps(starts: number[]): number[] {
  return starts.slice(1).map((t, i) => t - starts[i]!);
}

/** A port on 127.0.0.1 that nothing listens on. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

/** A command run in-process, its output captured; `onStart` hears of each request as it starts (n from 1). */
export async function runCommandIn(
  argv: string[],
  env: NodeJS.ProcessEnv,
  opts: { signal?: AbortSignal | undefined; onStart?: (n: number) => void } = {},
): Promise<Run> {
  // No config file: the user's own must not change what a test sees.
  const loaded = loadConfig({ argv, env, cwd, configPath: join(cwd, "no-config.toml") });
  if (loaded.kind !== "run") throw new Error(`unexpected ${loaded.kind}`);
  const config: Config = loaded.config;
  let stdout = "";
  let stderr = "";
  const starts: number[] = [];
  const code = await runCommand(loaded.command as CommandName, loaded.rest, config, {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    signal: opts.signal,
    onRequest: (at) => {
      starts.push(at);
      opts.onStart?.(starts.length);
    },
  });
  return { code, stdout, stderr, starts };
}

export const envFor = (t: TestSim): NodeJS.ProcessEnv => ({
  METAFIDE_API_URL: t.sim.url,
  METAFIDE_API_KEY: t.key,
  METAFIDE_USER_ADDRESS: t.wallet,
});
