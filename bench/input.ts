/**
 * npm run bench:input
 *
 * What input costs the dashboard: the real App mounted as the CLI mounts it
 * (src/ui/renderer/mount.ts), keys and pastes written to its stdin in the
 * chunks a terminal delivers (up to 64 KB a read), through Ink's input
 * parser, spotdash's key reader and the handlers, to the frames they cause.
 * Reports the CPU time the process spends on it (React renders after the
 * read, on its scheduler, so the time of the write alone would miss it) and
 * the longest single read's synchronous work: how long the dashboard is
 * busy, deaf to Esc and the poller.
 */
import { EventEmitter } from "node:events";
import { createElement } from "react";
import { Store } from "../src/poller/store.js";
import { App } from "../src/ui/App.js";
import type { DashboardController } from "../src/ui/controller.js";
import { mountScreen } from "../src/ui/renderer/mount.js";
import { snapshots } from "./dashboard-snapshot.js";
import { percentile } from "./stats.js";

class Terminal extends EventEmitter {
  isTTY = true;
  columns = 120;
  rows = 35;
  write = () => true;
}

class Stdin extends EventEmitter {
  isTTY = true;
  private chunks: string[] = [];
  write(data: string) {
    this.chunks.push(data);
    this.emit("readable");
  }
  read = () => this.chunks.shift() ?? null;
  setEncoding() {}
  setRawMode() {}
  ref() {}
  unref() {}
}

const now = Date.now();
const controller: DashboardController = {
  store: new Store(snapshots(now - 20_000)(now)),
  serverNow: () => Date.now(),
  refresh: () => true,
  retarget: () => undefined,
  place: () => new Promise(() => undefined),
};

const stdin = new Stdin();
const screen = mountScreen(
  createElement(App, { controller, backend: "SIM", assets: ["BTC_USDT"], readonly: false, walletMissing: false }),
  {
    terminal: new Terminal(),
    stdin: stdin as unknown as NodeJS.ReadStream,
  },
);
const settle = () => new Promise((r) => setTimeout(r, 20));
await settle();

interface Cost {
  /** CPU of the whole case, renders included. */
  cpu: number;
  /** Synchronous work of each read. */
  perRead: number[];
}

/** Writes each chunk as one read, an event-loop turn apart, and lets the frames that follow be drawn. */
async function feed(chunks: readonly string[]): Promise<Cost> {
  const perRead: number[] = [];
  const cpu0 = process.cpuUsage();
  for (const c of chunks) {
    const t0 = performance.now();
    stdin.write(c);
    perRead.push(performance.now() - t0);
    await new Promise((r) => setImmediate(r));
  }
  await settle();
  const used = process.cpuUsage(cpu0);
  return { cpu: (used.user + used.system) / 1000, perRead };
}

/** Text cut into the reads a terminal delivers. */
function reads(text: string, size = 65_536): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

const report = (what: string, r: Cost) =>
  console.log(
    `${what.padEnd(40)} CPU ${r.cpu.toFixed(1).padStart(6)} ms, longest read ${Math.max(...r.perRead).toFixed(1)} ms (${r.perRead.length} reads)`,
  );

console.log("bench:input — the App at 120x35, keys and pastes through Ink's parser, the key reader and the handlers");
// Keys: a held j (one read of 30), Tab bursts, each typed key alone.
report("30 × j in one read (a held key)", await feed(["j".repeat(30)]));
report("100 reads of 3 Tabs", await feed(Array.from({ length: 100 }, () => "\t\t\t")));
const single = await feed(Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? "j" : "k")));
console.log(
  `${"200 keys, a read each".padEnd(40)} CPU ${(single.cpu / 200).toFixed(2)} ms a key; read median ${percentile(single.perRead, 50).toFixed(2)} ms, p95 ${percentile(single.perRead, 95).toFixed(2)} ms`,
);

// Pastes into the form's price field, bracketed as the dashboard asks the terminal to.
await feed(["p"]);
await settle();
for (const [name, unit] of [
  ["ASCII", "7"],
  ["é", "é"],
  ["漢", "漢"],
  ["emoji", "👍"],
] as const) {
  for (const kb of [100, 1000, 10_000]) {
    const text = unit.repeat(Math.ceil((kb * 1000) / Buffer.byteLength(unit)));
    report(`${kb} KB paste of ${name} into a field`, await feed(["\u001b[200~", ...reads(text), "\u001b[201~"]));
    await feed(["\u001b[H", ...Array.from({ length: 30 }, () => "\u001b[3~")]);
  }
}
await feed(["\u001b"]);
await settle();
report("100 KB paste outside the form (ignored)", await feed(["\u001b[200~", ...reads("x".repeat(100_000)), "\u001b[201~"]));
report("100 KB unbracketed, outside the form", await feed(reads("x".repeat(100_000))));
screen.instance.unmount();
process.exit(0);
