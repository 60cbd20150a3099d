/**
 * The one scheduler with the book in it: chooseNext and nextBookRequest
 * together, driven slot by slot over simulated time for random sets of
 * held games. Pure: no poller, no clock but the simulation's.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Interval } from "../../src/domain/rules.js";
import { BOOK_POLICY, type BookMarketState, type BookRequest, nextBookRequest } from "../../src/poller/book-policy.js";
import { chooseNext, PLACE_BEFORE_LOCK_MS, type PolicyInput, type TaskKind } from "../../src/poller/policy.js";
import { LISTING, policyInput } from "../helpers/policy-input.js";

/** Starts are at least a second apart plus the spacing's guard (spacing.ts). */
const SLOT_MS = 1_015;
const T0 = 1_700_000_000_000;
/** How late a held game's refresh may come when several requests fall due at once: two slots (docs/poller.md). */
const TOLERANCE = 2 * SLOT_MS;

interface SimGame {
  asset: string;
  interval: Interval;
  /** Server ms its held game ends. */
  endsAt: number;
}

interface Served {
  kind: TaskKind;
  at: number;
  book?: BookRequest;
}

/**
 * The focused 1 m game's ends, as the poller meets them: at each end its
 * listing is due at once, its result is there a second later (the
 * settlement is retried every 3 s until then), the balance follows the
 * settlement, and a trader holding a position in every game places the
 * next one as soon as its listing shows it (the placement's balance and
 * /status follow).
 */
class FocusedGame {
  /** Server ms the live game ends. */
  private endsAt: number;
  private listingAt: number;
  private resultAt: number | undefined;
  private placeQueued = false;
  private readonly want = { spot: false, status: false, balance: false, results: false };

  constructor(
    firstEndIn: number,
    private readonly holding: boolean,
  ) {
    this.endsAt = T0 + firstEndIn;
    this.listingAt = T0;
  }

  get focusedEndsAt(): number {
    return this.endsAt;
  }

  input(now: number): Partial<PolicyInput> {
    return {
      listing: FOCUSED_LISTING(this.endsAt),
      listingAt: this.listingAt,
      placeQueued: this.placeQueued,
      want: { ...this.want },
      settlementPending: this.resultAt !== undefined,
      // The end's listing makes its result awaited at once (poller.ts), and settles it a second later.
      ...(now >= this.endsAt && this.resultAt === undefined ? { settlementPending: true } : {}),
    };
  }

  served(kind: TaskKind, now: number): void {
    if (now >= this.endsAt && this.resultAt === undefined) this.resultAt = this.endsAt + 1_000;
    if (kind === "spot" && now >= this.endsAt) {
      this.endsAt += 60_000;
      this.listingAt = now;
      this.placeQueued = this.holding;
    } else if (kind === "settlement" && this.resultAt !== undefined && now >= this.resultAt) {
      this.resultAt = undefined;
      this.want.balance = true;
    } else if (kind === "place") {
      this.placeQueued = false;
      this.want.balance = true;
      this.want.status = true;
    } else if (kind === "balance" || kind === "status") {
      this.want[kind] = false;
    }
  }
}

/** A 1 m listing whose live game ends at `endsAt` and whose next game starts then. */
const FOCUSED_LISTING = (endsAt: number) =>
  ({
    asset: "BTC_USDT",
    interval: 60,
    liveGame: { gid: String(endsAt), start_at: endsAt - 60_000, closes_at: endsAt - 10_000, ends_at: endsAt, lobby: null },
    nextGame: { gid: String(endsAt + 60_000), starts_at: endsAt, ends_at: endsAt + 60_000 },
  }) as unknown as PolicyInput["listing"];

/**
 * Runs the policy for `seconds` of simulated time: the focused game on
 * BTC_USDT 60 s (holding or not), `games` held elsewhere, every other
 * market of two assets × four intervals looked through. Every request
 * answers at once; a held game's /status after its end finds it gone.
 * With `focusedEndIn` (ms), the focused game's ends come every minute from
 * then (FocusedGame); without, its listing is far from any boundary.
 */
