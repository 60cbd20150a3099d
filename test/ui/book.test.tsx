/**
 * The book on screen: beside the panes on a large terminal, a line in the
 * header and a view of its own (b) on smaller ones, through the same
 * rendering pipeline the bundle ships.
 */
import { describe, expect, it } from "vitest";
import { bookMarkets, marketLabel } from "../../src/domain/book.js";
import { bookOf, type Snapshot } from "../../src/poller/snapshot.js";
import { draw, drawApp, drawn, liveSnapshot, START } from "../helpers/dashboard.js";
import { listing, livePrice, statusPosition, statusResponse } from "../helpers/fixtures.js";
import { panel, pane as paneOf } from "../helpers/screen.js";

const NOW = START + 15_000;
const HOUR = 3_600_000;

/** The live snapshot, plus an hourly ETH game with two positions and a daily BTC game with one. */
function withBook(now: number): Snapshot {
  const s = liveSnapshot(now);
  const eth = listing({ start: START - 10 * 60_000, interval: 3600, gid: "7001", asset: "ETH_USDT", now });
  const day = listing({ start: START - 2 * HOUR, interval: 86400, gid: "9001", now });
  const at = (asset: string, gid: string, sp: string, f: string, w: number) =>
    statusPosition({ a: asset, gid, sp, f, w, r: 0, txid: `${gid}-${sp}` });
  return {
    ...s,
    book: {
      watched: bookMarkets(["BTC_USDT", "ETH_USDT"], [60, 3600, 86400]),
      markets: {
        "ETH_USDT 3600": {
          market: { asset: "ETH_USDT", interval: 3600 },
          listing: { value: eth, at: now - 4_000 },
          status: {
            value: statusResponse([at("ETH_USDT", "7001", "3700", "2", 2.5), at("ETH_USDT", "7001", "3750", "1", 0.5)]),
            at: now - 4_000,
          },
        },
        "BTC_USDT 86400": {
          market: { asset: "BTC_USDT", interval: 86400 },
          listing: { value: day, at: now - 9_000 },
          status: { value: statusResponse([at("BTC_USDT", "9001", "67500", "3", 3.3)]), at: now - 9_000 },
        },
      },
      prices: { ETH_USDT: { value: livePrice(3712.5, now - 2_000), at: now - 2_000 } },
    },
  };
}

/** The rows of the pane titled `title` inside its borders and padding. */
function pane(frame: string, title: string): string[] {
  return paneOf(frame.split("\n"), new RegExp(`│ (▸ )?${title}`)).rows.map((r) => r.slice(1).trimEnd());
}

const header = (frame: string) => frame.split("\n")[0]!;

const bookProps = (s: Snapshot, selected?: number) => ({ book: { rows: bookOf(s, NOW), selected } });

