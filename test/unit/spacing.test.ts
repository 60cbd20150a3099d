/** poller/spacing.ts: when the next request may start, from the budget and how late the last one may have arrived. */
import { describe, expect, it } from "vitest";
import { RequestSpacing, SPACING_GUARD_MS } from "../../src/poller/spacing.js";

describe("RequestSpacing", () => {
  it("spaces starts by the budget plus the guard, never closer than one a second", () => {
    expect(new RequestSpacing().spacingMs).toBe(1000 + SPACING_GUARD_MS);
    expect(new RequestSpacing(0.5).spacingMs).toBe(2000 + SPACING_GUARD_MS);
    expect(new RequestSpacing(0.3).spacingMs).toBe(3334 + SPACING_GUARD_MS);
    // More than one a second is not ours to send: the service's limit is one.
    expect(new RequestSpacing(2).spacingMs).toBe(1000 + SPACING_GUARD_MS);
  });

  it("refuses a budget of nothing or less", () => {
    for (const rps of [0, -1, Number.NaN]) expect(() => new RequestSpacing(rps)).toThrow("maxRps must be greater than 0");
  });

  it("waits longer by as much as the last round trip exceeded the quickest recent one", () => {
    const s = new RequestSpacing();
    expect(s.nextStart).toBe(Number.NEGATIVE_INFINITY);
    s.started(0);
    expect(s.nextStart).toBe(1015);
    // One sample: nothing to compare with, so all of it may have been delay.
    s.finished(300);
    expect(s.nextStart).toBe(1315);
    s.started(2000);
    s.finished(2100);
    expect(s.nextStart).toBe(3015);
    s.started(4000);
    s.finished(4500);
    expect(s.nextStart).toBe(4000 + 1015 + 400);
  });

  it("compares with the quickest of the last 20 round trips only", () => {
    const s = new RequestSpacing();
    let at = 0;
    const trip = (ms: number) => {
      s.started(at);
      s.finished(at + ms);
      at += 10_000;
    };
    trip(10);
    for (let i = 0; i < 19; i++) trip(200);
    // Twenty samples: the 10 ms one is still among them.
    expect(s.nextStart - (at - 10_000)).toBe(1015 + 190);
    trip(200);
    expect(s.nextStart - (at - 10_000)).toBe(1015);
  });
});
