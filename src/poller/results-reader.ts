/**
 * The poller's side of the kept results: which network's history to read
 * next, and each page asked and applied. Reads take only the slots nothing
 * else wants (policy.ts), so a first read of a long history never starves
 * the live panes. Each network is read once a run, after its file is loaded;
 * while the performance view is open, the focused network again every
 * READ_AGAIN_MS. The dashboard's own settlements are kept as they come
 * (results-history.ts), with no read.
 */
import { NETWORKS, type Network } from "../api/schemas.js";
import { FIRST_PAGE, RESULTS_PAGE } from "../domain/results-history.js";
import type { ResultsPage } from "../domain/service-data.js";
import type { PollerClient } from "./options.js";
import { withHistoryPage, withReadStarted } from "./results-history.js";
import type { Snapshot } from "./snapshot.js";

/** While the performance view is open, games settled elsewhere are looked for this often. */
export const READ_AGAIN_MS = 60_000;

/** Failed reads in a row after which a network's history is not read again this run. */
export const GIVE_UP_AFTER = 3;

export interface HistoryAnswer {
  apply(s: Snapshot, at: number): Snapshot;
  issues: ResultsPage["issues"];
}

export class ResultsReader {
  /** Networks not read yet this run. */
  private readonly unread = new Set<Network>(NETWORKS);
  private viewOpen = false;
  private readonly failures = new Map<Network, number>();

  /** The performance view opened (true) or closed: the focused network is read at once on opening, then every READ_AGAIN_MS. */
  setViewOpen(open: boolean): void {
    this.viewOpen = open;
  }

  /** Whether the trader waits on the reads: the performance view is open. */
  get waited(): boolean {
    return this.viewOpen;
  }

  /** The network whose history the next history slot reads, or null: none wants one. */
  next(s: Snapshot, serverNow: number): Network | null {
    const focused = s.target.network;
    const order = [focused, ...NETWORKS.filter((n) => n !== focused)];
    for (const n of order) {
      const h = s.resultsHistory[n];
      if (!h.loaded || (this.failures.get(n) ?? 0) >= GIVE_UP_AFTER) continue;
      if (h.read !== null || this.unread.has(n)) return n;
    }
    const h = s.resultsHistory[focused];
    const open = this.viewOpen && h.loaded && (this.failures.get(focused) ?? 0) < GIVE_UP_AFTER;
    if (open && (h.readAt === null || serverNow - h.readAt >= READ_AGAIN_MS)) return focused;
    return null;
  }

  async send(client: PollerClient, s: Snapshot, network: Network): Promise<HistoryAnswer> {
    const read = s.resultsHistory[network].read?.next ?? FIRST_PAGE;
    let page: ResultsPage;
    try {
      page = await client.getResults({ network, limit: RESULTS_PAGE, offset: read.offset });
    } catch (e) {
      // A network this account cannot read (the other one, say) is left for this run after a few tries,
      // not asked for ever; the read under way, if any, is picked up at the next launch.
      const failed = (this.failures.get(network) ?? 0) + 1;
      this.failures.set(network, failed);
      throw e;
    }
    this.failures.delete(network);
    this.unread.delete(network);
    return {
      issues: page.issues,
      apply: (x, at) => withHistoryPage(withReadStarted(x, network), network, read, page, at),
    };
  }
}
