/**
 * What each alert says (src/alerts/detect): the whole event — title, text,
 * tone and data — for every kind, and the edges of when it fires: the
 * cooldown's and the thresholds' exact instants, the rule off, memory that
 * is let go. alert-detect.test.ts states the sequences; this file the words.
 */
import { describe, expect, it } from "vitest";
import { Detector } from "../../src/alerts/detect/detector.js";
import { alertTextAt } from "../../src/alerts/detect/game-events.js";
import { RATE_LIMITED_MS, SERVICE_DOWN_MS } from "../../src/alerts/rules.js";
import { Decimal } from "../../src/domain/money.js";
import type { GameResult } from "../../src/domain/service-data.js";
import { withSettlement } from "../../src/poller/reducers.js";
import type { Connection, Placement, Snapshot } from "../../src/poller/snapshot.js";
import { base, rule, run, T0 } from "../helpers/alert-steps.js";
import { balance, listing, livePrice, statusPosition, statusResponse } from "../helpers/fixtures.js";
import { type GameSpec, settled as settledGame, unreadable } from "../helpers/results.js";

const AN_ERROR = { kind: "conflict" as const, message: "409", at: T0 };
const on = (...kinds: ("settled" | "turned" | "early_window" | "balance" | "service" | "key_refused" | "rate_limited")[]) =>
  kinds.map((kind) => rule({ kind }));

/** A game of the user's settled: 5 staked, 7.5 paid, closed at 101. */
const played = (gid: string, over: Partial<GameSpec> = {}): GameResult =>
  settledGame({ gid, at: T0, staked: "5", paid: "7.5", closing: "101", ...over });

describe("a held game settled", () => {
  it("says the outcome, the net and what was staked and paid, with exact data", () => {
    const settled = withSettlement(base, played("489886"), T0 + 1_000);
    const [event, ...rest] = run(
      [
        [base, T0],
        [settled, T0 + 1_000],
      ],
      on("settled"),
    );
    expect(rest).toEqual([]);
    expect(event).toEqual({
      event: "settled",
      rule: "settled",
      at: T0 + 1_000,
      title: "WON +2.50 USDC",
      text: "settled #489886 BTC_USDT 1m: WON +2.50 USDC · staked 5.00 · paid 7.50",
      shorter: ["settled #489886: WON +2.50 USDC · staked 5.00 · paid 7.50", "settled: WON +2.50 USDC · staked 5.00 · paid 7.50"],
      tone: "up",
      data: {
        gid: "489886",
        asset: "BTC_USDT",
        interval: 60,
        outcome: "won",
        net: "2.5",
        staked: "5",
        paid: "7.5",
        currency: "USDC",
        closing_price: "101",
      },
    });
  });

  it("a cancelled game says its stakes came back, and no net in the title", () => {
    const settled = withSettlement(base, played("489887", { cancelled: true, paid: "0" }), T0 + 1_000);
    const [event] = run(
      [
        [base, T0],
        [settled, T0 + 1_000],
      ],
      on("settled"),
    );
    expect(event).toMatchObject({
      title: "CANCELLED USDC",
      text: "settled #489887 BTC_USDT 1m: CANCELLED stakes refunded 5.00 USDC",
      tone: "warn",
      data: { outcome: "cancelled" },
    });
  });

  it.each([
    [false, "WON +2.50", "settled #489888 ? 1m: WON +2.50 · staked 5.00 · paid 7.50"],
    [true, "CANCELLED", "settled #489888 ? 1m: CANCELLED stakes refunded 5.00"],
  ])("an unreadable asset reads ?, and an unreadable currency is left out (cancelled: %s)", (cancelled, title, text) => {
    const game = unreadable(unreadable(played("489888", { cancelled, paid: cancelled ? "0" : "7.5" }), "asset"), "currency");
    const [event] = run(
      [
        [base, T0],
        [withSettlement(base, game, T0 + 1_000), T0 + 1_000],
      ],
      on("settled"),
    );
    expect(event).toMatchObject({ title, text, data: { asset: null, currency: null } });
  });

  it("fires among other rules", () => {
    const settled = withSettlement(base, played("4"), T0 + 1_000);
    expect(
      run(
        [
          [base, T0],
          [settled, T0 + 1_000],
        ],
        on("turned", "settled"),
      ),
    ).toHaveLength(1);
  });

  it("what had settled before the first step is not news; each settlement is said once", () => {
    const first = withSettlement(base, played("1"), T0);
    const second = withSettlement(first, played("2"), T0 + 1_000);
    const events = run(
      [
        [first, T0],
        [second, T0 + 1_000],
        [second, T0 + 2_000],
      ],
      on("settled"),
    );
    expect(events.map((e) => e.data.gid)).toEqual(["2"]);
  });

  it("with the rule off nothing is said, and a settlement seen while off stays unsaid", () => {
    const d = new Detector({ cooldownMs: 0 });
    const settled = withSettlement(base, played("3"), T0 + 1_000);
    expect(d.step(base, T0, [])).toEqual([]);
    expect(d.step(settled, T0 + 1_000, on("turned"))).toEqual([]);
    expect(d.step(settled, T0 + 2_000, on("settled"))).toEqual([]);
  });
});

