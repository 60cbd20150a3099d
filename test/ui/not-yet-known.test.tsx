/**
 * What each pane says before it has read anything: at launch, after a
 * switch of asset or interval, with the service unreachable and with the key
 * refused. Never a count, a balance, "no games held" or "can place" it has
 * not read; an error where nothing will load, not "loading…" for ever.
 */
import { describe, expect, it } from "vitest";
import { bookMarkets } from "../../src/domain/book.js";
import { withBookStatus } from "../../src/poller/book-reducers.js";
import { retargeted, withPlaced, withStatus } from "../../src/poller/reducers.js";
import { bookOf, initialSnapshot, type Snapshot } from "../../src/poller/snapshot.js";
import { draw, liveSnapshot, START, target } from "../helpers/dashboard.js";
import { listing, placedPosition, statusResponse } from "../helpers/fixtures.js";
import { pane as paneOf } from "../helpers/screen.js";

const NOW = START + 15_000;
const WATCHED = bookMarkets(["BTC_USDT", "ETH_USDT"], [60, 3600, 86400]);

function pane(frame: string, title: string): string {
  return paneOf(frame.split("\n"), new RegExp(`│ (▸ )?${title}`))
    .rows.map((r) => r.slice(1).trimEnd())
    .join("\n");
}

/** The Dashboard at 200x50 (the book beside the panes) for `s`. */
function screen(s: Snapshot): string {
  return draw(s, NOW, 200, 50, { book: { rows: bookOf(s, NOW), selected: undefined } });
}

/** Claims only an answer can make. */
const CLAIMS = [/\d+ held/, /no games held/, /can place now/, /no positions in this game/, /USDC\s+[\d,]+\.\d\d/, /session\s+[+-]?\d/];

function expectNoClaims(frame: string): void {
  for (const claim of CLAIMS) expect(frame).not.toMatch(claim);
}

const launch = initialSnapshot(target, WATCHED);
const offline: Snapshot = { ...launch, connection: { state: "offline", retryAt: NOW + 2_000, reason: "GET /spot: connection refused" } };
const refused: Snapshot = {
  ...launch,
  connection: { state: "unauthorized", retryAt: NOW + 2_000, reason: "GET /spot: the service refused the API key, status 401" },
  errors: { spot: { kind: "auth", message: "GET /spot: the service refused the API key, status 401", at: NOW - 1_000 } },
};

describe("while a game held waits for its result", () => {
  it("the session's net is not given: the ended game is in neither part until its result is in", () => {
    const ended = { gid: "489885", positions: [placedPosition({ gid: "489885", sp: "66990", f: "1", txid: "e1" })] };
    const status = { value: statusResponse([]), at: NOW - 1_000 };
    const balanceOf = (s: Snapshot) => pane(draw(s, NOW, 120, 35), "BALANCE");
    expect(balanceOf(liveSnapshot(NOW, { status }))).toMatch(/session net [+-]?\d/);
    const waiting = balanceOf(liveSnapshot(NOW, { status, settling: ended }));
    expect(waiting).toMatch(/session net …/);
    expect(waiting).not.toMatch(/session (proj\. )?net [+-]?\d/);
  });

  it("nor while one waited on is of a market the screen has left: the switch does not put it out of mind", () => {
    const status = { value: statusResponse([]), at: NOW - 1_000 };
    const balanceOf = (s: Snapshot) => pane(draw(s, NOW, 120, 35), "BALANCE");
    const left = liveSnapshot(NOW, { status, awaitingResults: ["489885"] });
    expect(left.settling).toBeUndefined();
    expect(balanceOf(left)).toMatch(/session net …/);
    expect(balanceOf({ ...left, awaitingResults: [] })).toMatch(/session net [+-]?\d/);
  });
});

