/** The rows of `spotdash results --all` (commands/export/rows.ts) and its progress bar. */
import { beforeEach, describe, expect, it } from "vitest";
import { ProgressBar } from "../../src/commands/export/progress.js";
import { COLUMNS, csvLine, csvRow, rowsOf } from "../../src/commands/export/rows.js";
import type { GameResult } from "../../src/domain/service-data.js";
import { gameResult } from "../helpers/fixtures.js";

let game: GameResult;
beforeEach(() => {
  game = gameResult({
    gid: "489886",
    interval: 60,
    asset: "BTC_USDT",
    network: "testnet",
    currency: "USDC",
    open_price: "67036.0478",
    closing_price: null,
    settled_at: "2026-11-20T10:01:15.000Z",
    cancelled: false,
    positions: [
      { sp: "68012", f: "2.5", w: "2.63", r: "5.2", win: true, variance: "-8.000001", txid: "a,1", placed_at: "2026-11-20T10:00:20.000Z" },
      { sp: "68100", f: "1", w: "0.98", r: "-2", win: false, variance: null, txid: 'b"2', placed_at: "2026-11-20T10:00:25.000Z" },
    ],
    total_staked: "3.5",
    total_winnings: "3.61",
    net_return: "0.11",
  });
});

describe("export rows", () => {
  it("a game row: its market, times, prices and totals, as the service's decimal strings; null where not given", () => {
    expect(rowsOf(game, "game")).toEqual([
      {
        gid: "489886",
        network: "testnet",
        asset: "BTC_USDT",
        interval: 60,
        currency: "USDC",
        settled_at: "2026-11-20T10:01:15.000Z",
        cancelled: false,
        open_price: "67036.0478",
        closing_price: null,
        positions: 2,
        total_staked: "3.5",
        total_winnings: "3.61",
        net_return: "0.11",
      },
    ]);
    expect(Object.keys(rowsOf(game, "game")[0]!)).toEqual([...COLUMNS.game]);
  });

  it("a row per position, with its game's columns first", () => {
    const rows = rowsOf(game, "position");
    expect(rows).toHaveLength(2);
    expect(Object.keys(rows[0]!)).toEqual([...COLUMNS.position]);
    expect(rows[0]).toMatchObject({
      gid: "489886",
      txid: "a,1",
      sp: "68012",
      f: "2.5",
      w: "2.63",
      r: "5.2",
      win: true,
      variance: "-8.000001",
    });
    expect(rows[1]).toMatchObject({ win: false, variance: null });
  });

  it("CSV: RFC 4180 quoting, empty for null, CRLF", () => {
    expect(csvLine(["a,b", 'say "hi"', null, 1, true, "plain"])).toBe('"a,b","say ""hi""",,1,true,plain\r\n');
    const line = csvRow(rowsOf(game, "position")[1]!, "position");
    expect(line).toContain(',"b""2",');
    expect(line.split(",").length).toBeGreaterThanOrEqual(COLUMNS.position.length);
  });

  it("the progress bar writes only to a terminal, and erases itself", () => {
    let piped = "";
    const p = new ProgressBar({ write: (s: string) => (piped += s) }, "reading");
    p.show(100, 1200);
    p.clear();
    expect(piped).toBe("");
    let tty = "";
    const bar = new ProgressBar({ write: (s: string) => (tty += s), isTTY: true } as never, "reading");
    bar.show(300, 1200);
    expect(tty).toBe(`\r\x1b[Kreading ${"█".repeat(6)}${"░".repeat(18)} 300 of 1200 games`);
    bar.clear();
    expect(tty.endsWith("\r\x1b[K")).toBe(true);
  });
});
