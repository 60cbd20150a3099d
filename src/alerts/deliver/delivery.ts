/**
 * An alert to the channels its rule names: the bell and the desktop
 * notification written to the terminal, notify_command started in the
 * background. The screen's own list is not here: it always shows an alert.
 *
 * deliver() returns at once. A command still running when the next alert
 * comes does not hold it up; past MAX_RUNNING at once, the alert's command
 * is skipped, as a notifier that hangs would otherwise pile up processes.
 */
import { randomBytes } from "node:crypto";
import { oneLine, redact } from "../../api/redact.js";
import type { AlertEvent } from "../events.js";
import type { AlertSettings, Channel } from "../rules.js";
import { type CommandOutcome, type RunCommand, runNotifyCommand } from "./notify-command.js";
import { BELL, desktopSequence, desktopStyleFor, type Environment, insideTmux, tmuxPassthrough } from "./terminal-notify.js";

/** notify_commands running at once; an alert past that has no command run. */
export const MAX_RUNNING = 2;
/** Distinct failure reasons remembered so each is shown once; past that the oldest is forgotten (and could be shown again). */
const REASONS_KEPT = 64;

export const BUSY_PROBLEM = `notify_command still running (${MAX_RUNNING} at once): this alert's command was skipped`;

export type DeliverySettings = Pick<AlertSettings, "desktop" | "notifyCommand" | "notifyTimeoutMs" | "onlyUnfocused">;

export interface DeliveryOptions {
  /** The terminal: what is written here goes to stdout between frames. */
  write(text: string): void;
  env: Environment;
  settings: DeliverySettings;
  runCommand?: RunCommand;
  /** A problem for the trader to see (once per distinct reason). */
  onProblem(text: string): void;
  /** Every notify_command failure, for the debug log. */
  log?(line: string): void;
}

export class Delivery {
  readonly #opts: DeliveryOptions;
  readonly #runCommand: RunCommand;
  /** The terminal's last focus report; undefined until it sends one (or when it never will). */
  #focused: boolean | undefined;
  readonly #running = new Set<Promise<CommandOutcome>>();
  readonly #reported = new Set<string>();
  /** kitty replaces a notification that reuses an id, so each gets its own, unique across dashboards. */
  readonly #idPrefix = `spotdash-${randomBytes(4).toString("hex")}-`;
  #count = 0;
  readonly #closing = new AbortController();

  constructor(opts: DeliveryOptions) {
    this.#opts = opts;
    this.#runCommand = opts.runCommand ?? runNotifyCommand;
  }

  /** The terminal said the pane gained (true) or lost (false) focus. */
  setFocused(focused: boolean): void {
    this.#focused = focused;
  }

  /** Delivers the event to each channel that applies; returns the channels used. */
  deliver(event: AlertEvent, channels: readonly Channel[]): readonly Channel[] {
    const { settings } = this.#opts;
    if (settings.onlyUnfocused && this.#focused === true) return [];
    const used: Channel[] = [];
    let text = "";
    if (channels.includes("bell")) {
      text += BELL;
      used.push("bell");
    }
    if (channels.includes("desktop")) {
      const desktop = this.#desktop(event);
      if (desktop !== "") {
        text += desktop;
        used.push("desktop");
      }
    }
    if (text !== "") this.#opts.write(text);
    if (channels.includes("command") && this.#startCommand(event)) used.push("command");
    return used;
  }

  /** Resolves when every command started so far has finished: for a clean exit, and for tests. */
  async settled(): Promise<void> {
    while (this.#running.size > 0) await Promise.all(this.#running);
  }

  /** Stops the commands still running and starts no more: a hung notifier must not outlive the dashboard. */
  close(): void {
    this.#closing.abort();
  }

  /** How many notify_commands are running now. */
  get running(): number {
    return this.#running.size;
  }

  #desktop(event: AlertEvent): string {
    const style = desktopStyleFor(this.#opts.settings.desktop, this.#opts.env);
    const sequence = desktopSequence(style, event.title, event.text, `${this.#idPrefix}${++this.#count}`);
    return insideTmux(this.#opts.env) ? tmuxPassthrough(sequence) : sequence;
  }

  /** Starts notify_command for the event unless none is set or too many run; true when started. */
  #startCommand(event: AlertEvent): boolean {
    const { notifyCommand, notifyTimeoutMs } = this.#opts.settings;
    if (notifyCommand === null || notifyCommand.length === 0 || this.#closing.signal.aborted) return false;
    if (this.#running.size >= MAX_RUNNING) {
      this.#fail(BUSY_PROBLEM);
      return false;
    }
    const run = this.#run(notifyCommand, event, notifyTimeoutMs);
    this.#running.add(run);
    void run.then((outcome) => {
      this.#running.delete(run);
      if (!outcome.ok) this.#fail(outcome.reason);
    });
    return true;
  }

  /** The command's outcome; a runner that throws or rejects (an injected one) is a failure like any other. */
  async #run(argv: readonly string[], event: AlertEvent, timeoutMs: number): Promise<CommandOutcome> {
    try {
      return await this.#runCommand(argv, event, { timeoutMs, env: this.#opts.env, signal: this.#closing.signal });
    } catch (e) {
      return { ok: false, reason: redact(oneLine(`notify_command failed: ${e instanceof Error ? e.message : String(e)}`)) };
    }
  }

  /** Logs every failure; shows each distinct reason once, as the same failure on every alert would bury the screen. */
  #fail(reason: string): void {
    this.#opts.log?.(reason);
    if (this.#reported.has(reason)) return;
    if (this.#reported.size >= REASONS_KEPT) this.#reported.delete(this.#reported.values().next().value!);
    this.#reported.add(reason);
    this.#opts.onProblem(reason);
  }
}
