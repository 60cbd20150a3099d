/**
 * The price chart's pure parts (src/ui/chart/): scales and ticks, the dot
 * canvas, and the chart drawn from fixed series: gaps stay gaps, the line's
 * colour follows the baseline, reference lines and time marks are labelled,
 * every row is exactly as wide as asked, and ASCII stays ASCII.
 */

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PriceSeries } from "../../src/domain/price-series.js";
import { asciiOf, brailleOf, DotCanvas } from "../../src/ui/chart/canvas.js";
import { type ChartInput, drawChart } from "../../src/ui/chart/price-chart.js";
import { formatTick, niceStep, priceTicks, stepDecimals, stepWindow, timeTicks, windowRange } from "../../src/ui/chart/scales.js";
import { normalise, spansWidth } from "../../src/ui/spans.js";

const START = Date.UTC(2026, 2, 1, 12, 0, 0);
const GAME = { start: START, lock: START + 60_000, end: START + 90_000, interval: 60 };

describe("price scale", () => {
  it.each([
    [0.7, 1],
    [1.2, 2],
    [2.2, 2.5],
    [3, 5],
    [7, 10],
    [0.03, 0.05],
    [40, 50],
  ])("a round step at or above %s is %s", (raw, step) => {
    expect(niceStep(raw)).toBeCloseTo(step, 12);
  });

  it("puts 3 to 6 round ticks inside the range", () => {
    const { step, ticks } = priceTicks(66_990, 67_110, 6);
    expect(step).toBe(20);
    expect(ticks).toEqual([67_000, 67_020, 67_040, 67_060, 67_080, 67_100]);
    expect(priceTicks(66_990, 67_110, 4).ticks).toEqual([67_000, 67_050, 67_100]);
    expect(priceTicks(3700.12, 3700.58, 4).ticks).toEqual([3700.2, 3700.3, 3700.4, 3700.5]);
    // A step that fits is not skipped for a coarser one that leaves a lone tick (the performance view's net).
    expect(priceTicks(-63, 167, 2).ticks).toEqual([0, 100]);
    expect(priceTicks(1, 1, 4).ticks).toEqual([]);
  });

  it("labels a tick at its step's precision", () => {
    expect([stepDecimals(2.5), stepDecimals(0.25), stepDecimals(50), stepDecimals(0.1)]).toEqual([1, 2, 0, 1]);
  });

  it("writes a tick as en-US does, grouped at its step's precision, never -0", () => {
    expect([formatTick(67_000, 0), formatTick(1_234_567.5, 1), formatTick(-0.0000001, 2), formatTick(-1250, 0)]).toEqual([
      "67,000",
      "1,234,567.5",
      "0.00",
      "-1,250",
    ]);
    const en = (v: number, d: number) => new Intl.NumberFormat("en-US", { minimumFractionDigits: d, maximumFractionDigits: d }).format(v);
    fc.assert(
      fc.property(
        fc.constantFrom(0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 50, 100, 1000),
        fc.integer({ min: -2e6, max: 2e7 }),
        (step, k) => {
          const d = stepDecimals(step);
          expect(formatTick(k * step, d)).toBe(en(k * step, d).replace(/^-(?=[0.,]*$)/, ""));
        },
      ),
    );
  });
});

