/**
 * The kept results brought up to date for a command (`spotdash stats`):
 * the file loaded, the new pages read through the command's pacer exactly
 * as the dashboard reads them (domain/results-history.ts), what they
 * brought appended. A file that cannot be read is left alone and the whole
 * history read instead, in memory.
 */
import type { Network } from "../../api/schemas.js";
import { FIRST_PAGE, type KeptResults, mergePage, NO_RESULTS, RESULTS_PAGE } from "../../domain/results-history.js";
import type { Unreadable } from "../../domain/service-data.js";
import { type Account, accountScope, appendResults, gameLine, loadResults, resultsFile, throughLine } from "../../history/results-file.js";
import { figuresText } from "../../poller/results-history.js";
import type { ReadContext } from "../read.js";
import { ProgressBar } from "./progress.js";

export interface ReadKept {
  kept: KeptResults;
  issues: Unreadable[];
  /** Pages asked this time. */
  pages: number;
  /** Why the history could not be kept on disk, if it could not. */
  problem?: string;
}

export async function readKeptResults(ctx: ReadContext, network: Network): Promise<ReadKept> {
  const account: Account = {
    sim: ctx.backend.simInfo !== undefined,
    label: ctx.backend.label,
    apiKey: ctx.config.apiKey?.reveal(),
    wallet: ctx.backend.wallet,
  };
  const scope = accountScope(account);
  const path = scope === null ? null : resultsFile(ctx.config.stateDir, scope, network);
  let kept = NO_RESULTS;
  let problem: string | undefined = path === null ? "the account cannot be told apart without a key or a wallet" : undefined;
  if (path !== null) {
    try {
      kept = await loadResults(path);
    } catch (e) {
      problem = (e as Error).message;
    }
  }
  const issues: Unreadable[] = [];
  const progress = new ProgressBar(ctx.io.stderr, "reading new results");
  let pages = 0;
  try {
    for (let read = FIRST_PAGE; ; ) {
      const page = await ctx.pacer.call(() => ctx.backend.client.getResults({ network, limit: RESULTS_PAGE, offset: read.offset }));
      pages++;
      issues.push(...page.issues);
      const merged = mergePage(kept, read, { games: page.games, total: page.pagination.total, limit: page.pagination.limit }, figuresText);
      kept = merged.kept;
      const lines =
        merged.changed.map(gameLine).join("") + (merged.next === null && kept.through !== null ? throughLine(kept.through) : "");
      if (path !== null && problem === undefined && lines !== "") {
        await appendResults(path, lines).catch((e: unknown) => {
          problem = `${path} cannot be written (${(e as { code?: string }).code ?? (e as Error).message})`;
        });
      }
      progress.show(read.offset + page.games.length, page.pagination.total);
      if (merged.next === null) break;
      read = merged.next;
    }
  } finally {
    progress.clear();
  }
  return { kept, issues, pages, ...(problem === undefined ? {} : { problem }) };
}
