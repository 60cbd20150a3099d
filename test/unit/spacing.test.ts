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

  it("with the client's times, spaces from when each request went out, its connection's setup left out", () => {
    const s = new RequestSpacing();
    // Started at 0, written at 180 (a fresh connection's handshake), answered at 190, read at 400 (a busy main thread).
    // One sample: its 10 ms from the write may all have been delay before the service counted it.
    s.started(0);
    s.finished(400, { sentAt: 180, answeredAt: 190 });
    expect(s.nextStart).toBe(180 + 1015 + 10);
    // A round trip 30 ms longer than the quickest: 30 ms of slack.
    s.started(1205);
    s.finished(1255, { sentAt: 1205, answeredAt: 1245 });
    expect(s.nextStart).toBe(1205 + 1015 + 30);
    // Written but never answered (a timeout): all of it since the write may have been delay.
    s.started(2300);
    s.finished(7300, { sentAt: 2300, answeredAt: undefined });
    expect(s.nextStart).toBe(2300 + 1015 + 5000 - 10);
    // Never written (no connection): from its start, as without times.
    s.started(8000);
    s.finished(8020, { sentAt: undefined, answeredAt: undefined });
    expect(s.nextStart).toBe(8000 + 1015 + 10);
    // A slot that sent nothing: the client's last times are an earlier request's, and are not this one's.
    s.started(10_000);
    s.finished(10_001, { sentAt: 2300, answeredAt: undefined });
    expect(s.nextStart).toBe(10_000 + 1015);
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
