/**
 * notify_command: the trader's own program, run for each alert with the
 * event as one JSON object on stdin. Run without a shell (the config gives
 * an argv), with a time limit, in the background: the screen never waits
 * for it. Whatever goes wrong comes back as one line to show, never as a
 * throw; the line is redacted, as it can quote the program's stderr.
 *
 * The program gets the dashboard's environment minus the API key (by name,
 * and any variable whose value holds a registered secret): a notifier has
 * no use for the key, and may log its environment.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { containsSecret, oneLine, redact } from "../../api/redact.js";
import { type AlertEvent, eventJson } from "../events.js";

/** The variable the key is read from (config/load.ts); dropped by name even when its value was never registered. */
const KEY_VARIABLE = "METAFIDE_API_KEY";
/** How much of stderr is kept for the failure's reason: its first line or two is what says what went wrong. */
export const STDERR_KEEP = 300;
/** After SIGTERM, how long a program has to finish before SIGKILL. */
export const KILL_GRACE_MS = 1_000;
/** After the program exited, how long its stderr may stay open (held by a child it left behind) before we stop reading it. */
const DRAIN_MS = 200;

export type CommandOutcome = { ok: true } | { ok: false; reason: string };

export interface RunOptions {
  timeoutMs: number;
  /** The environment to start from; the key is taken out of it. Default process.env. */
  env?: Readonly<Record<string, string | undefined>>;
  killGraceMs?: number;
  /** Stops the program as its time limit would: the dashboard is closing, and a notifier must not outlive it unbounded. */
  signal?: AbortSignal;
}

/** Runs argv with the event on stdin; resolves when it is over (never rejects). The caller need not await it. */
export type RunCommand = (argv: readonly string[], event: AlertEvent, opts: RunOptions) => Promise<CommandOutcome>;

/** The environment without the API key: by its variable's name, and any value that holds a secret. */
export function childEnvironment(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || name === KEY_VARIABLE || containsSecret(value)) continue;
    out[name] = value;
  }
  return out;
}

export const runNotifyCommand: RunCommand = (argv, event, opts) =>
  new Promise((resolve) => {
    const program = argv[0];
    if (program === undefined || program === "") {
      resolve({ ok: false, reason: "notify_command is empty" });
      return;
    }
    if (opts.signal?.aborted) {
      resolve(failure(program, "was not started: the dashboard is closing"));
      return;
    }
    let child: ChildProcess;
    try {
      // Its own process group (not on Windows), so a time limit stops what it started too: `sh -c "a | b"`.
      child = spawn(program, argv.slice(1), {
        stdio: ["pipe", "ignore", "pipe"],
        env: childEnvironment(opts.env ?? process.env),
        detached: process.platform !== "win32",
        windowsHide: true,
      });
    } catch (e) {
      resolve(failure(program, describeError(e)));
      return;
    }
    watch(child, program, event, opts, resolve);
  });

/** Feeds the event in, keeps the start of stderr, enforces the time limit, and resolves once with how it went. */
function watch(child: ChildProcess, program: string, event: AlertEvent, opts: RunOptions, resolve: (o: CommandOutcome) => void): void {
  let stderr = "";
  let stdinError: string | undefined;
  let stopped: string | undefined;
  let done = false;
  const timers: NodeJS.Timeout[] = [];
  const stop = (why: string) => {
    stopped ??= why;
    signalGroup(child, "SIGTERM");
    timers.push(setTimeout(() => signalGroup(child, "SIGKILL"), opts.killGraceMs ?? KILL_GRACE_MS));
  };
  const onAbort = () => stop("was stopped: the dashboard is closing");
  opts.signal?.addEventListener("abort", onAbort, { once: true });
  const finish = (outcome: CommandOutcome) => {
    if (done) return;
    done = true;
    for (const t of timers) clearTimeout(t);
    opts.signal?.removeEventListener("abort", onAbort);
    child.stderr?.destroy();
    resolve(outcome);
  };
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => {
    if (stderr.length < STDERR_KEEP) stderr += chunk.slice(0, STDERR_KEEP - stderr.length);
  });
  child.stdin?.on("error", (e) => (stdinError ??= describeError(e)));
  child.stdin?.end(`${JSON.stringify(eventJson(event))}\n`);
  child.on("error", (e) => finish(failure(program, describeError(e))));
  const outcome = (code: number | null, signal: NodeJS.Signals | null): CommandOutcome => {
    if (stopped !== undefined) return failure(program, stopped);
    if (signal !== null) return failure(program, `was killed by ${signal}`, stderr);
    if (code !== 0) return failure(program, `exited with code ${code}`, stderr);
    if (stdinError !== undefined) return failure(program, `did not read the event from stdin (${stdinError})`, stderr);
    return { ok: true };
  };
  child.on("exit", (code, signal) => {
    // Usually stderr closes with the program; a child it left running may hold it open.
    timers.push(setTimeout(() => finish(outcome(code, signal)), DRAIN_MS));
    child.once("close", () => finish(outcome(code, signal)));
  });
  timers.push(setTimeout(() => stop(`did not finish within ${seconds(opts.timeoutMs)} and was stopped`), opts.timeoutMs));
}

/** Signals the program's process group (what it started too), or the program alone where there are no groups. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    if (child.pid !== undefined && process.platform !== "win32") process.kill(-child.pid, signal);
    else child.kill(signal);
  } catch {
    // Gone between the check and the signal.
    child.kill(signal);
  }
}

function failure(program: string, what: string, stderr = ""): CommandOutcome {
  const said = oneLine(stderr);
  const reason = `notify_command ${program} ${what}${said === "" ? "" : `: ${said}`}`;
  return { ok: false, reason: redact(oneLine(reason)) };
}

/** A spawn or pipe error in words; its code (ENOENT, EACCES, EPIPE) kept, as that is what to search for. */
function describeError(e: unknown): string {
  const err = e as NodeJS.ErrnoException;
  switch (err.code) {
    case "ENOENT":
      return "was not found (ENOENT): check the program's name or give its full path";
    case "EACCES":
      return "is not executable (EACCES)";
    case "EPIPE":
      return "EPIPE";
    default:
      return err.code ?? String(err.message ?? e);
  }
}

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}
