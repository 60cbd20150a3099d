/**
 * The real client, poller, panes and commands against the real sim serving
 * its answers in every form the spec leaves open (`--wire`, src/sim/http/
 * wire-variants.ts) and in the states it leaves unshown (a paused market, no
 * next game). Every world is built alike (same seed, clock and positions: a
 * settled game and two positions in the live one) and then served in one
 * variant; each must show exactly what the spec's own forms show:
 *   - the dashboard's data (the store after the poller's first round),
 *   - the dashboard drawn at 120x40 (main view, results list, a game's positions),
 *   - every command's --json (game, positions, balance, price, results),
 * or, for the three variants a client cannot read, differ in exactly the one
 * value, shown as "?" and named.
 */

import { createElement } from "react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../../src/api/client.js";
import { Decimal } from "../../src/domain/money.js";
import { positionState } from "../../src/domain/positions.js";
import { PriceSeries } from "../../src/domain/price-series.js";
import { sessionSummary } from "../../src/domain/results.js";
import { Unreadable } from "../../src/domain/service-data.js";
import { Poller } from "../../src/poller/poller.js";
import { resultsKey } from "../../src/poller/reducers.js";
import { type Snapshot, targetPrices } from "../../src/poller/snapshot.js";
import { UNREADABLE_VARIANTS, WIRE_VARIANT_NAMES, type WireVariant } from "../../src/sim/http/wire-variants.js";
import type { SimOptions } from "../../src/sim/index.js";
import { Dashboard } from "../../src/ui/Dashboard.js";
import { positionView } from "../../src/ui/dashboard/position-view.js";
import { computeLayout } from "../../src/ui/layout.js";
import { RESULTS_PAGE_SIZE } from "../../src/ui/results/results-state.js";
import { renderAt } from "../helpers/ink.js";
import { envFor, runCommandIn } from "../helpers/run-command.js";
import { seededRandom } from "../helpers/seeded.js";
import { until } from "../helpers/until.js";
import { body, startTestSim, type TestSim, toNextGame } from "./sim-helpers.js";

const KEY = "metafide_0a11f0a11f0a11f0a11f0a11f0a11f0a";
const RESULTS_QUERY = { limit: RESULTS_PAGE_SIZE, offset: 0 };
const COMMANDS = [["game"], ["positions"], ["balance"], ["price"], ["results", "--limit", "10"]] as const;

interface World {
  t: TestSim;
  /** Server ms: the sim's clock, fixed from here on. */
  now: number;
  snapshot: Snapshot;
  json: Record<string, unknown>;
}

/**
 * A sim with one settled game and two positions in the live one, built in
 * the spec's own forms, then served as `serve` says from the next request on.
 */
async function world(serve: Pick<SimOptions, "wire" | "pause" | "noNextGame">): Promise<World> {
  const t = await startTestSim({ keys: [KEY], crowd: true });
  const a = await toNextGame(t, "BTC_USDT", 60);
  t.clock.advance(4_000);
  await t.client.place(body(t, a, { sp: "68010", f: "2.5" }));
  t.clock.set(a.liveGame.ends_at + 1_000);
  const b = await toNextGame(t, "BTC_USDT", 60);
  t.clock.advance(6_000);
  await t.client.place(body(t, b, { sp: "68500", f: "1" }));
  t.clock.advance(1_500);
  await t.client.place(body(t, b, { sp: "67400.5", f: "0.75" }));
  t.clock.advance(9_000);
  if (serve.wire) t.sim.setWire(serve.wire);
  for (const p of serve.pause ?? []) t.sim.engine.markets.pause(p.asset, p.interval, null);
  for (const m of serve.noNextGame ?? []) t.sim.engine.markets.hideNextGame(m.asset, m.interval, true);

  // The dashboard's first round of requests, through the real poller and client.
  const client = new ApiClient({ url: t.sim.url, apiKey: KEY });
  const poller = new Poller({
    jitter: seededRandom(),
    client,
    target: { asset: "BTC_USDT", interval: 60, network: "testnet", currency: "USDC" },
    wallet: t.wallet,
  });
  poller.setResultsQuery(RESULTS_QUERY);
  poller.start();
  try {
    await until(() => {
      const s = poller.snapshot;
      return (
        s.listing !== undefined &&
        s.price !== undefined &&
        s.balance !== undefined &&
        s.status !== undefined &&
        s.results?.pages[resultsKey(RESULTS_QUERY)] !== undefined
      );
    }, 20_000);
  } finally {
    poller.stop();
    await client.close();
  }
  const json: Record<string, unknown> = {};
  for (const argv of COMMANDS) {
    const r = await runCommandIn([...argv, "--json"], envFor(t));
    expect(r.stderr, `${argv[0]} under ${JSON.stringify(serve)}`).toBe("");
    json[argv[0]] = JSON.parse(r.stdout);
  }
  return { t, now: t.clock.now(), snapshot: poller.snapshot, json };
}

