#!/usr/bin/env node
/**
 * spotdash's entry: settings → Config, then the dashboard, the sim or a
 * command. Every error leaves as one redacted line and an exit code.
 */
// React's development build costs several times the CPU per frame; set before React loads.
process.env.NODE_ENV ??= "production";

import nodeModule from "node:module";
import { redact } from "./api/redact.js";
import { ConfigError } from "./config/errors.js";
import { loadConfig } from "./config/load.js";
import { setDashboardV8Flags } from "./v8-flags.js";

// From Node 22.1, the compiled code of the chunks loaded below (the dashboard's, the HTTP client's, the sim's)
// is kept on disk (in the system's temporary directory) and reused: a launch parses and compiles less before
// its first frame. Node 20 has no such cache.
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();

/** After the dashboard is done, how long anything left (a socket closing) may keep the process. */
const EXIT_GRACE_MS = 150;

async function main(argv: string[]): Promise<number> {
  // The sim has flags of its own (--port, --key, ...): it parses the rest of its command line itself,
  // and takes only the state directory from the settings, to be announced where the others look.
  const sim = argv[0] === "sim";
  let result: ReturnType<typeof loadConfig>;
  try {
    result = loadConfig({ argv: sim ? ["sim"] : argv, env: process.env, cwd: process.cwd() });
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`spotdash: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
  if (result.kind === "help" || result.kind === "version") {
    process.stdout.write(`${result.kind === "help" ? await helpFor(result.command, result.text) : result.text}\n`);
    return 0;
  }
  const { command, config } = result;
  // The dashboard says its warnings on screen: written here they would be under its screen until it quits.
  if (command !== "dashboard" || sim) for (const w of result.warnings) process.stderr.write(`spotdash: warning: ${w}\n`);
  if (sim) {
    const { processSimIo, runSimCommand } = await import("./sim/command.js");
    return runSimCommand(argv.slice(1), processSimIo(config.stateDir));
  }
  switch (command) {
    case "dashboard": {
      setDashboardV8Flags();
      // Ink draws only the final frame when CI is set; a dashboard on a real terminal must draw live.
      if (process.stdout.isTTY) for (const name of ["CI", "CONTINUOUS_INTEGRATION"]) delete process.env[name];
      const { runDashboard } = await import("./run-dashboard.js");
      const code = await runDashboard(config, result.warnings);
      // The terminal is restored and the connection closed: nothing left may keep the process past its way out.
      setTimeout(() => process.exit(code), EXIT_GRACE_MS).unref();
      return code;
    }
    case "config": {
      const { configCommand } = await import("./commands/config.js");
      return configCommand(config, result.rest, { stdout: process.stdout, stderr: process.stderr }, process.env);
    }
    case "completion": {
      const { completionCommand } = await import("./commands/completion.js");
      return completionCommand(result.rest, { stdout: process.stdout, stderr: process.stderr });
    }
    default: {
      const { isCommandName, runCommand } = await import("./commands/index.js");
      if (!isCommandName(command)) {
        process.stderr.write(`spotdash: the '${command}' command is not available in this version\n`);
        return 1;
      }
      // SIGINT / SIGTERM end `watch` and `auto` cleanly (exit 0; auto after the request in flight); a one-shot command keeps
      // the default (it is killed).
      const stop = new AbortController();
      const abort = () => stop.abort();
      const running = command === "watch" || command === "auto";
      if (running) {
        process.once("SIGINT", abort);
        process.once("SIGTERM", abort);
      }
      // A reader gone (`| head` has its lines): a one-shot command ends there quietly, as Unix tools do; watch and
      // auto stop as on SIGINT. Without a listener the write's EPIPE would be an uncaught error and its stack trace.
      whenReaderGone(running ? abort : () => process.exit(0));
      try {
        return await runCommand(command, result.rest, config, { stdout: process.stdout, stderr: process.stderr, signal: stop.signal });
      } finally {
        process.off("SIGINT", abort);
        process.off("SIGTERM", abort);
      }
    }
  }
}

/** Calls `gone` at the first error writing to stdout (EPIPE: the reader went away); later write errors, stderr's too, are ignored. */
function whenReaderGone(gone: () => void): void {
  process.stdout.once("error", gone);
  process.stdout.on("error", () => {});
  process.stderr.on("error", () => {});
}

/** A one-shot command's own usage beside --help; every other command (the dashboard, sim's own flags) the whole help. */
async function helpFor(command: string | undefined, general: string): Promise<string> {
  if (command === undefined) return general;
  const [{ isCommandName }, { commandHelpText }] = await Promise.all([import("./commands/index.js"), import("./commands/args.js")]);
  return isCommandName(command) ? commandHelpText(command) : general;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`spotdash: ${redact(e instanceof Error ? e.message : String(e))}\n`);
    process.exitCode = 1;
  },
);
