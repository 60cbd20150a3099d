/**
 * Games the user played that have ended, waited on until /results has their
 * result (or for ten minutes at most): the poller asks for the first in
 * line when the policy gives it a slot. Each game is watched once, however
 * often it is seen ending (a game /status keeps listing, say).
 */

import type { ApiClient } from "../api/client.js";
import type { Network } from "../api/schemas.js";
import { isSettled } from "../domain/results.js";
import type { GameResult, ResultsPage } from "../domain/service-data.js";

/** After this long without a result, a game is no longer waited on. */
const GIVE_UP_MS = 10 * 60_000;

export class SettlementWatch {
  private readonly line: { gid: string; since: number }[] = [];
  private readonly watched = new Set<string>();

  watch(gid: string, now: number): void {
    if (this.watched.has(gid)) return;
    this.watched.add(gid);
    this.line.push({ gid, since: now });
  }

  get pending(): boolean {
    return this.line.length > 0;
  }

  /** The game to ask about next. */
  get next(): string | undefined {
    return this.line[0]?.gid;
  }

  /** Asks /results for the first game in line; returns its result once it has settled. */
  async ask(
    client: Pick<ApiClient, "getResults">,
    network: Network,
    now: number,
  ): Promise<{ game?: GameResult; issues: ResultsPage["issues"] }> {
    const gid = this.next;
    if (gid === undefined) return { issues: [] };
    const res = await client.getResults({ network, gid });
    const game = res.games.find((g) => g.gid === gid);
    const settled = game !== undefined && isSettled(game);
    this.asked(settled, now);
    return settled ? { game, issues: res.issues } : { issues: res.issues };
  }

  /** The first game was asked about; it leaves the line once settled or given up on. */
  asked(settled: boolean, now: number): void {
    const first = this.line[0];
    if (first && (settled || now - first.since > GIVE_UP_MS)) this.line.shift();
  }
}
