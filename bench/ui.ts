/**
 * npm run bench:ui [-- --duration 120 --warmup 60 --cols 120 --rows 40 --interval 3600]
 * npm run bench:soak  (the same for 30 minutes on 10 s games: memory over many games)
 *
 * The built dashboard in a tmux pane against a sim in another process, with
 * 10 positions held in a 1 h game. Measures what a trader feels: time to the
 * first frame, keypress echo, CPU share of one core and resident memory over
 * the run (read from /proc for the dashboard's own process).
 *
 * The warm-up is a minute because V8 keeps compiling for that long: a
 * dashboard runs its code once a second, so functions get hot slowly, and
 * V8's compiler threads spent about as much CPU as the main thread in the
 * first minute and about half as much after 90 s (BENCHMARKS.md). The CPU of
 * each 30 s of the run is printed, so a trend stays visible.
 */
import { spawn, execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { ApiClient } from "../src/api/client.js";
import { flag, percentile } from "./stats.js";

const durationS = flag("duration", 120);
const cols = flag("cols", 120);
const rows = flag("rows", 40);
const interval = flag("interval", 3600);
const warmupS = flag("warmup", 60);
const root = resolve(import.meta.dirname, "../..");
const cli = resolve(root, "dist/spotdash.js");
const socket = `spotdash-bench-${process.pid}`;
const tmux = (...args: string[]) => execFileSync("tmux", ["-L", socket, ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
const screen = () => tmux("capture-pane", "-p", "-t", "bench");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const CLK_TCK = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());

function procStat(pid: number): { cpuS: number; rssMb: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  return { cpuS: ticks / CLK_TCK, rssMb: rssKb / 1024 };
}

async function waitFor(pred: (s: string) => boolean, timeoutMs: number, pollMs = 5): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < timeoutMs) {
    if (pred(screen())) return performance.now() - start;
    await sleep(pollMs);
  }
  throw new Error(`timed out; screen:\n${screen()}`);
}

async function main() {
  // A sim of its own, so the dashboard process measured holds only the dashboard.
  const key = "metafide_" + "c".repeat(32);
  const sim = spawn(process.execPath, [cli, "sim", "--port", "0", "--key", key, "--rate-limit", "off", "--seed", "11"], { stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise<string>((res, rej) => {
    let out = "";
    sim.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      const w = /wallet: (0x[0-9a-fA-F]+)/.exec(out);
      if (m && w) res(`${m[1]}|${w[1]}`);
    });
    sim.on("exit", () => rej(new Error("sim exited")));
  });
  const [simUrl, wallet] = url.split("|") as [string, string];

  // Ten positions in the live 1 h game (the dashboard watches that game unless --interval says otherwise).
  const client = new ApiClient({ url: simUrl, apiKey: key });
  const listing = await client.getSpot({ asset: "BTC_USDT", interval: 3600 });
  const price = await client.getLivePrice({ asset: "BTC_USDT" });
  const holding = interval === 3600 && listing.can_place_position;
  if (interval === 3600 && !holding) console.log("  (the 1 h game is in its lobby: measuring without positions)");
  for (let i = 0; holding && i < 10; i++) {
    await client.placePosition({ gid: listing.liveGame.gid, c: "USDC", a: "BTC_USDT", sp: String(Math.round(price.value) + i * 10 - 50), f: "2", pw: wallet, n: "testnet", it: 3600 });
  }
  await client.close();

  tmux("new-session", "-d", "-s", "bench", "-x", String(cols), "-y", String(rows), "-e", `METAFIDE_API_URL=${simUrl}`, "-e", `METAFIDE_API_KEY=${key}`, "-e", `METAFIDE_USER_ADDRESS=${wallet}`, "-e", `NODE_OPTIONS=${process.env.BENCH_NODE_OPTIONS ?? ""}`, "bash --norc --noprofile");
  tmux("set-option", "-t", "bench", "status", "off");
  await sleep(300);
  const launchedAt = performance.now();
  // As a trader runs it (the bin); BENCH_NODE_ARGS runs it under node with those flags instead.
  const command = process.env.BENCH_NODE_ARGS === undefined ? cli : `node ${process.env.BENCH_NODE_ARGS} ${cli}`;
  tmux("send-keys", "-t", "bench", `exec ${command} --interval ${interval}`, "Enter");
  await waitFor((s) => s.includes("GAME BTC_USDT"), 10_000);
  const firstFrameMs = performance.now() - launchedAt;
  if (holding) await waitFor((s) => /10 held 0 left/.test(s) && /total\s+20\.00/.test(s), 15_000, 50);
  const pid = Number(tmux("display-message", "-p", "-t", "bench", "#{pane_pid}").trim());

  // Keypress echo: ? opens the help overlay, Esc closes it.
  const echoes: number[] = [];
  for (let i = 0; i < 10; i++) {
    const t0 = performance.now();
    tmux("send-keys", "-t", "bench", "?");
    await waitFor((s) => s.includes("KEYS"), 2_000, 2);
    echoes.push(performance.now() - t0);
    tmux("send-keys", "-t", "bench", "Escape");
    await waitFor((s) => !s.includes("KEYS"), 2_000, 2);
    await sleep(200);
  }

  // Warm-up, then CPU and memory over the run.
  await sleep(warmupS * 1000);
  const start = procStat(pid);
  const startT = performance.now();
  const rss: number[] = [start.rssMb];
  const cpuWindows: number[] = [];
  let windowStart = { ...start, t: startT };
  for (let elapsed = 10; elapsed <= durationS; elapsed += 10) {
    await sleep(startT + elapsed * 1000 - performance.now());
    const now = procStat(pid);
    rss.push(now.rssMb);
    if (elapsed % 30 === 0) {
      const t = performance.now();
      cpuWindows.push(((now.cpuS - windowStart.cpuS) / ((t - windowStart.t) / 1000)) * 100);
      windowStart = { ...now, t };
    }
  }
  const end = procStat(pid);
  const wallS = (performance.now() - startT) / 1000;

  tmux("send-keys", "-t", "bench", "q");
  await sleep(500);
  try {
    tmux("kill-server");
  } catch {
    // q ended the pane's only process, and with it the tmux server.
  }
  const simExited = new Promise((r) => sim.once("exit", r));
  sim.kill("SIGTERM");
  await simExited;

  console.log(`bench:ui — ${cols}x${rows} tmux pane, ${interval} s games${holding ? ", 10 positions held" : ""}, ${durationS} s measured after a ${warmupS} s warm-up`);
  console.log(`  first frame after launch  ${Math.round(firstFrameMs)} ms`);
  console.log(`  keypress echo (? → help)  median ${Math.round(percentile(echoes, 50))} ms, max ${Math.round(Math.max(...echoes))} ms (n=${echoes.length}; includes tmux capture polling)`);
  console.log(`  CPU                       ${(((end.cpuS - start.cpuS) / wallS) * 100).toFixed(2)} % of one core`);
  console.log(`  CPU every 30 s            ${cpuWindows.map((c) => c.toFixed(2)).join(" → ")} %`);
  console.log(`  resident memory           start ${rss[0]!.toFixed(1)} MB, end ${rss.at(-1)!.toFixed(1)} MB, max ${Math.max(...rss).toFixed(1)} MB`);
  const every = Math.max(1, Math.round(rss.length / 6));
  console.log(`  memory over the run       ${rss.filter((_, i) => i % every === 0 || i === rss.length - 1).map((m) => m.toFixed(0)).join(" → ")} MB (every ${every * 10} s)`);
  process.exit(0);
}

void main();
