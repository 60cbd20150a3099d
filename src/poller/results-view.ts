/**
 * The results view's side of the poller: the page it shows, whether that
 * page is still to be asked, and each page asked and applied. Fetched only
 * while the view is open.
 */
import type { ResultsQuery } from "../api/client.js";
import type { ResultsPage } from "../domain/service-data.js";
import type { PollerClient } from "./options.js";
import { resultsKey, resultsPageWanted, withResultsPage, withResultsShown } from "./reducers.js";
import type { Snapshot, Target } from "./snapshot.js";

export type ViewQuery = Omit<ResultsQuery, "network">;

export class ResultsViewPages {
  private query: ViewQuery | null = null;

  get open(): boolean {
    return this.query !== null;
  }

  /** Opens (query) or closes (null) the view: whether its page is wanted, and what showing it does to the snapshot. */
  show(query: ViewQuery | null, s: Snapshot): { wanted: boolean; apply?: (s: Snapshot) => Snapshot } {
    this.query = query;
    if (query === null) return { wanted: false };
    const key = resultsKey(query);
    return { wanted: resultsPageWanted(s, key), apply: (x) => withResultsShown(x, key) };
  }

  /** The shown page asked; `stillWanted` tells whether another page was asked for while it was in flight. */
  async send(
    client: PollerClient,
    t: Target,
  ): Promise<{ page: ResultsPage; stillWanted: boolean; apply: (s: Snapshot, at: number) => Snapshot } | null> {
    const query = this.query;
    if (query === null) return null;
    const key = resultsKey(query);
    const page = await client.getResults({ ...query, network: t.network });
    const stillWanted = this.query !== null && resultsKey(this.query) !== key;
    const shown = this.query ? resultsKey(this.query) : key;
    return { page, stillWanted, apply: (s, at) => withResultsPage(s, key, shown, page, at) };
  }
}
