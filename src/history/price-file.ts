/**
 * The price history on disk: one file of `t,value` lines per backend and
 * asset, under the state directory (docs/history.md). Appended to, never
 * rewritten in place: a crash mid-write leaves at most a partial last line,
 * which reading skips. A file grown well past its bounded series is
 * compacted by writing a new file beside it and renaming it over the old.
 */
import { mkdir, open, readdir, readFile, rename, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { compactSeries, type PricePoint, PriceSeries } from "../domain/price-series.js";
import { ASSET_RE } from "../domain/rules.js";

/** A file with this many times the lines its series keeps is rewritten at load. */
const COMPACT_RATIO = 2;
const LINE = /^(\d{10,16}),(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)$/;

/** The directory of one backend's files: the sim's apart from each service host's, so their prices never mix. */
export function historyDir(stateDir: string, scope: string): string {
  return join(stateDir, "prices", scope.replace(/[^A-Za-z0-9.-]/g, "_"));
}

export function historyFile(dir: string, asset: string): string {
  return join(dir, `${asset}.csv`);
}

export function formatLines(points: Iterable<PricePoint>): string {
  let out = "";
  for (const p of points) out += `${p.t},${p.value}\n`;
  return out;
}

/** The points of a file's text, in file order; lines that are not a point (a partial last line after a crash) are skipped. */
export function parseLines(text: string): PricePoint[] {
  const points: PricePoint[] = [];
  for (const line of text.split("\n")) {
    const m = LINE.exec(line);
    if (m === null) continue;
    const value = Number(m[2]);
    if (Number.isFinite(value)) points.push({ t: Number(m[1]), value });
  }
  return points;
}

/**
 * Every asset's history in `dir`, as of `now`: sorted, deduplicated and
 * bounded. A missing directory is an empty history; a file that cannot be
 * read is skipped.
 */
export async function loadHistory(dir: string, now: number): Promise<Record<string, PriceSeries>> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return {};
  }
  const loaded: Record<string, PriceSeries> = {};
  for (const name of names) {
    const asset = name.endsWith(".csv") ? name.slice(0, -4) : "";
    if (!ASSET_RE.test(asset)) continue;
    const file = historyFile(dir, asset);
    let lines: PricePoint[];
    try {
      lines = parseLines(await readFile(file, "utf8"));
    } catch {
      continue;
    }
    const series = compactSeries(dedupeSorted(lines), now);
    if (series.length > 0) loaded[asset] = PriceSeries.of(series);
    if (lines.length > COMPACT_RATIO * Math.max(series.length, 1)) await rewrite(file, series).catch(() => undefined);
  }
  return loaded;
}

function dedupeSorted(points: PricePoint[]): PricePoint[] {
  const byTime = new Map<number, PricePoint>();
  for (const p of points) byTime.set(p.t, p);
  return [...byTime.values()].sort((a, b) => a.t - b.t);
}

/** The file replaced by one holding just `series`: written, flushed to disk, then renamed over it. */
export async function rewrite(file: string, series: Iterable<PricePoint>): Promise<void> {
  const tmp = `${file}.${process.pid}.tmp`;
  const handle = await open(tmp, "w", 0o600);
  try {
    await handle.writeFile(formatLines(series));
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(tmp, file);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
  // The rename itself is on disk only once the directory is.
  const dir = await open(dirname(file), "r");
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
}

/** Appends points with one write (O_APPEND: two dashboards appending to one file do not overwrite each other). */
export async function appendPoints(dir: string, asset: string, points: readonly PricePoint[]): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const handle = await open(historyFile(dir, asset), "a", 0o600);
  try {
    await handle.write(formatLines(points));
  } finally {
    await handle.close();
  }
}
