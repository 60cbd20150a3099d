/**
 * The account's kept settled games in the snapshot, one history per network,
 * and what a page of a read, a settlement or the file does to it. Pure.
 * The reads themselves: results-reader.ts; the file: history/keep-results.ts.
 */

import { stringifyJson } from "../api/json.js";
import { NETWORKS, type Network } from "../api/schemas.js";
import { gameResultJson } from "../api/spec-form.js";
import { FIRST_PAGE, type KeptResults, mergePage, NO_RESULTS, type ResultsRead, withGames } from "../domain/results-history.js";
import type { GameResult, ResultsPage } from "../domain/service-data.js";

export interface ResultsHistory {
  /** Loaded from the state directory (or none found): a read waits for it, so that it asks only for what is new. */
  loaded: boolean;
  kept: KeptResults;
  /** The read under way, and how far it has come. */
  read: { next: ResultsRead; pages: number; total: number | null } | null;
  /** Server ms at which this run's last read finished; null: none has. */
  readAt: number | null;
  /** Games the poller saw settle (withSettledGame) since that read: kept, though no read has brought them. */
  settledSinceRead: number;
  /** Why the history is not kept on disk, when it is not. */
  problem?: string;
}

export type ResultsHistories = Readonly<Record<Network, ResultsHistory>>;

export function initialHistories(): ResultsHistories {
  const one: ResultsHistory = { loaded: false, kept: NO_RESULTS, read: null, readAt: null, settledSinceRead: 0 };
  return Object.fromEntries(NETWORKS.map((n) => [n, one])) as unknown as ResultsHistories;
}

/**
 * One game's figures as one text: two answers about a game differ exactly
 * when these do. The spec's fields only, positions in txid order: a service
 * varying a field it adds, or the order it lists positions in, is not a
 * changed game (else every launch would read the whole history again).
 */
export function figuresText(g: GameResult): string {
  const positions = [...g.positions].sort((a, b) => (a.txid < b.txid ? -1 : a.txid > b.txid ? 1 : 0)).map((p) => ({ ...p, extra: {} }));
  return stringifyJson(gameResultJson({ ...g, positions, extra: {} }));
}

type WithHistories = { resultsHistory: ResultsHistories };

function withNetwork<S extends WithHistories>(s: S, network: Network, change: (h: ResultsHistory) => ResultsHistory): S {
  const was = s.resultsHistory[network];
  const now = change(was);
  return now === was ? s : { ...s, resultsHistory: { ...s.resultsHistory, [network]: now } };
}

/** What the file held (or, with a problem, that there is none to keep): games merged under any already learnt. */
export function withLoadedResults<S extends WithHistories>(s: S, network: Network, kept: KeptResults, problem?: string): S {
  return withNetwork(s, network, (h) => ({
    ...h,
    loaded: true,
    kept: { games: new Map([...kept.games, ...h.kept.games]), through: kept.through },
    ...(problem === undefined ? {} : { problem }),
  }));
}

export function withHistoryProblem<S extends WithHistories>(s: S, network: Network, problem: string): S {
  return withNetwork(s, network, (h) => (h.problem === problem ? h : { ...h, problem }));
}

/** A read starts at the first page. */
export function withReadStarted<S extends WithHistories>(s: S, network: Network): S {
  return withNetwork(s, network, (h) => (h.read ? h : { ...h, read: { next: FIRST_PAGE, pages: 0, total: null } }));
}

/** A page of the read under way, asked at `read`. */
export function withHistoryPage<S extends WithHistories>(s: S, network: Network, read: ResultsRead, page: ResultsPage, at: number): S {
  return withNetwork(s, network, (h) => {
    const merged = mergePage(h.kept, read, { games: page.games, total: page.pagination.total, limit: page.pagination.limit }, figuresText);
    const pages = (h.read?.pages ?? 0) + 1;
    if (merged.next === null) return { ...h, kept: merged.kept, read: null, readAt: at, settledSinceRead: 0 };
    return { ...h, kept: merged.kept, read: { next: merged.next, pages, total: page.pagination.total } };
  });
}

/** A settlement the poller watched: its game kept at once, in its network's history. */
export function withSettledGame<S extends WithHistories>(s: S, game: GameResult, network: Network): S {
  return withNetwork(s, network, (h) => {
    const kept = withGames(h.kept, [game], figuresText);
    const added = kept.games.size - h.kept.games.size;
    return kept === h.kept ? h : { ...h, kept, settledSinceRead: h.settledSinceRead + added };
  });
}
