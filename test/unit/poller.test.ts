/**
 * The poller's scheduling under fake timers. The client here is a scripted
 * stand-in answering like the service would; the poller, policy, store and
 * server clock are the real ones.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../src/api/errors.js";
import type { PlacePositionBody } from "../../src/api/schemas.js";
import type { GameListing, ResultsPage } from "../../src/domain/service-data.js";
import type { PollerClient } from "../../src/poller/options.js";
import type { TaskKind } from "../../src/poller/policy.js";
import { Poller } from "../../src/poller/poller.js";
import { bookRead } from "../../src/poller/snapshot.js";
import { balance, listing, livePrice, placedPosition, resultsPage, statusPosition, statusResponse } from "../helpers/fixtures.js";
import { seededRandom } from "../helpers/seeded.js";

const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);
const LATENCY = 40;

type Fault = ((kind: TaskKind) => ApiError | undefined) | undefined;

class ScriptedService implements PollerClient {
  calls: { kind: TaskKind; at: number }[] = [];
  inFlight = 0;
  maxInFlight = 0;
  fault: Fault;
  gameStart = T0;
  /** Whether the listing announces the next game (the real service's may not, before the close). */
  announcesNext = true;
  /** The listing moves on to the next game this long after the game clock does (a service slow to roll over). */
  listingLagMs = 0;
  positions: ReturnType<typeof statusPosition>[] = [];
  placeBehaviour: "ok" | "reset-after-apply" | "unreadable-after-apply" | "reset-not-applied" | "409" | "429-once" = "ok";
  results: ResultsPage = resultsPage({ games: [], pagination: { total: 0, limit: 20, offset: 0 } });

  private async answer<T>(kind: TaskKind, make: () => T): Promise<T> {
    this.calls.push({ kind, at: Date.now() });
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      await new Promise((r) => setTimeout(r, LATENCY));
      const err = this.fault?.(kind);
      if (err) throw err;
      return make();
    } finally {
      this.inFlight--;
    }
  }

  currentListing(): GameListing {
    // 60 s games, 75 s apart; the live one is whichever contains now.
    const period = 75_000;
    const k = Math.floor((Date.now() - this.listingLagMs - this.gameStart) / period);
    const start = this.gameStart + k * period;
    const l = listing({ start, now: Date.now(), gid: String(500000 + k) });
    return this.announcesNext ? l : { ...l, nextGame: null };
  }

  getSpot = () => this.answer("spot", () => this.currentListing());
  getLivePrice = () => this.answer("price", () => livePrice(67000 + (Date.now() % 1000) / 10, Date.now()));
  getUserBalance = () => this.answer("balance", () => balance("1000"));
  /** Positions /status lists besides the live game's (a game that has ended, say). */
  otherGames: ReturnType<typeof statusPosition>[] = [];
  getStatus = () =>
    this.answer("status", () =>
      statusResponse([...this.positions.filter((p) => p.gid === this.currentListing().liveGame!.gid), ...this.otherGames]),
    );
  getResults = () => this.answer("results", () => this.results);
  placePosition = (body: PlacePositionBody) =>
    this.answer("place", () => {
      const pos = placedPosition({ gid: body.gid, sp: body.sp, f: body.f, txid: `tx-${this.calls.length}` });
      const status = statusPosition({ gid: body.gid, sp: body.sp, f: body.f, txid: pos.txid });
      switch (this.placeBehaviour) {
        case "reset-after-apply":
          this.positions.push(status);
          throw new ApiError({ kind: "network", call: "POST /spot", message: "connection reset", outcomeUnknown: true });
        case "unreadable-after-apply":
          this.positions.push(status);
          throw new ApiError({ kind: "schema", call: "POST /spot", status: 200, message: "response field sp: expected a decimal number" });
        case "reset-not-applied":
          throw new ApiError({ kind: "network", call: "POST /spot", message: "connection reset", outcomeUnknown: true });
        case "409":
          throw new ApiError({
            kind: "conflict",
            call: "POST /spot",
            status: 409,
            reason: "Duplicate position",
            message: "rejected as a conflict, status 409 (Duplicate position)",
          });
        case "429-once":
          this.placeBehaviour = "ok";
          throw new ApiError({ kind: "rate_limited", call: "POST /spot", status: 429, retryAfterMs: 3_000, message: "rate limited" });
        default:
          this.positions.push(status);
          return pos;
      }
    });

  gaps(): number[] {
    return this.calls.slice(1).map((c, i) => c.at - this.calls[i]!.at);
  }
}

