import { describe, expect, it } from "vitest";
import { initialSnapshot, type Snapshot, snapshotAt } from "../../src/poller/snapshot.js";
import { Dashboard } from "../../src/ui/Dashboard.js";
import { positionView } from "../../src/ui/dashboard/position-view.js";
import type { DashboardProps } from "../../src/ui/dashboard-props.js";
import { SPINNER_DELAY_MS } from "../../src/ui/frame/Header.js";
import { computeLayout } from "../../src/ui/layout.js";
import { ThemeContext } from "../../src/ui/theme.js";
import { draw, drawApp, drawn, liveSnapshot, START, target } from "../helpers/dashboard.js";
import { livePrice, placedPosition, statusPosition, statusResponse } from "../helpers/fixtures.js";
import { renderAt, tick } from "../helpers/ink.js";

function lines(frame: string): string[] {
  return frame.split("\n");
}

describe.each([
  [80, 24],
  [120, 40],
])("dashboard at %ix%i", (cols, rows) => {
  const now = START + 15_200;

  it("shows every pane with live data and fits the terminal", () => {
    const frame = draw(liveSnapshot(now), now, cols, rows);
    expect(frame).toContain("GAME BTC_USDT 1m #489886");
    expect(frame).toContain("ACCEPTING");
    expect(frame).toContain("closes in 0:45");
    expect(frame).toContain("ends in 1:00");
    // The live price, its move since the open, and the best position's distance (◆: it is winning).
    expect(frame).toMatch(/live 67,\d{3}\.\d{2} [▲▼] [+-][\d,]+\.\d{2} \([+-]?[\d.]+%\) {2}best ◆?@\d{2},\d{3} [+-][\d,]+\.\d{2}/);
    if (cols >= 120) expect(frame).toContain("open 67,036.05  ai 67,018.31");
    expect(frame).toContain("can place now");
    // Boxed, the balance has a pane of its own; in sections it heads the money line.
    if (rows >= 28) expect(frame).toContain("BALANCE testnet");
    expect(frame).toContain("1,000.50");
    // Projected winnings 4.587819563491935 + 3.1 less the stakes 7.50: +0.19, open and the whole session alike.
    expect(frame).toContain("if closed now +0.19");
    expect(frame).toContain("session proj. net +0.19");
    // No withdrawal pending: the line is left out rather than saying "none".
    expect(frame).not.toContain("withdrawal");
    expect(frame).toContain("PRICE BTC_USDT");
    if (rows >= 28) expect(frame).toContain("since open");
    expect(frame).toContain("POSITIONS #489886  2 held 8 left");
    expect(frame).toMatch(/66,169\.00\s+5\.00/);
    expect(frame).toContain("4.59");
    expect(frame).toContain("-8.24%");
    expect(frame).toContain("+24.00%");
    // Totals are exact: 5 + 2.5 staked; 4.587819563491935 + 3.1 projected.
    expect(frame).toMatch(/total\s+7\.50\s+7\.69/);
    expect(frame).toContain("SIM 127.0.0.1:8787");
    expect(frame).toContain("testnet");
    expect(frame).toContain("live");
    const ls = lines(frame);
    expect(ls.length).toBeLessThanOrEqual(rows - 1);
    for (const line of ls) expect(line.length).toBeLessThanOrEqual(cols);
  });

  it("switches phase in the lobby and after the end", () => {
    const inLobby = START + 63_000;
    let frame = draw(liveSnapshot(inLobby), inLobby, cols, rows);
    expect(frame).toContain("LOCKED LOBBY");
    expect(frame).toContain("ends in 0:12");
    expect(frame).toContain("not accepting positions");
    expect(frame).not.toContain("closes in");
    // Past the lock the game takes no more: the count says what is held, not how many more could be.
    expect(frame).toMatch(/POSITIONS #489886 {2}2 held(?! \d+ left)/);
    drawn()?.unmount();
    const after = START + 76_000;
    frame = draw(liveSnapshot(after), after, cols, rows);
    expect(frame).toContain("SETTLING");
  });

  it("draws the phase of a game taken from the schedule dim (by the clock), that of a game its listing names in its tone", () => {
    /** The game pane's title line as drawn, colours and all. */
    const titleLine = (snapshot: Snapshot, at: number) => {
      draw(snapshot, at, cols, rows);
      const line = drawn()!
        .lastFrame()
        .split("\n")
        .find((l) => l.includes("ACCEPTING"))!;
      drawn()?.unmount();
      return line;
    };
    const read = START + 5_000;
    const named = titleLine(liveSnapshot(read), read);
    // The live game ended 75 s in and no listing has been read since: the next game by the schedule, 2 s into it.
    const rolledAt = START + 77_000;
    const rolled = snapshotAt(liveSnapshot(rolledAt, { listing: { value: liveSnapshot(read).listing!.value, at: read } }), rolledAt);
    expect(rolled.listing!.value.liveGame!.provisional).toBe(true);
    const byClock = titleLine(rolled, rolledAt);
    // Grey, the theme's dim, bold; the early window's word with it.
    const grey = ["\u001b[90m\u001b[1mEARLY ACCEPTING", "\u001b[90m\u001b[1mACCEPTING"];
    expect(grey.some((g) => byClock.includes(g))).toBe(true);
    expect(named).toContain("ACCEPTING");
    expect(grey.some((g) => named.includes(g))).toBe(false);
  });

  it("marks stale data and says when it is rate limited", () => {
    // Past every pane's staleness, the balance's 3 minutes too.
    const later = now + 200_000;
    const snap = liveSnapshot(now, { connection: { state: "rate_limited", resumeAt: later + 12_000, reason: "Rate limit exceeded" } });
    const frame = draw(snap, later, cols, rows);
    expect(frame).toContain("rate limited, resuming in 12 s");
    expect(frame.match(/STALE/g)?.length).toBeGreaterThanOrEqual(3);
  });

  it("counts the header's retry down and ages its stale data from one second to the next", () => {
    const later = now + 120_000;
    const frameAt = (at: number, connection: Snapshot["connection"]) => {
      const props: DashboardProps = {
        snapshot: liveSnapshot(now, { connection }),
        now: at,
        localNow: at,
        layout: computeLayout(cols, rows),
        backend: "SIM 127.0.0.1:8787",
        readonly: false,
        focus: "game",
        scroll: 0,
        overlay: null,
        hints: [{ text: "q quit", rank: 1 }],
        message: undefined,
      };
      return (
        <ThemeContext.Provider value={{ color: true, ascii: false }}>
          <Dashboard {...props} />
        </ThemeContext.Provider>
      );
    };
    const limited = { state: "rate_limited", resumeAt: later + 12_000, reason: "Rate limit exceeded" } as const;
    const mounted = renderAt(frameAt(later, limited), cols, rows);
    expect(mounted.text()).toContain("resuming in 12 s");
    mounted.instance.rerender(frameAt(later + 1_000, limited));
    expect(mounted.text()).toContain("resuming in 11 s");
    // The header skips seconds that change nothing it shows; the stale age is something it shows.
    mounted.instance.rerender(frameAt(later + 1_000, { state: "ok" }));
    expect(mounted.text()).toContain("stale: last data 2m ago");
    mounted.instance.rerender(frameAt(later + 61_000, { state: "ok" }));
    expect(mounted.text()).toContain("stale: last data 3m ago");
    mounted.unmount();
  });

  it("says it is connecting at once and spins only when that takes a while", async () => {
    const frame = draw({ ...initialSnapshot(target), connection: { state: "connecting" } }, now, cols, rows);
    expect(frame).toMatch(/ connecting/);
    expect(frame).not.toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]/);
    await tick(SPINNER_DELAY_MS + 100);
    expect(drawn()!.text()).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] connecting/);
  });

  it("says offline with the reason and keeps the old numbers, marked", () => {
    const later = now + 30_000;
    const snap = liveSnapshot(now, {
      connection: { state: "offline", retryAt: later + 2_000, reason: "GET /live-price: connection refused" },
    });
    const frame = draw(snap, later, cols, rows);
    expect(frame).toContain("offline (connection refused), retry in 2 s");
    expect(frame).toContain("1,000.50");
    expect(frame).toContain("STALE");
    // What the pane would say about placing is a guess offline: it says so instead of "can place now".
    expect(frame).not.toContain("can place now");
    expect(frame).toContain("placing unknown: no fresh data");
  });

  it("says degraded, naming the endpoint, when one answers with errors", () => {
    const later = now + 3_000;
    const snap = liveSnapshot(now, {
      connection: { state: "degraded", retryAt: later + 2_000, reason: "GET /spot: the service failed, status 503" },
    });
    const frame = draw(snap, later, cols, rows);
    expect(frame).toMatch(/degraded \(\/spot: the service failed, status 503\), retry in 2 s/);
  });

  it("marks the projections STALE wherever they show when /status is past its refresh, and drops ◆", () => {
    const fresh = draw(liveSnapshot(now), now, cols, rows);
    expect(fresh).toMatch(/best ◆@/);
    const snap = liveSnapshot(now);
    const stale = draw({ ...snap, status: { ...snap.status!, at: now - 14_000 } }, now, cols, rows);
    expect(stale).toMatch(/POSITIONS #489886 .*STALE 14s/);
    expect(stale).toMatch(/if closed now \+0\.19( USDC)? \(\+2\.50%\) STALE/);
    expect(stale).toMatch(/session proj\. net \+0\.19( USDC)? STALE/);
    expect(fresh).not.toContain("STALE");
    // The distance is measured from the live price, which is fresh; the verdict (◆) came from the stale projection.
    expect(stale).toMatch(/best @\d{2},\d{3}/);
    expect(stale).not.toContain("◆");
  });

  it("shows mainnet unmistakably", () => {
    const frame = draw(liveSnapshot(now, { target: { ...target, network: "mainnet" } }), now, cols, rows);
    expect(frame).toContain("MAINNET — REAL FUNDS");
  });

  it("degrades only the pane whose response did not match the spec", () => {
    const snap = liveSnapshot(now, {
      balance: undefined,
      errors: {
        balance: {
          kind: "schema",
          message: "GET /user-balance: response field balance: expected a decimal string, received 12 (number)",
          at: now,
        },
      },
    });
    const frame = draw(snap, now, cols, rows);
    expect(frame).toContain("GET /user-balance");
    expect(frame).toContain("ACCEPTING");
    expect(frame).toContain("4.59");
  });

  it("names the endpoint, field and value of a schema error in full in the help overlay", () => {
    const message = "GET /user-balance: response field balance: expected a decimal string, received 12 (number)";
    const snap = liveSnapshot(now, { balance: undefined, errors: { balance: { kind: "schema", message, at: now } } });
    const frame = draw(snap, now, cols, rows, { overlay: "help" });
    expect(frame).toContain("PROBLEMS NOW");
    expect(frame.replace(/[│\s]+/g, " ")).toContain(message);
  });

  it("shows a position placed a moment ago before /status reports it", () => {
    const snap = liveSnapshot(now, { placed: [placedPosition({ txid: "new-1", sp: "67300", f: "1", t: String(START + 14_000) })] });
    const frame = draw(snap, now, cols, rows);
    expect(frame).toContain("3 held 7 left");
    expect(frame).toMatch(/67,300\.00\s+1\.00.*pending/);
  });
});

