import { unreadableField } from "../../api/spec-form.js";
import { plural } from "../../domain/format.js";
import { performanceJson, performanceOf, type Range, rangeLabel } from "../../domain/performance/index.js";
import { assetCells, distanceLines, histogramLine, intervalCells, summaryLines, TABLE_COLUMNS } from "../../domain/performance/text.js";
import { jsonLine, out } from "../io.js";
import { type ReadContext, unreadableLines } from "../read.js";
import { readKeptResults } from "./read-kept.js";
import { exportFilter } from "./results-all.js";

export async function statsCommand(ctx: ReadContext, range: Range): Promise<void> {
  const { config, io } = ctx;
  const network = config.network;
  const read = await readKeptResults(ctx, network);
  const selection = { range, network, ...exportFilter(config) };
  const perf = performanceOf([...read.kept.games.values()], selection, ctx.clock.serverNow());
  if (ctx.args.json) {
    const kept = { kept_games: read.kept.games.size, pages_read: read.pages, ...(read.problem ? { not_kept: read.problem } : {}) };
    out(io, jsonLine(io, { ...performanceJson(perf), ...kept, ...unreadableField(read.issues) }));
    return;
  }
  const filter = [selection.asset ?? "every asset", selection.interval === undefined ? "every interval" : `${selection.interval} s games`];
  const lines = [
    `${network}, ${rangeLabel(range)}, ${filter.join(", ")} (${plural(read.kept.games.size, "game")} kept, ${plural(read.pages, "page")} read now)`,
    ...summaryLines(perf.figures, config.currency),
  ];
  if (perf.figures.games > 0) {
    lines.push("", ...table("by interval", intervalCells(perf.byInterval)), "", ...table("by asset", assetCells(perf.byAsset)), "");
    lines.push(...distanceLines(perf.distance), histogramLine(perf.distance.histogram));
  }
  if (read.problem) lines.push(`results history not kept: ${read.problem}`);
  lines.push(...unreadableLines(read.issues));
  out(io, lines.join("\n"));
}

/** A table with every column, each as wide as its widest cell. */
function table(title: string, rows: string[][]): string[] {
  const head = TABLE_COLUMNS.map((c, i) => (i === 0 ? title.toUpperCase() : c.title));
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [line(head), ...rows.map(line)];
}
