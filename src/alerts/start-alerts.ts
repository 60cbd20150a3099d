/**
 * The alerts of one process, put together: the delivery to the terminal
 * and notify_command, the file in the state directory, the alerter reading
 * the poller's store. The dashboard keeps and writes the file; `watch
 * --events` reads its rules and mutes and leaves it alone.
 */
import { appendFileSync, mkdirSync, renameSync, statSync } from "node:fs";
import { join } from "node:path";
import { redact } from "../api/redact.js";
import type { Snapshot } from "../poller/snapshot.js";
import type { Store } from "../poller/store.js";
import { alertFilePath, readAlertFile, writeAlertFile } from "./alert-file.js";
import { Alerter, type AlertKeeping } from "./alerter.js";
import { Delivery } from "./deliver/delivery.js";
import type { Environment } from "./deliver/terminal-notify.js";
import type { AlertEvent } from "./events.js";
import type { AlertSettings, Channel } from "./rules.js";

export interface AlertsSetUp {
  source: Pick<Store<Snapshot>, "getSnapshot" | "subscribe">;
  serverNow(): number;
  settings: AlertSettings;
  stateDir: string;
  profile: string | null;
  /** The terminal; none for a process without one (then only notify_command is run). */
  write?(text: string): void;
  env: Environment;
  /** Whether the alerts file is written (the dashboard) or only read (watch --events). */
  keep: "write" | "read";
  onEvent?(event: AlertEvent, channels: readonly Channel[]): void;
  /** Poller.watchPrices: the price rules' assets read too. */
  watchPrices?(assets: readonly string[]): void;
}

export interface RunningAlerts {
  alerter: Alerter;
  /** Stops the checks and any notify_command still running. */
  close(): void;
}

export function startAlerts(o: AlertsSetUp): RunningAlerts {
  const path = alertFilePath(o.stateDir, o.profile);
  const keeping: AlertKeeping = {
    read: () => readAlertFile(path, o.keep === "write"),
    write: o.keep === "write" ? (kept) => writeAlertFile(path, o.stateDir, kept) : () => {},
  };
  let alerter: Alerter | undefined;
  const delivery = new Delivery({
    write: o.write ?? (() => {}),
    env: o.env,
    // Without a terminal, a bell or an escape sequence would land in a script's output.
    settings: o.write ? o.settings : { ...o.settings, desktop: "off" },
    onProblem: (text) => alerter?.sayProblem(text),
    log: (line) => logFailure(o.stateDir, line),
  });
  alerter = new Alerter({
    source: o.source,
    serverNow: o.serverNow,
    settings: o.settings,
    delivery,
    keeping,
    ...(o.onEvent ? { onEvent: o.onEvent } : {}),
    ...(o.watchPrices ? { watchPrices: o.watchPrices } : {}),
  });
  alerter.start();
  return {
    alerter,
    close: () => {
      alerter.stop();
      delivery.close();
    },
  };
}

/** alerts.log is moved to alerts.log.1 (replacing it) past this size: a notifier failing at every alert cannot fill the disk. */
const LOG_MAX_BYTES = 1024 * 1024;

/** notify_command's failures, each on a line of `alerts.log` in the state directory; a log that cannot be written is let go. */
function logFailure(stateDir: string, line: string): void {
  const path = join(stateDir, "alerts.log");
  try {
    mkdirSync(stateDir, { recursive: true, mode: 0o700 });
    if (sizeOf(path) > LOG_MAX_BYTES) renameSync(path, `${path}.1`);
    appendFileSync(path, `${new Date().toISOString()} ${redact(line)}\n`, { mode: 0o600 });
  } catch {
    // The failure was already said on the screen.
  }
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}
