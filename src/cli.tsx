#!/usr/bin/env node
/**
 * spotdash's entry: settings → Config. Every error leaves as one redacted
 * line and an exit code.
 */
import { ConfigError, loadConfig } from "./config.js";
import { redact } from "./api/redact.js";

function main(argv: string[]): number {
  let result;
  try {
    result = loadConfig({ argv, env: process.env, cwd: process.cwd() });
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`spotdash: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
  if (result.kind === "help" || result.kind === "version") {
    process.stdout.write(`${result.text}\n`);
    return 0;
  }
  for (const w of result.warnings) process.stderr.write(`spotdash: warning: ${w}\n`);
  process.stderr.write(`spotdash: the '${result.command}' command is not available in this version\n`);
  return 1;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (e) {
  process.stderr.write(`spotdash: ${redact(e instanceof Error ? e.message : String(e))}\n`);
  process.exitCode = 1;
}
