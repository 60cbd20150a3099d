/** A PollerClient that records when each request started and counts the 429s: the benches' request budget. */
import type { ApiClient } from "../src/api/client.js";
import { isApiError } from "../src/api/errors.js";
import type { PollerClient } from "../src/poller/options.js";

/** Counts starts and 429s of whatever client it wraps. */
export function counting(client: ApiClient) {
  const starts: number[] = [];
  let limited = 0;
  const wrap =
    <A extends unknown[], R>(fn: (...a: A) => Promise<R>) =>
    async (...a: A): Promise<R> => {
      starts.push(Date.now());
      try {
        return await fn(...a);
      } catch (e) {
        if (isApiError(e) && e.kind === "rate_limited") limited++;
        throw e;
      }
    };
  const c: PollerClient = {
    getSpot: wrap(client.getSpot.bind(client)),
    getLivePrice: wrap(client.getLivePrice.bind(client)),
    getUserBalance: wrap(client.getUserBalance.bind(client)),
    getStatus: wrap(client.getStatus.bind(client)),
    getResults: wrap(client.getResults.bind(client)),
    placePosition: wrap(client.placePosition.bind(client)),
  };
  return { c, starts, limited: () => limited };
}
