/** poller/server-clock.ts: the service's clock from response timestamps, and which times a sample is taken around. */
import { describe, expect, it } from "vitest";
import { ServerClock } from "../../src/poller/server-clock.js";

describe("ServerClock", () => {
  it("takes the offset from the midpoint of the quickest recent round trip", () => {
    const clock = new ServerClock(() => 10_000);
    expect([clock.synced, clock.offset]).toEqual([false, 0]);
    // Sent at 1000, answered at 1100, generated at 5050: the midpoint is 1050, so the service is 4000 ms ahead.
    clock.addSample(1_000, 1_100, 5_050);
    expect(clock.offset).toBe(4_000);
    // A slower trip that would say otherwise does not win; a quicker one does.
    clock.addSample(2_000, 2_400, 6_500);
    expect(clock.offset).toBe(4_000);
    clock.addSample(3_000, 3_010, 7_025);
    expect(clock.offset).toBe(4_020);
    expect(clock.serverNow()).toBe(14_020);
  });

  it("samples around the request's write and its answer when the client has them, not around the call", () => {
    const clock = new ServerClock(() => 1_300);
    // Called at 1000; the connection and the client's loading took until 1200, the answer began at 1210 (generated
    // at 1205 on the same clock); read at 1300. Around the call the clock would be 55 ms ahead.
    clock.addExchange(1_000, { sentAt: 1_200, answeredAt: 1_210 }, 1_205);
    expect(clock.offset).toBe(0);
  });

  it("samples around the call when the times are missing or an earlier request's, and not at all without a timestamp", () => {
    const stale = new ServerClock(() => 1_100);
    stale.addExchange(1_000, { sentAt: 500, answeredAt: 510 }, 1_050);
    expect(stale.offset).toBe(0);
    const unanswered = new ServerClock(() => 1_100);
    unanswered.addExchange(1_000, { sentAt: 1_010, answeredAt: undefined }, 1_150);
    expect(unanswered.offset).toBe(100);
    const none = new ServerClock(() => 1_100);
    none.addExchange(1_000, undefined, null);
    expect(none.synced).toBe(false);
  });
});
