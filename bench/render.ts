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
import { readBalance, readListing, readLivePrice, readStatus } from "../src/api/read/resources.js";
import { Decimal } from "../src/domain/money.js";
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

/**
 * The game and the positions stay put while the clock runs, as they do in a
 * live game, and keep their identity as the poller's store keeps it; a new
 * price arrives every other second, as the poller fetches it.
 */
function snapshots(start: number): (now: number) => Snapshot {
  const listing = readListing({
    asset: "BTC_USDT", interval: 3600, early_precision_window: false, can_place_position: true, timestamp: start,
    nextGame: { gid: "2", starts_at: start + 3_615_000, ends_at: start + 7_230_000 },
    liveGame: { gid: "1", open_price: "67000", ai_price: "67010", start_at: start, closes_at: start + 3_600_000, ends_at: start + 3_615_000, lobby: { start_at: start + 3_600_000, end_at: start + 3_615_000, isLobby: false } },
  }, { asset: "BTC_USDT", interval: 3600 });
  const positions = Array.from({ length: 10 }, (_, i) => ({
    gid: "1", c: "USDC", a: "BTC_USDT", id: 1, f: "2", sp: String(66980 + i * 5), cm: false, cmt: null, w: 1.9 + i / 10, r: -5 + i, pw: "0x1", win: null,
    t: String(start + i * 1000), tx: null, txid: `tx${i}`, p: null, created_at: "2026-01-01T00:00:00Z", st: "success", it: 3600, n: "testnet", username: "u", avatar: { imageUrl: "", backgroundColor: "#000" },
  }));
  const base: Snapshot = {
    ...initialSnapshot({ asset: "BTC_USDT", interval: 3600, network: "testnet", currency: "USDC" }),
    listing: { value: listing, at: start },
    balance: { value: readBalance({ userId: 1, balance: "980", withdrawal_req: "none" }), at: start },
    sessionStartBalance: new Decimal("1000"),
    status: { value: readStatus({ positions, streaks: [] }), at: start },
    connection: { state: "ok" },
  };
  let latest = -1;
  let withPrices = base;
  return (now) => {
    const k = Math.floor((now - start) / 2000);
    if (k !== latest) {
      latest = k;
      const prices = Array.from({ length: 600 }, (_, i) => {
        const j = k - 599 + i;
        return { t: start + j * 2000, value: 67000 + Math.sin(j / 7) * 25 + Math.sin(j / 3) * 4 };
      });
      withPrices = { ...base, price: { value: readLivePrice({ timestamp: now, value: prices.at(-1)!.value }), at: now }, prices, lastOkAt: now };
    }
    return withPrices;
  };
}

/** Per frame: Ink's own render time (layout and output), and the whole rerender (React too). */
function measure(cols: number, rows: number, theme: { color: boolean; ascii: boolean }): { ink: number[]; whole: number[] } {
  const ink: number[] = [];
  const whole: number[] = [];
  const stdout = new Screen(cols, rows) as unknown as NodeJS.WriteStream;
  const start = Date.now() - 20_000;
  const snapshot = snapshots(start);
  const tree = (i: number) =>
    createElement(ThemeContext.Provider, { value: theme },
      createElement(Dashboard, { snapshot: snapshot(start + 20_000 + i * 1000), now: start + 20_000 + i * 1000, localNow: start + 20_000 + i * 1000, layout: computeLayout(cols, rows), backend: "SIM", readonly: false, focus: "game", scroll: 0, overlay: null, hints: "q quit", message: undefined }));
  const app = render(tree(0), { stdout, stdin: new EventEmitter() as unknown as NodeJS.ReadStream, debug: true, patchConsole: false, exitOnCtrlC: false, onRender: ({ renderTime }) => ink.push(renderTime) });
  for (let i = 1; i <= frames; i++) {
    const next = tree(i);
    const t0 = performance.now();
    app.rerender(next);
    whole.push(performance.now() - t0);
  }
  app.unmount();
  return { ink: ink.slice(10), whole: whole.slice(10) };
}

const ms = (t: number[]) => `median ${percentile(t, 50).toFixed(1)} ms, p95 ${percentile(t, 95).toFixed(1)} ms`;
for (const [cols, rows] of [[120, 40], [80, 24]] as const) {
  for (const theme of [{ color: true, ascii: false }, { color: false, ascii: true }]) {
    const t = measure(cols, rows, theme);
    console.log(`${cols}x${rows} ${theme.ascii ? "ascii, no colour" : "unicode, colour "}  Ink ${ms(t.ink)} | whole frame ${ms(t.whole)} (n=${t.whole.length})`);
  }
}
process.exit(0);
