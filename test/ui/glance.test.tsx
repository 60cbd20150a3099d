/**
 * What a trader reads at a glance, drawn through the bundle's Ink pipeline
 * at the widths traders use: the countdown's emphasis, the leading strike,
 * the LAST GAME card, an ended game's "settling" rows, two-decimal money,
 * whole columns and whole words in narrow panes, and "can place now" only
 * when it is known.
 */
import { describe, expect, it } from "vitest";
import { Decimal } from "../../src/domain/money.js";
import { settlementToast } from "../../src/domain/results.js";
import { withListing, withSettlement, withStatus } from "../../src/poller/reducers.js";
import type { Snapshot } from "../../src/poller/snapshot.js";
import { type Money, MoneyLine } from "../../src/ui/dashboard/panes/BalancePane.js";
import { draw, drawApp, liveSnapshot, START } from "../helpers/dashboard.js";
import { balance, gameResult, listing, statusPosition, statusResponse } from "../helpers/fixtures.js";
import { renderAt, stripAnsi } from "../helpers/ink.js";
import { panel } from "../helpers/screen.js";

const SIZES = [
  [60, 24],
  [80, 24],
  [120, 35],
  [200, 50],
] as const;

/** The rows of the pane titled `title` (title row first), inside its borders or as a section of the borderless layouts. */
function pane(frame: string, title: string): string[] {
  return panel(frame.split("\n"), title);
}

/** The money as the layout has it: the balance pane's lines (boxed), or the money line under the game's. */
function moneyLines(frame: string, rows: number): string {
  return rows >= 28 ? pane(frame, "BALANCE").join("\n") : pane(frame, "GAME ").join("\n");
}

/** A settled game as the service sends it, for gameResult. */
const SETTLED_WIRE = {
  gid: "489885",
  interval: 60,
  asset: "BTC_USDT",
  network: "testnet",
  currency: "USDC",
  open_price: "67000",
  closing_price: "67012.345",
  settled_at: new Date(START - 1_000).toISOString(),
  cancelled: false,
  positions: [
    {
      sp: "67010",
      f: "2.5",
      w: "0.4020501",
      r: "-83.9",
      win: false,
      variance: "2.345",
      txid: "x1",
      placed_at: new Date(START - 70_000).toISOString(),
    },
  ],
  total_staked: "2.5",
  total_winnings: "0.4020501",
  net_return: "-2.0979499",
};
const settledGame = gameResult(SETTLED_WIRE);

