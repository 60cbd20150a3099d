/** poller/staleness.ts: when the balance read is known to be behind what happened since. */
import { describe, expect, it } from "vitest";
import { balanceOutdated } from "../../src/poller/staleness.js";
import { balance, placedPosition } from "../helpers/fixtures.js";

const READ_AT = 1_700_000_000_000;
const read = { value: balance("1000"), at: READ_AT };
const settled = (at: number) => ({ gid: "700", at }) as never;

describe("balanceOutdated", () => {
  it("is not behind with nothing since its read, nor before any read", () => {
    expect(balanceOutdated({ balance: read, settlements: [] })).toBe(false);
    expect(balanceOutdated({ balance: undefined, settlements: [settled(READ_AT + 1)] })).toBe(false);
  });

  it("is behind once a game settles after its read, and not for one settled before", () => {
    expect(balanceOutdated({ balance: read, settlements: [settled(READ_AT + 1)] })).toBe(true);
    expect(balanceOutdated({ balance: read, settlements: [settled(READ_AT)] })).toBe(false);
  });

  it("is behind once the last placement here came after its read, whether or not /status lists it yet", () => {
    const placement = (t: number) => ({
      id: 1,
      sp: "68000",
      f: "1",
      gid: "700",
      state: "done" as const,
      outcome: { kind: "placed" as const, position: placedPosition({ t: String(t) }) },
    });
    expect(balanceOutdated({ balance: read, settlements: [], placement: placement(READ_AT + 500) })).toBe(true);
    expect(balanceOutdated({ balance: read, settlements: [], placement: placement(READ_AT - 500) })).toBe(false);
    expect(balanceOutdated({ balance: read, settlements: [], placement: { ...placement(READ_AT + 500), outcome: undefined } })).toBe(false);
  });
});