describe("time scale", () => {
  it("reads a one-minute game as m:ss from its start, in steps that fit", () => {
    const range = windowRange("game", GAME, START + 30_000);
    expect(range).toEqual({ from: START, to: START + 90_000, labels: "elapsed" });
    expect(timeTicks(range, 70).map((t) => t.label)).toEqual([
      "0:00",
      "0:10",
      "0:20",
      "0:30",
      "0:40",
      "0:50",
      "1:00",
      "1:10",
      "1:20",
      "1:30",
    ]);
    expect(timeTicks(range, 30).map((t) => t.label)).toEqual(["0:00", "0:30", "1:00", "1:30"]);
  });

  it("reads days of results as MM-DD on local midnights, a day apart at least", () => {
    const from = new Date(2026, 10, 3, 15, 20).getTime();
    const days = timeTicks({ from, to: from + 6 * 86_400_000, labels: "date" }, 60).map((t) => t.label);
    expect(days).toEqual(["11-04", "11-05", "11-06", "11-07", "11-08", "11-09"]);
    const month = timeTicks({ from, to: from + 30 * 86_400_000, labels: "date" }, 40);
    expect(month.length).toBeGreaterThanOrEqual(2);
    for (const t of month) expect(new Date(t.t).getHours()).toBe(0);
    expect(new Set(month.map((t) => t.label)).size).toBe(month.length);
  });

  it("reads longer windows as HH:MM on round local times", () => {
    const latest = START + 37 * 60_000 + 12_000;
    const range = windowRange("1h", GAME, latest);
    expect(range).toEqual({ from: latest - 3_600_000, to: latest, labels: "clock" });
    const ticks = timeTicks(range, 60);
    expect(ticks.length).toBeGreaterThanOrEqual(4);
    for (const t of ticks) {
      const d = new Date(t.t);
      expect(t.label).toBe(`${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}`);
      expect(d.getMinutes() % 10).toBe(0);
    }
    expect(windowRange("game", { ...GAME, interval: 3600 }, latest).labels).toBe("clock");
    // However wide, two clock ticks never read the same minute.
    const five = timeTicks(windowRange("5m", GAME, latest), 200).map((t) => t.label);
    expect(new Set(five).size).toBe(five.length);
    expect(windowRange("game", undefined, latest)).toEqual({ from: latest - 300_000, to: latest, labels: "clock" });
  });

  it("zooms out only as far as the history reaches, and in down to the game", () => {
    const latest = START + 10 * 3_600_000;
    expect(stepWindow("game", 1, undefined, latest)).toBe("5m");
    expect(stepWindow("5m", 1, latest - 4 * 60_000, latest)).toBe("5m");
    expect(stepWindow("5m", 1, latest - 20 * 60_000, latest)).toBe("1h");
    expect(stepWindow("1h", 1, latest - 50 * 60_000, latest)).toBe("1h");
    expect(stepWindow("1h", 1, latest - 2 * 3_600_000, latest)).toBe("24h");
    expect(stepWindow("24h", 1, 0, latest)).toBe("24h");
    expect(stepWindow("24h", -1, undefined, latest)).toBe("1h");
    expect(stepWindow("game", -1, undefined, latest)).toBe("game");
  });
});

describe("dot canvas", () => {
  it("maps dots to braille bits and ASCII by where they sit", () => {
    const c = new DotCanvas(2, 1);
    c.set(0, 0);
    c.set(3, 3);
    c.set(9, 9);
    expect([brailleOf(c.mask(0, 0)), brailleOf(c.mask(1, 0))]).toEqual(["⠁", "⢀"]);
    expect([asciiOf(0), asciiOf(0x01), asciiOf(0x40), asciiOf(0x02 | 0x04), asciiOf(0x01 | 0x80)]).toEqual([" ", "'", ".", ":", "|"]);
  });

  it("draws a line with no hole between columns, steep or flat", () => {
    for (const [x0, y0, x1, y1] of [
      [0, 0, 7, 11],
      [0, 11, 7, 0],
      [0, 5, 7, 6],
      [2, 0, 2, 11],
    ] as const) {
      const c = new DotCanvas(4, 3);
      c.line(x0, y0, x1, y1);
      const rowsIn = (x: number) => [...Array(12).keys()].filter((y) => (c.mask(x >> 1, y >> 2) & bit(x, y)) !== 0);
      let prev: number[] | undefined;
      for (let x = Math.min(x0, x1); x <= Math.max(x0, x1); x++) {
        const ys = rowsIn(x);
        expect(ys.length, `column ${x}`).toBeGreaterThan(0);
        if (prev) expect(Math.min(...ys.map((y) => Math.min(...prev!.map((p) => Math.abs(p - y)))))).toBeLessThanOrEqual(1);
        prev = ys;
      }
    }
  });
});

function bit(x: number, y: number): number {
  return [
    [0x01, 0x02, 0x04, 0x40],
    [0x08, 0x10, 0x20, 0x80],
  ][x & 1]![y & 3]!;
}

