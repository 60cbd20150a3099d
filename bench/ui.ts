/**
 * npm run bench:ui [-- --duration 120 --warmup 60 --cols 120 --rows 40 --interval 3600]
 * npm run bench:soak  (the same for 30 minutes on 10 s games: memory over many games)
 *
 * The built dashboard in a tmux pane against a sim in another process, with
 * 10 positions held in a 1 h game. Measures what a trader feels: time to the
 * first frame, keypress echo, CPU share of one core and resident memory over
 * the run (read from /proc for the dashboard's own process).
 *
 * The warm-up defaults to a minute, but V8 keeps optimising the code of a
 * dashboard that runs it once a second for several minutes (functions get
 * hot one by one: its compiler threads' CPU halves from the second minute to
 * the third and falls again by the sixth, BENCHMARKS.md). The CPU of each
 * 30 s of the run is printed, so the trend shows; `--warmup 300` measures the
 * steady state. The first frame is also measured by `npm run bench:start`,
 * over many launches.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ApiClient } from "../src/api/client.js";
import { cli, apiKey as key, probeEnv, readProbe, sleep, startSimProcess, tmuxPane, writeFullHistory } from "./dashboard-pane.js";
import { flag, percentile } from "./stats.js";

const durationS = flag("duration", 120);
const cols = flag("cols", 120);
const rows = flag("rows", 40);
const interval = flag("interval", 3600);
const warmupS = flag("warmup", 60);
const CLK_TCK = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());

function procStat(pid: number): { cpuS: number; rssMb: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  return { cpuS: ticks / CLK_TCK, rssMb: rssKb / 1024 };
}

async function main() {
  const sim = await startSimProcess();
  const { url: simUrl, wallet } = sim;

  // Ten positions in the live 1 h game (the dashboard watches that game unless --interval says otherwise).
  const client = new ApiClient({ url: simUrl, apiKey: key });
  const listing = await client.getSpot({ asset: "BTC_USDT", interval: 3600 });
  const price = await client.getLivePrice({ asset: "BTC_USDT" });
  const live = listing.liveGame;
  const holding = interval === 3600 && listing.can_place_position === true && live !== null;
  if (interval === 3600 && !holding) console.log("  (the 1 h game is in its lobby: measuring without positions)");
  for (let i = 0; holding && i < 10; i++) {
    const sp = price.value
      .toDecimalPlaces(0)
      .plus(i * 10 - 50)
      .toFixed();
    await client.placePosition({ gid: live!.gid, c: "USDC", a: "BTC_USDT", sp, f: "2", pw: wallet, n: "testnet", it: 3600 });
  }
  await client.close();

  const dir = mkdtempSync(join(tmpdir(), "spotdash-bench-ui-"));
  const probeFile = join(dir, "first-frame");
  // A day of BTC_USDT prices on disk, loaded at launch: the chart and the memory figures hold a full history.
  const stateDir = join(dir, "state");
  await writeFullHistory(stateDir, new URL(simUrl).host);
  const pane = tmuxPane("bench", cols, rows, {
    SPOTDASH_STATE_DIR: stateDir,
    METAFIDE_API_URL: simUrl,
    METAFIDE_API_KEY: key,
    METAFIDE_USER_ADDRESS: wallet,
    ...probeEnv(probeFile),
  });
  const { tmux, keys, waitFor } = pane;
  await sleep(300);
  const launchedAt = performance.now();
  // As a trader runs it (the bin); BENCH_NODE_ARGS runs it under node with those flags instead.
  const command = process.env.BENCH_NODE_ARGS === undefined ? cli : `node ${process.env.BENCH_NODE_ARGS} ${cli}`;
  keys(`exec ${command} --interval ${interval}`, "Enter");
  await waitFor((s) => s.includes("GAME BTC_USDT"), 10_000);
  const onScreenMs = performance.now() - launchedAt;
  const [firstFrame] = readProbe(probeFile);
  rmSync(dir, { recursive: true, force: true });
  if (holding) await waitFor((s) => /10 held 0 left/.test(s) && /total\s+20\.00/.test(s), 15_000, 50);
  const pid = Number(tmux("display-message", "-p", "-t", "bench", "#{pane_pid}").trim());

  // Keypress echo: ? opens the help overlay, Esc closes it.
  const echoes: number[] = [];
  for (let i = 0; i < 10; i++) {
    const t0 = performance.now();
    keys("?");
    await waitFor((s) => s.includes("KEYS"), 2_000, 2);
    echoes.push(performance.now() - t0);
    keys("Escape");
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

  keys("q");
  await sleep(500);
  pane.kill();
  await sim.stop();

  console.log(
    `bench:ui — ${cols}x${rows} tmux pane, ${interval} s games${holding ? ", 10 positions held" : ""}, ${durationS} s measured after a ${warmupS} s warm-up`,
  );
  console.log(
    `  first frame after launch  ${firstFrame ? `${Math.round(firstFrame.wallMs)} ms from the process's start (CPU ${Math.round(firstFrame.cpuMs)} ms), ` : ""}on screen ${Math.round(onScreenMs)} ms after the keys (25 ms polls)`,
  );
  console.log(
    `  keypress echo (? → help)  median ${Math.round(percentile(echoes, 50))} ms, max ${Math.round(Math.max(...echoes))} ms (n=${echoes.length}; includes tmux capture polling)`,
  );
  console.log(`  CPU                       ${(((end.cpuS - start.cpuS) / wallS) * 100).toFixed(2)} % of one core`);
  console.log(`  CPU every 30 s            ${cpuWindows.map((c) => c.toFixed(2)).join(" → ")} %`);
  console.log(
    `  resident memory           start ${rss[0]!.toFixed(1)} MB, end ${rss.at(-1)!.toFixed(1)} MB, max ${Math.max(...rss).toFixed(1)} MB`,
  );
  const every = Math.max(1, Math.round(rss.length / 6));
  console.log(
    `  memory over the run       ${rss
      .filter((_, i) => i % every === 0 || i === rss.length - 1)
      .map((m) => m.toFixed(0))
      .join(" → ")} MB (every ${every * 10} s)`,
  );
  process.exit(0);
}

void main();
