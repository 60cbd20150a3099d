/** What the screen asks of the poller: its store, the game clock and the intents the keys send. */
import type { PlacementOutcome, PlaceRequest, Snapshot, Target } from "../poller/snapshot.js";
import type { Store } from "../poller/store.js";
import type { ResultsQueryArg } from "./results/results-state.js";

export interface DashboardController {
  store: Store<Snapshot>;
  serverNow(): number;
  refresh(): boolean;
  retarget(change: Partial<Pick<Target, "asset" | "interval">>): void;
  place(req: PlaceRequest): Promise<PlacementOutcome>;
  /** Open (a query) or close (null) the results view; /results is fetched only while it is open. */
  setResultsQuery?(query: ResultsQueryArg | null): void;
  /** The performance view opened (true) or closed: while open, games settled elsewhere are read in. */
  setPerformanceOpen?(open: boolean): void;
}