function simulate(games: readonly SimGame[], focusedHolding: boolean, seconds: number, focusedEndIn?: number): Served[] {
  const markets: BookMarketState[] = [];
  for (const asset of ["BTC_USDT", "ETH_USDT"])
    for (const interval of [10, 60, 3600, 86400] as Interval[]) {
      if (asset === "BTC_USDT" && interval === 60) continue;
      const g = games.find((x) => x.asset === asset && x.interval === interval);
      markets.push({
        key: `${asset} ${interval}`,
        asset,
        interval,
        held: false,
        endsAt: g?.endsAt,
        listingAt: undefined,
        lastStatus: undefined,
        lastSpot: undefined,
      });
    }
  const lastPrice: Record<string, number> = {};
  const looks = { launchPassStart: undefined as number | undefined };
  const lastAttempt: Partial<Record<TaskKind, number>> = {};
  const recent: TaskKind[] = [];
  const served: Served[] = [];
  const focused = focusedEndIn === undefined ? undefined : new FocusedGame(focusedEndIn, focusedHolding);
  for (let now = T0; now < T0 + seconds * 1000; now += SLOT_MS) {
    const focusedEndsAt = focused?.focusedEndsAt;
    const book = nextBookRequest({ now, serverNow: now, focusedAsset: "BTC_USDT", markets, lastPrice, ...looks, focusedEndsAt });
    const kind = chooseNext(
      policyInput(now, {
        lastAttempt,
        recent,
        holdingPositions: focusedHolding,
        book,
        bookBusy: markets.some((m) => m.held || m.lastStatus === undefined),
        ...focused?.input(now),
      }),
    );
    if (kind === null) continue;
    focused?.served(kind, now);
    lastAttempt[kind] = now;
    recent.splice(0, recent.length, ...recent.slice(-1), kind);
    served.push({ kind, at: now, ...(kind === "book" && book ? { book } : {}) });
    if (kind === "book" && book) answer(book, markets, games, { lastPrice, looks }, now);
  }
  return served;
}

function answer(
  req: BookRequest,
  markets: BookMarketState[],
  games: readonly SimGame[],
  { lastPrice, looks }: { lastPrice: Record<string, number>; looks: { launchPassStart: number | undefined } },
  now: number,
) {
  if (req.kind === "price") {
    lastPrice[req.asset] = now;
    return;
  }
  const m = markets.find((x) => x.asset === req.market.asset && x.interval === req.market.interval)!;
  const game = games.find((g) => g.asset === m.asset && g.interval === m.interval);
  if (req.kind === "spot") {
    m.lastSpot = now;
    m.listingAt = now;
    m.endsAt = m.held ? game?.endsAt : undefined;
    return;
  }
  looks.launchPassStart ??= now;
  m.lastStatus = now;
  m.held = game !== undefined && now < game.endsAt;
  m.endsAt = m.held && m.listingAt !== undefined ? game!.endsAt : undefined;
}

const statusTimes = (served: readonly Served[], g: SimGame) =>
  served.flatMap((s) =>
    s.book?.kind === "status" && s.book.market.asset === g.asset && s.book.market.interval === g.interval ? [s.at] : [],
  );

/** Held games outside BTC_USDT 60 s: distinct markets, ending within the next two hours. */
const heldGames = fc
  .uniqueArray(
    fc.record({
      asset: fc.constantFrom("BTC_USDT", "ETH_USDT"),
      interval: fc.constantFrom<Interval>(60, 3600, 86400),
      // Their last minute starts after the first discovery pass (15–35 s) has found them and their listings.
      endsInS: fc.integer({ min: 100, max: 7_200 }),
    }),
    { maxLength: 3, selector: (g) => `${g.asset} ${g.interval}` },
  )
  .filter((gs) => !gs.some((g) => g.asset === "BTC_USDT" && g.interval === 60))
  // At most one of them is in its last minute at any moment: the budget for 5 s refreshes (docs/poller.md).
  .filter((gs) => gs.every((a, i) => gs.every((b, j) => i === j || Math.abs(a.endsInS - b.endsInS) > 75)))
  .map((gs) => gs.map((g) => ({ asset: g.asset, interval: g.interval, endsAt: T0 + g.endsInS * 1000 }) as SimGame));