/** A page of /results holding one settled BTC_USDT 1 m game. */
function settledPage(gid: string, settledAt: string, money: { staked: string; won: string; net: string }): ResultsPage {
  return resultsPage({
    games: [
      {
        gid,
        interval: 60,
        asset: "BTC_USDT",
        network: "testnet",
        currency: "USDC",
        open_price: "67000",
        closing_price: "67090",
        settled_at: settledAt,
        cancelled: false,
        positions: [],
        total_staked: money.staked,
        total_winnings: money.won,
        net_return: money.net,
      },
    ],
    pagination: { total: 1, limit: 20, offset: 0 },
  });
}

/** Starts the poller, places a position in the live game, and has the service's results settle that game at its end. */
async function playLiveGame(poller: Poller, service: ScriptedService): Promise<{ gid: string; endsAt: number }> {
  poller.start();
  await vi.advanceTimersByTimeAsync(4_500);
  const gid = service.currentListing().liveGame!.gid;
  const placed = poller.place({ gid, sp: "67100", f: "2.5" });
  await vi.advanceTimersByTimeAsync(1_100);
  expect((await placed).kind).toBe("placed");
  const endsAt = poller.snapshot.listing!.value.liveGame!.ends_at;
  service.results = settledPage(gid, new Date(endsAt).toISOString(), { staked: "2.5", won: "3.1", net: "0.6" });
  return { gid, endsAt };
}

function makePoller(service: ScriptedService, wallet = "0x00000000000000000000000000000000000000aa") {
  return new Poller({
    jitter: seededRandom(),
    client: service,
    target: { asset: "BTC_USDT", interval: 60, network: "testnet", currency: "USDC" },
    wallet,
  });
}

