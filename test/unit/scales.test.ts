/**
 * The chart's scales at their edges (src/ui/chart/scales.ts): where a window is offered, a step is
 * round, a tick falls on an end of the range, and how many ticks fit; clock ticks in a zone whose
 * offset from UTC is not whole hours. chart.test.ts has the scales at work on the chart.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GAP_MIN_MS, gapAfterMs, niceStep, priceTicks, stepWindow, type TimeRange, timeTicks } from "../../src/ui/chart/scales.js";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const LATEST = Date.UTC(2026, 10, 25, 12, 0, 0);

describe("stepWindow", () => {
  it("offers a longer window only when the history reaches past the one before it", () => {
    expect(stepWindow("5m", 1, LATEST - 5 * MINUTE, LATEST)).toBe("5m");
    expect(stepWindow("5m", 1, LATEST - 5 * MINUTE - 1, LATEST)).toBe("1h");
    expect(stepWindow("game", 1, LATEST - 5 * MINUTE, LATEST)).toBe("5m");
  });
});

describe("gapAfterMs", () => {
  it("is ten seconds, or three dot columns where those are longer", () => {
    expect([gapAfterMs(1_000), gapAfterMs(3_333), gapAfterMs(5_000)]).toEqual([GAP_MIN_MS, GAP_MIN_MS, 15_000]);
  });
});

describe("niceStep", () => {
  it("is a round step itself, and one a hair above it computed in floats", () => {
    expect([1, 2, 2.5, 5, 10, 20, 0.25].map(niceStep)).toEqual([1, 2, 2.5, 5, 10, 20, 0.25]);
    expect([niceStep(2 * (1 + 1e-12)), niceStep(2.5 * (1 + 1e-12))]).toEqual([2, 2.5]);
    expect([niceStep(5.01), niceStep(9.99)]).toEqual([10, 10]);
  });

  it("is 1 for a step that is no step: zero, negative, infinite or not a number", () => {
    expect([0, -5, Number.POSITIVE_INFINITY, Number.NaN].map(niceStep)).toEqual([1, 1, 1, 1]);
  });
});

describe("priceTicks", () => {
  it("puts ticks on both ends of the range when they are round", () => {
    expect(priceTicks(0, 100, 6).ticks).toEqual([0, 20, 40, 60, 80, 100]);
  });

  it("gives one tick where one fits, none where none does, and a step for a range that is a point", () => {
    expect(priceTicks(0, 100, 1).ticks).toHaveLength(1);
    expect(priceTicks(0, 100, 0).ticks).toEqual([]);
    // No tick asked for: the step is the round one of the price itself, not a coarse one found by leaving every tick out.
    expect(priceTicks(101, 102, 0)).toEqual({ step: 200, ticks: [] });
    expect(priceTicks(5, 5, 4)).toEqual({ step: 5, ticks: [] });
    expect(priceTicks(0, 0, 4)).toEqual({ step: 1, ticks: [] });
  });
});

describe("timeTicks", () => {
  const labels = (range: TimeRange, cols: number) => timeTicks(range, cols).map((t) => t.label);

  it("makes ticks anew for any change of range, kind or width", () => {
    const range: TimeRange = { from: LATEST - 90_000, to: LATEST, labels: "elapsed" };
    // Each change made from the range just drawn, so that only that one thing differs from what is remembered.
    const drawnAfterRange = (changed: TimeRange, cols: number) => {
      expect(labels(range, 70)).toHaveLength(10);
      return labels(changed, cols);
    };
    expect(drawnAfterRange({ ...range, from: LATEST - 60_000 }, 70)).toHaveLength(7);
    expect(drawnAfterRange({ ...range, to: LATEST + 60_000 }, 70)).toHaveLength(11);
    expect(drawnAfterRange({ ...range, labels: "clock" }, 70)).toHaveLength(2);
    expect(drawnAfterRange(range, 30)).toHaveLength(4);
  });

  it("counts a game's time from its start, to the millisecond", () => {
    const from = LATEST + 1_234;
    const ticks = timeTicks({ from, to: from + 10_000, labels: "elapsed" }, 77);
    expect(ticks.map((t) => t.t - from)).toEqual(Array.from({ length: 11 }, (_, k) => k * 1_000));
    expect(ticks.map((t) => t.label).slice(0, 3)).toEqual(["0:00", "0:01", "0:02"]);
  });

  it("falls back to its longest step where even that gives more ticks than fit", () => {
    const month = timeTicks({ from: LATEST - 30 * 24 * HOUR, to: LATEST, labels: "clock" }, 14);
    expect(month[1]!.t - month[0]!.t).toBe(12 * HOUR);
    const years = timeTicks({ from: LATEST - 3 * 365 * 24 * HOUR, to: LATEST, labels: "date" }, 14);
    expect(years[1]!.t - years[0]!.t).toBe(364 * 24 * HOUR);
  });

  it("writes a date's month and day in two digits", () => {
    const from = new Date(2026, 2, 1).getTime();
    expect(labels({ from, to: new Date(2026, 2, 4).getTime(), labels: "date" }, 70)).toEqual(["03-01", "03-02", "03-03", "03-04"]);
  });

  it("takes the finest step whose ticks fit, however exactly they fit", () => {
    // 60 s in six 10 s steps: seven labels where 42 columns hold six of seven columns each.
    expect(labels({ from: LATEST, to: LATEST + 60_000, labels: "elapsed" }, 42)).toEqual([
      "0:00",
      "0:10",
      "0:20",
      "0:30",
      "0:40",
      "0:50",
      "1:00",
    ]);
  });

  it("has no ticks for a range with no length or a width under one label", () => {
    expect(labels({ from: LATEST, to: LATEST, labels: "elapsed" }, 70)).toEqual([]);
    expect(labels({ from: LATEST - HOUR, to: LATEST, labels: "clock" }, 6)).toEqual([]);
    // Two days hold round local times for any step, in any zone: still none under one label's width.
    expect(labels({ from: LATEST - 48 * HOUR, to: LATEST, labels: "clock" }, 6)).toEqual([]);
    // Room for one label: a step as long as the range (a tick on each end where the local clock has them round).
    expect(labels({ from: LATEST - 10 * MINUTE, to: LATEST, labels: "clock" }, 7).length).toBeGreaterThan(0);
  });

  it("reads a clock window a minute apart when there is room, and a day in hours", () => {
    expect(labels({ from: LATEST - 5 * MINUTE, to: LATEST, labels: "clock" }, 200)).toHaveLength(6);
    const day = timeTicks({ from: LATEST - 24 * HOUR, to: LATEST, labels: "clock" }, 40);
    expect(day.length).toBeLessThanOrEqual(5);
    expect(day[1]!.t - day[0]!.t).toBe(6 * HOUR);
  });

  describe("in a zone 5:45 from UTC", () => {
    let zone: string | undefined;
    beforeEach(() => {
      zone = process.env.TZ;
      process.env.TZ = "Asia/Kathmandu";
    });
    afterEach(() => {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    });

    it("puts clock ticks on round local times and names them by the local clock", () => {
      expect(new Date(LATEST).getTimezoneOffset()).toBe(-345);
      const ticks = timeTicks({ from: LATEST - 12 * HOUR, to: LATEST, labels: "clock" }, 40);
      expect(ticks.length).toBeGreaterThanOrEqual(2);
      for (const t of ticks) {
        const d = new Date(t.t);
        expect([d.getMinutes(), d.getHours() % 3]).toEqual([0, 0]);
        expect(t.label).toBe(`${String(d.getHours()).padStart(2, "0")}:00`);
      }
    });

    it("puts date ticks on local midnights", () => {
      const ticks = timeTicks({ from: LATEST - 6 * 24 * HOUR, to: LATEST, labels: "date" }, 60);
      for (const t of ticks) expect([new Date(t.t).getHours(), new Date(t.t).getMinutes()]).toEqual([0, 0]);
      expect(ticks[0]!.label).toMatch(/^11-\d\d$/);
    });
  });
});
