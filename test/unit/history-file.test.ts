/**
 * The price history on disk (src/history/): what is written is read back,
 * a crash's partial line is skipped, an overgrown file is compacted by an
 * atomic rename, files are private, and a directory that cannot be written
 * is reported once without an exception.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type PricePoint, PriceSeries } from "../../src/domain/price-series.js";
import { COMPACT_AFTER_LINES, HistoryWriter } from "../../src/history/history-writer.js";
import { appendPoints, historyDir, historyFile, loadHistory, parseLines } from "../../src/history/price-file.js";
import { Store } from "../../src/poller/store.js";

const T0 = Date.UTC(2026, 2, 1, 12);
let dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), "spotdash-history-"));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  dirs = [];
});

function seconds(n: number, from = T0) {
  return Array.from({ length: n }, (_, i) => ({ t: from + i * 1000, value: 67_000 + i / 4 }));
}

const series = (points: PricePoint[]) => PriceSeries.of(points);

describe("price files", () => {
  it("reads back what was appended, per asset, in a private directory of the backend's own", async () => {
    const dir = historyDir(tempDir(), "api.metafide.io:443");
    await appendPoints(dir, "BTC_USDT", seconds(3));
    await appendPoints(dir, "BTC_USDT", seconds(2, T0 + 3000));
    await appendPoints(dir, "ETH_USDT", [{ t: T0, value: 3700.25 }]);
    expect(dir.endsWith(join("prices", "api.metafide.io_443"))).toBe(true);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(historyFile(dir, "BTC_USDT")).mode & 0o777).toBe(0o600);
    const loaded = await loadHistory(dir, T0 + 10_000);
    expect([...loaded.BTC_USDT!]).toEqual([...seconds(3), ...seconds(2, T0 + 3000)]);
    expect([...loaded.ETH_USDT!]).toEqual([{ t: T0, value: 3700.25 }]);
  });

  it("skips a partial last line and lines that are not points", async () => {
    expect(parseLines(`${T0},1.5\n${T0 + 1000},2\nhello\n,3\n${T0 + 2000},2.7`)).toHaveLength(3);
    const dir = tempDir();
    writeFileSync(historyFile(dir, "BTC_USDT"), `${T0},1\n${T0 + 1000},2\n${T0 + 2000},6700`);
    expect((await loadHistory(dir, T0 + 5000)).BTC_USDT).toHaveLength(3);
    writeFileSync(historyFile(dir, "BTC_USDT"), `${T0},1\n${T0 + 1000},2\n17953`);
    expect((await loadHistory(dir, T0 + 5000)).BTC_USDT).toHaveLength(2);
  });

  it("compacts a file far past its bounds with a rename, leaving no temporary file", async () => {
    const dir = tempDir();
    // Two days at a point a second: the second day is kept, thinned past its last hour.
    const old = seconds(2 * 86_400, T0 - 2 * 86_400_000);
    await appendPoints(dir, "BTC_USDT", old);
    const before = readFileSync(historyFile(dir, "BTC_USDT"), "utf8").split("\n").length;
    const loaded = await loadHistory(dir, T0);
    const after = parseLines(readFileSync(historyFile(dir, "BTC_USDT"), "utf8"));
    expect(after).toEqual([...loaded.BTC_USDT!]);
    expect(after.length).toBeLessThan(before / 10);
    expect(readdirSync(dir)).toEqual(["BTC_USDT.csv"]);
  });

  it("is an empty history where there is no directory, and ignores files that are not an asset's", async () => {
    const dir = tempDir();
    expect(await loadHistory(join(dir, "missing"), T0)).toEqual({});
    writeFileSync(join(dir, "notes.txt"), "x");
    writeFileSync(join(dir, "etc.csv"), `${T0},1\n`);
    expect(await loadHistory(dir, T0)).toEqual({});
  });
});

describe("the history writer", () => {
  function source(initial: Record<string, PriceSeries> = {}) {
    return new Store({ priceHistory: initial });
  }

  it("appends only the points that are new since it started or since history was loaded", async () => {
    const dir = tempDir();
    const store = source({ BTC_USDT: series(seconds(2)) });
    const writer = new HistoryWriter(dir, store, () => undefined);
    writer.skipThrough({ BTC_USDT: series(seconds(3)) });
    store.update(() => ({ priceHistory: { BTC_USDT: series(seconds(6)) } }));
    store.update(() => ({ priceHistory: { BTC_USDT: series(seconds(8)), ETH_USDT: series([{ t: T0, value: 3700 }]) } }));
    await writer.close();
    expect(parseLines(readFileSync(historyFile(dir, "BTC_USDT"), "utf8"))).toEqual(seconds(8).slice(3));
    expect(parseLines(readFileSync(historyFile(dir, "ETH_USDT"), "utf8"))).toEqual([{ t: T0, value: 3700 }]);
  });

  it("rewrites a file it has appended many lines to as the store's bounded series, so a long session keeps it small", async () => {
    const dir = tempDir();
    const store = source();
    const writer = new HistoryWriter(dir, store, () => undefined);
    const all = seconds(COMPACT_AFTER_LINES);
    store.update(() => ({ priceHistory: { BTC_USDT: series(all) } }));
    // The store has since thinned what it holds (as appendPrice does past the last hour).
    const bounded = [...all.filter((_, i) => i % 1000 === 0), all.at(-1)!];
    store.update(() => ({ priceHistory: { BTC_USDT: series(bounded) } }));
    await writer.close();
    expect(parseLines(readFileSync(historyFile(dir, "BTC_USDT"), "utf8"))).toEqual(bounded);
  });

  it("reports a directory it cannot write once, and stops", async () => {
    const parent = tempDir();
    // A file where the directory should be: no one can create it, root included.
    writeFileSync(join(parent, "prices"), "");
    const problems: string[] = [];
    const store = source();
    const writer = new HistoryWriter(join(parent, "prices", "sim"), store, (m) => problems.push(m));
    store.update(() => ({ priceHistory: { BTC_USDT: series(seconds(2)) } }));
    await writer.flush();
    store.update(() => ({ priceHistory: { BTC_USDT: series(seconds(4)) } }));
    await writer.close();
    expect(problems).toEqual([expect.stringMatching(/^price history not saved \(.*\); the dashboard carries on without it$/)]);
  });
});
