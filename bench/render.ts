/**
 * npm run bench:render [-- --frames 200 --clock-only 1]
 *
 * The cost of one dashboard frame: the real Dashboard mounted as the CLI
 * mounts it (src/ui/renderer/mount.ts: Ink, then the FrameWriter) on an
 * in-memory terminal, from a fixed snapshot (10 positions, a full price
 * history), over many frames. Separates the frame's cost from the poller
 * and the network when looking for CPU.
 *
 * It runs with the Ink modules the bundle ships; RENDERER=tokenizer or
 * RENDERER=stock runs it without our Output, or without the remembering
 * tokenizer too (bench/renderer-variant.mjs), which is how
 * src/ui/renderer/README.md's figures for each were measured.
 */
import { EventEmitter } from "node:events";
import { PerformanceObserver } from "node:perf_hooks";
import { createElement } from "react";
import { Dashboard } from "../src/ui/Dashboard.js";
import { computeLayout } from "../src/ui/layout.js";
import { mountScreen } from "../src/ui/renderer/mount.js";
import { ThemeContext } from "../src/ui/theme.js";
import { snapshots } from "./dashboard-snapshot.js";
import { flag, percentile } from "./stats.js";

// The npm script sets NODE_ENV=production before React loads, as the CLI does.
const frames = flag("frames", 200);
// --clock-only 1: the data stays put and only the clock runs (a frame no answer changed).
const clockOnly = flag("clock-only", 0) === 1;

class Screen extends EventEmitter {
  isTTY = true;
  constructor(
    public columns: number,
    public rows: number,
  ) {
    super();
  }
  write = () => true;
}

interface Figures {
  /** The whole rerender per frame: React, Ink's layout and output, the writer. */
  whole: number[];
  /** CPU time (user + system) per frame. */
  cpuMs: number;
  /** Bytes put on the terminal per frame, after the first; and the frame's whole text, for scale. */
  bytes: number;
  frameBytes: number;
  /** Garbage collection per frame: time, and how many pauses. */
  gcMs: number;
  gcs: number;
}

async function measure(cols: number, rows: number, theme: { color: boolean; ascii: boolean }): Promise<Figures> {
  const whole: number[] = [];
  const terminal = new Screen(cols, rows);
  const start = Date.now() - 20_000;
  const snapshot = snapshots(start);
  const tree = (i: number) =>
    createElement(
      ThemeContext.Provider,
      { value: theme },
      createElement(Dashboard, {
        snapshot: snapshot(clockOnly ? start + 20_000 : start + 20_000 + i * 1000),
        now: start + 20_000 + i * 1000,
        localNow: start + 20_000 + i * 1000,
        layout: computeLayout(cols, rows),
        backend: "SIM",
        readonly: false,
        focus: "game",
        scroll: 0,
        overlay: null,
        hints: [{ text: "q quit", rank: 1 }],
        message: undefined,
      }),
    );
  const screen = mountScreen(tree(0), { terminal, stdin: new EventEmitter() as unknown as NodeJS.ReadStream });
  const warm = 10;
  let gcMs = 0;
  let gcs = 0;
  const gc = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      gcMs += e.duration;
      gcs++;
    }
  });
  let cpu = process.cpuUsage();
  let bytes = 0;
  for (let i = 1; i <= frames; i++) {
    if (i === warm + 1) {
      gc.observe({ entryTypes: ["gc"] });
      cpu = process.cpuUsage();
      bytes = screen.writer.bytesWritten;
    }
    const next = tree(i);
    const t0 = performance.now();
    screen.instance.rerender(next);
    whole.push(performance.now() - t0);
    // A turn of the event loop between frames, as between the dashboard's seconds.
    await new Promise((r) => setImmediate(r));
  }
  const used = process.cpuUsage(cpu);
  // GC entries reach the observer on a later turn of the event loop.
  await new Promise((r) => setTimeout(r, 50));
  gc.disconnect();
  const n = frames - warm;
  const figures = {
    whole: whole.slice(warm),
    cpuMs: (used.user + used.system) / 1000 / n,
    bytes: (screen.writer.bytesWritten - bytes) / n,
    frameBytes: Buffer.byteLength(screen.writer.lastFrame),
    gcMs: gcMs / n,
    gcs: gcs / n,
  };
  screen.instance.unmount();
  return figures;
}

const ms = (t: number[]) => `median ${percentile(t, 50).toFixed(1)} ms, p95 ${percentile(t, 95).toFixed(1)} ms`;
console.log(`renderer: ${process.env.RENDERER ?? "shipped"}${clockOnly ? ", the clock only (the data stays put)" : ""}`);
for (const [cols, rows] of [
  [120, 40],
  [80, 24],
] as const) {
  for (const theme of [
    { color: true, ascii: false },
    { color: false, ascii: true },
  ]) {
    const t = await measure(cols, rows, theme);
    console.log(
      `${cols}x${rows} ${theme.ascii ? "ascii, no colour" : "unicode, colour "}  frame ${ms(t.whole)} | CPU ${t.cpuMs.toFixed(2)} ms | ${Math.round(t.bytes)} B written of a ${t.frameBytes} B frame | GC ${t.gcMs.toFixed(2)} ms (${t.gcs.toFixed(2)} pauses) per frame (n=${t.whole.length})`,
    );
  }
}
process.exit(0);