// ---- What is compared ----------------------------------------------------------------

/** A value as the screen would have it: decimals as their digits, "?" for what could not be read. */
function plain(v: unknown): unknown {
  if (v instanceof Unreadable) return "?";
  if (v instanceof Decimal) return v.toFixed();
  if (Array.isArray(v)) return v.map(plain);
  if (v !== null && typeof v === "object") {
    const out: Record<string, unknown> = {};
    // What travels untouched (extra) and what is made up when absent (txid) is not data the screen shows.
    for (const [k, x] of Object.entries(v)) if (k !== "extra" && k !== "issues" && k !== "txid" && k !== "raw") out[k] = plain(x);
    return out;
  }
  return v;
}

/** The store's data, as the panes read it. */
function data(s: Snapshot): unknown {
  const page = s.results!.pages[resultsKey(RESULTS_QUERY)]!.value;
  return plain({
    listing: { ...s.listing!.value, liveGame: s.listing!.value.liveGame && { ...s.listing!.value.liveGame, lobby: undefined } },
    price: s.price!.value.value,
    balance: s.balance!.value,
    positions: s.status!.value.positions.map((p) => ({ ...p, st: positionState(p.st).active })),
    streaks: s.status!.value.streaks.map((x) => [x.positionId === null ? null : "id", x.streak]),
    games: page.games,
    total: page.pagination.total,
  });
}

/** Every read field of every command's --json (the fields it passes on untouched may differ by design). */
function readFields(json: Record<string, unknown>): unknown {
  const pick = (o: unknown, keys: string[]): Record<string, unknown> | null =>
    o === null || typeof o !== "object" ? null : Object.fromEntries(keys.map((k) => [k, (o as Record<string, unknown>)[k]]));
  const game = json.game as Record<string, unknown>;
  const listing = game.listing as Record<string, unknown>;
  const positions = json.positions as { positions: Record<string, unknown>[]; totals: unknown; left: unknown; unreadable?: unknown };
  const results = json.results as { games: Record<string, unknown>[]; pagination: unknown; unreadable?: unknown };
  return {
    game: {
      // The countdowns (to_close_ms, …) come from the server-clock estimate, which jitters by a millisecond: not data.
      ...pick(game, ["phase", "can_place", "unreadable"]),
      liveGame: pick(listing.liveGame, ["gid", "open_price", "ai_price", "start_at", "closes_at", "ends_at"]),
      nextGame: pick(listing.nextGame, ["gid", "starts_at", "ends_at"]),
      flags: pick(listing, ["early_precision_window", "can_place_position"]),
    },
    positions: {
      positions: positions.positions.map((p) => pick(p, ["gid", "sp", "f", "w", "r", "t"])),
      totals: positions.totals,
      left: positions.left,
      unreadable: positions.unreadable,
    },
    balance: pick(json.balance, ["balance", "withdrawal_req", "unreadable"]),
    price: pick(json.price, ["value"]),
    results: {
      games: results.games.map((g) => ({
        ...pick(g, [
          "gid",
          "interval",
          "asset",
          "network",
          "currency",
          "open_price",
          "closing_price",
          "settled_at",
          "cancelled",
          "total_staked",
          "total_winnings",
          "net_return",
        ]),
        positions: (g.positions as unknown[]).map((p) => pick(p, ["sp", "f", "w", "r", "win", "variance", "placed_at"])),
      })),
      unreadable: results.unreadable,
    },
  };
}

