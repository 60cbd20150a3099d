/**
 * BookWatch against the sim over loopback: once a market's held games have
 * settled it is looked at again at once, so a position in its next game
 * joins the book without waiting for the next discovery, minutes later;
 * and that next game, newer than the market's listing, is not taken for
 * over: the listing is fetched again; a position placed elsewhere is
 * said, so that the poller reads the balance again.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../../src/api/client.js";
import { gameTimes, heldGids } from "../../src/domain/book.js";
import { withoutSettledGame } from "../../src/poller/book-reducers.js";
import { BookWatch, bookOptions } from "../../src/poller/book-watch.js";
import { initialSnapshot, type Snapshot } from "../../src/poller/snapshot.js";
import { body, startTestSim, type TestSim, toNextGame } from "./sim-helpers.js";

describe("BookWatch, against the sim", () => {
  let t: TestSim;
  let client: ApiClient;
  beforeAll(async () => {
    t = await startTestSim();
    client = new ApiClient({ url: t.sim.url, apiKey: t.key });
  });
  afterAll(async () => {
    await client.close();
    await t.close();
  });

  it("looks at a market again as soon as its held games have settled, and finds its next game held", async () => {
    await toNextGame(t, "ETH_USDT", 60);
    t.clock.advance(1_000);
    const first = await t.client.spot({ asset: "ETH_USDT", interval: 60 });
    await t.client.placePosition(body(t, first, { sp: "3500" }));
    // Listed without its next game, as the service may: a game held next is then in no listing fetched before it.
    t.sim.engine.markets.hideNextGame("ETH_USDT", 60, true);

    const watch = new BookWatch(bookOptions({ asset: "BTC_USDT", assets: ["BTC_USDT", "ETH_USDT"] }, false));
    let s: Snapshot = initialSnapshot({ asset: "BTC_USDT", interval: 60, network: "testnet", currency: "USDC" });
    let now = 0;
    /** Markets whose /status listed a position placed elsewhere (the poller then reads the balance again). */
    const elsewhere: string[] = [];
    /** One slot: the book's request, sent and applied, a second of local time later. */
    const slot = async () => {
      const req = watch.next(s, now, t.sim.clock.now());
      const answer = req === null ? null : await watch.send(req, client, s, now);
      if (answer?.placedElsewhere && req?.kind !== "price") elsewhere.push(`${req?.market.asset} ${req?.market.interval}`);
      if (answer) s = answer.apply(s, now);
      now += 1_000;
      return req;
    };
    for (let i = 0; i < 20 && watch.undiscovered(s.target).length > 0; i++) await slot();
    expect(watch.undiscovered(s.target)).toEqual([]);
    expect(heldGids(s.book.markets["ETH_USDT 60"]!)).toEqual([first.liveGame.gid]);
    // A market's first read: what it held then is in the balance read at launch.
    expect(elsewhere).toEqual([]);

    // The game ends; the trader holds the next one too (placed from another device).
    t.clock.set(first.liveGame.ends_at + 1_000);
    t.sim.engine.markets.hideNextGame("ETH_USDT", 60, false);
    const second = await t.client.spot({ asset: "ETH_USDT", interval: 60 });
    await t.client.placePosition(body(t, second, { sp: "3500" }));
    // Its result drops the first game from the book (as the poller does on the settlement) before any refresh.
    s = withoutSettledGame(s, first.liveGame.gid);
    expect(heldGids(s.book.markets["ETH_USDT 60"]!)).toEqual([]);

    // The very next slot looks at that market again; nothing else of the book is due.
    expect(await slot()).toMatchObject({ kind: "status", market: { asset: "ETH_USDT", interval: 60 } });
    expect(heldGids(s.book.markets["ETH_USDT 60"]!)).toEqual([second.liveGame.gid]);
    expect(elsewhere).toEqual(["ETH_USDT 60"]);

    // The listing was fetched before that /status and shows the first game: the second is newer than it, not over.
    expect(gameTimes(s.book.markets["ETH_USDT 60"]!, second.liveGame.gid)).toEqual({ gone: false, unknown: true });
    expect(watch.ended(s, t.sim.clock.now())).toEqual([]);
    // Its listing is fetched next, and the row has the second game's times.
    expect(await slot()).toMatchObject({ kind: "spot", market: { asset: "ETH_USDT", interval: 60 } });
    expect(gameTimes(s.book.markets["ETH_USDT 60"]!, second.liveGame.gid)).toMatchObject({ endsAt: second.liveGame.ends_at, gone: false });
    expect(watch.ended(s, t.sim.clock.now())).toEqual([]);
  });
});
