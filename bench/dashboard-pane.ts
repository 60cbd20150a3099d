/**
 * What the dashboard benches share: the built CLI, a sim of its own in
 * another process (so the measured process holds only the dashboard), a
 * tmux server of their own, and the first-frame probe.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { compactSeries } from "../src/domain/price-series.js";
import { appendPoints, historyDir } from "../src/history/price-file.js";

export const root = resolve(import.meta.dirname, "../..");
export const cli = resolve(root, "dist/spotdash.js");
export const apiKey = `metafide_${"c".repeat(32)}`;
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface SimProcess {
  url: string;
  wallet: string;
  pid: number;
  /** The sim's longest event-loop delay (ms) since the last call; needs `loopMonitor`. */
  loopDelayMax(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * The built sim in a process of its own, on a free port with no rate limit,
 * announced in a state directory of its own (not the user's); `args` are
 * its other flags (by default the benches' key and seed).
 */
export async function startSimProcess(args: string[] = ["--key", apiKey, "--seed", "11"], loopMonitor = false): Promise<SimProcess> {
  const monitor = loopMonitor ? ["--import", resolve(root, "bench/loop-monitor.mjs")] : [];
  const sim: ChildProcess = spawn(process.execPath, [...monitor, cli, "sim", "--port", "0", "--rate-limit", "off", ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, SPOTDASH_STATE_DIR: mkdtempSync(join(tmpdir(), "spotdash-bench-sim-state-")) },
  });
  const delays: Array<(ms: number) => void> = [];
  // Whole lines only: a report cut across two chunks would otherwise be lost and its caller wait forever.
  let partial = "";
  sim.stderr!.on("data", (d: Buffer) => {
    const lines = (partial + d.toString()).split("\n");
    partial = lines.pop()!;
    for (const line of lines) {
      const m = /^loop-delay-max-ms (\S+)$/.exec(line);
      if (m) delays.shift()?.(Number(m[1]));
      else if (line) process.stderr.write(`${line}\n`);
    }
  });
  const [url, wallet] = await new Promise<[string, string]>((res, rej) => {
    let out = "";
    sim.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      const w = /wallet: (0x[0-9a-fA-F]+)/.exec(out);
      if (m && w) res([m[1]!, w[1]!]);
    });
    sim.on("exit", () => rej(new Error("sim exited")));
  });
  return {
    url,
    wallet,
    pid: sim.pid!,
    loopDelayMax: () => {
      // Without the monitor SIGUSR2 would end the sim, and no report would come.
      if (!loopMonitor) return Promise.reject(new Error("loopDelayMax needs the sim started with loopMonitor"));
      return new Promise((res) => {
        delays.push(res);
        sim.kill("SIGUSR2");
      });
    },
    stop: async () => {
      const exited = new Promise((r) => sim.once("exit", r));
      sim.kill("SIGTERM");
      await exited;
    },
  };
}

/**
 * The environment the bench's tmux server starts with: the caller's, less NODE_EXTRA_CA_CERTS. Node reads the
 * certificates that file holds at every start, before any script runs; a machine that sets it for its own proxy
 * (a system bundle of some 140 certificates) adds about 40 ms to every launch timed here, none of it the dashboard's.
 */
function paneServerEnv(): NodeJS.ProcessEnv {
  const { NODE_EXTRA_CA_CERTS: _, ...rest } = process.env;
  return rest;
}

/** A tmux server of the bench's own with one pane, `cols` x `rows`, running bash with the dashboard's environment. */
export function tmuxPane(name: string, cols: number, rows: number, env: Record<string, string>) {
  const socket = `spotdash-${name}-${process.pid}`;
  const serverEnv = paneServerEnv();
  const tmux = (...args: string[]) =>
    execFileSync("tmux", ["-L", socket, ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env: serverEnv });
  const screen = () => tmux("capture-pane", "-p", "-t", name);
  tmux(
    "new-session",
    "-d",
    "-s",
    name,
    "-x",
    String(cols),
    "-y",
    String(rows),
    // A state directory of the run's own: a bench never reads or leaves a price history in the user's.
    ...Object.entries({ SPOTDASH_STATE_DIR: mkdtempSync(join(tmpdir(), "spotdash-bench-state-")), ...env }).flatMap(([k, v]) => [
      "-e",
      `${k}=${v}`,
    ]),
    "bash --norc --noprofile",
  );
  tmux("set-option", "-t", name, "status", "off");
  return {
    tmux,
    screen,
    keys: (...keys: string[]) => tmux("send-keys", "-t", name, ...keys),
    /**
     * Polls the pane until `pred` holds. Each poll starts a tmux client: every 5 ms that is a good
     * part of a core, which a launch on two cores feels, so launches are watched every 25 ms.
     */
    async waitFor(pred: (s: string) => boolean, timeoutMs: number, pollMs = 25): Promise<number> {
      const start = performance.now();
      while (performance.now() - start < timeoutMs) {
        if (pred(screen())) return performance.now() - start;
        await sleep(pollMs);
      }
      throw new Error(`timed out; screen:\n${screen()}`);
    },
    kill() {
      try {
        tmux("kill-server");
      } catch {
        // The pane's only process ended, and with it the tmux server.
      }
    },
  };
}

/** The probe's environment: preload it, and where it writes. BENCH_NODE_OPTIONS adds node options of the caller's. */
export function probeEnv(file: string): Record<string, string> {
  const probe = resolve(root, "bench/first-frame-probe.cjs");
  return { NODE_OPTIONS: `--require ${probe} ${process.env.BENCH_NODE_OPTIONS ?? ""}`.trim(), SPOTDASH_FIRST_FRAME_FILE: file };
}

/** The probe's notes: per launch, ms from process start to the first frame, and CPU ms by then. */
export function readProbe(file: string): { wallMs: number; cpuMs: number }[] {
  let text = "";
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return [];
  }
  return text
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [wall, cpu] = line.split(" ").map(Number);
      return { wallMs: wall!, cpuMs: cpu! };
    });
}

/** A day of prices a second as the dashboard keeps them (the last hour whole, 10 s steps before): a second start of the day. */
export async function writeFullHistory(stateDir: string, host: string): Promise<void> {
  const now = Date.now();
  const day = Array.from({ length: 86_400 }, (_, i) => ({ t: now - (86_400 - i) * 1000, value: 67_000 + Math.sin(i / 600) * 400 }));
  await appendPoints(historyDir(stateDir, host), "BTC_USDT", compactSeries(day, now));
}
