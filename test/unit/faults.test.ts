import { describe, expect, it } from "vitest";
import { parseSimArgs } from "../../src/sim/command.js";
import { breakShape, FaultInjector, parseFaultSpec } from "../../src/sim/http/faults.js";

describe("fault injection settings", () => {
  it("parses a fault spec and refuses a bad one with a clear line", () => {
    expect(parseFaultSpec("latency=200,error=0.1,endpoints=live-price+POST:spot")).toEqual({
      latencyMs: 200,
      errorRate: 0.1,
      endpoints: ["live-price", "POST spot"],
    });
    expect(parseFaultSpec("error=2")).toMatch(/share of requests from 0 to 1/);
    expect(parseFaultSpec("nonsense=1")).toMatch(/not NAME=NUMBER/);
    const parsed = parseSimArgs(["--faults", "storm=0.5", "--clock-skew=-60000", "--outage", "30:10"]);
    expect(parsed).toMatchObject({
      kind: "run",
      options: { faults: { stormRate: 0.5 }, clockSkewMs: -60000 },
      outage: { atMs: 30_000, forMs: 10_000 },
    });
    expect(parseSimArgs(["--outage", "soon"])).toMatchObject({ kind: "error" });
  });

  it("draws faults at the configured shares, repeatably for a seed, only on the named endpoints", () => {
    const draw = (seed: number) => {
      const f = new FaultInjector({ errorRate: 0.3, endpoints: ["live-price"] }, seed);
      return Array.from({ length: 2000 }, (_, i) => f.next("GET", i % 2 ? "live-price" : "spot").fault);
    };
    const a = draw(1);
    expect(a).toEqual(draw(1));
    const onPrice = a.filter((_, i) => i % 2 === 1);
    const share = onPrice.filter((x) => x === "error").length / onPrice.length;
    expect(share).toBeGreaterThan(0.25);
    expect(share).toBeLessThan(0.35);
    expect(a.filter((_, i) => i % 2 === 0).every((x) => x === null)).toBe(true);
  });

  it("breaks a response by removing or mistyping one field", () => {
    const body = { userId: 1, balance: "10", withdrawal_req: "none" };
    const removed = breakShape(body, 0.1) as Record<string, unknown>;
    expect(Object.keys(removed)).toHaveLength(2);
    const mistyped = breakShape(body, 0.9) as Record<string, unknown>;
    expect(Object.keys(mistyped)).toHaveLength(3);
    expect(mistyped).not.toEqual(body);
  });
});
