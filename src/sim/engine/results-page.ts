/**
 * GET /results's read model: a page of a user's settled games on one
 * network, newest first, with the count of every match. A history of
 * thousands of games is walked once from its newest end, and only the
 * page's games are written (wire.ts: gameResult, each written once), so a
 * page costs its own games plus a comparison per game.
 */
import type { ResultsResponse } from "../../api/schemas.js";
import type { SettledGame } from "./model.js";
import type { ResultsRequest } from "./requests.js";
import { gameResult } from "./wire.js";

/** `settled`: the user's games in settlement order, which is end order (games.ts). */
export function resultsPage(settled: readonly SettledGame[], userId: number, q: ResultsRequest): ResultsResponse {
  const page: SettledGame[] = [];
  let total = 0;
  for (let i = settled.length - 1; i >= 0; i--) {
    const g = settled[i]!;
    if (!matches(g, q)) continue;
    if (total >= q.offset && page.length < q.limit) page.push(g);
    total++;
  }
  return {
    games: page.map((g) => gameResult(g, userId)),
    pagination: { total, limit: q.limit, offset: q.offset },
  };
}

function matches(g: SettledGame, q: ResultsRequest): boolean {
  return (
    g.network === q.network &&
    (q.asset === undefined || g.slot.asset === q.asset) &&
    (q.interval === undefined || g.slot.interval === q.interval) &&
    (q.gid === undefined || g.slot.gid === q.gid)
  );
}
