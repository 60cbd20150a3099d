/**
 * npm run bench:sim [-- --seconds 2 --positions 20000]
 *
 * The sim under load, from outside: the built `spotdash sim` in its own
 * process (`--rate-limit off --no-crowd`), driven over loopback by an undici
 * pool in this one, closed loop (each connection sends its next request when
 * the last is answered) for a fixed time per cell. Per endpoint and number
 * of connections (1, 50, 500): requests per second and latency p50 / p99 /
 * max, and the sim's longest event-loop delay during the cell (bench/loop-monitor.mjs,
 * preloaded). Run in memory and with `--data`; the reads at an empty game and at a
 * game holding `--positions` positions, POST /spot while that game fills
 * (ten positions per user, the most a user may hold, so positions/10 keys).
 * With two cores or more the sim is pinned to one and this process to
 * another (taskset), so "on one core" is what is measured; each cell also
 * prints the sim's CPU time per request (utime + stime from /proc), the
 * figure least moved by whatever else the machine runs.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { Pool } from "undici";
import { startSimProcess } from "./dashboard-pane.js";
import { flag, percentile } from "./stats.js";

const seconds = flag("seconds", 2);
const positions = flag("positions", 20_000);
const CONNECTIONS = [1, 50, 500];
const API = "/v1/surge/games";

interface Req {
  method: "GET" | "POST";
  path: string;
  key: string;
  body?: string;
}

/** Sends requests from `next` on `connections` connections for `ms` or until `next` gives null; latencies in ms. */
async function load(
  url: string,
  connections: number,
  next: (i: number) => Req | null,
  ms: number,
): Promise<{ lat: number[]; errors: number; elapsed: number }> {
  const pool = new Pool(url, { connections, pipelining: 1, keepAliveTimeout: 4_000 });
  const lat: number[] = [];
  let errors = 0;
  let n = 0;
  const start = performance.now();
  const end = start + ms;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const r = next(n++);
        if (r === null) return;
        const t0 = performance.now();
        try {
          const res = await pool.request({
            method: r.method,
            path: r.path,
            headers: { "x-api-key": r.key, ...(r.body ? { "content-type": "application/json" } : {}) },
            body: r.body,
          });
          await res.body.text();
          if (res.statusCode !== 200) errors++;
        } catch {
          errors++;
        }
        lat.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = performance.now() - start;
  await pool.close();
  return { lat, errors, elapsed };
}

function row(
  label: string,
  connections: number,
  r: { lat: number[]; errors: number; elapsed: number },
  loopMs: number,
  cpuMs: number,
): string {
  const f = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(0));
  const rps = Math.round((r.lat.length / r.elapsed) * 1000);
  const cpu = Number.isFinite(cpuMs) ? `${Math.round((cpuMs * 1000) / r.lat.length)} µs/req` : "n/a";
  return `${label.padEnd(26)} ${String(connections).padStart(4)} conn  ${String(rps).padStart(7)} req/s  p50 ${f(percentile(r.lat, 50)).padStart(6)} ms  p99 ${f(percentile(r.lat, 99)).padStart(6)} ms  max ${f(Math.max(...r.lat)).padStart(6)} ms  loop ${f(loopMs).padStart(5)} ms  cpu ${cpu.padStart(10)}  errors ${r.errors}`;
}

/** The CPU time (ms) a process has used, user and system; NaN where /proc cannot say. */
function cpuTimeMs(pid: number): number {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" })) || 100;
  } catch {
    return 100;
  }
})();

/** Read before this process pins itself: afterwards it sees only its own core. */
const CORES = availableParallelism();

/** The sim on one core and this process on another, when the machine has two and taskset is there; says what it did. */
function pin(simPid: number): string {
  if (CORES < 2) return "not pinned (one core): the load generator shares it";
  try {
    execFileSync("taskset", ["-acp", "0", String(simPid)], { stdio: "ignore" });
    execFileSync("taskset", ["-acp", "1", String(process.pid)], { stdio: "ignore" });
    return "the sim pinned to core 0, the load generator to core 1";
  } catch {
    return "not pinned (no taskset): the load generator shares the cores";
  }
}

async function getJson(url: string, path: string, key: string): Promise<Record<string, unknown>> {
  const res = await fetch(url + path, { headers: { "x-api-key": key } });
  return (await res.json()) as Record<string, unknown>;
}

async function run(dataDir: string | null): Promise<void> {
  const users = Math.ceil(positions / 10);
  const keys = Array.from({ length: users }, (_, i) => `metafide_${i.toString(16).padStart(32, "0")}`);
  const sim = await startSimProcess(
    ["--no-crowd", "--seed", "5", ...keys.flatMap((k) => ["--key", k]), ...(dataDir ? ["--data", dataDir] : [])],
    true,
  );
  console.log(`\n${dataDir ? "with --data" : "in memory"} (${users} users; ${pin(sim.pid)})`);
  const listing = await getJson(sim.url, `${API}/spot?asset=ETH_USDT&interval=86400`, keys[0]!);
  const live = (listing.liveGame as { gid: string }).gid;
  const price = Number((await getJson(sim.url, `${API}/live-price?asset=ETH_USDT`, keys[0]!)).value);
  const status = (i: number): Req => ({
    method: "GET",
    path: `${API}/status?asset=ETH_USDT&token=USDC&network=testnet&interval=86400`,
    key: keys[i % users]!,
  });
  const livePrice = (i: number): Req => ({ method: "GET", path: `${API}/live-price?asset=ETH_USDT`, key: keys[i % users]! });
  // One cell: the load, then the sim's longest event-loop delay while it ran.
  const cell = async (label: string, c: number, next: (i: number) => Req | null, ms: number) => {
    await sim.loopDelayMax();
    const cpu0 = cpuTimeMs(sim.pid);
    const r = await load(sim.url, c, next, ms);
    const cpu = cpuTimeMs(sim.pid) - cpu0;
    return row(label, c, r, await sim.loopDelayMax(), cpu);
  };
  const reads = async (label: string) => {
    for (const c of CONNECTIONS) console.log(await cell(`GET /live-price, ${label}`, c, livePrice, seconds * 1000));
    for (const c of CONNECTIONS) console.log(await cell(`GET /status, ${label}`, c, status, seconds * 1000));
  };
  await reads("empty");
  // POST /spot while the game fills: each user's ten positions, users in turn; a share of the positions per connection count.
  let placed = 0;
  const place = (): Req | null => {
    if (placed >= positions) return null;
    const i = placed++;
    const user = i % users;
    const body = {
      gid: live,
      c: "USDC",
      a: "ETH_USDT",
      sp: (price + Math.floor(i / users) + user / 1e4).toFixed(4),
      f: "5",
      pw: `0x${"1".repeat(40)}`,
      n: "testnet",
      it: 86400,
    };
    return { method: "POST", path: `${API}/spot`, key: keys[user]!, body: JSON.stringify(body) };
  };
  const shares = [0.1, 0.45, 0.45];
  for (const [k, c] of CONNECTIONS.entries()) {
    const stop = Math.round(positions * shares.slice(0, k + 1).reduce((a, b) => a + b, 0));
    console.log(await cell(`POST /spot, to ${stop}`, c, () => (placed < stop ? place() : null), 600_000));
  }
  await reads(`${positions} positions`);
  await sim.stop();
}

async function main() {
  console.log(`bench:sim — ${seconds} s per read cell; the ETH_USDT daily game filled to ${positions} positions`);
  await run(null);
  const dir = mkdtempSync(join(tmpdir(), "spotdash-bench-sim-"));
  try {
    await run(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
