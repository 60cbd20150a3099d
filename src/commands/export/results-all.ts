/**
 * `spotdash results --all`: every settled game of the account on the
 * network, newest first, read a full page at a time inside the request
 * budget and printed as each page arrives — as lines for a person, CSV
 * (`--csv`) or NDJSON (`--ndjson`, or `--json`), one row per game or per
 * position (`--per`). A game seen twice (pages shift as games settle during
 * the read) is printed once. When stderr is a terminal it shows the
 * progress; SIGINT stops after the page in flight, what was printed whole.
 */
import { stringifyJson } from "../../api/json.js";
import { RESULTS_PAGE } from "../../domain/results-history.js";
import type { GameResult, ResultsPage, Unreadable } from "../../domain/service-data.js";
import { out } from "../io.js";
import { type ReadContext, resultLines, unreadableLines } from "../read.js";
import { ProgressBar } from "./progress.js";
import { COLUMNS, csvLine, csvRow, type RowsPer, rowsOf } from "./rows.js";

export type ExportFormat = "lines" | "csv" | "ndjson";

export async function resultsAllCommand(ctx: ReadContext, format: ExportFormat, per: RowsPer): Promise<void> {
  const { config, io } = ctx;
  const filter = exportFilter(config);
  const write = (text: string) => io.stdout.write(text);
  if (format === "csv") write(csvLine(COLUMNS[per]));
  const seen = new Set<string>();
  const issues: Unreadable[] = [];
  const progress = new ProgressBar(io.stderr, "reading results");
  try {
    for (let offset = 0; ; ) {
      if (io.signal?.aborted) break;
      const page: ResultsPage = await ctx.pacer.call(() =>
        ctx.backend.client.getResults({ network: config.network, ...filter, limit: RESULTS_PAGE, offset }),
      );
      issues.push(...page.issues);
      const fresh = page.games.filter((g) => !seen.has(g.gid));
      for (const g of fresh) seen.add(g.gid);
      write(fresh.map((g) => formatted(g, format, per)).join(""));
      offset += page.games.length;
      progress.show(offset, page.pagination.total);
      if (page.games.length < RESULTS_PAGE || (page.pagination.total !== null && offset >= page.pagination.total)) break;
    }
  } finally {
    progress.clear();
  }
  if (format === "lines") out(io, seen.size === 0 ? "no settled games" : `${seen.size} settled games`);
  for (const line of unreadableLines(issues)) io.stderr.write(`spotdash: ${line}\n`);
}

function formatted(g: GameResult, format: ExportFormat, per: RowsPer): string {
  if (format === "lines") return `${resultLines(g).join("\n")}\n`;
  const rows = rowsOf(g, per);
  return rows.map((r) => (format === "csv" ? csvRow(r, per) : `${stringifyJson(r)}\n`)).join("");
}

/** Every asset and interval, unless this command line names one (--asset, --interval). */
export function exportFilter(config: ReadContext["config"]): { asset?: string; interval?: number } {
  return {
    ...(config.sources.asset === "flag" ? { asset: config.asset } : {}),
    ...(config.sources.interval === "flag" ? { interval: config.interval } : {}),
  };
}
