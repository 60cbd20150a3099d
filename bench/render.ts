/**
 * npm run bench:render [-- --frames 200]
 *
 * The cost of one dashboard frame: the real Dashboard rendered by Ink into
 * an in-memory terminal from a fixed snapshot (10 positions, a full price
 * history), timed over many frames. Separates Ink's per-frame cost from the
 * poller and the network when looking for CPU.
 */
import { EventEmitter } from "node:events";
import { render } from "ink";
import { createElement } from "react";
import { Dashboard } from "../src/ui/Dashboard.js";
import { computeLayout } from "../src/ui/layout.js";
import { ThemeContext } from "../src/ui/theme.js";
import { initialSnapshot, type Snapshot } from "../src/poller/snapshot.js";
import { GameListingSchema, StatusResponseSchema } from "../src/api/schemas.js";
import { flag, percentile } from "./stats.js";

// The npm script sets NODE_ENV=production before React loads, as the CLI does.
const frames = flag("frames", 200);

class Screen extends EventEmitter {
  isTTY = true;
  constructor(public columns: number, public rows: number) {
    super();
  }
  write = () => true;
}

function snapshot(now: number): Snapshot {
  const start = now - 20_000;
  const listing = GameListingSchema.parse({
    asset: "BTC_USDT", interval: 60, early_precision_window: false, can_place_position: true, timestamp: now,
    nextGame: { gid: "2", starts_at: start + 75_000, ends_at: start + 150_000 },
    liveGame: { gid: "1", open_price: "67000", ai_price: "67010", start_at: start, closes_at: start + 60_000, ends_at: start + 75_000, lobby: { start_at: start + 60_000, end_at: start + 75_000, isLobby: false } },
  });
  const positions = Array.from({ length: 10 }, (_, i) => ({
    gid: "1", c: "USDC", a: "BTC_USDT", id: 1, f: "2", sp: String(66980 + i * 5), cm: false, cmt: null, w: 1.9 + i / 10, r: -5 + i, pw: "0x1", win: null,
    t: String(start + i * 1000), tx: null, txid: `tx${i}`, p: null, created_at: "2026-01-01T00:00:00Z", st: "success", it: 60, n: "testnet", username: "u", avatar: { imageUrl: "", backgroundColor: "#000" },
  }));
  const prices = Array.from({ length: 600 }, (_, i) => ({ t: now - (600 - i) * 1000, value: 67000 + Math.sin(i / 7) * 25 }));
  return {
    ...initialSnapshot({ asset: "BTC_USDT", interval: 60, network: "testnet", currency: "USDC" }),
    listing: { value: listing, at: now }, price: { value: { timestamp: now, value: prices.at(-1)!.value }, at: now }, prices,
    balance: { value: { userId: 1, balance: "980", withdrawal_req: "none" }, at: now }, sessionStartBalance: "1000",
    status: { value: StatusResponseSchema.parse({ positions, streaks: [] }), at: now }, connection: { state: "ok" }, lastOkAt: now,
  };
}

function measure(cols: number, rows: number, theme: { color: boolean; ascii: boolean }): number[] {
  const times: number[] = [];
  const stdout = new Screen(cols, rows) as unknown as NodeJS.WriteStream;
  const now = Date.now();
  const tree = (i: number) =>
    createElement(ThemeContext.Provider, { value: theme },
      createElement(Dashboard, { snapshot: snapshot(now + i * 1000), now: now + i * 1000, localNow: now, layout: computeLayout(cols, rows), backend: "SIM", readonly: false, focus: "game", scroll: 0, help: false, hints: "q quit", message: undefined }));
  const app = render(tree(0), { stdout, stdin: new EventEmitter() as unknown as NodeJS.ReadStream, debug: true, patchConsole: false, exitOnCtrlC: false, onRender: ({ renderTime }) => times.push(renderTime) });
  for (let i = 1; i <= frames; i++) app.rerender(tree(i));
  app.unmount();
  return times.slice(10);
}

for (const [cols, rows] of [[120, 40], [80, 24]] as const) {
  for (const theme of [{ color: true, ascii: false }, { color: false, ascii: true }]) {
    const t = measure(cols, rows, theme);
    console.log(`${cols}x${rows} ${theme.ascii ? "ascii, no colour" : "unicode, colour   "}  frame median ${percentile(t, 50).toFixed(1)} ms, p95 ${percentile(t, 95).toFixed(1)} ms (n=${t.length})`);
  }
}
process.exit(0);