/** A market of the book as the policy sees it: not held, never asked, unless `over` says otherwise. */
function bookMarket(asset: string, interval: Interval, over: Partial<BookMarketState>): BookMarketState {
  return {
    key: `${asset} ${interval}`,
    asset,
    interval,
    held: false,
    endsAt: undefined,
    listingAt: undefined,
    lastStatus: undefined,
    lastSpot: undefined,
    ...over,
  };
}

/**
 * Every held game found within the first pass, then refreshed within its
 * bound (30 s; with `lastMinute`, 5 s in its last minute and once right
 * after its end) give or take up to two slots when other requests fall due
 * at the same moment (TOLERANCE).
 */
function expectWithinBounds(served: readonly Served[], games: readonly SimGame[], lastMinute = true): void {
  for (const g of games) {
    const times = statusTimes(served, g);
    // Discovery finds it within the first pass: seven markets, in the slots the heartbeat and the focused game leave.
    expect(times[0]! - T0).toBeLessThanOrEqual(45_000);
    // The bounds hold once its listing is known: the discovering /status cannot know the game's end.
    let prev = times[1] ?? times[0]!;
    for (const t of times.filter((x) => x > prev && x <= g.endsAt)) {
      // The bound of the moment just before the refresh, so the last minute starts with positions under 5 s old.
      const final = g.endsAt - t <= BOOK_POLICY.finalWindowMs;
      const bound = (final ? 5_000 : 30_000) + TOLERANCE;
      if (lastMinute || !final) expect(t - prev, `${g.asset} ${g.interval} at ${(prev - T0) / 1000} s`).toBeLessThanOrEqual(bound);
      prev = t;
    }
    if (!lastMinute) continue;
    expect(g.endsAt - prev, `${g.asset} ${g.interval}: the last /status before its end`).toBeLessThanOrEqual(5_000 + TOLERANCE);
    const after = times.find((t) => t >= g.endsAt);
    expect(after, "a /status right after the end").toBeDefined();
    expect(after! - g.endsAt).toBeLessThanOrEqual(5_000 + TOLERANCE);
  }
}
describe("the scheduler with the book", () => {
  it("sends one request per slot, and the price at least every other slot", () => {
    fc.assert(
      fc.property(heldGames, fc.boolean(), (games, holding) => {
        const served = simulate(games, holding, 600);
        for (let i = 1; i < served.length; i++) expect(served[i]!.at - served[i - 1]!.at).toBeGreaterThanOrEqual(1_000);
        for (let i = 1; i < served.length; i++) expect(served[i - 1]!.kind === "price" || served[i]!.kind === "price").toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it("serves every held game within its bound: 30 s, 5 s in its last minute, and once right after it ends", () => {
    fc.assert(
      fc.property(heldGames, fc.boolean(), (games, holding) => expectWithinBounds(simulate(games, holding, 7_300), games)),
      // The same 60 sets every run: about one random set in a thousand crowds a game's end, another's last minute and a
      // calm refresh together past the two slots, by up to half a slot (docs/poller.md), and a run must not fail by chance.
      { numRuns: 60, seed: 20_261_123 },
    );
  });

  it("serves every held game within its 30 s bound while the focused 1 m game ends every minute, the trader placing in each", () => {
    // Not the last minute's 5 s: a refresh there can wait for the focused end's listing and settlement (docs/poller.md).
    fc.assert(
      fc.property(heldGames, fc.boolean(), fc.integer({ min: 0, max: 59_999 }), (games, holding, firstEnd) =>
        expectWithinBounds(simulate(games, holding, 7_300, firstEnd), games, false),
      ),
      // Fixed, like the one above: the same crowding at a focused game's end is as rare.
      { numRuns: 60, seed: 20_261_123 },
    );
  });

  it("keeps the focused price's share: with four games held it still gets more than every other slot", () => {
    const games: SimGame[] = [
      { asset: "BTC_USDT", interval: 3600, endsAt: T0 + 3_000_000 },
      { asset: "ETH_USDT", interval: 3600, endsAt: T0 + 2_000_000 },
      { asset: "ETH_USDT", interval: 86400, endsAt: T0 + 40_000_000 },
    ];
    const served = simulate(games, true, 900).filter((s) => s.at >= T0 + 60_000);
    const prices = served.filter((s) => s.kind === "price").map((s) => s.at);
    const meanGap = (prices.at(-1)! - prices[0]!) / (prices.length - 1);
    expect(meanGap).toBeLessThanOrEqual(1_700);
  });

  it("keeps the launch pass and a held asset's price going while a 1 m game held elsewhere wants every free slot", () => {
    // The 1 m game is in its last minute for its whole life: a /status every few seconds until it ends.
    const games: SimGame[] = [
      { asset: "ETH_USDT", interval: 60, endsAt: T0 + 70_000 },
      { asset: "BTC_USDT", interval: 3600, endsAt: T0 + 3_000_000 },
      { asset: "ETH_USDT", interval: 86400, endsAt: T0 + 40_000_000 },
    ];
    const served = simulate(games, true, 70);
    const firstLook = new Map<string, number>();
    for (const s of served)
      if (s.book?.kind === "status") {
        const key = `${s.book.market.asset} ${s.book.market.interval}`;
        if (!firstLook.has(key)) firstLook.set(key, s.at - T0);
      }
    expect(firstLook.size).toBe(7);
    // The seventh market by launchPaceMs × 6 after the first, or behind the two book requests due sooner that a found
    // 1 m game can have (its positions and its asset's price; the focused price keeps every other slot): looks held
    // back by the found games' own requests do not push the pass's end back.
    const looks = [...firstLook.values()].sort((a, b) => a - b);
    expect(looks.at(-1)).toBeLessThanOrEqual(looks[0]! + 6 * BOOK_POLICY.launchPaceMs + 5 * SLOT_MS);
    // A game found is asked for its times before the pass goes on.
    const ethSpot = served.find((s) => s.book?.kind === "spot" && s.book.market.asset === "ETH_USDT" && s.book.market.interval === 60);
    expect(ethSpot!.at - T0).toBeLessThanOrEqual(firstLook.get("ETH_USDT 60")! + BOOK_POLICY.launchPaceMs + SLOT_MS);
    const ethPrices = served.filter((s) => s.book?.kind === "price" && s.book.asset === "ETH_USDT").map((s) => s.at - T0);
    expect(ethPrices[0]).toBeLessThanOrEqual(firstLook.get("ETH_USDT 60")! + BOOK_POLICY.finalStatusMs);
    for (let i = 1; i < ethPrices.length; i++)
      expect(ethPrices[i]! - ethPrices[i - 1]!).toBeLessThanOrEqual(BOOK_POLICY.finalPriceMs + 5_000 + TOLERANCE);
  });

  it("sends a placement's /status before an overdue look of the launch pass, and after a held game's at its bound", () => {
    const market = { asset: "ETH_USDT", interval: 60 as Interval };
    const input = (book: BookRequest): PolicyInput =>
      policyInput(T0, {
        lastAttempt: { price: T0 - SLOT_MS },
        recent: ["price"],
        want: { spot: false, status: true, balance: false, results: false },
        holdingPositions: true,
        book,
        bookBusy: true,
      });
    // A look several paces overdue (a busy spell) guards no held game's bound: the trader's position first.
    expect(chooseNext(input({ kind: "status", market, urgent: true, deadline: T0 - 12_000, launch: true }))).toBe("status");
    // A held game's refresh at its bound goes first: its positions would be older than promised.
    expect(chooseNext(input({ kind: "status", market, urgent: true, deadline: T0 + 1_000 }))).toBe("book");
  });

  it("reads the results history in the slots nothing else wants, before the book's look only while the trader waits on it", () => {
    const market = { asset: "ETH_USDT", interval: 60 as Interval };
    const look: BookRequest = { kind: "status", market, urgent: false, deadline: T0 + 30_000, launch: true };
    const input = (history: PolicyInput["history"], over: Partial<PolicyInput> = {}) =>
      policyInput(T0, {
        lastAttempt: { price: T0 - SLOT_MS, status: T0, balance: T0, spot: T0 },
        recent: ["price"],
        book: look,
        history,
        ...over,
      });
    expect(chooseNext(input("idle"))).toBe("book");
    expect(chooseNext(input("waited"))).toBe("history");
    expect(chooseNext(input("idle", { book: null }))).toBe("history");
    // Never before the price's turn, nor a due refresh of the focused game.
    expect(chooseNext(input("waited", { recent: ["history"] }))).toBe("price");
    expect(chooseNext(input("waited", { want: { spot: false, status: true, balance: false, results: false } }))).toBe("status");
  });

  it("moves a calm refresh out of the seconds the focused game's end fills, earlier and never later", () => {
    const held = bookMarket("ETH_USDT", 3600, { held: true, endsAt: T0 + 3_000_000, listingAt: T0 - 20_000, lastStatus: T0 - 20_000 });
    const input = {
      now: T0,
      serverNow: T0,
      focusedAsset: "BTC_USDT",
      markets: [held],
      lastPrice: { ETH_USDT: T0 },
      launchPassStart: T0 - 60_000,
    };
    // Due 10 s from now by its 30 s bound, 7 s after the focused game ends: due a slot before that end instead.
    expect(nextBookRequest({ ...input, focusedEndsAt: T0 + 3_000 })).toMatchObject({ kind: "status", deadline: T0 + 2_000 });
    // Due 3 s before the focused game ends: as it was (not yet asked, its lead still ahead).
    expect(nextBookRequest({ ...input, focusedEndsAt: T0 + 13_000 })).toBeNull();
    // The focused game ended a second ago: its own deadline, 5 s from now, though that falls in the end's seconds.
    const dueSoon = { ...input, markets: [{ ...held, lastStatus: T0 - 25_000 }] };
    expect(nextBookRequest({ ...dueSoon, focusedEndsAt: T0 - 1_000 })).toMatchObject({ kind: "status", deadline: T0 + 5_000 });
  });

  it("sends a held game's refresh at its bound before the book's listings and prices due sooner", () => {
    // In its last minute: positions due every 5 s, the asset's price every 10 s.
    const atBound = bookMarket("ETH_USDT", 3600, { held: true, endsAt: T0 + 30_000, listingAt: T0 - 60_000, lastStatus: T0 - 4_000 });
    const input = { now: T0, serverNow: T0, focusedAsset: "BTC_USDT", launchPassStart: T0 - 60_000 };
    // The price's deadline (its period and slack) is half a second sooner, but the positions' bound is the promise.
    expect(nextBookRequest({ ...input, markets: [atBound], lastPrice: { ETH_USDT: T0 - 12_500 } })).toMatchObject({ kind: "status" });
    // A game just found, its listing wanted since its /status 10 s ago, waits for the refresh at its bound too.
    const found = bookMarket("BTC_USDT", 3600, { held: true, lastStatus: T0 - 10_000 });
    const both = { ...input, markets: [atBound, found], lastPrice: { ETH_USDT: T0 - 1_000 } };
    expect(nextBookRequest(both)).toMatchObject({ kind: "status", market: { asset: "ETH_USDT" } });
    // A calm refresh due but not yet at its bound: the price due sooner first.
    const calm = bookMarket("ETH_USDT", 3600, { held: true, endsAt: T0 + 3_000_000, listingAt: T0 - 60_000, lastStatus: T0 - 25_000 });
    expect(nextBookRequest({ ...input, markets: [calm], lastPrice: { ETH_USDT: T0 - 32_500 } })).toMatchObject({ kind: "price" });
  });

  it("fetches the listing of a market holding a game newer than it, first found first asked", () => {
    // Its /status 3 s ago held a game its listing (a minute old) does not show: the game's end is not known.
    const behind = bookMarket("ETH_USDT", 60, { held: true, listingAt: T0 - 60_000, lastStatus: T0 - 3_000, lastSpot: T0 - 60_000 });
    const input = { now: T0, serverNow: T0, focusedAsset: "BTC_USDT", lastPrice: { ETH_USDT: T0 }, launchPassStart: T0 - 120_000 };
    expect(nextBookRequest({ ...input, markets: [{ ...behind, listingBehind: true }] })).toEqual({
      kind: "spot",
      market: expect.objectContaining({ asset: "ETH_USDT", interval: 60 }),
      urgent: true,
      deadline: T0 - 3_000,
    });
    // Asked 2 s ago and still behind: again once spotRetryMs has passed.
    expect(nextBookRequest({ ...input, markets: [{ ...behind, listingBehind: true, lastSpot: T0 - 2_000 }] })).toBeNull();
    expect(nextBookRequest({ ...input, markets: [behind] })).toBeNull();
  });

  it("sends a held game's calm refresh at its bound before an overdue look of the pass at launch", () => {
    const market = bookMarket;
    // Found by the pass 29 s ago, its listing known; the pass is still 20 s behind its pace.
    const found = market("BTC_USDT", 3600, { held: true, lastStatus: T0 - 29_000, listingAt: T0 - 27_000, endsAt: T0 + 3_000_000 });
    const unseen = market("ETH_USDT", 86400, {});
    const input = { now: T0, serverNow: T0, focusedAsset: "BTC_USDT", lastPrice: {}, launchPassStart: T0 - 40_000 };
    expect(nextBookRequest({ ...input, markets: [found, unseen] })).toMatchObject({ kind: "status", market: { asset: "BTC_USDT" } });
    // Further from its bound, the look goes first.
    const sooner = { ...found, lastStatus: T0 - 24_000 };
    expect(nextBookRequest({ ...input, markets: [sooner, unseen] })).toMatchObject({ kind: "status", launch: true });
  });

  it("dates a held game's once-after-the-end /status by the local clock, whatever the server's clock says", () => {
    const serverNow = T0 + 3_600_000;
    const ended: BookMarketState = {
      key: "ETH_USDT 3600",
      asset: "ETH_USDT",
      interval: 3600,
      held: true,
      endsAt: serverNow - 4_000,
      listingAt: serverNow - 60_000,
      lastStatus: T0 - 20_000,
      lastSpot: T0 - 60_000,
    };
    const req = nextBookRequest({
      now: T0,
      serverNow,
      focusedAsset: "BTC_USDT",
      markets: [ended],
      lastPrice: { ETH_USDT: T0 - 1_000 },
      launchPassStart: T0 - 90_000,
    });
    // Ended 4 s ago: due since then, so it goes before the listing the end also wants (due now).
    expect(req).toMatchObject({ kind: "status", deadline: T0 - 4_000 });
  });

  it("looks through every market not held within a pass, then every few minutes", () => {
    const served = simulate([], false, (2 * BOOK_POLICY.discoveryMs) / 1000 + 60);
    const discovered = served.filter((s) => s.book?.kind === "status");
    const first = new Set(
      discovered
        .filter((s) => s.at < T0 + 30_000)
        .map((s) => s.book?.kind === "status" && `${s.book.market.asset} ${s.book.market.interval}`),
    );
    expect(first.size).toBe(7);
    expect(discovered.filter((s) => s.at >= T0 + 30_000 && s.at < T0 + BOOK_POLICY.discoveryMs)).toEqual([]);
    expect(discovered.filter((s) => s.at >= T0 + BOOK_POLICY.discoveryMs && s.at < T0 + 2 * BOOK_POLICY.discoveryMs).length).toBe(7);
  });
});

describe("a placement and the price", () => {
  const closingIn = (ms: number) =>
    ({
      ...LISTING(T0),
      liveGame: { gid: "1", start_at: T0 - 1_000, closes_at: T0 + ms, ends_at: T0 + ms + 5_000, lobby: null },
    }) as unknown as PolicyInput["listing"];

  it("waits for the price's turn when the game is far from its lock, and goes first when it is near", () => {
    const queued = { placeQueued: true, recent: ["spot"] as TaskKind[] };
    expect(chooseNext(policyInput(T0, { ...queued, listing: closingIn(PLACE_BEFORE_LOCK_MS + 1_000) }))).toBe("price");
    expect(chooseNext(policyInput(T0, { ...queued, listing: closingIn(PLACE_BEFORE_LOCK_MS - 1) }))).toBe("place");
    // Right after a price, the placement takes the next slot whatever the lock.
    expect(chooseNext(policyInput(T0, { placeQueued: true, recent: ["price"], listing: closingIn(60_000) }))).toBe("place");
  });
});
