/**
 * The dashboard's price history across restarts: loaded after the first
 * frame and merged into the store, then kept on disk as it grows. Nothing
 * here sends a request; it only reads and writes files.
 */
import { withHistoryProblem, withLoadedHistory } from "../poller/reducers.js";
import type { Snapshot } from "../poller/snapshot.js";
import type { Store } from "../poller/store.js";
import { HistoryWriter } from "./history-writer.js";
import { historyDir, loadHistory } from "./price-file.js";

export interface KeptHistory {
  /** Writes what is left; resolves when it is on disk (or has failed). */
  close(): Promise<void>;
}

/** `scope`: "sim" for a sim, else the service's host: each backend's prices in their own directory. */
export function keepPriceHistory(store: Store<Snapshot>, stateDir: string, scope: string): KeptHistory {
  const dir = historyDir(stateDir, scope);
  const problem = (message: string) => store.update((s) => withHistoryProblem(s, message));
  const writer = new HistoryWriter(dir, store, problem);
  const loading = loadHistory(dir, Date.now()).then(
    (loaded) => {
      writer.skipThrough(loaded);
      store.update((s) => withLoadedHistory(s, loaded));
    },
    (e: unknown) => problem(`price history not loaded (${e instanceof Error ? e.message : String(e)})`),
  );
  return {
    close: async () => {
      await loading;
      await writer.close();
    },
  };
}