describe("poller", () => {
  let service: ScriptedService;
  let poller: Poller;

  beforeEach(() => {
    vi.useFakeTimers({ now: T0 + 5_000 });
    service = new ScriptedService();
    poller = makePoller(service);
  });
  afterEach(() => {
    poller.stop();
    vi.useRealTimers();
  });

  it("starts with the listing and the positions, then the price and the balance, one request at a time, never closer than 1 s", async () => {
    poller.start();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(service.calls.slice(0, 5).map((c) => c.kind)).toEqual(["spot", "status", "price", "balance", "price"]);
    expect(service.maxInFlight).toBe(1);
    expect(Math.min(...service.gaps())).toBeGreaterThanOrEqual(1000);
  });

  it("reads the balance at launch before a boundary's listing: every pane has its data within four slots", async () => {
    // The game ends 2 s after the launch: its listing is due again from the third slot on.
    vi.setSystemTime(T0 + 73_000);
    poller.start();
    await vi.advanceTimersByTimeAsync(5_000);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(service.calls.slice(0, 6).map((c) => c.kind)).toEqual(["spot", "status", "price", "balance", "price", "spot"]);
  });

  it("after a switch of interval, reads the new game's listing and positions before the price", async () => {
    poller.start();
    await vi.advanceTimersByTimeAsync(6_500);
    const before = service.calls.length;
    poller.retarget({ interval: 3600 });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(service.calls.slice(before, before + 3).map((c) => c.kind)).toEqual(["spot", "status", "price"]);
  });

  it("after a switch to a market the book read before its game began, reads that game's positions before the price", async () => {
    poller = new Poller({
      jitter: seededRandom(),
      client: service,
      target: { asset: "BTC_USDT", interval: 60, network: "testnet", currency: "USDC" },
      book: { assets: ["BTC_USDT"], intervals: [60, 3600] },
    });
    poller.start();
    await vi.advanceTimersByTimeAsync(40_000);
    expect(poller.snapshot.book.markets["BTC_USDT 3600"]?.status).toBeDefined();
    // 5 s into the next game (75 s apart): the book's positions of it are from before its start.
    await vi.advanceTimersByTimeAsync(T0 + 80_000 - Date.now());
    const before = service.calls.length;
    poller.retarget({ interval: 3600 });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(service.calls.slice(before, before + 3).map((c) => c.kind)).toEqual(["spot", "status", "price"]);
  });

  it("looks again at a market left before its positions were read: the book's pass does not stay a market short", async () => {
    poller = new Poller({
      jitter: seededRandom(),
      client: service,
      target: { asset: "BTC_USDT", interval: 60, network: "testnet", currency: "USDC" },
      book: { assets: ["BTC_USDT"], intervals: [60, 3600, 86400] },
    });
    poller.start();
    await vi.advanceTimersByTimeAsync(40_000);
    expect(bookRead(poller.snapshot)).toEqual({ read: 3, of: 3 });
    // Through the hour's game and on before its positions are read: a look the book had of it is not its game's.
    poller.retarget({ interval: 3600 });
    await vi.advanceTimersByTimeAsync(500);
    expect(poller.snapshot.status).toBeUndefined();
    poller.retarget({ interval: 86400 });
    expect(bookRead(poller.snapshot).read).toBeLessThan(3);
    await vi.advanceTimersByTimeAsync(8_000);
    expect(bookRead(poller.snapshot)).toEqual({ read: 3, of: 3 });
  });

  it("gives the price its turn while the positions cannot be read at launch", async () => {
    service.fault = (kind) =>
      kind === "status" ? new ApiError({ kind: "server", call: "GET /status", status: 500, message: "status 500" }) : undefined;
    poller.start();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(service.calls.slice(0, 4).map((c) => c.kind)).toEqual(["spot", "status", "price", "balance"]);
    expect(poller.snapshot.status).toBeUndefined();
  });

  it("keeps the spacing however hard the user hammers refresh and place", async () => {
    poller.start();
    for (let i = 0; i < 40; i++) {
      poller.refresh();
      void poller.place({ gid: service.currentListing().liveGame!.gid, sp: String(67000 + i), f: "1" });
      await vi.advanceTimersByTimeAsync(250);
    }
    await vi.advanceTimersByTimeAsync(60_000);
    const gaps = service.gaps();
    expect(service.calls.length).toBeGreaterThan(40);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1000);
    expect(service.maxInFlight).toBe(1);
    // No 1 s window ever holds two starts, no 10 s window more than ten.
    for (const c of service.calls) {
      expect(service.calls.filter((d) => d.at >= c.at && d.at < c.at + 10_000).length).toBeLessThanOrEqual(10);
    }
  });

  it.each([
    ["positions", false],
    ["positions /status lists without a gid (taken as the live game's)", true],
  ])("gives the heartbeat price most slots and refreshes status every ~3 s while holding %s", async (_, withoutGid) => {
    poller.start();
    await vi.advanceTimersByTimeAsync(3_000);
    const gid = service.currentListing().liveGame!.gid;
    if (withoutGid) service.otherGames.push({ ...statusPosition({ txid: "held-1" }), gid: null });
    else service.positions.push(statusPosition({ gid, txid: "held-1" }));
    poller.refresh();
    await vi.advanceTimersByTimeAsync(30_000);
    const recent = service.calls.filter((c) => c.at > T0 + 15_000 && c.at < T0 + 38_000);
    const prices = recent.filter((c) => c.kind === "price").length;
    const statuses = recent.filter((c) => c.at && c.kind === "status");
    expect(prices / recent.length).toBeGreaterThan(0.55);
    expect(statuses.length).toBeGreaterThanOrEqual(7);
    const statusGaps = statuses.slice(1).map((c, i) => c.at - statuses[i]!.at);
    expect(Math.max(...statusGaps)).toBeLessThanOrEqual(3_200);
  });

  it("refetches the listing as soon as the game ends, and not at its close when the next game is announced", async () => {
    poller.start();
    await vi.advanceTimersByTimeAsync(10_000);
    const live = poller.snapshot.listing!.value.liveGame!;
    await vi.advanceTimersByTimeAsync(live.ends_at - Date.now() + 1_100);
    const sinceClose = service.calls.filter((c) => c.at >= live.closes_at);
    // The lobby and can_place_position at the close are the clock's to work out: no slot spent on them.
    expect(sinceClose.filter((c) => c.kind === "spot" && c.at < live.ends_at)).toEqual([]);
    expect(sinceClose.find((c) => c.at >= live.ends_at)?.kind).toBe("spot");
    expect(poller.snapshot.listing!.value.liveGame!.gid).not.toBe(live.gid);
  });

  it("refetches the listing at the close while no next game is announced: the service may announce it then", async () => {
    service.announcesNext = false;
    poller.start();
    await vi.advanceTimersByTimeAsync(10_000);
    const closesAt = poller.snapshot.listing!.value.liveGame!.closes_at;
    await vi.advanceTimersByTimeAsync(closesAt - Date.now() + 1_100);
    expect(service.calls.find((c) => c.at >= closesAt)?.kind).toBe("spot");
    expect(poller.snapshot.listing!.value.liveGame!.lobby?.isLobby).toBe(true);
  });

  it("holds back only the endpoint a 429 was for, until its resetIn, and says when it resumes", async () => {
    // Holding a position: /status is due every ~3 s and must keep that cadence.
    service.positions.push(statusPosition({ gid: service.currentListing().liveGame!.gid, txid: "held" }));
    poller.start();
    await vi.advanceTimersByTimeAsync(4_000);
    let limited = true;
    service.fault = (kind) =>
      limited && kind === "price"
        ? new ApiError({ kind: "rate_limited", call: "GET /live-price", status: 429, retryAfterMs: 7_000, message: "rate limited" })
        : undefined;
    await vi.advanceTimersByTimeAsync(2_100);
    const hit = service.calls.filter((c) => c.kind === "price").at(-1)!.at;
    limited = false;
    const conn = poller.snapshot.connection;
    expect(conn.state).toBe("rate_limited");
    if (conn.state === "rate_limited") expect(conn.resumeAt - hit).toBeGreaterThanOrEqual(7_000);
    const resumeAt = conn.state === "rate_limited" ? conn.resumeAt : 0;
    await vi.advanceTimersByTimeAsync(resumeAt - Date.now() - 100);
    const during = service.calls.filter((c) => c.at > hit);
    // The price waited; /status kept its turns, one request a second at most.
    expect(during.filter((c) => c.kind === "price")).toHaveLength(0);
    expect(during.filter((c) => c.kind === "status").length).toBeGreaterThanOrEqual(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(service.calls.filter((c) => c.at > hit && c.kind === "price").length).toBeGreaterThanOrEqual(1);
    expect(poller.snapshot.connection.state).toBe("ok");
    expect(Math.min(...service.gaps())).toBeGreaterThanOrEqual(1000);
  });

  it("backs off everything while the service cannot be reached, never past 2 s, and recovers on the first answer", async () => {
    poller.start();
    await vi.advanceTimersByTimeAsync(4_000);
    service.fault = () => new ApiError({ kind: "network", call: "GET /live-price", message: "connection refused", unreachable: true });
    const downAt = Date.now();
    await vi.advanceTimersByTimeAsync(20_000);
    const during = service.calls.filter((c) => c.at > downAt);
    const gaps = during.slice(1).map((c, i) => c.at - during[i]!.at);
    expect(poller.snapshot.connection.state).toBe("offline");
    expect(Math.max(...gaps)).toBeLessThanOrEqual(2_000 + LATENCY);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1_000);
    expect(poller.snapshot.price!.at).toBeLessThan(downAt + 1_000);
    service.fault = undefined;
    const upAt = Date.now();
    await vi.advanceTimersByTimeAsync(2_100);
    expect(poller.snapshot.connection.state).toBe("ok");
    expect(poller.snapshot.lastOkAt!).toBeGreaterThanOrEqual(upAt);
  });

  it("refreshes every pane within 2 s of the service answering again after an outage, still one request a second", async () => {
    service.positions.push(statusPosition({ gid: service.currentListing().liveGame!.gid, txid: "held" }));
    poller.start();
    await vi.advanceTimersByTimeAsync(5_000);
    service.fault = () => new ApiError({ kind: "network", call: "GET /live-price", message: "connection refused", unreachable: true });
    // 45 s down, inside one game: no boundary's listing and result compete with the catching up.
    await vi.advanceTimersByTimeAsync(45_000);
    expect(poller.snapshot.connection.state).toBe("offline");
    service.fault = undefined;
    // The first answer after the outage: from it, every pane's data must be fresh within 2 s.
    while (poller.snapshot.connection.state !== "ok") await vi.advanceTimersByTimeAsync(50);
    const backAt = poller.snapshot.lastOkAt!;
    await vi.advanceTimersByTimeAsync(2_000 + LATENCY);
    const s = poller.snapshot;
    expect({ price: s.price!.at >= backAt, balance: s.balance!.at >= backAt, status: s.status!.at >= backAt }).toEqual({
      price: true,
      balance: true,
      status: true,
    });
    expect(Math.min(...service.gaps())).toBeGreaterThanOrEqual(1000);
  });

  it("never lets one failing endpoint starve the others: /spot failing from the start, balance, price and status still arrive", async () => {
    service.positions.push(statusPosition({ gid: service.currentListing().liveGame!.gid, txid: "held" }));
    service.fault = (kind) =>
      kind === "spot"
        ? new ApiError({ kind: "server", call: "GET /spot", status: 500, message: "the service failed, status 500" })
        : undefined;
    poller.start();
    await vi.advanceTimersByTimeAsync(30_000);
    const s = poller.snapshot;
    expect(s.listing).toBeUndefined();
    expect(s.errors.spot?.message).toMatch(/status 500/);
    expect(s.balance).toBeDefined();
    expect(s.status).toBeDefined();
    expect(Date.now() - s.price!.at).toBeLessThanOrEqual(2_100);
    // /spot is retried with backoff (1, 2, 4, 8, then every 10 s), not in every free slot.
    expect(service.calls.filter((c) => c.kind === "spot").length).toBeLessThanOrEqual(8);
    expect(s.connection.state).toBe("degraded");
    expect(s.diagnostics.spot).toMatchObject({
      failures: service.calls.filter((c) => c.kind === "spot").length,
      lastError: { kind: "server" },
    });
    // It recovers on the next try, without a burst.
    service.fault = undefined;
    await vi.advanceTimersByTimeAsync(11_000);
    expect(poller.snapshot.listing).toBeDefined();
    expect(poller.snapshot.connection.state).toBe("ok");
    expect(Math.min(...service.gaps())).toBeGreaterThanOrEqual(1000);
    expect(service.maxInFlight).toBe(1);
  });

  it("sends a queued position in the very next slot; then the price, the position's projection (/status) and the balance", async () => {
    poller.start();
    await vi.advanceTimersByTimeAsync(4_500);
    const gid = service.currentListing().liveGame!.gid;
    const outcome = poller.place({ gid, sp: "67100", f: "2.5" });
    await vi.advanceTimersByTimeAsync(1_100);
    expect(service.calls.at(-1)?.kind).toBe("place");
    const o = await outcome;
    expect(o.kind).toBe("placed");
    expect(poller.snapshot.placed.map((p) => String(p.sp))).toEqual(["67100"]);
    await vi.advanceTimersByTimeAsync(4_200);
    const after = service.calls.slice(service.calls.findIndex((c) => c.kind === "place") + 1).map((c) => c.kind);
    // The price keeps every other slot; the projection comes two slots after the POST, the balance after it.
    expect(after.slice(0, 4)).toEqual(["price", "status", "price", "balance"]);
    // Once /status reports it, the optimistic copy is dropped: no double rows.
    expect(poller.snapshot.placed).toHaveLength(0);
    expect(poller.snapshot.status!.value.positions.map((p) => String(p.sp))).toEqual(["67100"]);
  });

  it("reconciles a POST whose outcome is unknown through /status and never sends it twice", async () => {
    poller.start();
    await vi.advanceTimersByTimeAsync(4_500);
    const gid = service.currentListing().liveGame!.gid;
    service.placeBehaviour = "reset-after-apply";
    const applied = poller.place({ gid, sp: "67100", f: "2.5" });
    await vi.advanceTimersByTimeAsync(5_000);
    const o1 = await applied;
    expect(o1).toMatchObject({ kind: "reconciled", placed: true });
    const afterPlace = service.calls.slice(service.calls.findIndex((c) => c.kind === "place"));
    expect(afterPlace[1]?.kind).toBe("status");
    expect(service.calls.filter((c) => c.kind === "place")).toHaveLength(1);

    service.placeBehaviour = "reset-not-applied";
    const lost = poller.place({ gid, sp: "67200", f: "2.5" });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await lost).toMatchObject({ kind: "reconciled", placed: false });
    expect(service.calls.filter((c) => c.kind === "place")).toHaveLength(2);
    expect(service.positions).toHaveLength(1);
  });

  it("reconciles a POST answered unreadably without holding back the next position", async () => {
    poller.start();
    await vi.advanceTimersByTimeAsync(4_500);
    const gid = service.currentListing().liveGame!.gid;
    service.placeBehaviour = "unreadable-after-apply";
    const first = poller.place({ gid, sp: "67100", f: "2.5" });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await first).toMatchObject({ kind: "reconciled", placed: true });
    expect(poller.snapshot.diagnostics.place).toMatchObject({ failures: 1, retryAt: undefined });
    expect(poller.snapshot.diagnostics.place?.lastError?.message).toContain("expected a decimal number");
    service.placeBehaviour = "ok";
    const asked = Date.now();
    const second = poller.place({ gid, sp: "67200", f: "2.5" });
    await vi.advanceTimersByTimeAsync(1_100);
    expect(await second).toMatchObject({ kind: "placed" });
    expect(service.calls.filter((c) => c.kind === "place").at(-1)!.at - asked).toBeLessThanOrEqual(1_000);
  });

  it("reports a 409 with the server's reason and keeps a 429'd position queued until the limit resets", async () => {
    poller.start();
    await vi.advanceTimersByTimeAsync(4_500);
    const gid = service.currentListing().liveGame!.gid;
    service.placeBehaviour = "409";
    const o = await (async () => {
      const p = poller.place({ gid, sp: "1", f: "1" });
      await vi.advanceTimersByTimeAsync(1_100);
      return p;
    })();
    expect(o.kind).toBe("rejected");
    if (o.kind === "rejected") expect(o.error.message).toContain("Duplicate position");

    service.placeBehaviour = "429-once";
    const queued = poller.place({ gid, sp: "2", f: "1" });
    // At most one slot for the price's turn, then the POST.
    await vi.advanceTimersByTimeAsync(2_100);
    expect(poller.snapshot.placement?.state).toBe("queued");
    expect(poller.snapshot.connection.state).toBe("rate_limited");
    await vi.advanceTimersByTimeAsync(3_500);
    expect((await queued).kind).toBe("placed");
  });

  it("refuses to place without a wallet address and says what is missing", async () => {
    const bare = makePoller(service, "");
    const o = await bare.place({ gid: "1", sp: "1", f: "1" });
    expect(o.kind).toBe("rejected");
    if (o.kind === "rejected") expect(o.error.message).toMatch(/METAFIDE_USER_ADDRESS/);
    expect(service.calls).toHaveLength(0);
  });

  it("watches a played game until its result arrives, then refreshes the balance", async () => {
    const { gid, endsAt } = await playLiveGame(poller, service);
    // The listing, the result, the new game's positions and the balance, each after a price.
    await vi.advanceTimersByTimeAsync(endsAt - Date.now() + 8_000);
    expect(poller.snapshot.settlements.map((s) => s.gid)).toEqual([gid]);
    const resultsAt = service.calls.find((c) => c.kind === "results")!.at;
    expect(service.calls.some((c) => c.kind === "balance" && c.at > resultsAt)).toBe(true);
  });

  it("asks for a played game's result once the game clock passes its end, before the listing moves on", async () => {
    service.gameStart = T0 - 20_000;
    service.listingLagMs = 10_000;
    const { gid, endsAt } = await playLiveGame(poller, service);
    await vi.advanceTimersByTimeAsync(endsAt - Date.now() + 4_000);
    // The listing still shows the ended game as live; the result is in all the same.
    expect(poller.snapshot.listing!.value.liveGame!.gid).toBe(gid);
    expect(poller.snapshot.settlements.map((n) => n.gid)).toEqual([gid]);
    // Once the listing moves on, the game is not shown as settling: its result is in.
    await vi.advanceTimersByTimeAsync(12_000);
    expect(poller.snapshot.listing!.value.liveGame!.gid).not.toBe(gid);
    expect(poller.snapshot.settling).toBeUndefined();
    // Meanwhile the focused game's positions were refreshed: the listing's retries did not take every slot.
    expect(service.calls.some((c) => c.kind === "status" && c.at > endsAt && c.at < endsAt + 10_000)).toBe(true);
  });

  it("waits on a played game's result wherever the trader goes, and says so in every snapshot until it is in", async () => {
    const { gid, endsAt } = await playLiveGame(poller, service);
    const settled = service.results;
    service.results = resultsPage({ games: [], pagination: { total: 0, limit: 20, offset: 0 } });
    // Every snapshot after the end: the game still shown live (the screen rolls it to settling), waited on, or settled.
    const unaccounted: number[] = [];
    poller.store.subscribe(() => {
      const s = poller.store.getSnapshot();
      const accounted =
        s.listing?.value.liveGame?.gid === gid || s.awaitingResults.includes(gid) || s.settlements.some((n) => n.gid === gid);
      if (Date.now() >= endsAt && !accounted) unaccounted.push(Date.now());
    });
    await vi.advanceTimersByTimeAsync(endsAt - Date.now() + 1_500);
    expect(poller.snapshot.awaitingResults).toEqual([gid]);
    poller.retarget({ interval: 3600 });
    expect(poller.snapshot.settling).toBeUndefined();
    expect(poller.snapshot.awaitingResults).toEqual([gid]);
    await vi.advanceTimersByTimeAsync(6_000);
    expect(poller.snapshot.awaitingResults).toEqual([gid]);
    service.results = settled;
    await vi.advanceTimersByTimeAsync(6_000);
    expect(poller.snapshot.settlements.map((n) => n.gid)).toEqual([gid]);
    expect(poller.snapshot.awaitingResults).toEqual([]);
    expect(unaccounted).toEqual([]);
  });

  it("waits on the game that ended a moment before a switch, which the screen had already shown settling", async () => {
    const { gid, endsAt } = await playLiveGame(poller, service);
    service.results = resultsPage({ games: [], pagination: { total: 0, limit: 20, offset: 0 } });
    await vi.advanceTimersByTimeAsync(endsAt - Date.now() + 1);
    poller.retarget({ interval: 3600 });
    expect(poller.snapshot.awaitingResults).toEqual([gid]);
  });

  it("gives up on a result after ten minutes, and the snapshot says so: the session's net is not held back for good", async () => {
    const { gid, endsAt } = await playLiveGame(poller, service);
    service.results = resultsPage({ games: [], pagination: { total: 0, limit: 20, offset: 0 } });
    await vi.advanceTimersByTimeAsync(endsAt - Date.now() + 9 * 60_000);
    expect(poller.snapshot.awaitingResults).toEqual([gid]);
    await vi.advanceTimersByTimeAsync(70_000);
    expect(poller.snapshot.awaitingResults).toEqual([]);
  });

  it("watches the result of an ended game /status still lists (one it never saw end), once", async () => {
    const old = "499990";
    service.otherGames = [statusPosition({ gid: old, txid: "from-before" })];
    service.results = settledPage(old, new Date(T0).toISOString(), { staked: "2", won: "1.5", net: "-0.5" });
    poller.start();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(poller.snapshot.settlements.map((n) => n.gid)).toEqual([old]);
    // /status keeps listing it: the result is not asked for again.
    expect(service.calls.filter((c) => c.kind === "results")).toHaveLength(1);
  });

  it("estimates the server clock from /spot timestamps", async () => {
    service.gameStart = T0;
    const skew = 120_000;
    const real = service.getSpot;
    service.getSpot = async () => {
      const l = await real();
      return { ...l, timestamp: l.timestamp! + skew };
    };
    poller.start();
    await vi.advanceTimersByTimeAsync(1_500);
    expect(Math.abs(poller.serverNow() - (Date.now() + skew))).toBeLessThanOrEqual(LATENCY);
  });
});