describe("before the first answers", () => {
  it("at launch, every pane says it is loading and claims nothing", () => {
    const frame = screen(launch);
    expectNoClaims(frame);
    expect(pane(frame, "GAME ")).toContain("loading the live game…");
    expect(pane(frame, "BALANCE")).toContain("loading…");
    expect(pane(frame, "POSITIONS")).toMatch(/^POSITIONS {2}… /);
    // No axis around nothing: the price pane says what it waits for.
    const price = pane(frame, "PRICE");
    expect(price).toContain("waiting for the first price…");
    expect(price).not.toMatch(/[┤│┼]/);
    expect(pane(frame, "BOOK")).toContain("looking for games held: 0 of 6 markets read");
  });

  it("says what it has read of the book, and that none is held only once every market has answered", () => {
    let s = launch;
    for (const [i, m] of WATCHED.entries()) {
      const key = `${m.asset} ${m.interval}`;
      const status = { value: statusResponse([]), at: NOW - 1_000 };
      s =
        key === "BTC_USDT 60"
          ? withStatus(s, status.value, status.at)
          : { ...s, book: { ...s.book, markets: { ...s.book.markets, [key]: { market: m, status } } } };
      const book = pane(screen(s), "BOOK");
      if (i < WATCHED.length - 1) expect(book).toContain(`looking for games held: ${i + 1} of 6 markets read`);
      else expect(book).toContain("no games held in BTC_USDT, ETH_USDT");
    }
  });

  it("with the service unreachable before any answer, the body gives the error and what to do, and no pane, axis or 'loading'", () => {
    const frame = screen(offline);
    expectNoClaims(frame);
    expect(frame).not.toContain("loading");
    expect(frame).not.toMatch(/[┤┼]|PRICE|POSITIONS|BALANCE/);
    expect(frame).toContain("cannot reach the service (SIM 127.0.0.1:8787)");
    expect(frame).toContain("GET /spot: connection refused");
    expect(frame).toContain("check the connection and METAFIDE_API_URL");
  });

  it("with the key refused before any answer, the body says so and what to do", () => {
    const frame = screen(refused);
    expectNoClaims(frame);
    expect(frame).not.toContain("loading");
    expect(frame).not.toMatch(/[┤┼]|PRICE|POSITIONS|BALANCE/);
    expect(frame).toContain("the service refuses the API key (SIM 127.0.0.1:8787)");
    expect(frame).toContain("GET /spot: the service refused the API key, status 401");
    expect(frame).toContain("check METAFIDE_API_KEY");
  });

  it("in a small pane, the error and what to do are wrapped whole, a long error body cut after three lines", () => {
    const why = `GET /spot: the service refused the API key, status 401 (Invalid API key: ${"send a valid key ".repeat(20)})`;
    const s: Snapshot = { ...refused, connection: { state: "unauthorized", retryAt: NOW + 2_000, reason: why } };
    for (const [cols, rows] of [
      [80, 18],
      [60, 15],
    ] as const) {
      const lines = draw(s, NOW, cols, rows).split("\n");
      const body = lines.slice(1, -2).map((l) => l.trim());
      const text = body.filter((l) => l !== "").join(" ");
      expect(text).toContain("the service refuses the API key (SIM 127.0.0.1:8787)");
      expect(text).toContain("check METAFIDE_API_KEY (generate a new key on the wallet page if it was revoked)");
      expect(text).toContain("trying again in 2 s, inside the one-request-a-second budget · q quits · D diagnostics");
      // The service's words: the start of them, in three lines, the last ending in "…".
      const first = body.findIndex((l) => l.startsWith("GET /spot"));
      expect(body[first + 2]).toMatch(/…$/);
      expect(body[first + 3]).toMatch(/^check METAFIDE_API_KEY/);
      for (const l of lines) expect(l.length).toBeLessThanOrEqual(cols);
    }
  });

  it("once something was read, a pane whose data never came says why when the service goes away", () => {
    const s: Snapshot = {
      ...offline,
      lastOkAt: NOW - 5_000,
      listing: { value: listing({ start: START, now: NOW, gid: "489886" }), at: NOW - 5_000 },
    };
    const frame = screen(s);
    for (const title of ["BALANCE", "PRICE", "POSITIONS", "BOOK"]) {
      expect(pane(frame, title)).toContain("not loaded: the service cannot be reached");
    }
  });

  it("after a switch of interval, the new game's positions are not counted until read", () => {
    const s = retargeted(liveSnapshot(NOW), { ...target, interval: 3600 }, NOW);
    const frame = screen(s);
    expect(pane(frame, "POSITIONS")).toMatch(/^POSITIONS {2}… /);
    expect(frame).not.toMatch(/\d+ held/);
    // The book's earlier answers for that market would be shown with their age; here there are none.
    expect(pane(frame, "GAME ")).toContain("loading the live game…");
  });

  it("after a switch to a market whose /status the book has read but not its listing, no game is known and no count is claimed", () => {
    const eth = { asset: "ETH_USDT", interval: 60 } as const;
    const before = withBookStatus(liveSnapshot(NOW), eth, statusResponse([]), NOW - 34_000);
    const s = retargeted(before, { ...target, ...eth }, NOW);
    // Not known to be the live game's: left for the poller's first look to read again.
    expect(s.status).toBeUndefined();
    const frame = screen(s);
    expect(pane(frame, "POSITIONS")).toMatch(/^POSITIONS {2}… /);
    expect(frame).not.toMatch(/\d+ held/);
    expect(pane(frame, "POSITIONS")).not.toContain("no positions in this game");
  });

  it("after a switch to a market the book looked at minutes ago, the positions wait rather than say STALE over 'loading'", () => {
    const eth = { asset: "ETH_USDT", interval: 60 } as const;
    const before = withBookStatus(liveSnapshot(NOW), eth, statusResponse([]), NOW - 4 * 60_000);
    const s = retargeted(before, { ...target, ...eth }, NOW);
    const title = pane(screen(s), "POSITIONS").split("\n")[0]!;
    expect(title).toMatch(/^POSITIONS {2}… +waiting…$/);
    expect(title).not.toContain("STALE");
  });

  it("with a position placed here before the game's /status is read, counts it as placed here, never as held", () => {
    const s = withPlaced(liveSnapshot(NOW, { status: undefined }), placedPosition({ gid: "489886", sp: "67010", f: "1", txid: "p1" }));
    const title = pane(screen(s), "POSITIONS").split("\n")[0]!;
    expect(title).toMatch(/^POSITIONS #489886 {2}1 placed here +waiting…$/);
    // The lines layout of a small pane says the same.
    const small = draw(s, NOW, 50, 12);
    expect(small).toMatch(/POSITIONS 1 placed here/);
    for (const frame of [screen(s), small]) expect(frame).not.toMatch(/\d+ held/);
  });
});