describe("the book", () => {
  it("has one row per game held, the focused one marked, the soonest to end first", () => {
    const rows = bookOf(withBook(NOW), NOW);
    expect(rows.map((r) => `${r.market.asset} ${r.market.interval} ${r.count} ${r.focused}`)).toEqual([
      "BTC_USDT 60 2 true",
      "ETH_USDT 3600 2 false",
      "BTC_USDT 86400 1 false",
    ]);
    expect(String(rows[1]!.staked)).toBe("3");
    expect(String(rows[1]!.projected)).toBe("3");
    // ETH's live price minus its nearest strike (3,700).
    expect(String(rows[1]!.distance)).toBe("12.5");
  });

  it("sits beside the panes at 200 columns, each row whole", () => {
    const s = withBook(NOW);
    const frame = draw(s, NOW, 200, 50, bookProps(s));
    const book = pane(frame, "BOOK");
    expect(book[0]).toContain("BOOK 3 games · 5 positions · proj");
    expect(book[1]).toMatch(/GAME\s+CLOSES\s+ENDS\s+POS/);
    expect(book[2]).toMatch(/^▸ BTC_USDT 1m\s+0:45\s+1:00\s+2\b/);
    expect(book[3]).toMatch(/^ {2}ETH_USDT 1h\s+\d+:\d\d\s+\d+:\d\d\s+2\s.*\+12\.50\s+4\.0s$/);
    expect(book[4]).toMatch(/^ {2}BTC_USDT 1d\s/);
    // The panes keep the full layout beside it, and the header does not repeat the book.
    expect(pane(frame, "PRICE")[0]).toContain("PRICE BTC_USDT");
    expect(header(frame)).not.toContain("3 games");
  });

  it("shows a minimum stake's projected gross to its net's digits, so it does not read as the stake", () => {
    const s = withBook(NOW);
    const dayStatus = statusResponse([
      statusPosition({ a: "BTC_USDT", gid: "9001", sp: "67500", f: "0.01", w: 0.014028, r: 40.28, txid: "m1" }),
    ]);
    const day = s.book.markets["BTC_USDT 86400"]!;
    const min = {
      ...s,
      book: { ...s.book, markets: { ...s.book.markets, "BTC_USDT 86400": { ...day, status: { value: dayStatus, at: NOW - 9_000 } } } },
    };
    const row = pane(draw(min, NOW, 200, 50, bookProps(min)), "BOOK").find((r) => r.includes("BTC_USDT 1d"))!;
    // The book column at 200 has no room for STAKE: the gross stands beside the return it makes.
    expect(row).toMatch(/\s1\s+(0\.01\s+)?0\.014028\s+\+40\.28%/);
  });

  it("is a line in the header below that, in place of the backend at 80 columns", () => {
    const s = withBook(NOW);
    for (const [cols, backend] of [
      [80, false],
      [120, true],
    ] as const) {
      const top = header(draw(s, NOW, cols, 30, bookProps(s)));
      // By whole items: the projection where it fits, never a figure cut.
      expect(top).toMatch(cols >= 120 ? /3 games · 5 positions · proj net [+-][\d.,]+ USDC +● live$/ : /3 games · 5 positions +● live$/);
      expect(top.includes("SIM 127.0.0.1"), `${cols} columns`).toBe(backend);
      // That it is a sim stays where its address has given way.
      expect(top, `${cols} columns`).toMatch(/^spotdash │ SIM /);
      expect([...top.trimEnd()].length).toBeLessThanOrEqual(cols);
    }
    // Only the focused game held: the positions pane says it all, and the header stays as it was.
    const alone = liveSnapshot(NOW);
    expect(header(draw(alone, NOW, 80, 30, bookProps(alone)))).toMatch(/^spotdash │ SIM 127\.0\.0\.1:8787 │ testnet │ BTC_USDT 1m/);
  });

  it("keeps a row selected when the selected one has gone (a game settled): the last, the one Enter shows", () => {
    const s = withBook(NOW);
    const rows = bookOf(s, NOW);
    draw(s, NOW, 80, 24, { book: { rows, selected: rows.length + 2 } });
    const INVERSE = "\u001b[7m";
    const styled = drawn()!.lastFrame().split("\n");
    const marked = styled.filter((l) => l.includes(INVERSE));
    expect(marked).toHaveLength(1);
    expect(marked[0]).toContain(marketLabel(rows.at(-1)!.market));
  });

  it("keeps every row's cells under their titles, whatever the id's length and however far off the close", () => {
    const s = withBook(NOW);
    const eth = s.book.markets["ETH_USDT 3600"]!;
    const gid = "46047602"; // eight digits: shown whole, "#" and all
    const relisted = listing({ start: START - 10 * 60_000, interval: 3600, gid, asset: "ETH_USDT", now: NOW });
    const positions = eth.status!.value.positions.map((p) => ({ ...p, gid }));
    const wide = {
      ...s,
      book: {
        ...s.book,
        markets: {
          ...s.book.markets,
          "ETH_USDT 3600": {
            ...eth,
            listing: { value: relisted, at: NOW - 4_000 },
            status: { ...eth.status!, value: statusResponse(positions) },
          },
        },
      },
    };
    const frame = draw(wide, NOW, 120, 35, bookProps(wide, 0));
    const book = panel(frame.split("\n"), "BOOK");
    const titles = book.find((r) => /GAME\s+ID\s+CLOSES/.test(r))!;
    const end = (title: string) => titles.indexOf(title) + title.length;
    for (const r of book.filter((r) => /BTC_USDT|ETH_USDT/.test(r))) {
      // CLOSES and ENDS are right-aligned: each cell ends where its title does.
      expect(r.slice(0, end("CLOSES")), `${titles}\n${r}`).toMatch(/(\d+:\d\d|locked|ended)$/);
      expect(r.slice(0, end("ENDS")), `${titles}\n${r}`).toMatch(/(\d+:\d\d|settling)$/);
    }
    expect(book.some((r) => r.includes(`#${gid} `))).toBe(true);
  });

  it("is a view of its own with b at 80 columns, the selected row shown", () => {
    const s = withBook(NOW);
    const frame = draw(s, NOW, 80, 24, bookProps(s, 1));
    const book = panel(frame.split("\n"), "BOOK");
    expect(book.length).toBeGreaterThan(5);
    expect(book.find((r) => r.includes("ETH_USDT 1h"))).toBeDefined();
    expect(frame).toContain("Enter shows the selected game in the panes");
    expect(frame).not.toContain("PRICE BTC_USDT");
  });

  it("offers j/k only where there are two games to choose between, and Enter only over one", async () => {
    const footer = (frame: string) => frame.split("\n").at(-1)!;
    const none = { ...liveSnapshot(NOW), status: { value: statusResponse([]), at: NOW - 1_000 } };
    expect(footer(await drawApp(none, NOW, 80, 24, ["b"]))).toMatch(/^b\/Esc close {2}q quit /);
    // The live game's two positions: one game.
    const one = footer(await drawApp(liveSnapshot(NOW), NOW, 80, 24, ["b"]));
    expect(one).toMatch(/^b\/Esc close {2}Enter show {2}q quit /);
    expect(footer(await drawApp(withBook(NOW), NOW, 80, 24, ["b"]))).toMatch(/^b\/Esc close {2}j\/k select {2}Enter show {2}q quit /);
  });

  it("offers no Enter where no game is held: there is nothing to show", () => {
    const s = { ...liveSnapshot(NOW), status: { value: statusResponse([]), at: NOW - 1_000 } };
    const frame = draw(s, NOW, 80, 24, { book: { rows: [], selected: 0 } });
    expect(panel(frame.split("\n"), "BOOK").length).toBeGreaterThan(2);
    expect(frame).not.toContain("Enter shows");
  });
});
