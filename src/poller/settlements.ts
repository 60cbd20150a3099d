/**
 * Games the user played that have ended, waited on until /results has their
 * result (or for ten minutes at most): the poller asks about them when the
 * policy gives it a slot. Each game is watched once, however often it is
 * seen ending (a game /status keeps listing, say).
 */

import type { ApiClient } from "../api/client.js";
import type { Network } from "../api/schemas.js";
import { nextGameGid } from "../domain/game.js";
import { otherGames, playsIn } from "../domain/positions.js";
import { isSettled } from "../domain/results.js";
import type { GameListing, GameResult, Position, ResultsPage } from "../domain/service-data.js";
import type { Snapshot } from "./snapshot.js";
import type { Store } from "./store.js";

/** After this long without a result, a game is no longer waited on. */
const GIVE_UP_MS = 10 * 60_000;

/** Games ending together are asked about in one page of recent results, this long (the service's default). */
const RECENT_PAGE = 20;

export class SettlementWatch {
  /** Per game waited on, the local ms it was first seen ending; in that order. */
  private readonly line = new Map<string, number>();
  private readonly watched = new Set<string>();
  /** A game waited on that the last page of recent results did not hold (one that settled long ago, say): asked about by its id next. */
  private missing: string | undefined;

  /** `store`'s snapshot has the games waited on (Snapshot.awaitingResults): the session's net waits on them too. */
  constructor(private readonly store: Pick<Store<Snapshot>, "update">) {}

  /** Games the trader played have ended: on the snapshot at once, before the answer that showed them is. */
  watch(gids: readonly string[], now: number): void {
    const added = gids.filter((gid) => !this.watched.has(gid));
    if (added.length === 0) return;
    for (const gid of added) {
      this.watched.add(gid);
      this.line.set(gid, now);
    }
    this.store.update(this.withWaiting);
  }

  /**
   * `s` with the games waited on as they are now. A game leaves the line with the answer that brings its
   * result, or after which it is given up on (ask), and the snapshot that answer makes is the one to say
   * so: a frame between the two would count the game in neither part of the session's net.
   */
  withWaiting = (s: Snapshot): Snapshot => withAwaited(s, this.waiting);

  /** A game /status still lists that is neither live nor next has ended: its result is awaited like any other. */
  watchEndedListed(listing: GameListing | undefined, positions: readonly Position[], now: number): void {
    if (!listing) return;
    const others = otherGames(listing.liveGame?.gid, nextGameGid(listing), positions);
    this.watch(
      others.flatMap((o) => (o.relation === "ended" && o.gid !== "?" ? [o.gid] : [])),
      now,
    );
  }

  get pending(): boolean {
    return this.line.size > 0;
  }

  /** The games waited on, first seen first. */
  get waiting(): string[] {
    return [...this.line.keys()];
  }

  /**
   * Asks /results about the games waited on: one by its id; several (games
   * of the book ending at the same moment) in one page of recent results,
   * most recent first, where they all are, and one that page did not hold
   * by its id the next time. Returns those that have settled.
   */
  async ask(
    client: Pick<ApiClient, "getResults">,
    network: Network,
    now: number,
  ): Promise<{ games: GameResult[]; issues: ResultsPage["issues"] }> {
    const waiting = this.waiting;
    if (waiting.length === 0) return { games: [], issues: [] };
    const missing = this.missing !== undefined && this.line.has(this.missing) ? this.missing : undefined;
    const gid = waiting.length === 1 ? waiting[0] : missing;
    const res = await client.getResults(gid !== undefined ? { network, gid } : { network, limit: RECENT_PAGE });
    this.missing = gid === undefined ? waiting.find((w) => !res.games.some((g) => g.gid === w)) : undefined;
    const games = res.games.filter((g) => this.line.has(g.gid) && isSettled(g));
    this.answered(
      games.map((g) => g.gid),
      now,
    );
    return { games, issues: res.issues };
  }

  /** /results was asked: the games it showed settled leave the line, and so do those waited on too long. */
  answered(settled: readonly string[], now: number): void {
    for (const gid of settled) this.line.delete(gid);
    for (const [gid, since] of this.line) if (now - since > GIVE_UP_MS) this.line.delete(gid);
  }
}

/** `s` with `waiting` as the games whose results are awaited; the same snapshot while they are the same. */
function withAwaited(s: Snapshot, waiting: readonly string[]): Snapshot {
  const same = waiting.length === s.awaitingResults.length && waiting.every((gid, i) => gid === s.awaitingResults[i]);
  return same ? s : { ...s, awaitingResults: waiting };
}

/**
 * The focused game, once its end has passed by the game clock, if the user
 * played it: its result is waited on from then, not from a listing that has
 * moved on (one fetched a hair before the end still shows it live).
 */
export function focusedGameEnded(s: Snapshot, serverNow: number): string[] {
  const live = s.listing?.value.liveGame;
  const played = live !== undefined && live !== null && playsIn(live.gid, s.placed, s.status?.value.positions ?? []);
  return played && serverNow >= live.ends_at ? [live.gid] : [];
}

/** The game a new listing leaves behind (its live game is another), and whether the trader played in it. */
export function gameLeftBy(s: Snapshot, listing: GameListing): { gid: string; played: boolean } | undefined {
  const gid = s.listing?.value.liveGame?.gid;
  if (gid === undefined || gid === listing.liveGame?.gid) return undefined;
  return { gid, played: playsIn(gid, s.placed, s.status?.value.positions ?? []) };
}