/** A minute's prices, one a second, rising then falling, with `hole` seconds missing. */
function series(hole?: [number, number]) {
  const points = [];
  for (let s = 0; s < 60; s++) {
    if (hole && s >= hole[0] && s < hole[1]) continue;
    points.push({ t: START + s * 1000, value: 67_000 + (s < 30 ? s : 60 - s) * 2 });
  }
  return PriceSeries.of(points);
}

function chart(over: Partial<ChartInput> = {}) {
  return drawChart({
    points: series(),
    range: windowRange("game", GAME, START + 59_000),
    refs: [
      { value: 67_000, label: "open", kind: "open" },
      { value: 67_040, label: "@67,040", kind: "strike", best: true, winning: true },
      { value: 90_000, label: "@90,000", kind: "strike" },
    ],
    marks: [
      { t: GAME.start, label: "" },
      { t: GAME.lock, label: "lock" },
      { t: GAME.end, label: "end" },
    ],
    baseline: 67_021,
    tag: "67,002.00",
    cols: 80,
    rows: 10,
    ascii: false,
    stale: false,
    ...over,
  });
}

const text = (row: ReturnType<typeof chart>["rows"][number]) =>
  normalise(row)
    .map((s) => s.text)
    .join("");

describe("the chart", () => {
  it("is exactly as wide as asked on every row, with the time axis last", () => {
    for (const [cols, rows] of [
      [80, 10],
      [116, 20],
      [56, 4],
      [30, 2],
    ] as const) {
      const c = chart({ cols, rows });
      expect(c.rows).toHaveLength(rows);
      for (const r of c.rows) expect(spansWidth(normalise(r))).toBe(cols);
    }
    const axis = text(chart().rows.at(-1)!);
    expect(axis).toMatch(/0:00 .*0:30 .*lock .*end/);
  });

  it("names the lock and the end of a day's game, the lock's label ending at its column where it starts too near the end", () => {
    const DAY = 86_400_000;
    const day = { start: START, lock: START + DAY, end: START + DAY + 3_600_000, interval: 86_400 };
    for (const cols of [60, 78, 120]) {
      const c = chart({
        cols,
        range: windowRange("game", day, START + 60_000),
        marks: [
          { t: day.start, label: "" },
          { t: day.lock, label: "lock" },
          { t: day.end, label: "end" },
        ],
      });
      const axis = text(c.rows.at(-1)!);
      expect(axis, `${cols} columns`).toMatch(/lock +end *$/);
    }
  });

  it("labels the price axis with round prices and tags the price, the best strike and the open on the right, each on its line's row", () => {
    const rows = chart().rows.map(text);
    expect(rows.some((r) => /^67,0[0-9]0┤/.test(r))).toBe(true);
    expect(rows.some((r) => r.includes("◀67,002.00"))).toBe(true);
    expect(rows.some((r) => r.includes("◆@67,040") && r.includes("━"))).toBe(true);
    // The open is drawn; the price's tag holds its row, so the open's tag is left out, not moved onto another line's row.
    expect(rows.some((r) => r.includes("┄"))).toBe(true);
    expect(rows.some((r) => r.includes(" open "))).toBe(false);
    expect(chart().offChart).toEqual([{ label: "@90,000", above: true, distance: 90_000 - 67_002 }]);
  });

  it("counts the strikes that share a strike's row in its tag: ×2 at one label, +1 for another strike", () => {
    const strikes = (...labels: [number, string][]) =>
      chart({
        refs: [
          { value: 67_000, label: "open", kind: "open" },
          ...labels.map(([value, label]) => ({ value, label, kind: "strike" as const })),
        ],
      }).rows.map(text);
    const tagOf = (rows: string[], needle: string) =>
      rows
        .find((r) => r.includes(needle))
        ?.slice(-12)
        .trim();
    // 67,040 and 67,041 fall on one row of ten over about 60 of price: the one named, the other counted.
    expect(tagOf(strikes([67_040, "@67,040"], [67_041, "@67,041"]), "@67,04")).toBe("@67,040 +1");
    expect(tagOf(strikes([67_040, "@67,040"], [67_040, "@67,040"]), "@67,04")).toBe("@67,040 ×2");
    expect(tagOf(strikes([67_040, "@67,040"], [67_040, "@67,040"], [67_041, "@67,041"]), "@67,04")).toBe("@67,040 +2");
    // A winning best at six digits: the count without its space, so the tag is not cut.
    const six = chart({
      points: PriceSeries.of([{ t: START, value: 167_002 }]),
      baseline: 167_000,
      tag: "167,002.00",
      refs: [
        { value: 167_040, label: "@167,040", kind: "strike", best: true, winning: true },
        { value: 167_041, label: "@167,041", kind: "strike" },
      ],
    }).rows.map(text);
    expect(tagOf(six, "@167,04")).toBe("◆@167,040+1");
  });

  it("puts every tag on the row of its own line, whatever the lines and prices", () => {
    const glyph: Record<string, RegExp> = { open: /┄/, ai: /┈/, strike: /[─━]/, price: /[⠁-⣿]/ };
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -60, max: 60 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: -40, max: 40 }),
        fc.integer({ min: -40, max: 40 }),
        fc.integer({ min: 4, max: 16 }),
        (strikes, open, ai, rows) => {
          const refs = [
            { value: 67_021 + open, label: "open", kind: "open" as const },
            { value: 67_021 + ai, label: "ai", kind: "ai" as const },
            ...strikes.map((d, i) => ({ value: 67_021 + d, label: `@${67_021 + d}`, kind: "strike" as const, best: i === 0 })),
          ];
          const c = chart({ refs, rows, tag: "67,002.00" });
          for (const row of c.rows.slice(0, -1).map(text)) {
            const tag = row.slice(-12).trim();
            if (tag === "") continue;
            const kind = tag.startsWith("◀") ? "price" : tag === "open" || tag === "ai" ? tag : "strike";
            // The tag's own line is on its row: the plot between the axis and the tags.
            expect([tag, glyph[kind]!.test(row.slice(0, -12))]).toEqual([tag, true]);
          }
        },
      ),
    );
  });

  it("leaves a gap where the prices pause, and draws across where they do not", () => {
    const plotted = (c: ReturnType<typeof chart>, from: number, to: number) =>
      c.rows.slice(0, -1).some((r) => [...text(r)].slice(from, to).some((ch) => /[⠁-⣿]/.test(ch)));
    // Seconds 20–40 of a 90-second window on 80 columns less the gutters: columns ~18–35 of the plot.
    const gutter = text(chart().rows[0]!).search(/[┤│]/) + 1;
    const col = (s: number) => gutter + Math.floor((s / 90) * (80 - gutter - 12));
    expect(plotted(chart({ points: series([20, 40]) }), col(22), col(38))).toBe(false);
    expect(plotted(chart(), col(22), col(38))).toBe(true);
    // A running total (the performance view's net) is drawn across any pause.
    expect(plotted(chart({ points: series([20, 40]), continuous: true }), col(22), col(38))).toBe(true);
  });

  it("colours the line by its side of the baseline, and dims it all when stale", () => {
    const tones = (c: ReturnType<typeof chart>) =>
      new Set(
        c.rows.flatMap((r) =>
          normalise(r)
            .filter((s) => /[⠁-⣿]/.test(s.text))
            .map((s) => s.tone),
        ),
      );
    expect(tones(chart())).toEqual(new Set(["up", "down"]));
    expect(tones(chart({ stale: true }))).toEqual(new Set(["dim"]));
  });

  it("scales a window with no price yet about the latest price, when no line says where the prices are", () => {
    // The next game's first second: its listing not read (no open, no ai), the last price from the game before.
    const next = { from: GAME.end, to: GAME.end + 90_000, labels: "elapsed" as const };
    const rows = chart({ range: next, refs: [], marks: [], baseline: undefined }).rows.map(text);
    const ticks = rows.flatMap((r) => /^\s*([\d,.]+)┤/.exec(r)?.[1] ?? []);
    expect(ticks.length).toBeGreaterThan(1);
    for (const t of ticks) expect(Math.abs(Number(t.replaceAll(",", "")) - 67_002)).toBeLessThan(20);
  });

  it("stays ASCII in ASCII mode", () => {
    for (const r of chart({ ascii: true }).rows) expect(text(r)).toMatch(/^[\x20-\x7e]*$/);
  });
});