type View = "main" | "results" | "detail";

/** The dashboard drawn from the store at the sim's instant, every age the same, so frames compare. */
function draw(w: World, view: View): string {
  const s = w.snapshot;
  const at = <T extends { at: number }>(d: T | undefined) => d && { ...d, at: w.now };
  const page = at(s.results!.pages[resultsKey(RESULTS_QUERY)]!)!;
  const snapshot: Snapshot = {
    ...s,
    listing: at(s.listing),
    price: at(s.price),
    balance: at(s.balance),
    status: at(s.status),
    // One point, at the sim's instant: a price sent without its time is plotted at its arrival, not at its own time.
    priceHistory: {
      [s.target.asset]: PriceSeries.of(
        targetPrices(s)
          .slice(-1)
          .map((p) => ({ ...p, t: w.now })),
      ),
    },
    lastOkAt: w.now,
    clockOffset: 0,
    diagnostics: {},
  };
  const results =
    view === "main"
      ? undefined
      : {
          view: {
            interval: undefined,
            asset: undefined,
            offset: 0,
            selected: 0,
            detail: view === "detail" ? (page.value.games[0]?.gid ?? null) : null,
            position: 0,
            pageSize: RESULTS_PAGE_SIZE,
          },
          page,
          network: "testnet",
          currency: "USDC",
          summary: sessionSummary([]),
          age: 0,
          stale: false,
          staleReason: undefined,
          error: undefined,
        };
  const ui = renderAt(
    createElement(Dashboard, {
      snapshot,
      now: w.now,
      localNow: w.now,
      layout: computeLayout(120, 40, { positionLines: positionView(snapshot).lines, positionChrome: positionView(snapshot).chrome }),
      backend: "SIM",
      readonly: false,
      focus: "positions",
      scroll: 0,
      overlay: null,
      hints: [],
      message: undefined,
      results,
    }),
    120,
    40,
  );
  const frame = ui.text();
  ui.unmount();
  return frame;
}

// ---- The worlds ---------------------------------------------------------------------------

const TOLERABLE = WIRE_VARIANT_NAMES.filter((v) => !UNREADABLE_VARIANTS.includes(v));
/** Where a variant rightly reads differently on screen: the results page without a total cannot say how many pages. */
const SCREEN_DIFFERENCES: Partial<Record<WireVariant, [RegExp, (m: string) => string][]>> = {
  "no-totals": [[/page 1 of 1 · 1 game/, (m) => sameWidth(m, "page 1", "right")]],
};

/** `text` in the room `was` took, aligned as the pane aligns it, so the rest of the row stays put. */
function sameWidth(was: string, text: string, align: "left" | "right"): string {
  return align === "left" ? text.padEnd(was.length) : text.padStart(was.length);
}
const DATA_DIFFERENCES: Partial<Record<WireVariant, (d: Record<string, unknown>) => Record<string, unknown>>> = {
  "no-totals": (d) => ({ ...d, total: null }),
  "missing-undisplayed": (d) => d,
};

let baseline: World;
const worlds = new Map<string, World>();