describe("a held game turning", () => {
  const live = listing({ start: T0, gid: "700", now: T0 });
  const withW = (w: number, at: number): Snapshot => ({
    ...base,
    listing: { value: live, at },
    status: { value: statusResponse([statusPosition({ gid: "700", f: "5", w })]), at },
  });

  it.each([
    [4, 6, "winning", "up", "+1.00", "1"],
    [6, 4, "losing", "down", "-1.00", "-1"],
  ] as const)("from %s to %s: %s", (w0, w1, state, tone, shown, exact) => {
    const events = run(
      [
        [withW(w0, T0), T0],
        [withW(w1, T0 + 1_000), T0 + 1_000],
      ],
      on("turned"),
    );
    expect(events).toEqual([
      {
        event: "turned",
        rule: "turned",
        at: T0 + 1_000,
        title: `#700 BTC_USDT 1m ${state}`,
        text: `#700 BTC_USDT 1m now ${state}: projected net ${shown} USDC`,
        tone,
        data: { gid: "700", asset: "BTC_USDT", interval: 60, state, projected_net: exact },
      },
    ]);
  });

  it("follows each game held on its own: two turning at once are two events", () => {
    // The live game 700 and the next game 701, each projected on its own sign.
    const both = (w700: number, w701: number, at: number): Snapshot => ({
      ...base,
      listing: { value: live, at },
      status: {
        value: statusResponse([statusPosition({ gid: "700", f: "5", w: w700 }), statusPosition({ gid: "701", f: "5", w: w701 })]),
        at,
      },
    });
    const events = run(
      [
        [both(4, 6, T0), T0],
        [both(6, 4, T0 + 1_000), T0 + 1_000],
      ],
      on("turned"),
    );
    expect(events.map((e) => [e.data.gid, e.data.state])).toEqual([
      ["700", "winning"],
      ["701", "losing"],
    ]);
  });

  it("other rules do not turn it on", () => {
    expect(
      run(
        [
          [withW(4, T0), T0],
          [withW(6, T0 + 1_000), T0 + 1_000],
        ],
        on("settled", "balance"),
      ),
    ).toEqual([]);
  });

  it("an even projection changes nothing: the turn is from the last sign seen", () => {
    const events = run(
      [
        [withW(6, T0), T0],
        [withW(5, T0 + 1_000), T0 + 1_000],
        [withW(6, T0 + 2_000), T0 + 2_000],
        [withW(4, T0 + 3_000), T0 + 3_000],
      ],
      on("turned"),
    );
    expect(events.map((e) => e.data.state)).toEqual(["losing"]);
  });

  it("a game ended is not followed", () => {
    const ended = live.liveGame!.ends_at + 1;
    expect(
      run(
        [
          [withW(4, ended), ended],
          [withW(6, ended + 1_000), ended + 1_000],
        ],
        on("turned"),
      ),
    ).toEqual([]);
  });

  it("the cooldown ends exactly when it has run: a turn at that instant fires", () => {
    const events = run(
      [
        [withW(4, T0), T0],
        [withW(6, T0 + 1_000), T0 + 1_000],
        [withW(4, T0 + 10_999), T0 + 10_999],
        [withW(6, T0 + 11_000), T0 + 11_000],
        [withW(4, T0 + 21_000), T0 + 21_000],
      ],
      on("turned"),
      10_000,
    );
    expect(events.map((e) => [e.at - T0, e.data.state])).toEqual([
      [1_000, "winning"],
      [11_000, "winning"],
      [21_000, "losing"],
    ]);
  });
});

