/** The session's seen games (Session.seen): what the answers that carry positions add to it. */
import type { Snapshot } from "./snapshot.js";

/** The games of positions just read join the session's seen games (a position of no readable game: the live game's). */
export function withSeenGames(s: Snapshot, positions: readonly { gid: string | null }[], liveGid: string | undefined): Snapshot {
  let seen: Set<string> | undefined;
  for (const p of positions) {
    const gid = p.gid ?? liveGid;
    if (gid === undefined || (seen ?? s.session.seen).has(gid)) continue;
    seen ??= new Set(s.session.seen);
    seen.add(gid);
  }
  return seen === undefined ? s : { ...s, session: { ...s.session, seen } };
}