beforeAll(async () => {
  const all = await Promise.all([
    world({}),
    ...WIRE_VARIANT_NAMES.map((v) => world({ wire: [v] })),
    world({ pause: [{ asset: "BTC_USDT", interval: 60 }] }),
    world({ noNextGame: [{ asset: "BTC_USDT", interval: 60 }] }),
    world({ wire: "loose" }),
  ]);
  baseline = all[0]!;
  for (const [i, v] of WIRE_VARIANT_NAMES.entries()) worlds.set(v, all[i + 1]!);
  worlds.set("paused", all.at(-3)!);
  worlds.set("no-next-game", all.at(-2)!);
  worlds.set("loose", all.at(-1)!);
}, 90_000);

afterAll(async () => {
  await Promise.all([baseline, ...worlds.values()].map((w) => w?.t.close()));
});

describe("the baseline world", () => {
  it("holds what the variants are compared on: a settled game, two live positions, every value read", () => {
    const s = baseline.snapshot;
    expect(s.status!.value.positions).toHaveLength(2);
    expect(s.results!.pages[resultsKey(RESULTS_QUERY)]!.value.games).toHaveLength(1);
    for (const d of [s.listing, s.price, s.balance, s.status]) expect(d!.value.issues).toEqual([]);
    expect(draw(baseline, "main")).toMatch(/open [\d,]+\.\d\d {2}ai [\d,]+\.\d\d/);
  });
});

describe.each(TOLERABLE)("served as %s", (variant) => {
  it("the dashboard's data is what the spec's forms give, every value read", () => {
    const w = worlds.get(variant)!;
    const s = w.snapshot;
    for (const d of [s.listing, s.price, s.balance, s.status]) expect(d!.value.issues).toEqual([]);
    const expected = (DATA_DIFFERENCES[variant] ?? ((d) => d))(data(baseline.snapshot) as Record<string, unknown>);
    expect(data(s)).toEqual(expected);
  });

  it("the screen is the same, pane for pane (main view, results, a game's positions)", () => {
    const w = worlds.get(variant)!;
    for (const view of ["main", "results", "detail"] as const) {
      let expected = draw(baseline, view);
      for (const [from, to] of SCREEN_DIFFERENCES[variant] ?? []) expected = expected.replace(from, to);
      expect(draw(w, view), view).toBe(expected);
    }
  });

  it("every command's --json gives the same values", () => {
    expect(readFields(worlds.get(variant)!.json)).toEqual(readFields(baseline.json));
  });
});