describe.each(SIZES)("at %ix%i", (cols, rows) => {
  const now = START + 15_200;

  it("emphasises the countdown in the last 10 s before the lock, with a symbol as well as colour", () => {
    const calm = pane(draw(liveSnapshot(now), now, cols, rows), "GAME ");
    expect(calm[1]).toMatch(/^ closes in 0:45 /);
    const late = START + 52_000;
    const final = pane(draw(liveSnapshot(late), late, cols, rows), "GAME ");
    // A narrow pane keeps the lock's countdown and drops the end's, whole.
    expect(final[1]).toMatch(cols >= 80 ? /^ !! closes in 0:08 {2}ends in 0:23/ : /^ !! closes in 0:08 /);
  });

  it("keeps the countdown's bar where it is and as long while the countdown grows louder, and past the lock", () => {
    const bar = (t: number) => {
      const line = pane(draw(liveSnapshot(t), t, cols, rows), "GAME ")[1]!;
      const at = line.search(/[█░]/);
      return { at, length: line.slice(at).match(/^[█░]+/)?.[0].length ?? 0 };
    };
    // Calm (0:45 to the lock), "!" (0:15), "!!" (0:08): one bar, in one place.
    const calm = bar(START + 15_200);
    expect(calm.at).toBeGreaterThan(0);
    expect(bar(START + 45_000)).toEqual(calm);
    expect(bar(START + 52_000)).toEqual(calm);
    // Locked (the lock's countdown gone, 0:12 to the end): still one bar, in one place.
    expect(bar(START + 63_000)).toEqual(calm);
  });

  it("marks a winning row with ◆, keeps the best in bold, and shows each distance as a signed size", () => {
    // The price is about 67,030: 67,120 is projected +0.60 (◆, the best), 66,169 -0.41 (no mark).
    const table = pane(draw(liveSnapshot(now), now, cols, rows), "POSITIONS");
    expect(table[1]).toMatch(/PRICE−STRIKE/);
    const best = table.find((r) => r.includes("67,120.00"))!;
    const other = table.find((r) => r.includes("66,169.00"))!;
    expect(best).toMatch(/^ ◆ +67,120\.00 .*-\d+\.\d{2}/);
    expect(other).toMatch(/^ {2} +66,169\.00 .*\+\d{3}\.\d{2}/);
    // The game pane puts the same distance beside the live price, its move since the open first.
    const game = pane(draw(liveSnapshot(now), now, cols, rows), "GAME ")[2];
    expect(game).toMatch(/^ live 67,0\d\d\.\d\d( [▲▼] [+-][\d.]+ \([+-]?[\d.]+%\))? {2}best ◆@67,120 -\d+\.\d{2}/);
  });

  it("drops whole columns in a narrow pane, never a word, PLACED first", () => {
    const header = pane(draw(liveSnapshot(now), now, cols, rows), "POSITIONS")[1]!;
    const titles = ["STRIKE", "STAKE", "PRICE−STRIKE", "PROJ.GROSS", "PROJ.NET", "RETURN", "PLACED"];
    // The header is the titles kept, whole, in order, and nothing else.
    const shown = titles.filter((t) => header.includes(t));
    expect(header.trim().split(/\s+/).join(" ")).toBe(shown.join(" "));
    // The table's own width: no border at 60 and 80 (sections), the book's column beside the panes at 200.
    const kept: Record<number, string[]> = {
      60: ["STRIKE", "STAKE", "PRICE−STRIKE", "PROJ.GROSS", "PROJ.NET"],
      80: titles,
      120: titles,
      200: titles.slice(0, -1),
    };
    expect(shown).toEqual(kept[cols]);
    // And no line below the header is cut with an ellipsis.
    expect(draw(liveSnapshot(now), now, cols, rows).split("\n").slice(1).join("\n")).not.toContain("…");
  });

  it("keeps two decimals for money in the panes, and says what each figure is: if closed now, and the session's net", () => {
    const snap = liveSnapshot(now, { balance: { value: balance("998.221727"), at: now - 1_000 } });
    const money = moneyLines(draw(snap, now, cols, rows), rows);
    expect(money).toMatch(/USDC 998\.22\b/);
    // The projected winnings (4.5878… and 3.10) less the stakes (7.50): open, and so the whole session's net.
    expect(money).toMatch(/(if closed now|now) \+0\.19/);
    expect(money).toMatch(/session proj\. net \+0\.19/);
  });

  it("shows a minimum stake's projected gross to its net's digits, in the row and the total", () => {
    const status = {
      value: statusResponse([statusPosition({ txid: "m1", sp: "67020", f: "0.01", w: 0.014028, r: 40.28, t: String(START + 3_000) })]),
      at: now - 1_000,
    };
    const frame = draw(liveSnapshot(now, { status }), now, cols, rows);
    const table = pane(frame, "POSITIONS");
    const row = table.find((r) => r.includes("67,020.00"))!;
    const total = table.find((r) => r.trim().startsWith("total"))!;
    // PROJ.GROSS 0.014028 less STAKE 0.01 is the PROJ.NET beside it, not "0.01" less "0.01".
    expect(row).toMatch(/ 0\.01 +[+-]?[\d.]+ +0\.014028 +\+0\.004028\b/);
    expect(total).toMatch(/ 0\.01 +0\.014028 +\+0\.004028\b/);
  });

  it("shows a game's figures at one precision, so a net crossing a tenth keeps its digits, and 'if closed now' reads as the total", () => {
    // Stakes of 1 and 3: nets of -0.037054 and -0.20 are both to the cent; the total's -0.24 is 'if closed now'.
    const positions = [
      statusPosition({ txid: "s1", sp: "67020", f: "1", w: 0.962946, r: -3.71, t: String(START + 3_000) }),
      statusPosition({ txid: "s2", sp: "67000", f: "3", w: 2.8, r: -6.67, t: String(START + 4_000) }),
    ];
    const status = { value: statusResponse(positions), at: now - 1_000 };
    const frame = draw(liveSnapshot(now, { status }), now, cols, rows);
    const table = pane(frame, "POSITIONS");
    expect(table.find((r) => r.includes("67,020.00"))).toMatch(/ 1\.00 .* 0\.96 +-0\.04\b/);
    expect(table.find((r) => r.includes("67,000.00"))).toMatch(/ 3\.00 .* 2\.80 +-0\.20\b/);
    expect(table.find((r) => r.trim().startsWith("total"))).toMatch(/ 4\.00 +3\.76 +-0\.24\b/);
    expect(moneyLines(frame, rows)).toMatch(/(if closed now|now) -0\.24\b/);
  });

  it("shows every digit of a game with a stake under 1, so gross less stake reads as the net beside it", () => {
    // Stakes of 0.10 (a 1 m game's minimum) and 0.30: at the cent, 0.102 on 0.10 read "0.10" beside a net of "+0.002".
    const positions = [
      statusPosition({ txid: "s1", sp: "67020", f: "0.1", w: 0.102, r: 2, t: String(START + 3_000) }),
      statusPosition({ txid: "s2", sp: "67000", f: "0.3", w: 0.1, r: -66.67, t: String(START + 4_000) }),
    ];
    const status = { value: statusResponse(positions), at: now - 1_000 };
    const frame = draw(liveSnapshot(now, { status }), now, cols, rows);
    const table = pane(frame, "POSITIONS");
    expect(table.find((r) => r.includes("67,020.00"))).toMatch(/ 0\.10 .* 0\.102000 +\+0\.002000\b/);
    expect(table.find((r) => r.includes("67,000.00"))).toMatch(/ 0\.30 .* 0\.100000 +-0\.200000\b/);
    expect(table.find((r) => r.trim().startsWith("total"))).toMatch(/ 0\.40 +0\.202000 +-0\.198000\b/);
    // Where the line cannot hold all three, "if closed now" (the total's figure) gives way to the balance; the
    // session's net, this game's projection alone, is at the same precision.
    expect(moneyLines(frame, rows)).toMatch(/(if closed now|session proj\. net) -0\.198000\b/);
  });

  it("shows the LAST GAME card after a settlement in the balance pane, the outcome on its first line", () => {
    if (rows < 28) return;
    const snap = withSettlement(liveSnapshot(now), settledGame, now - 500);
    const card = pane(draw(snap, now, cols, rows), "BALANCE");
    const last = card.findIndex((r) => r.startsWith(" LAST"));
    // A narrow pane drops the id before the outcome and the amount.
    expect(card[last]).toMatch(/^ LAST (#489885 )?LOST -2\.10 USDC/);
    if (cols >= 80) expect(card[last]).toContain("#489885");
    if (rows >= 42) {
      expect(card[last + 1]).toMatch(/^ staked 2\.50 │ paid 0\.40 /);
      // Rounded half to even, as all money and prices: 67,012.345 → 67,012.34.
      expect(card[last + 2]).toMatch(/^ close 67,012\.34 │ @67,010 \+2\.34 /);
    }
    // The session's settled part is that game's net: the results view's figure.
    expect(card.join("\n")).toMatch(/session proj. net -1\.91 USDC/);
  });

  it("keeps an ended game's positions on screen, marked settling, until its result arrives", () => {
    const end = START + 75_500;
    const before = liveSnapshot(end);
    const next = listing({ start: START + 75_000, now: end, gid: "489887" });
    const ended = withListing(before, next, end, true);
    const table = pane(draw(ended, end, cols, rows), "POSITIONS");
    const heading = table.findIndex((r) => /^ ended #489886: settling, result on its way/.test(r));
    expect(heading).toBeGreaterThan(0);
    // The columns' names stand over the ended game's rows, not over the line that says the live game's are loading.
    expect(table[1]).toMatch(/^ loading your positions in this game…/);
    expect(table[heading + 1]).toMatch(/^ +STRIKE +STAKE /);
    expect(table[heading + 2]).toMatch(/66,169\.00/);
    expect(table[heading + 3]).toMatch(/67,120\.00/);
    // No distance from the next game's price, no last projection: the result alone will say how it went.
    expect(table[heading + 2]).not.toMatch(/[+-]\d|%/);
    // The /status on hand is from before the new game started: its count is not known yet, not 0.
    expect(table[0]).toMatch(/^ POSITIONS #489887 {2}… /);
    const read = withStatus(ended, statusResponse([]), end + 800);
    expect(pane(draw(read, end + 800, cols, rows), "POSITIONS").join("\n")).toContain("no positions in this game");
    const settled = withSettlement(ended, { ...settledGame, gid: "489886" }, end + 2_000);
    expect(pane(draw(settled, end + 2_000, cols, rows), "POSITIONS").join("\n")).not.toContain("settling");
  });

  it("offers the place key on an empty table only while the game takes positions", () => {
    const empty = (t: number) => pane(draw(withStatus(liveSnapshot(t), statusResponse([]), t), t, cols, rows), "POSITIONS").join("\n");
    expect(empty(START + 30_000)).toContain("no positions in this game — p places one");
    // Locked: p would only say so.
    const locked = empty(START + 65_000);
    expect(locked).toContain("no positions in this game");
    expect(locked).not.toContain("places one");
  });

  it("puts the live game's total under its rows, and the ended game's block under the total", () => {
    const end = START + 75_500;
    const ended = withListing(liveSnapshot(end), listing({ start: START + 75_000, now: end, gid: "489887" }), end, true);
    const three = [0, 1, 2].map((i) => statusPosition({ gid: "489887", txid: `n${i}`, sp: String(67_000 + i), f: "1" }));
    const live = withStatus(ended, statusResponse(three), end + 800);
    const table = pane(draw(live, end + 800, cols, rows), "POSITIONS");
    const total = table.findIndex((r) => /^ +total +3\.00 /.test(r));
    const heading = table.findIndex((r) => /^ ended #489886: settling, result on its way/.test(r));
    expect(total, table.join("\n")).toBeGreaterThan(0);
    // The ended game's line is there whatever the height: the rows its block holds may be scrolled out of sight.
    expect(heading, table.join("\n")).toBe(total + 1);
    // The live game's rows (or the best of them and a window line) sit right above its total.
    expect(table[total - 1]).toMatch(/67,00[012]\.00|rows \d/);
    // Its rows where the live game's leave room, else how many it holds.
    if (table[heading + 1]?.includes("66,169.00")) expect(table[heading + 2]).toMatch(/67,120\.00/);
    else expect(table[heading]).toMatch(/settling, 2 positions, result on its way/);
    // No line left empty among the table's (a tall pane's room to spare is under them).
    const empty = (r: string) => r.replace(/[│ ]/g, "") === "";
    const last = table.findLastIndex((r) => !empty(r));
    expect(table.slice(1, last).filter(empty)).toEqual([]);
  });

  it("says 'can place now' only while the service answers and the listing is fresh", () => {
    const offline: Partial<Snapshot> = { connection: { state: "offline", retryAt: now + 2_000, reason: "connection refused" } };
    expect(pane(draw(liveSnapshot(now), now, cols, rows), "GAME ").join("\n")).toContain("can place now");
    const game = pane(draw(liveSnapshot(now, offline), now, cols, rows), "GAME ").join("\n");
    expect(game).not.toContain("can place now");
    expect(game).toContain("placing unknown: no fresh data");
  });

  it("fits the settlement toast by whole parts, the result and amount first", () => {
    const toast = {
      outcome: "won" as const,
      text: "settled #…897501 BTC_USDT 1m: WON +0.46 USDC · staked 0.20 · paid 0.66 · r results",
      shorter: ["settled #…897501: WON +0.46 USDC · staked 0.20 · paid 0.66 · r results"],
    };
    const footer = draw(liveSnapshot(now), now, cols, rows, { toast }).split("\n").at(-1)!;
    expect(footer).not.toContain("… ");
    expect(footer).toMatch(/^settled #…897501 BTC_USDT 1m: WON \+0\.46 USDC( · staked 0\.20)?( · paid 0\.66)?( · r results)? */);
    // The data age keeps its slot beside the game, result and amount where they fit beside it (44 + 26 columns).
    if (cols >= 44 + 26) expect(footer).toMatch(/ data [\d.]+s old \(\d\d:\d\d:\d\d\)$/);
    else expect(footer).not.toContain("data");
    if (cols >= 120) expect(footer).toContain("r results");
  });

  it("wraps the help overlay's long lines instead of cutting them", async () => {
    const frame = await drawApp(liveSnapshot(now), now, cols, 50, ["?"]);
    expect(frame).not.toContain("…");
    expect(frame.replace(/[│\s]+/g, " ")).toContain(
      "a longer / shorter chart window: the game, 5 min, 1 h, 24 h (as far as the history reaches)",
    );
  });
});

describe("the settlement toast in a narrow footer", () => {
  it.each([40, 44])("names the game less at %i columns, never cutting the result or the amount", (cols) => {
    const now = START + 15_200;
    // A 10 s game at the minimum stake: "settled #…789012 BTC_USDT 10s: LOST -0.004596 USDC" is 50 columns.
    const game = gameResult({
      ...SETTLED_WIRE,
      gid: "123456789012",
      interval: 10,
      positions: [],
      total_staked: "0.01",
      total_winnings: "0.005404",
      net_return: "-0.004596",
    });
    const footer = draw(liveSnapshot(now), now, cols, 24, { toast: settlementToast(game) })
      .split("\n")
      .at(-1)!;
    expect(footer).not.toContain("… ");
    expect(footer).toMatch(/^settled #…789012: LOST -0\.004596 USDC *$/);
  });

  it("keeps the count of other games settled with it, naming the game less where it would not fit", () => {
    const now = START + 15_200;
    const game = gameResult({ ...SETTLED_WIRE, gid: "123456789012", interval: 10 });
    const footer = draw(liveSnapshot(now), now, 60, 24, { toast: settlementToast(game, false, "r", 1) })
      .split("\n")
      .at(-1)!;
    expect(footer).toMatch(/^settled #…789012: LOST -2\.10 USDC \(1 more settled\) *$/);
  });
});

describe("dates", () => {
  it("shows the date on times of a game that are not today", () => {
    // A minute into a day-long game: its lock and end are tomorrow, in any time zone.
    const start = START;
    const now = start + 60_000;
    const daily = { ...liveSnapshot(now), target: { ...liveSnapshot(now).target, interval: 86400 as const } };
    const l = listing({ start, now, gid: "900001", interval: 86400 });
    const frame = draw({ ...daily, listing: { value: l, at: now - 1_000 } }, now, 120, 35);
    const times = pane(frame, "GAME ").find((r) => r.includes("start "))!;
    expect(times).toMatch(
      /start (\d\d:\d\d:\d\d|[A-Z][a-z]{2} \d+ \d\d:\d\d) │ closes [A-Z][a-z]{2} \d+ \d\d:\d\d │ ends [A-Z][a-z]{2} \d+ \d\d:\d\d/,
    );
  });
});

describe("the one-line layout", () => {
  it("in the one-line layout, says an ended game is settling where a line is left, by whole parts", () => {
    const end = START + 75_500;
    const ended = withListing(liveSnapshot(end), listing({ start: START + 75_000, now: end, gid: "489887" }), end, true);
    const live = withStatus(ended, statusResponse([statusPosition({ gid: "489887", txid: "n0", sp: "67000", f: "1" })]), end + 800);
    const frame = draw(live, end + 800, 50, 12).split("\n");
    expect(frame).toContain("ended #489886: settling, 2 positions");
    const wide = draw(live, end + 800, 70, 12).split("\n");
    expect(wide.some((l) => l.startsWith("ended #489886: settling, 2 positions, result on its way"))).toBe(true);
  });
});

describe("the money line where it cannot hold everything", () => {
  const money = {
    closedNow: { net: new Decimal("-0.03271"), pct: new Decimal("-65.42"), places: 6 },
    session: { settled: new Decimal("-0.038077"), open: new Decimal("-0.03271"), total: new Decimal("-0.070787") },
    stale: false,
  };
  /** The line's frame, with its colours, for these money figures at `width`. */
  const frameOf = (over: { width?: number; money?: Money; outdated?: boolean } = {}) => {
    const ui = renderAt(
      <MoneyLine
        balance={new Decimal("1186.42")}
        error={undefined}
        stale={false}
        outdated={over.outdated ?? false}
        money={over.money ?? money}
        currency="USDC"
        width={over.width ?? 80}
      />,
      80,
      3,
    );
    const frame = ui.lastFrame();
    ui.unmount();
    return frame;
  };
  const line = (width: number) => stripAnsi(frameOf({ width })).split("\n")[0]!.trimEnd();

  it("leaves out the share, then 'if closed now' (the positions table's total), keeping the balance; a projection in the session's net says so", () => {
    expect(line(80)).toBe("USDC 1,186.42  if closed now -0.032710 (-65.42%)  session proj. net -0.070787");
    expect(line(67)).toBe("USDC 1,186.42  if closed now -0.032710  session proj. net -0.070787");
    // Narrower: the balance and the session's net, said nowhere else; a figure goes whole, never cut.
    expect(line(58)).toBe("USDC 1,186.42  session proj. net -0.070787");
    expect(line(40)).toBe("USDC 1,186.42");
    // The session's net is the settled net alone, and says so, once no open game's projection is in it.
    const settledOnly = { ...money, session: { settled: new Decimal("-0.038077"), open: new Decimal(0), total: new Decimal("-0.038077") } };
    expect(stripAnsi(frameOf({ money: settledOnly }))).toContain("session net -0.038077");
  });

  it("gives the session's net the focused game's decimals while its projection is in it: one figure, one precision", () => {
    const onlyOpen = { ...money, session: { settled: new Decimal(0), open: new Decimal("-0.03071"), total: new Decimal("-0.03071") } };
    const closedNow = { net: new Decimal("-0.03071"), pct: new Decimal("-61.42"), places: 6 };
    expect(line80({ ...onlyOpen, closedNow })).toBe("USDC 1,186.42  if closed now -0.030710 (-61.42%)  session proj. net -0.030710");
    // At a game's two decimals, both figures to the cent.
    const cents = { ...onlyOpen, closedNow: { ...closedNow, places: 2 } };
    expect(line80(cents)).toBe("USDC 1,186.42  if closed now -0.03 (-61.42%)  session proj. net -0.03");
  });
  it("beside a session net not known yet, says what has settled where the line has room, and keeps its shape where not", () => {
    const loading: Money = {
      closedNow: undefined,
      session: { settled: new Decimal("-0.024858"), open: undefined, total: undefined },
      stale: false,
    };
    const at = (width: number, money = loading) => stripAnsi(frameOf({ money, width })).split("\n")[0]!.trimEnd();
    expect(at(80)).toBe("USDC 1,186.42  if closed now …  session net … (settled -0.024858 · open proj. …)");
    expect(at(70)).toBe("USDC 1,186.42  if closed now …  session net … (settled -0.024858)");
    expect(at(55)).toBe("USDC 1,186.42  if closed now …  session net …");
    // Nothing settled yet (at launch): nothing beside the "…".
    expect(at(80, { ...loading, session: { ...loading.session, settled: new Decimal(0) } })).toBe(
      "USDC 1,186.42  if closed now …  session net …",
    );
  });
  it("says a session net waiting on a projection once: 'session proj. net pending'", () => {
    const pending: Money = {
      closedNow: null,
      session: { settled: new Decimal("-0.024858"), open: null, total: null },
      stale: false,
    };
    expect(line80(pending)).toBe("USDC 1,186.42  if closed now projection pending  session proj. net pending");
  });
  const line80 = (m: Money) =>
    stripAnsi(frameOf({ money: m }))
      .split("\n")[0]!
      .trimEnd();

  it("draws a balance a settlement or a placement has put behind dim, not bold, until it is read again", () => {
    // Fresh, the figure is bold; behind, it is in the dim tone with the currency before it, and not bold.
    const ESC = "\u001b";
    expect(frameOf()).toContain(`${ESC}[1m1,186.42`);
    expect(frameOf({ outdated: true })).toContain(`${ESC}[90mUSDC 1,186.42${ESC}[39m`);
    expect(frameOf({ outdated: true })).not.toContain(`${ESC}[1m1,186.42`);
  });
});