describe("the clock of the focused game", () => {
  const live = listing({ start: T0, gid: "700", now: T0 });
  const shown: Snapshot = { ...base, listing: { value: live, at: T0 } };

  it("a countdown says the time left and whether anything is held", () => {
    const ten = rule({ kind: "closing", seconds: 10, onlyUnheld: false });
    const held: Snapshot = { ...shown, status: { value: statusResponse([statusPosition({ gid: "700" })]), at: T0 } };
    const events = run(
      [
        [held, T0 + 49_000],
        [held, T0 + 50_000],
      ],
      [ten],
    );
    expect(events).toEqual([
      {
        event: "closing",
        rule: ten.id,
        at: T0 + 50_000,
        title: "BTC_USDT closes in 0:10",
        text: "predictions close in 0:10: #700 BTC_USDT 1m, holding positions",
        tone: "info",
        data: { gid: "700", asset: "BTC_USDT", interval: 60, seconds: 10, to_close_ms: 10_000, held: true },
      },
    ]);
  });

  /** The countdown alert of a 10 s rule, fired as the step passes 10 s before the lock, nothing held. */
  const countdownUnheld = () =>
    run(
      [
        [shown, T0 + 49_000],
        [shown, T0 + 50_000],
      ],
      [rule({ kind: "closing", seconds: 10, onlyUnheld: false })],
    )[0];

  it("a countdown says when nothing is held", () => {
    expect(countdownUnheld()?.text).toBe("predictions close in 0:10: #700 BTC_USDT 1m, nothing held");
  });

  it("on the alert line a countdown counts on to the lock, held as it is now, and the early window to its end; other alerts stay as fired", () => {
    const event = countdownUnheld();
    expect(alertTextAt(event!, event!.at)).toBe(event!.text);
    expect(alertTextAt(event!, event!.at + 7_000)).toBe("predictions close in 0:03: #700 BTC_USDT 1m, nothing held");
    // Past the lock: closed, not "close in 0:00".
    expect(alertTextAt(event!, event!.at + 20_000)).toBe("predictions closed: #700 BTC_USDT 1m, nothing held");
    // A position placed in that game since it fired: the line says so; what another game holds is not its concern.
    expect(alertTextAt(event!, event!.at + 2_000, { gid: "700", held: true })).toBe(
      "predictions close in 0:08: #700 BTC_USDT 1m, holding positions",
    );
    expect(alertTextAt(event!, event!.at + 2_000, { gid: "701", held: true })).toMatch(/nothing held$/);
    const [early] = run(
      [
        [shown, T0 - 1],
        [shown, T0 + 1_000],
      ],
      on("early_window"),
    );
    expect(alertTextAt(early!, early!.at + 5_000)).toMatch(/^early precision window open: #700 BTC_USDT 1m, 0:\d\d left$/);
    expect(alertTextAt(early!, early!.at + 5_000)).not.toBe(early!.text);
    expect(alertTextAt(early!, early!.at + 3_600_000)).toBe("early precision window closed: #700 BTC_USDT 1m");
    const settled = { ...event!, event: "settled" as const, text: "settled #700: WON +1.00 USDC" };
    expect(alertTextAt(settled, settled.at + 7_000)).toBe("settled #700: WON +1.00 USDC");
  });

  it("the early window of each game is its own", () => {
    const next: Snapshot = { ...base, listing: { value: listing({ start: T0 + 75_000, gid: "701", now: T0 + 75_000 }), at: T0 + 75_000 } };
    const events = run(
      [
        [shown, T0 - 1],
        [shown, T0 + 1_000],
        [next, T0 + 74_000],
        [next, T0 + 76_000],
      ],
      on("early_window"),
    );
    expect(events.map((e) => e.data.gid)).toEqual(["700", "701"]);
  });

  it("the moment is passed when it falls on the step, not on the step before", () => {
    const ten = rule({ kind: "closing", seconds: 10, onlyUnheld: false });
    expect(
      run(
        [
          [shown, T0 + 50_000],
          [shown, T0 + 51_000],
        ],
        [ten],
      ),
    ).toEqual([]);
  });

  it("a moment still to come has not passed", () => {
    const ten = rule({ kind: "closing", seconds: 10, onlyUnheld: false });
    expect(
      run(
        [
          [shown, T0 + 20_000],
          [shown, T0 + 30_000],
        ],
        [ten],
      ),
    ).toEqual([]);
  });

  it("nothing after the close, even if the step before was inside the game", () => {
    const ten = rule({ kind: "closing", seconds: 10, onlyUnheld: false });
    expect(
      run(
        [
          [shown, T0 + 45_000],
          [shown, T0 + 60_500],
        ],
        [ten],
      ),
    ).toEqual([]);
  });

  it("the early window says how long it has left", () => {
    const events = run(
      [
        [shown, T0 - 1],
        [shown, T0 + 2_000],
      ],
      on("early_window"),
    );
    expect(events).toEqual([
      {
        event: "early_window",
        rule: "early_window",
        at: T0 + 2_000,
        title: "BTC_USDT early window open",
        text: "early precision window open: #700 BTC_USDT 1m, 0:10 left",
        tone: "info",
        data: { gid: "700", asset: "BTC_USDT", interval: 60, window_left_ms: 10_000 },
      },
    ]);
  });

  it("the start on the step before is not passed again; a listing saying there is no window is believed", () => {
    expect(
      run(
        [
          [shown, T0],
          [shown, T0 + 1_000],
        ],
        on("early_window"),
      ),
    ).toEqual([]);
    const without: Snapshot = { ...shown, listing: { value: { ...live, early_precision_window: false }, at: T0 } };
    expect(
      run(
        [
          [without, T0 - 1],
          [without, T0 + 1_000],
        ],
        on("early_window"),
      ),
    ).toEqual([]);
  });

  it("remembers 64 games: the oldest is let go, so a countdown of a game seen again fires again", () => {
    const ten = rule({ kind: "closing", seconds: 10, onlyUnheld: false });
    const d = new Detector({ cooldownMs: 0 });
    const game = (gid: number): Snapshot => ({ ...base, listing: { value: listing({ start: T0, gid: String(gid), now: T0 }), at: T0 } });
    const pass = (gid: number) => {
      d.step(game(gid), T0 + 49_000, [ten]);
      return d.step(game(gid), T0 + 50_000, [ten]).length;
    };
    expect(pass(1)).toBe(1);
    expect(pass(1)).toBe(0);
    for (let g = 2; g <= 64; g++) pass(g);
    expect(pass(1)).toBe(0);
    pass(65);
    pass(66);
    expect(pass(1)).toBe(1);
  });
});

describe("the service", () => {
  const conn = (c: Connection, lastOkAt?: number): Snapshot => ({
    ...base,
    connection: c,
    ...(lastOkAt === undefined ? {} : { lastOkAt }),
  });
  const offline: Connection = { state: "offline", retryAt: 0, reason: "connection refused" };

  it("down and back, in words", () => {
    const events = run(
      [
        [conn({ state: "ok" }, T0), T0],
        [conn(offline, T0), T0 + SERVICE_DOWN_MS],
        [conn({ state: "ok" }, T0 + 95_000), T0 + 95_000],
      ],
      on("service"),
    );
    expect(events).toEqual([
      {
        event: "service",
        rule: "service",
        at: T0 + SERVICE_DOWN_MS,
        title: "service unreachable",
        text: "service unreachable for 30s: connection refused",
        tone: "warn",
        data: { state: "down", reason: "connection refused", since: T0 },
      },
      {
        event: "service",
        rule: "service",
        at: T0 + 95_000,
        title: "service back",
        text: "service back after 95s without an answer",
        tone: "up",
        data: { state: "back", down_ms: 95_000 },
      },
    ]);
  });

  it("with no answer ever, the silence counts from the first step; degraded counts as failing", () => {
    const degraded: Connection = { state: "degraded", retryAt: 0, reason: "GET /spot: 500" };
    const events = run(
      [
        [conn(offline), T0],
        [conn(degraded), T0 + SERVICE_DOWN_MS - 1],
        [conn(degraded), T0 + SERVICE_DOWN_MS],
      ],
      on("service"),
    );
    expect(events.map((e) => [e.at - T0, e.data.since, e.data.reason])).toEqual([[SERVICE_DOWN_MS, T0, "GET /spot: 500"]]);
  });

  it("silent while rate limited or refused is not unreachable", () => {
    const limited = conn({ state: "rate_limited", resumeAt: 0, reason: "429" }, T0);
    expect(
      run(
        [
          [limited, T0],
          [limited, T0 + SERVICE_DOWN_MS + 1],
        ],
        on("service"),
      ),
    ).toEqual([]);
  });

  it("the rule off: down is remembered, so back is not said either when it comes on", () => {
    const d = new Detector({ cooldownMs: 0 });
    expect(d.step(conn(offline, T0), T0 + SERVICE_DOWN_MS, [])).toEqual([]);
    expect(d.step(conn(offline, T0), T0 + SERVICE_DOWN_MS + 1_000, on("service"))).toEqual([]);
    expect(d.step(conn({ state: "ok" }, T0 + 40_000), T0 + 40_000, [])).toEqual([]);
  });

  it("each of its events only with its own rule", () => {
    const limited = conn({ state: "rate_limited", resumeAt: 0, reason: "429" });
    const steps: [Snapshot, number][] = [
      [conn(offline, T0), T0 + SERVICE_DOWN_MS],
      [conn({ state: "ok" }, T0 + 40_000), T0 + 40_000],
      [limited, T0 + 41_000],
      [limited, T0 + 41_000 + RATE_LIMITED_MS],
    ];
    expect(run(steps, on("balance")).map((e) => e.event)).toEqual([]);
    expect(run(steps, on("service")).map((e) => e.event)).toEqual(["service", "service"]);
    expect(run(steps, on("rate_limited")).map((e) => e.event)).toEqual(["rate_limited"]);
  });

  it("the key refused, in words; said again after an answer", () => {
    const refused = conn({ state: "unauthorized", retryAt: 0, reason: "401 invalid key" });
    const events = run(
      [
        [refused, T0],
        [refused, T0 + 1_000],
        [conn({ state: "ok" }, T0 + 2_000), T0 + 2_000],
        [refused, T0 + 3_000],
      ],
      on("key_refused"),
      0,
    );
    expect(events).toHaveLength(2);
    expect(events[0]).toEqual({
      event: "key_refused",
      rule: "key_refused",
      at: T0,
      title: "key refused",
      text: "the service refused the key: 401 invalid key",
      tone: "down",
      data: { reason: "401 invalid key" },
    });
  });

  it("a refusal seen with the rule off is not said later in the same episode", () => {
    const refused = conn({ state: "unauthorized", retryAt: 0, reason: "401" });
    const d = new Detector({ cooldownMs: 0 });
    expect(d.step(refused, T0, [])).toEqual([]);
    expect(d.step(refused, T0 + 1_000, on("key_refused"))).toEqual([]);
  });

  it("rate limited from the first limited step, in words, at the threshold's instant", () => {
    const limited = conn({ state: "rate_limited", resumeAt: 0, reason: "429 too many" });
    const events = run(
      [
        [conn({ state: "ok" }, T0), T0],
        [limited, T0 + 1_000],
        [limited, T0 + RATE_LIMITED_MS],
        [limited, T0 + 1_000 + RATE_LIMITED_MS],
        [limited, T0 + 2_000 + RATE_LIMITED_MS],
      ],
      on("rate_limited"),
      0,
    );
    expect(events).toEqual([
      {
        event: "rate_limited",
        rule: "rate_limited",
        at: T0 + 1_000 + RATE_LIMITED_MS,
        title: "rate limited",
        text: "rate limited for 60s: 429 too many",
        tone: "warn",
        data: { reason: "429 too many", since: T0 + 1_000 },
      },
    ]);
  });

  it("a new episode of rate limiting is counted from its own start", () => {
    const limited = conn({ state: "rate_limited", resumeAt: 0, reason: "429" });
    const events = run(
      [
        [limited, T0],
        [limited, T0 + RATE_LIMITED_MS],
        [conn({ state: "ok" }, T0 + RATE_LIMITED_MS + 1_000), T0 + RATE_LIMITED_MS + 1_000],
        [limited, T0 + RATE_LIMITED_MS + 2_000],
        [limited, T0 + 2 * RATE_LIMITED_MS + 1_000],
        [limited, T0 + 2 * RATE_LIMITED_MS + 2_000],
      ],
      on("rate_limited"),
      0,
    );
    expect(events.map((e) => e.at - T0)).toEqual([RATE_LIMITED_MS, 2 * RATE_LIMITED_MS + 2_000]);
  });
});

describe("the balance", () => {
  const at = (amount: string, t: number, over: Partial<Snapshot> = {}): [Snapshot, number] => [
    { ...base, ...over, balance: { value: balance(amount), at: t } },
    t,
  ];

  it("a change from elsewhere, in words", () => {
    const events = run([at("100", T0), at("90.5", T0 + 1_000)], on("balance"));
    expect(events).toEqual([
      {
        event: "balance",
        rule: "balance",
        at: T0 + 1_000,
        title: "balance -9.50 USDC",
        text: "balance -9.50 USDC not from this dashboard: now 90.50 USDC",
        tone: "down",
        data: { change: "-9.5", balance: "90.5", currency: "USDC", network: "testnet" },
      },
    ]);
  });

  it("with the rule off the change is taken in, not said later", () => {
    const d = new Detector({ cooldownMs: 0 });
    d.step(...at("100", T0), on("settled"));
    expect(d.step(...at("150", T0 + 1_000), on("settled"))).toEqual([]);
    expect(d.step(...at("150", T0 + 2_000), on("balance"))).toEqual([]);
  });

  it("a settled game's payout is the dashboard's own; the first read once its grace has passed is compared", () => {
    const settlements = withSettlement(base, played("700"), T0 + 1_000).settlements;
    const events = run([at("100", T0), at("108.5", T0 + 1_000 + 30_000, { settlements })], on("balance"));
    expect(events.map((e) => [e.data.change, e.at - T0])).toEqual([["1", 31_000]]);
  });

  it("a settlement of a game not played in is not the dashboard's own", () => {
    const unplayed = played("702", { staked: "0", positions: [] });
    const settlements = withSettlement(base, unplayed, T0).settlements;
    const events = run([at("100", T0 - 1_000), at("107.5", T0 + 31_000, { settlements })], on("balance"));
    expect(events.map((e) => e.data.change)).toEqual(["7.5"]);
  });

  it("the same read stepped again after a placement is not compared with itself", () => {
    const done: Placement = { id: 1, sp: "100", f: "5", gid: "700", state: "done", outcome: { kind: "placed", position: {} as never } };
    const first = at("100", T0);
    const events = run([first, [{ ...first[0], placement: done }, T0 + 500], at("95", T0 + 1_000, { placement: done })], on("balance"));
    expect(events).toEqual([]);
  });

  it("fires among other rules", () => {
    expect(run([at("100", T0), at("150", T0 + 1_000)], on("settled", "balance", "service"))).toHaveLength(1);
  });

  it("after a read taken while something was under way, later reads are compared again", () => {
    const sending: Placement = { id: 1, sp: "100", f: "5", gid: "700", state: "sending" };
    const refused: Placement = { ...sending, state: "done", outcome: { kind: "rejected", error: AN_ERROR, fields: [] } };
    const events = run(
      [at("100", T0), at("100", T0 + 1_000, { placement: sending }), at("150", T0 + 2_000, { placement: refused })],
      on("balance"),
    );
    expect(events.map((e) => e.data.change)).toEqual(["50"]);
  });

  it("a payout not credited yet when its result arrives is not a loss", () => {
    const settlements = withSettlement(base, played("700"), T0 + 1_000).settlements;
    const events = run([at("100", T0), at("100", T0 + 2_000, { settlements }), at("107.5", T0 + 40_000, { settlements })], on("balance"));
    expect(events).toEqual([]);
  });

  it("a held game ended and not settled yet: a payout credited meanwhile is not news", () => {
    const live = listing({ start: T0, gid: "700", now: T0 });
    const ended = live.liveGame!.ends_at + 1_000;
    const holding = { listing: { value: live, at: T0 }, status: { value: statusResponse([statusPosition({ gid: "700" })]), at: T0 } };
    expect(run([at("100", T0 + 1_000, holding), at("107.5", ended, holding)], on("balance"))).toEqual([]);
  });

  it("a read during a settlement's grace waits; the read after it is compared with the last one compared", () => {
    const settlements = withSettlement(base, played("700"), T0 + 1_000).settlements;
    const events = run(
      [at("100", T0), at("107.5", T0 + 30_999, { settlements }), at("107.5", T0 + 31_000, { settlements })],
      on("balance"),
    );
    expect(events).toEqual([]);
  });

  it("a cancelled game's stakes are what came back", () => {
    const settlements = withSettlement(base, played("701", { cancelled: true, paid: "0" }), T0).settlements;
    const events = run([at("100", T0 - 1_000), at("105", T0 + 31_000, { settlements })], on("balance"));
    expect(events).toEqual([]);
  });

  it("a placement that did not go through is not taken off", () => {
    const refused: Placement = {
      id: 1,
      sp: "100",
      f: "5",
      gid: "700",
      state: "done",
      outcome: { kind: "rejected", error: AN_ERROR, fields: [] },
    };
    const events = run([at("100", T0), at("95", T0 + 1_000, { placement: refused })], on("balance"));
    expect(events.map((e) => e.data.change)).toEqual(["-5"]);
  });

  it("a reconciled placement counts only if it was placed", () => {
    const reconciled = (placed: boolean): Placement => ({
      id: 1,
      sp: "100",
      f: "5",
      gid: "700",
      state: "done",
      outcome: { kind: "reconciled", placed, error: AN_ERROR },
    });
    expect(run([at("100", T0), at("95", T0 + 1_000, { placement: reconciled(true) })], on("balance"))).toEqual([]);
    expect(run([at("100", T0), at("95", T0 + 1_000, { placement: reconciled(false) })], on("balance")).map((e) => e.data.change)).toEqual([
      "-5",
    ]);
  });
});

describe("a price crossing, in words", () => {
  const withPrice = (value: number, t: number): [Snapshot, number] => [{ ...base, price: { value: livePrice(value, t), at: t } }, t];

  it.each([
    ["above", [99, 101], "rose above", "up"],
    ["below", [101, 99], "fell below", "down"],
  ] as const)("%s", (direction, [p0, p1], verb, tone) => {
    const r = rule({ kind: "price", asset: "BTC_USDT", direction, level: new Decimal("100"), repeat: false });
    expect(run([withPrice(p0, T0), withPrice(p1, T0 + 1_000)], [r])).toEqual([
      {
        event: "price",
        rule: r.id,
        at: T0 + 1_000,
        title: `BTC_USDT ${direction} 100.00`,
        text: `BTC_USDT ${verb} 100.00: ${p1}.00`,
        tone,
        data: { asset: "BTC_USDT", direction, level: "100", price: String(p1), source: "focused", repeat: false },
      },
    ]);
  });

  it("another asset's price is the book's, even while the focused asset has its own", () => {
    const r = rule({ kind: "price", asset: "ETH_USDT", direction: "below", level: new Decimal("2950"), repeat: false });
    const s = (own: number, eth: number, t: number): [Snapshot, number] => [
      {
        ...base,
        price: { value: livePrice(own, t), at: t },
        book: { ...base.book, prices: { ETH_USDT: { value: livePrice(eth, t), at: t } } },
      },
      t,
    ];
    expect(run([s(3000, 3000, T0), s(3000, 2900, T0 + 1_000)], [r]).map((e) => e.data.source)).toEqual(["book"]);
  });

  it("says when the price is the book's read", () => {
    const r = rule({ kind: "price", asset: "ETH_USDT", direction: "below", level: new Decimal("2950"), repeat: false });
    const book = (v: number, t: number): [Snapshot, number] => [
      { ...base, book: { ...base.book, prices: { ETH_USDT: { value: livePrice(v, t), at: t } } } },
      t,
    ];
    expect(run([book(3000, T0), book(2900, T0 + 1_000)], [r]).map((e) => e.text)).toEqual([
      "ETH_USDT fell below 2,950.00: 2,900.00 (book's read)",
    ]);
  });

  it("a once-only rule made anew and dropped by its cooldown is not spent: it fires once the cooldown has run", () => {
    const r = rule({ kind: "price", asset: "BTC_USDT", direction: "above", level: new Decimal("100"), repeat: false });
    const d = new Detector({ cooldownMs: 60_000 });
    d.step(...withPrice(99, T0), [r]);
    expect(d.step(...withPrice(101, T0 + 1_000), [r])).toHaveLength(1);
    d.forget(r.id);
    d.step(...withPrice(99, T0 + 2_000), [r]);
    expect(d.step(...withPrice(101, T0 + 3_000), [r])).toEqual([]);
    expect(d.spent.has(r.id)).toBe(false);
    d.step(...withPrice(99, T0 + 70_000), [r]);
    expect(d.step(...withPrice(101, T0 + 71_000), [r])).toHaveLength(1);
  });

  it("a once-only rule fired is spent, across launches", () => {
    const r = rule({ kind: "price", asset: "BTC_USDT", direction: "above", level: new Decimal("100"), repeat: false });
    const d = new Detector({ cooldownMs: 60_000 });
    d.step(...withPrice(99, T0), [r]);
    expect(d.step(...withPrice(101, T0 + 1_000), [r])).toHaveLength(1);
    expect([...d.spent]).toEqual([r.id]);
    const again = new Detector({ cooldownMs: 60_000, spent: d.spent });
    again.step(...withPrice(99, T0 + 200_000), [r]);
    expect(again.step(...withPrice(101, T0 + 201_000), [r])).toEqual([]);
  });

  it("a rule let go and made again starts from its first read", () => {
    const r = rule({ kind: "price", asset: "BTC_USDT", direction: "above", level: new Decimal("100"), repeat: true });
    const d = new Detector({ cooldownMs: 0 });
    d.step(...withPrice(99, T0), [r]);
    d.step(...withPrice(99, T0 + 1_000), []);
    // Made again while the price is above: the first read only says which side it is on.
    expect(d.step(...withPrice(101, T0 + 2_000), [r])).toEqual([]);
  });

  it("the focused asset's own read wins over the book's", () => {
    const r = rule({ kind: "price", asset: "BTC_USDT", direction: "above", level: new Decimal("100"), repeat: false });
    const s = (own: number, book: number, t: number): [Snapshot, number] => [
      {
        ...base,
        price: { value: livePrice(own, t), at: t },
        book: { ...base.book, prices: { BTC_USDT: { value: livePrice(book, t), at: t } } },
      },
      t,
    ];
    expect(run([s(99, 99, T0), s(99, 101, T0 + 1_000)], [r])).toEqual([]);
  });
});
