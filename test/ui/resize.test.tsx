/**
 * The screen after any sequence of resizes, overlays and data changes is the
 * screen a fresh start at the final size shows, cell for cell (character,
 * colours, weight). The App renders through the shipped pipeline
 * (src/ui/renderer/mount.ts) into xterm.js's headless terminal, which does
 * to the old screen what a terminal does on a resize.
 */

import { Terminal } from "@xterm/headless";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { PriceSeries } from "../../src/domain/price-series.js";
import { initialSnapshot, type Snapshot, type Target } from "../../src/poller/snapshot.js";
import { Store } from "../../src/poller/store.js";
import { App } from "../../src/ui/App.js";
import type { DashboardController } from "../../src/ui/controller.js";
import { balance, listing, livePrice, statusPosition, statusResponse } from "../helpers/fixtures.js";
import { renderAt, tick } from "../helpers/ink.js";

const target: Target = { asset: "BTC_USDT", interval: 60, network: "testnet", currency: "USDC" };
const NOW = Date.UTC(2026, 10, 23, 12, 0, 20);

function controller(): DashboardController {
  const start = NOW - 10_000;
  const gid = "2400000001";
  const snap: Snapshot = {
    ...initialSnapshot(target),
    listing: { value: listing({ start, now: NOW, gid }), at: NOW },
    price: { value: livePrice(67000, NOW), at: NOW },
    priceHistory: {
      BTC_USDT: PriceSeries.of(Array.from({ length: 40 }, (_, i) => ({ t: NOW - (40 - i) * 1000, value: 67000 + ((i * 37) % 50) }))),
    },
    balance: { value: balance(), at: NOW },
    status: {
      value: statusResponse([statusPosition({ gid, txid: "a", sp: "67010" }), statusPosition({ gid, txid: "b", sp: "66990" })]),
      at: NOW,
    },
    connection: { state: "ok" },
    lastOkAt: NOW,
  };
  return {
    store: new Store(snap),
    serverNow: () => NOW,
    refresh: () => true,
    retarget: () => undefined,
    place: async () => ({ kind: "rejected", error: { kind: "invalid", message: "not in this test", at: NOW }, fields: [] }),
  };
}

/** A headless terminal on the alternate screen, as the dashboard runs. */
function emulator(cols: number, rows: number) {
  const term = new Terminal({ cols, rows, allowProposedApi: true });
  term.write("\u001b[?1049h");
  return {
    term,
    cells: () =>
      new Promise<string[]>((resolve) =>
        term.write("", () => {
          const buffer = term.buffer.active;
          const out: string[] = [];
          for (let y = 0; y < term.rows; y++) {
            const line = buffer.getLine(buffer.viewportY + y);
            let row = "";
            for (let x = 0; x < term.cols; x++) {
              const cell = line?.getCell(x);
              row += cell ? `${cell.getChars() || " "}${cell.getFgColor()}/${cell.getBgColor()}${cell.isBold() ? "b" : ""}|` : " |";
            }
            out.push(row);
          }
          resolve(out);
        }),
      ),
  };
}

function mount(c: DashboardController, cols: number, rows: number) {
  const ui = renderAt(<App controller={c} backend="SIM" assets={["BTC_USDT"]} readonly={false} walletMissing={false} />, cols, rows);
  const screen = emulator(cols, rows);
  // What the pipeline has written so far (the first frame), then every later write.
  screen.term.write(ui.stdout.written);
  ui.stdout.onWrite = (data) => screen.term.write(data);
  return { ui, screen };
}

type Step = { kind: "resize"; cols: number; rows: number; settle: boolean } | { kind: "help" } | { kind: "price"; value: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant("resize" as const),
      cols: fc.integer({ min: 40, max: 200 }),
      rows: fc.integer({ min: 12, max: 50 }),
      settle: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: "help" as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("price" as const), value: fc.integer({ min: 66_000, max: 68_000 }) }) },
);

const mounted: { unmount(): void }[] = [];
afterEach(() => {
  for (const m of mounted.splice(0)) m.unmount();
});

describe("resizing", () => {
  it.each([
    ["shrink", 200, 50, [[80, 24]]],
    ["grow", 80, 24, [[200, 50]]],
    ["width only", 120, 35, [[80, 35]]],
    ["height only", 120, 35, [[120, 24]]],
    [
      "a burst",
      200,
      50,
      [
        [120, 35],
        [90, 30],
        [150, 45],
        [80, 24],
      ],
    ],
    [
      "too small and back",
      120,
      35,
      [
        [40, 12],
        [100, 30],
      ],
    ],
  ])("%s ends in the screen a fresh start at that size shows", async (_, cols, rows, sizes) => {
    const c = controller();
    const { ui, screen } = mount(c, cols as number, rows as number);
    mounted.push(ui);
    await tick(60);
    for (const [w, h] of sizes as number[][]) {
      screen.term.resize(w!, h!);
      ui.stdout.resize(w!, h!);
    }
    await tick(60);
    const [w, h] = (sizes as number[][]).at(-1)!;
    const fresh = mount(c, w!, h!);
    mounted.push(fresh.ui);
    await tick(60);
    expect(await screen.cells()).toEqual(await fresh.screen.cells());
  });

  it("any sequence of resizes, help opened and closed, and new prices ends in a fresh start's screen", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const c = controller();
        const { ui, screen } = mount(c, 120, 35);
        mounted.push(ui);
        await tick(50);
        let helpOpen = false;
        let size = [120, 35] as [number, number];
        for (const s of steps) {
          if (s.kind === "resize") {
            size = [s.cols, s.rows];
            screen.term.resize(s.cols, s.rows);
            ui.stdout.resize(s.cols, s.rows);
            if (s.settle) await tick(30);
          } else if (s.kind === "help") {
            helpOpen = !helpOpen;
            ui.stdin.write(helpOpen ? "?" : "\u001b");
            await tick(30);
          } else {
            c.store.update((snap) => ({ ...snap, price: { value: livePrice(s.value, NOW), at: NOW } }));
            await tick(30);
          }
        }
        if (helpOpen) ui.stdin.write("?");
        // New data is drawn by the next second's frame (src/ui/hooks.ts, useFrames).
        await tick(1_100);
        const fresh = mount(c, size[0], size[1]);
        mounted.push(fresh.ui);
        await tick(60);
        expect(await screen.cells()).toEqual(await fresh.screen.cells());
        ui.unmount();
        fresh.ui.unmount();
      }),
      { numRuns: 8 },
    );
  }, 60_000);
});
