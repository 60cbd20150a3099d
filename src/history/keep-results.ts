/**
 * The dashboard's kept results: each network's file loaded into the store at
 * launch (a read of new games waits for it), then every game the store
 * learns, and each finished read's mark, appended. Nothing here sends a
 * request. A file that cannot be read is left as it is, and the history is
 * read this run without being kept (the performance view says why); one
 * that cannot be written stops the keeping, said once.
 */
import { NETWORKS, type Network } from "../api/schemas.js";
import { type KeptResults, NO_RESULTS } from "../domain/results-history.js";
import type { GameResult } from "../domain/service-data.js";
import { withHistoryProblem, withLoadedResults } from "../poller/results-history.js";
import type { Snapshot } from "../poller/snapshot.js";
import type { Store } from "../poller/store.js";
import { type Account, accountScope, appendResults, gameLine, loadResults, resultsFile, throughLine } from "./results-file.js";

export interface KeptResultsFiles {
  /** Writes what is left; resolves when it is on disk (or has failed). */
  close(): Promise<void>;
}

export function keepResults(store: Store<Snapshot>, stateDir: string, account: Account): KeptResultsFiles {
  const scope = accountScope(account);
  if (scope === null) {
    // Without a key or a wallet the account cannot be told apart: nothing is kept, and nothing read.
    return { close: async () => {} };
  }
  const writers = NETWORKS.map((n) => new NetworkWriter(store, n, resultsFile(stateDir, scope, n)));
  const unsubscribe = store.subscribe(() => {
    for (const w of writers) w.collect();
  });
  return {
    close: async () => {
      unsubscribe();
      await Promise.all(writers.map((w) => w.close()));
    },
  };
}

class NetworkWriter {
  private written = new Map<string, GameResult>();
  private writtenThrough: number | null = null;
  private seen: KeptResults | undefined;
  private loaded = false;
  private failed = false;
  private writing: Promise<void>;

  constructor(
    private readonly store: Store<Snapshot>,
    private readonly network: Network,
    private readonly path: string,
  ) {
    this.writing = loadResults(path).then(
      (kept) => {
        this.written = new Map(kept.games);
        this.writtenThrough = kept.through;
        this.loaded = true;
        store.update((s) => withLoadedResults(s, network, kept));
      },
      (e: unknown) => {
        this.failed = true;
        // Read this run all the same, in memory only: the file is left as it is for the trader to look at.
        const problem = `results history not kept: ${(e as Error).message}`;
        store.update((s) => withLoadedResults(s, network, NO_RESULTS, problem));
      },
    );
  }

  collect(): void {
    if (!this.loaded || this.failed) return;
    const kept = this.store.getSnapshot().resultsHistory[this.network].kept;
    if (kept === this.seen) return;
    this.seen = kept;
    let lines = "";
    for (const [gid, g] of kept.games) {
      if (this.written.get(gid) === g) continue;
      this.written.set(gid, g);
      lines += gameLine(g);
    }
    if (kept.through !== null && kept.through !== this.writtenThrough) {
      this.writtenThrough = kept.through;
      lines += throughLine(kept.through);
    }
    if (lines === "") return;
    this.writing = this.writing.then(() =>
      appendResults(this.path, lines).catch((e: unknown) => {
        this.failed = true;
        this.store.update((s) => withHistoryProblem(s, this.network, `results history not written: ${(e as Error).message}`));
      }),
    );
  }

  async close(): Promise<void> {
    this.collect();
    await this.writing;
  }
}