describe("dashboard edges", () => {
  it.each([
    ["testnet", 60, /^spotdash │ SIM 127\.0\.0\.1:8787 │ testnet │ BTC_USDT 1m ● live$/],
    ["testnet", 50, /^spotdash │ SIM │ testnet │ BTC_USDT 1m +● live$/],
    ["testnet", 40, /^SIM │ testnet │ BTC_USDT 1m +● live$/],
    ["mainnet", 60, /^spotdash │ SIM │ {2}MAINNET — REAL FUNDS {2}│ BTC_USDT 1m +● live$/],
    ["mainnet", 50, /^SIM │ {2}MAINNET — REAL FUNDS {2}│ BTC_USDT 1m +● live$/],
    ["mainnet", 40, /^ MAINNET {2}│ BTC_USDT 1m +● live$/],
  ] as const)(
    "a %s header %i columns wide gives up the sim's address, then the name, then SIM, then REAL FUNDS, never the market",
    (network, cols, header) => {
      const now = START + 15_200;
      const frame = draw(liveSnapshot(now, { target: { ...target, network } }), now, cols, 24);
      expect(frame.split("\n")[0]).toMatch(header);
    },
  );

  it("keeps the service it was pointed at in a narrow header while the badge names a failure, the market left to the game pane", () => {
    const now = START + 15_200;
    const offline = liveSnapshot(now, { connection: { state: "offline", retryAt: now + 2_000, reason: "connection refused" } });
    const header = draw(offline, now, 80, 24).split("\n")[0]!;
    expect(header).toMatch(/^(spotdash │ )?SIM 127\.0\.0\.1:8787 │ testnet +offline \(connection refused\), retry in 2 s$/);
    // Healthy, the same width keeps the market and gives up the sim's address first.
    expect(draw(liveSnapshot(now), now, 50, 24).split("\n")[0]).toMatch(/^spotdash │ SIM │ testnet │ BTC_USDT 1m +● live$/);
  });

  it("replaces the layout with a clear message when the terminal is too small", () => {
    const now = START + 15_000;
    const frame = draw(liveSnapshot(now), now, 39, 7);
    expect(frame.replace(/\s+/g, " ")).toContain("terminal too small: need 40×8, have 39×7");
    expect(frame).not.toContain("GAME");
  });

  it("never draws a frame as tall as the terminal, at any size", () => {
    const now = START + 15_000;
    for (const [c, r] of [
      [60, 20],
      [80, 24],
      [100, 30],
      [120, 35],
      [160, 50],
      [200, 60],
    ] as const) {
      const frame = draw(liveSnapshot(now), now, c, r);
      expect(lines(frame).length, `${c}x${r}`).toBeLessThanOrEqual(r - 1);
      for (const line of lines(frame)) expect(line.length, `${c}x${r}`).toBeLessThanOrEqual(c);
      drawn()?.unmount();
    }
  });

  it("draws with plain ASCII and no colour when asked", () => {
    const now = START + 15_000;
    draw(liveSnapshot(now), now, 80, 24, {}, { color: false, ascii: true });
    const raw = drawn()!.lastFrame();
    expect(raw).not.toMatch(/\p{Cc}\[3[0-9]m/u);
    expect(raw).not.toMatch(/[▁▂▃▄▅▆▇█╭│]/);
    expect(raw).toContain("ACCEPTING");
  });

  it("shows the help overlay", async () => {
    const now = START + 15_000;
    // Tall enough for the first sections; a shorter terminal scrolls to the rest.
    const frame = await drawApp(liveSnapshot(now), now, 80, 40, ["?"]);
    expect(frame).toContain("KEYS");
    expect(frame).toContain("Ctrl+R");
    expect(frame).toContain("IN THE POSITION FORM (p)");
    expect(frame).not.toContain("POSITIONS");
    // Each key stands apart from what it does, the longest one too.
    expect(frame).toMatch(/Tab \/ Shift\+Tab\s{2,}move between panes/);
    // Below the boxed layout the balance is the money line, which Tab passes by: the help says so.
    expect(frame.replace(/[│\s]+/g, " ")).toContain("game, balance where it has a box of its own, price, positions");
    expect(frame).toMatch(/PgUp \/ PgDn\s{2,}ten times as much/);
  });

  it("keeps the help overlay inside its border when the problems outgrow it", async () => {
    const now = START + 15_000;
    const long = (what: string) => ({
      kind: "schema" as const,
      message: `GET /${what}: response field x: ${"a long explanation ".repeat(12)}`,
      at: now,
    });
    const snap = liveSnapshot(now, {
      errors: { balance: long("user-balance"), price: long("live-price"), status: long("status"), spot: long("spot") },
    });
    const lines = (await drawApp(snap, now, 80, 40, ["?"])).split("\n");
    expect(lines[lines.length - 2]).toMatch(/^╰─+╯$/);
    expect(lines.some((l) => l.includes("PROBLEMS NOW"))).toBe(true);
    // Every key line whole: a squeezed column would have drawn lines over each other.
    expect(lines.some((l) => /│ \?\s+toggle this help\s+│/.test(l))).toBe(true);
    expect(lines.some((l) => /│ q, Ctrl\+C\s+quit\s+│/.test(l))).toBe(true);
    // On a narrow pane a key as wide as its column wraps in it, a gap before its description.
    const narrow = (await drawApp(liveSnapshot(now), now, 50, 15, ["?"])).split("\n");
    expect(narrow.some((l) => l.includes("Shift+Tab"))).toBe(true);
    expect(narrow.filter((l) => /Shift\+Tab\S/.test(l))).toEqual([]);
  });

  it("reserves a line for a streak only when no row carries it", () => {
    const now = START + 15_200;
    const base = liveSnapshot(now);
    const withStreaks = (streaks: unknown[]) => ({
      ...base,
      status: { ...base.status!, value: statusResponse([...base.status!.value.positions], streaks) },
    });
    // Both streaks are drawn on their rows: two rows, no line under them.
    expect(
      positionView(
        withStreaks([
          { positionId: "a1", streak: 2 },
          { positionId: "a2", streak: 3 },
        ]),
      ).lines,
    ).toBe(2);
    // A streak of a position not shown gets the "streaks on track" line.
    expect(
      positionView(
        withStreaks([
          { positionId: "a1", streak: 2 },
          { positionId: "zz", streak: 1 },
        ]),
      ).lines,
    ).toBe(3);
    // A streak is one the game would make if it settled now: said so, on its row, and on the line for the others.
    const frame = draw(
      withStreaks([
        { positionId: "a1", streak: 2 },
        { positionId: "zz", streak: 1 },
      ]),
      now,
      120,
      40,
    );
    const row = frame.split("\n").find((l) => l.includes("★"));
    expect(row).toMatch(/★2 wins on track/);
    expect(frame).toContain("streaks on track: 1 win (position zz)");
    expect(frame).not.toContain("in a row");
    // Where the row has no room for even "★2", no streak: cut, it ended the row's last figure in "…".
    for (const cols of [60, 62, 64, 66, 70]) {
      const narrow = draw(withStreaks([{ positionId: "a1", streak: 2 }]), now, cols, 24);
      const rows = narrow.split("\n").filter((l) => /\d,\d{3}\.\d\d/.test(l) && /[+-]\d/.test(l));
      for (const r of rows) expect(r.trimEnd(), `${cols}: ${r}`).not.toMatch(/…$/);
    }
  });

  it("measures each position's distance from the newest price, the rows unchanged", async () => {
    const [now, cols, rows] = [START + 15_200, 120, 40];
    const snap = liveSnapshot(now);
    const props = (s: Snapshot): DashboardProps => ({
      snapshot: s,
      now,
      localNow: now,
      layout: computeLayout(cols, rows, { positionLines: positionView(s).lines, positionChrome: positionView(s).chrome }),
      backend: "SIM",
      readonly: false,
      focus: "game",
      scroll: 0,
      overlay: null,
      hints: [],
      message: undefined,
    });
    const distanceOf = (frame: string, strike: string) => new RegExp(`${strike}\\s+\\S+\\s+([+-]?[\\d,]+\\.\\d\\d)`).exec(frame)?.[1];
    draw(snap, now, cols, rows);
    // Same status, same rows; only the price moves: 67,200.5 − 66,169 and 67,200.5 − 67,120.
    const moved = { ...snap, price: { value: livePrice(67200.5, now), at: now } };
    drawn()!.instance.rerender(
      <ThemeContext.Provider value={{ color: true, ascii: false }}>
        <Dashboard {...props(moved)} />
      </ThemeContext.Provider>,
    );
    await tick();
    const frame = drawn()!.text();
    expect(distanceOf(frame, "66,169.00")).toBe("+1,031.50");
    expect(distanceOf(frame, "67,120.00")).toBe("+80.50");
  });

  it("lists each stake as it was placed, every digit, and their total exact: never rounded to the cent", () => {
    const now = START + 15_000;
    const placed = [
      statusPosition({ txid: "a", sp: "67000", f: "12.345678", w: 12, t: String(START + 1000) }),
      statusPosition({ txid: "b", sp: "67010", f: "2.5", w: 2, t: String(START + 2000) }),
    ];
    const snap = liveSnapshot(now, { status: { value: statusResponse(placed), at: now } });
    const rows = lines(draw(snap, now, 120, 35));
    expect(rows.find((l) => l.includes("67,000.00"))).toMatch(/67,000\.00 +12\.345678 /);
    expect(rows.find((l) => l.includes("67,010.00"))).toMatch(/67,010\.00 +2\.50 /);
    expect(rows.find((l) => /^\s*│?\s*total /.test(l))).toMatch(/total +14\.845678 /);
  });

  it("lists each strike as it was placed: every decimal that fits its column, and a cut one marked, never rounded to another", () => {
    const now = START + 15_000;
    const placed = [
      statusPosition({ txid: "a", sp: "63500.123", f: "1", t: String(START + 1000) }),
      statusPosition({ txid: "b", sp: "63500.12345678", f: "1", t: String(START + 2000) }),
    ];
    const snap = liveSnapshot(now, { status: { value: statusResponse(placed), at: now } });
    const rows = lines(draw(snap, now, 120, 35));
    const rowOf = (strike: string) => rows.find((l) => l.includes(strike));
    // The strike column is 12 wide: the whole 63,500.123, and 63,500.1234… for 8 decimals, each row's other figures in their columns.
    expect(rowOf(" 63,500.123 ")).toMatch(/ 63,500\.123 +1\.00 /);
    expect(rowOf("63,500.1234…")).toMatch(/63,500\.1234… +1\.00 /);
    expect(rows.some((l) => /63,500\.12 /.test(l))).toBe(false);
  });

  it("scrolls through more positions than fit, the best one always in sight", () => {
    const now = START + 15_000;
    // All alike but their strikes: the best is the latest placed, 67,009.
    const many = Array.from({ length: 10 }, (_, i) =>
      statusPosition({ txid: `p${i}`, sp: String(67000 + i), f: "1", t: String(START + 1000 + i) }),
    );
    const snap = liveSnapshot(now, { status: { value: statusResponse(many), at: now } });
    let frame = draw(snap, now, 80, 24, { scroll: 0 });
    expect(frame).toContain("67,000.00");
    expect(frame).toContain("67,009.00");
    expect(frame).toMatch(/best, then rows 1–\d+ of 9/);
    drawn()?.unmount();
    frame = draw(snap, now, 80, 24, { scroll: 9 });
    expect(frame).toContain("67,008.00");
    expect(frame).toContain("67,009.00");
    expect(frame).not.toContain("67,000.00");
  });

  it("says the listing's age as one beside the game's times: bare, it read as a duration", () => {
    const now = START + 15_000;
    const row = (cols: number, rows: number) =>
      draw(liveSnapshot(now), now, cols, rows)
        .split("\n")
        .find((l) => l.includes("start "))!;
    expect(row(200, 50)).toMatch(/ends \d\d:\d\d:\d\d │ read 2(\.0)?s ago/);
    drawn()?.unmount();
    expect(row(120, 35)).toMatch(/ends \d\d:\d\d:\d\d │ read 2(\.0)?s ago/);
  });

  it("offers j/k scroll only over a positions table with more rows than room", async () => {
    const now = START + 15_000;
    const footer = (frame: string) => frame.split("\n").at(-1)!;
    const fits = footer(await drawApp(liveSnapshot(now), now, 80, 24));
    expect(fits).toMatch(/^q quit {2}\? help {2}i interval {2}p place /);
    const many = Array.from({ length: 10 }, (_, i) =>
      statusPosition({ txid: `p${i}`, sp: String(67000 + i), f: "1", t: String(START + 1000 + i) }),
    );
    const snap = liveSnapshot(now, { status: { value: statusResponse(many), at: now } });
    expect(footer(await drawApp(snap, now, 80, 24))).toMatch(/^q quit {2}\? help {2}j\/k scroll {2}p place /);
  });

  it("in the one-line layout, draws the price chart in the rows the positions leave, and the sparkline where they leave too few", () => {
    const now = START + 15_000;
    const snap = liveSnapshot(now);
    const lines = draw(snap, now, 50, 15).split("\n");
    const title = lines.findIndex((l) => l.startsWith("PRICE BTC_USDT"));
    expect(title).toBeGreaterThan(lines.findIndex((l) => l.startsWith("POSITIONS")));
    // Under its title, rows of the chart with its price axis, then its time axis; no row left blank above the footer.
    expect(lines.slice(title + 1, -2).every((l) => /┤|│/.test(l))).toBe(true);
    expect(lines.at(-2)).toMatch(/0:\d\d.*lock/);
    drawn()?.unmount();
    const small = draw(snap, now, 40, 9).split("\n");
    expect(small.join("\n")).not.toContain("PRICE BTC_USDT");
  });

  it("lines up the points of a money column whose figures have different decimals, the total's too (120x35)", () => {
    const now = START + 15_000;
    const rows = [
      statusPosition({ txid: "m1", sp: "67000", f: "0.01", w: 0.011319, t: String(START + 1000) }),
      statusPosition({ txid: "m2", sp: "67001", f: "0.01", w: 0.00586, t: String(START + 2000) }),
    ];
    const lines = draw(liveSnapshot(now, { status: { value: statusResponse(rows), at: now } }), now, 120, 35).split("\n");
    const table = lines.slice(lines.findIndex((l) => l.includes("POSITIONS")));
    const pointOf = (figure: string) => {
      const line = table.find((l) => l.includes(figure))!;
      return line.indexOf(figure) + figure.indexOf(".");
    };
    // PROJ.GROSS, then PROJ.NET: each column's points in one place, down to the total.
    expect(pointOf("0.00586")).toBe(pointOf("0.011319"));
    expect(pointOf("-0.00414")).toBe(pointOf("+0.001319"));
    expect(pointOf("0.017179")).toBe(pointOf("0.011319"));
    expect(pointOf("-0.002821")).toBe(pointOf("+0.001319"));
  });

  it("with no room for a window under the best row, says how many rows it hides (60x15, the form open)", () => {
    const now = START + 15_000;
    const six = Array.from({ length: 6 }, (_, i) =>
      statusPosition({ txid: `p${i}`, sp: String(67000 + i), f: "1", t: String(START + 1000 + i) }),
    );
    const snap = liveSnapshot(now, { status: { value: statusResponse(six), at: now } });
    const view = positionView(snap);
    const layout = computeLayout(60, 15, { formOpen: true, positionLines: view.lines, positionChrome: view.chrome });
    const lines = draw(snap, now, 60, 15, { layout }).split("\n");
    const at = lines.findIndex((l) => l.startsWith("▸ POSITIONS") || l.startsWith("POSITIONS"));
    expect(lines[at]).toMatch(/POSITIONS #489886 {2}6 held 4 left/);
    expect(lines.slice(at + 2, at + 5).map((l) => l.trimEnd())).toEqual([
      expect.stringMatching(/^◆ +67,005\.00 /),
      "best shown, 5 more hidden: a taller pane shows them",
      expect.stringMatching(/^ +total +6\.00 /),
    ]);
  });
});
