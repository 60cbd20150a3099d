/** What a Poller is made with. */
import type { ApiClient } from "../api/client.js";
import type { Interval } from "../domain/rules.js";
import type { BookRequest } from "./book-policy.js";
import type { TaskKind } from "./policy.js";
import type { Target } from "./snapshot.js";

export type PollerClient = Pick<ApiClient, "getSpot" | "getLivePrice" | "getUserBalance" | "getStatus" | "getResults" | "placePosition"> &
  /** When the last request went out and was answered (ApiClient's); without it the spacing counts from each start. */
  Partial<Pick<ApiClient, "lastExchange">>;

/** The markets the book looks through for games held (domain/book.ts: DEFAULT_BOOK_ASSETS, bookIntervals). */
export interface BookOptions {
  assets: readonly string[];
  intervals: readonly Interval[];
}

export interface PollerOptions {
  client: PollerClient;
  target: Target;
  /** Wallet address sent as pw; placing is refused without it. */
  wallet?: string;
  /** Requests per second at most (default 1, never more than the user set). */
  maxRps?: number;
  /** Upper bound of the retry delay after network and server errors. */
  maxBackoffMs?: number;
  /** The backoff's jitter, 0 ≤ x < 1 (Math.random unless given): a test gives a seeded one, so it fails every time or never. */
  jitter?: () => number;
  /** Called for every request start (benchmarks and tests count them). */
  onRequest?: (kind: TaskKind, at: number, book?: BookRequest) => void;
  /** Look through these markets for games held outside the focused one (the book); none without it. */
  book?: BookOptions;
}
