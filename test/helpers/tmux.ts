/**
 * Drives the built CLI in a real terminal: a tmux session on a private
 * socket, keys sent with send-keys, the screen read with capture-pane.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const CLI = resolve(import.meta.dirname, "../../dist/spotdash.js");

/**
 * The shells these tests start run `node` from PATH: it must be the Node the
 * tests run on, or a pass meant for one Node would test another
 * (scripts/run-suite.mjs puts the one under test first on PATH).
 */
function checkNodeOnPath(): void {
  const onPath = execFileSync("node", ["--version"], { encoding: "utf8" }).trim();
  if (onPath !== process.version) throw new Error(`the tests run on Node ${process.version}, but \`node\` on PATH is ${onPath}`);
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: npm test builds it (npm run build)`);
}
checkNodeOnPath();

export class TmuxSession {
  private readonly socket = `spotdash-e2e-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  private readonly name = "e2e";

  /** The dashboard's state directory (its price history): the session's own, unless `env` names one. */
  readonly stateDir: string;
  private readonly ownStateDir: string | undefined;

  constructor(cols: number, rows: number, env: Record<string, string> = {}) {
    // Never the user's own: a test run must not leave prices in ~/.local/state.
    this.ownStateDir = env.SPOTDASH_STATE_DIR === undefined ? mkdtempSync(join(tmpdir(), "spotdash-e2e-state-")) : undefined;
    this.stateDir = env.SPOTDASH_STATE_DIR ?? this.ownStateDir!;
    // A plain shell, so that we can see what is left on the screen after the program exits.
    // Without CI in its environment: Ink draws only the last frame when it thinks it runs in CI,
    // and a person's terminal is what these tests stand for.
    const envArgs = Object.entries({ PS1: "$ ", TERM: "xterm-256color", SPOTDASH_STATE_DIR: this.stateDir, ...env }).flatMap(([k, v]) => [
      "-e",
      `${k}=${v}`,
    ]);
    this.tmux(
      "new-session",
      "-d",
      "-s",
      this.name,
      "-x",
      String(cols),
      "-y",
      String(rows),
      ...envArgs,
      "env -u CI -u CONTINUOUS_INTEGRATION bash --norc --noprofile",
    );
    this.tmux("set-option", "-t", this.name, "status", "off");
  }

  private tmux(...args: string[]): string {
    return execFileSync("tmux", ["-L", this.socket, ...args], { encoding: "utf8" });
  }

  type(text: string): void {
    this.tmux("send-keys", "-t", this.name, "-l", text);
  }

  keys(...names: string[]): void {
    this.tmux("send-keys", "-t", this.name, ...names);
  }

  run(command: string): void {
    this.type(command);
    this.keys("Enter");
  }

  /** Pastes the file's text as a terminal paste does (bracketed, when the program asks for it). */
  paste(file: string): void {
    this.tmux("load-buffer", file);
    this.tmux("paste-buffer", "-p", "-t", this.name);
  }

  /** Opens a second window of the session and makes it the current one, as a trader switching to other work does. */
  openOtherWindow(): void {
    this.tmux("new-window", "-t", this.name, "bash --norc --noprofile");
  }

  /** Makes window `index` (0: the program's) the current one again. */
  selectWindow(index: number): void {
    this.tmux("select-window", "-t", `${this.name}:${index}`);
  }

  /** A tmux format of window `index`, e.g. "#{window_bell_flag}". */
  windowFormat(index: number, format: string): string {
    return this.tmux("display-message", "-p", "-t", `${this.name}:${index}`, format).trim();
  }

  /** Closes the pane, as closing a terminal window does: the program's terminal vanishes. */
  closePane(): void {
    this.tmux("kill-pane", "-t", this.name);
  }

  screen(): string {
    return this.tmux("capture-pane", "-p", "-t", this.name);
  }

  /** The screen with its colours and attributes as escape sequences (inverse video marks a selected row). */
  styledScreen(): string {
    return this.tmux("capture-pane", "-e", "-p", "-t", this.name);
  }

  /** Whether the pane is showing the alternate screen right now. */
  inAlternateScreen(): boolean {
    return this.tmux("display-message", "-p", "-t", this.name, "#{alternate_on}").trim() === "1";
  }

  resize(cols: number, rows: number): void {
    this.tmux("resize-window", "-t", this.name, "-x", String(cols), "-y", String(rows));
  }

  async waitFor(predicate: (screen: string) => boolean, timeoutMs: number, what: string): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    let last = "";
    while (Date.now() < deadline) {
      last = this.screen();
      if (predicate(last)) return last;
      await new Promise((r) => setTimeout(r, 150));
    }
    throw new Error(`timed out waiting for ${what}; the screen was:\n${last}`);
  }

  /** Two captures in a row that agree: a frame tmux has received whole, not one caught while its rows are being written. */
  async steadyScreen(): Promise<string> {
    let last = this.screen();
    const end = Date.now() + 2_000;
    while (Date.now() < end) {
      await new Promise((r) => setTimeout(r, 40));
      const now = this.screen();
      if (now === last) return now;
      last = now;
    }
    return last;
  }

  /** The first steady screen that satisfies the predicate: waitFor's, checked again on a frame received whole. */
  async waitSteady(predicate: (screen: string) => boolean, timeoutMs: number, what: string): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await this.waitFor(predicate, Math.max(1, deadline - Date.now()), what);
      const steady = await this.steadyScreen();
      if (predicate(steady)) return steady;
    }
  }

  kill(): void {
    try {
      this.tmux("kill-server");
    } catch {
      // already gone
    }
    if (this.ownStateDir !== undefined) rmSync(this.ownStateDir, { recursive: true, force: true });
  }
}
