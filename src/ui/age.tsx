/**
 * How old what a pane shows is: the instant being drawn, shared through a
 * context, and the badge ("3.2s", "STALE 40s") each pane puts in its corner.
 */
import { createContext, useContext } from "react";
import { formatAge } from "../domain/format.js";
import type { Connection, Datum, Endpoint, Snapshot } from "../poller/snapshot.js";
import { isStale } from "../poller/staleness.js";
import { Line } from "./Line.js";
import type { Piece } from "./spans.js";

/** What a pane says about its data's age: when it arrived, whether it is past its refresh, and what failed. */
export interface Freshness {
  /** Server ms the data arrived; undefined before any. */
  at: number | undefined;
  stale: boolean;
  error: string | undefined;
}

/**
 * The freshness of one endpoint's datum at `now`. Before its first answer,
 * the error is its own failure, else why nothing gets through (the service
 * down or refusing the key), so no pane says "loading…" of what cannot load.
 */
export function freshness(
  s: Pick<Snapshot, "errors" | "connection">,
  endpoint: Endpoint,
  datum: Datum<unknown> | undefined,
  now: number,
  holdingPositions = false,
): Freshness {
  const error = s.errors[endpoint]?.message ?? (datum === undefined ? serviceDown(s.connection) : undefined);
  return { at: datum?.at, stale: isStale(datum, endpoint, now, holdingPositions), error };
}

/** How old `datum` is at `now` (server ms) when it is past its refresh (isStale); undefined while fresh or unread. */
export function staleAge(datum: Datum<unknown> | undefined, endpoint: Endpoint, now: number): number | undefined {
  return datum !== undefined && isStale(datum, endpoint, now) ? now - datum.at : undefined;
}

/** Why no request gets through now, as a pane with nothing read says it; undefined while the service answers. */
export function serviceDown(c: Connection): string | undefined {
  if (c.state === "offline") return "not loaded: the service cannot be reached";
  if (c.state === "unauthorized") return "not loaded: the service refuses the API key";
  return undefined;
}

/** "3.2s" in grey, or "STALE 40s" in yellow when the datum is past its refresh. */
export function ageBadge(age: number | undefined, stale: boolean, error?: string | undefined): Piece {
  if (error !== undefined && age === undefined) return { text: "no data", tone: "bad" };
  if (age === undefined) return { text: "waiting…", tone: "dim" };
  const seconds = formatAge(age);
  return stale || error !== undefined ? { text: `STALE ${seconds}`, tone: "warn", bold: true } : { text: seconds, tone: "dim" };
}

/**
 * The instant being drawn (server ms). Ages are read from it where they are
 * shown, so a pane whose data did not change is not redrawn every second
 * just because its age did.
 */
export const NowContext = createContext(0);

/** Age at `now` of data fetched at `at` (both server ms); undefined before any. */
export function ageAt(now: number, at: number | undefined): number | undefined {
  return at === undefined ? undefined : Math.max(0, now - at);
}

/** The age of data fetched at `at` (server ms), drawn by ageBadge(). */
export function AgeBadge(props: { at: number | undefined; stale: boolean; error?: string | undefined }) {
  const now = useContext(NowContext);
  return <Line>{ageBadge(ageAt(now, props.at), props.stale, props.error)}</Line>;
}
