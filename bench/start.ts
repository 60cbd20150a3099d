/**
 * npm run bench:start [-- --launches 15 --cols 120 --rows 40]
 *
 * The first frame, as a trader launches the dashboard: the built bin typed
 * into a settled 120x40 tmux pane, against a sim in another process, again
 * and again with pauses between. The time is taken inside the dashboard (a
 * preloaded probe notes when the first frame holding the game pane is
 * written: ms since the process started, and its CPU by then), and on
 * screen from the keys being sent, the pane polled every 25 ms. Each launch
 * finds a full price history on disk (24 hours of BTC_USDT at its bounds,
 * about 12,000 points), as a trader's second start of the day does.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { apiKey, cli, probeEnv, readProbe, sleep, startSimProcess, tmuxPane, writeFullHistory } from "./dashboard-pane.js";
import { flag, percentile } from "./stats.js";

const launches = flag("launches", 15);
const cols = flag("cols", 120);
const rows = flag("rows", 40);

async function main() {
  const sim = await startSimProcess();
  const dir = mkdtempSync(join(tmpdir(), "spotdash-bench-start-"));
  const probeFile = join(dir, "first-frames");
  const stateDir = join(dir, "state");
  await writeFullHistory(stateDir, new URL(sim.url).host);
  const pane = tmuxPane("start", cols, rows, {
    SPOTDASH_STATE_DIR: stateDir,
    METAFIDE_API_URL: sim.url,
    METAFIDE_API_KEY: apiKey,
    METAFIDE_USER_ADDRESS: sim.wallet,
    ...probeEnv(probeFile),
  });
  await sleep(1_000);
  const onScreen: number[] = [];
  for (let i = 0; i < launches; i++) {
    pane.keys("clear", "Enter");
    await sleep(500);
    const t0 = performance.now();
    pane.keys(`${cli} --interval 3600`, "Enter");
    await pane.waitFor((s) => s.includes("GAME BTC_USDT"), 10_000);
    onScreen.push(performance.now() - t0);
    await sleep(1_000);
    pane.keys("q");
    await pane.waitFor((s) => !s.includes("GAME BTC_USDT"), 5_000, 100);
    await sleep(1_000);
  }
  pane.kill();
  await sim.stop();
  const probed = readProbe(probeFile);
  rmSync(dir, { recursive: true, force: true });
  if (probed.length !== launches) throw new Error(`the probe noted ${probed.length} first frames for ${launches} launches`);

  const line = (values: number[]) =>
    `median ${Math.round(percentile(values, 50))} ms, min ${Math.round(Math.min(...values))}, max ${Math.round(Math.max(...values))}, over 600 ms: ${values.filter((v) => v > 600).length} of ${values.length}`;
  console.log(`bench:start — ${launches} launches of the bin in a ${cols}x${rows} tmux pane`);
  console.log(`  first frame, from the process's start   ${line(probed.map((p) => p.wallMs))}`);
  console.log(`  CPU by then                              ${line(probed.map((p) => p.cpuMs))}`);
  console.log(`  on screen, from the keys (25 ms polls)   ${line(onScreen)}`);
  process.exit(0);
}

void main();