describe("values a client cannot read: exactly that value is ? and named", () => {
  it("ai_price: '?' in the game pane, no ai line on the chart, null in --json, named in the issues", () => {
    const w = worlds.get("unreadable-ai-price")!;
    expect(w.snapshot.listing!.value.issues.map(String)).toEqual([
      'liveGame.ai_price: expected a decimal number (string or number), received "n/a" (string)',
    ]);
    const screen = draw(w, "main");
    expect(screen).toMatch(/open [\d,]+\.\d\d {2}ai \? /);
    // The chart labels its reference lines ("open ai"): the ai line is gone, the game pane's "ai ?" stays.
    expect(draw(baseline, "main").match(/\bai\b/g)).toHaveLength(2);
    expect(screen.match(/\bai\b/g)).toHaveLength(1);
    const d = data(w.snapshot) as { listing: { liveGame: Record<string, unknown> } };
    const b = data(baseline.snapshot) as { listing: { liveGame: Record<string, unknown> } };
    expect({ ...d, listing: { ...d.listing, liveGame: { ...d.listing.liveGame, ai_price: "x" } } }).toEqual({
      ...b,
      listing: { ...b.listing, liveGame: { ...b.listing.liveGame, ai_price: "x" } },
    });
    const game = w.json.game as { listing: { liveGame: { ai_price: unknown } }; unreadable: unknown[] };
    expect(game.listing.liveGame.ai_price).toBeNull();
    expect(game.unreadable).toEqual([
      { field: "liveGame.ai_price", reason: "expected a decimal number (string or number)", value: '"n/a" (string)' },
    ]);
  });

  it("withdrawal_req: the balance pane says 'withdrawal ?' and nothing else changes on screen", () => {
    const w = worlds.get("unreadable-withdrawal")!;
    expect(w.snapshot.balance!.value.issues.map((u) => u.field)).toEqual(["withdrawal_req"]);
    // "none" is not shown; a value that cannot be read is, on the balance pane's first free line, and nothing else moves.
    const [got, was] = [draw(w, "main").split("\n"), draw(baseline, "main").split("\n")];
    const changed = got.flatMap((line, i) => (line === was[i] ? [] : [[was[i], line]]));
    expect(changed).toHaveLength(1);
    expect(changed[0]![1]!.replace("withdrawal ?", " ".repeat(12))).toBe(changed[0]![0]);
    const balance = w.json.balance as { balance: string; withdrawal_req: unknown; unreadable: { field: string }[] };
    expect([balance.balance, balance.withdrawal_req, balance.unreadable.map((u) => u.field)]).toEqual([
      (baseline.json.balance as { balance: string }).balance,
      null,
      ["withdrawal_req"],
    ]);
  });

  it("a strike: '?' in its row and its distance, stake and projection still shown, totals intact", () => {
    const w = worlds.get("unreadable-strike")!;
    expect(w.snapshot.status!.value.issues.map((u) => u.field)).toEqual(["positions[0].sp", "positions[1].sp"]);
    const rows = draw(w, "main")
      .split("\n")
      .filter((l) => /^│ [◆ ] +\? /.test(l));
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(r).toMatch(/│ [◆ ] +\? +[\d.]+ +\? +[\d.]+ +[+-][\d.]+ +[+-][\d.]+% +\d\d:\d\d:\d\d/);
    const baseTotal = draw(baseline, "main")
      .split("\n")
      .find((l) => l.includes("total"));
    expect(
      draw(w, "main")
        .split("\n")
        .find((l) => l.includes("total")),
    ).toBe(baseTotal);
    const positions = w.json.positions as { positions: { sp: unknown }[]; unreadable: { field: string }[] };
    expect(positions.positions.map((p) => p.sp)).toEqual([null, null]);
    expect(positions.unreadable.map((u) => u.field)).toEqual(["positions[0].sp", "positions[1].sp"]);
  });
});

describe("states the spec leaves unshown", () => {
  it("a paused market: no live game, said plainly, the form's reason, no positions drawn as the live game's", () => {
    const w = worlds.get("paused")!;
    expect(w.snapshot.listing!.value.liveGame).toBeNull();
    const screen = draw(w, "main");
    expect(screen).toContain("NO LIVE GAME");
    expect(screen).toContain("no live game for BTC_USDT 1m");
    expect(screen).toContain("no next game announced");
    expect(screen).toContain("not accepting positions");
    expect(screen).toContain("no live game for BTC_USDT 1m: positions show when one starts");
    // /status still lists the game that was live when the market paused: beside the table, not in it.
    expect(screen).toMatch(/\+2 in ended game #…?\d+ \(result pending\)/);
    const game = w.json.game as Record<string, unknown>;
    expect([game.phase, game.can_place, game.cannot_place_because, (game.listing as { liveGame: unknown }).liveGame]).toEqual([
      null,
      false,
      "no live game for BTC_USDT 1m and no next game announced",
      null,
    ]);
  });

  it("no next game: the game pane says so, everything else as before", () => {
    const w = worlds.get("no-next-game")!;
    expect(w.snapshot.listing!.value.nextGame).toBeNull();
    const expected = draw(baseline, "main").replace(/next #…?\d+ in \d+:\d\d +/, (m) => sameWidth(m, "no next game announced", "left"));
    expect(draw(w, "main")).toBe(expected);
    expect((w.json.game as { to_next_ms: unknown }).to_next_ms).toBeNull();
  });

  it("loose: a different form in every answer, the same screen", () => {
    const w = worlds.get("loose")!;
    expect(draw(w, "main")).toBe(draw(baseline, "main"));
    expect(readFields(w.json)).toEqual(readFields(baseline.json));
  });
});
