/**
 * Keeps the price history on disk as the poller extends it: follows the
 * store, collects each asset's new points, and appends them every few
 * seconds, off the render path. A write that fails (a full disk, a
 * read-only directory) is reported once and writing stops; the dashboard
 * carries on without it.
 */
import { type PricePoint, PriceSeries } from "../domain/price-series.js";
import { appendPoints, historyFile, rewrite } from "./price-file.js";

export const FLUSH_EVERY_MS = 5_000;
/** After this many lines appended to a file, it is rewritten to the bounded series: a dashboard left open for days keeps it small. */
export const COMPACT_AFTER_LINES = 12_000;

export interface HistorySource {
  subscribe(listener: () => void): () => void;
  getSnapshot(): { priceHistory: Readonly<Record<string, PriceSeries>> };
}

export class HistoryWriter {
  private readonly pending = new Map<string, PricePoint[]>();
  /** The newest point written (or loaded) per asset: only later ones are new. */
  private readonly written = new Map<string, number>();
  private readonly appended = new Map<string, number>();
  private seen: Readonly<Record<string, PriceSeries>>;
  private readonly unsubscribe: () => void;
  private readonly timer: ReturnType<typeof setInterval>;
  private flushing: Promise<void> = Promise.resolve();
  private failed = false;

  constructor(
    private readonly dir: string,
    private readonly source: HistorySource,
    private readonly onError: (message: string) => void,
  ) {
    this.seen = source.getSnapshot().priceHistory;
    // What is there now came from the disk or is about to be merged with it: only what follows is written.
    for (const [asset, series] of Object.entries(this.seen)) this.written.set(asset, series.at(-1)?.t ?? -Infinity);
    this.unsubscribe = source.subscribe(() => this.collect());
    this.timer = setInterval(() => void this.flush(), FLUSH_EVERY_MS);
    this.timer.unref();
  }

  /** Points that arrived as history loaded from disk are not new: they are not written back. */
  skipThrough(loaded: Readonly<Record<string, PriceSeries>>): void {
    for (const [asset, series] of Object.entries(loaded)) {
      const last = series.at(-1)?.t ?? -Infinity;
      this.written.set(asset, Math.max(this.written.get(asset) ?? -Infinity, last));
    }
  }

  private collect(): void {
    const history = this.source.getSnapshot().priceHistory;
    if (history === this.seen || this.failed) return;
    this.seen = history;
    for (const [asset, series] of Object.entries(history)) {
      const after = Math.max(this.written.get(asset) ?? -Infinity, this.pending.get(asset)?.at(-1)?.t ?? -Infinity);
      // New points are at the end: walk back to the first already written.
      let i = series.length;
      while (i > 0 && series.get(i - 1).t > after) i--;
      if (i < series.length) this.pending.set(asset, [...(this.pending.get(asset) ?? []), ...series.slice(i)]);
    }
  }

  /** Appends what has collected; one flush at a time. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writePending());
    return this.flushing;
  }

  private async writePending(): Promise<void> {
    if (this.failed) return;
    const batches = [...this.pending];
    this.pending.clear();
    for (const [asset, points] of batches) {
      try {
        await appendPoints(this.dir, asset, points);
        this.written.set(asset, points.at(-1)!.t);
        await this.compactIfLong(asset, points.length);
      } catch (e) {
        this.failed = true;
        this.onError(`price history not saved (${e instanceof Error ? e.message : String(e)}); the dashboard carries on without it`);
        return;
      }
    }
  }

  private async compactIfLong(asset: string, lines: number): Promise<void> {
    const total = (this.appended.get(asset) ?? 0) + lines;
    this.appended.set(asset, total < COMPACT_AFTER_LINES ? total : 0);
    if (total >= COMPACT_AFTER_LINES)
      await rewrite(historyFile(this.dir, asset), this.source.getSnapshot().priceHistory[asset] ?? PriceSeries.EMPTY);
  }

  /** Stops following the store and writes what is left. */
  async close(): Promise<void> {
    this.unsubscribe();
    clearInterval(this.timer);
    this.collect();
    await this.flush();
  }
}
