/**
 * The poller's bookkeeping apart from its loop: which position an unanswered
 * POST created (src/poller/placements.ts), and which ended games are still
 * waited on (src/poller/settlements.ts).
 */
import { describe, expect, it } from "vitest";
import { Placements, reconciledPosition } from "../../src/poller/placements.js";
import { SettlementWatch } from "../../src/poller/settlements.js";
import { statusPosition } from "../helpers/fixtures.js";

describe("placements", () => {
  const pending = () => {
    const item = new Placements().enqueue({ gid: "g1", sp: "67100", f: "2.5" }, () => undefined);
    item.knownTxids = new Set(["old"]);
    return item;
  };

  it("an unanswered POST made the new position of that game, strike and stake; exact, whatever the digits", () => {
    const item = pending();
    const found = reconciledPosition(item, [
      statusPosition({ gid: "g1", sp: "67100", f: "2.5", txid: "old" }),
      statusPosition({ gid: "g2", sp: "67100", f: "2.5", txid: "other-game" }),
      statusPosition({ gid: "g1", sp: "67100.000", f: "2.50", txid: "new" }),
    ]);
    expect(found?.txid).toBe("new");
  });

  it("finds nothing when only known or different positions are listed", () => {
    const item = pending();
    expect(
      reconciledPosition(item, [
        statusPosition({ gid: "g1", sp: "67100", f: "2.5", txid: "old" }),
        statusPosition({ gid: "g1", sp: "67101", f: "2.5", txid: "x" }),
      ]),
    ).toBeUndefined();
  });

  it("drops what is queued with one answer for each", () => {
    const p = new Placements();
    const outcomes: string[] = [];
    p.enqueue({ gid: "g", sp: "1", f: "1" }, (o) => outcomes.push(o.kind));
    p.enqueue({ gid: "g", sp: "2", f: "1" }, (o) => outcomes.push(o.kind));
    p.drop({ kind: "rejected", error: { kind: "invalid", message: "x", at: 0 }, fields: [] });
    expect([outcomes, p.waiting]).toEqual([["rejected", "rejected"], false]);
  });
});

describe("settlement watch", () => {
  it("waits on each game once, until settled", () => {
    const w = new SettlementWatch();
    w.watch("a", 0);
    w.watch("a", 10);
    w.watch("b", 20);
    expect(w.next).toBe("a");
    w.asked(false, 1_000);
    expect(w.next).toBe("a");
    w.asked(true, 2_000);
    expect(w.next).toBe("b");
    w.watch("a", 3_000);
    w.asked(true, 3_000);
    expect(w.pending).toBe(false);
  });

  it("gives up on a game after ten minutes without a result", () => {
    const w = new SettlementWatch();
    w.watch("a", 0);
    w.asked(false, 10 * 60_000);
    expect(w.pending).toBe(true);
    w.asked(false, 10 * 60_000 + 1);
    expect(w.pending).toBe(false);
  });
});
