/**
 * The meanings docs/compatibility.md gives what the spec leaves unshown about
 * positions (src/domain/positions.ts): a status other than success, a
 * position without a readable gid, positions /status lists for other games,
 * and totals over values that could not be read.
 */
import { describe, expect, it } from "vitest";
import { heldPositions, otherGames, positionRows, positionState, positionTotals } from "../../src/domain/positions.js";
import { Unreadable } from "../../src/domain/service-data.js";
import { statusPosition } from "../helpers/fixtures.js";

const LIVE = "489886";
const NEXT = "489887";

describe("position status", () => {
  it.each([
    [null, true, null],
    ["success", true, null],
    ["SUCCESS", true, null],
    ["pending", true, "pending"],
    ["processing", true, "processing"],
    ["failed", false, "failed"],
    ["Rejected", false, "Rejected"],
    ["cancelled", false, "cancelled"],
    ["canceled", false, "canceled"],
    ["refunded", false, "refunded"],
    ["reverted", false, "reverted"],
  ] as const)("st %j: active %s, noted %j", (st, active, note) => {
    expect(positionState(st)).toEqual({ active, note });
  });

  it("an inactive position is shown but counts towards nothing: totals, cap, duplicates", () => {
    const ok = statusPosition({ txid: "a", sp: "68000", f: "2" });
    const failed = statusPosition({ txid: "b", sp: "68100", f: "5", st: "failed" });
    const pending = statusPosition({ txid: "c", sp: "68200", f: "1", st: "pending" });
    const rows = positionRows(LIVE, [ok, failed, pending], []);
    expect(rows.map((r) => [r.txid, r.active, r.note])).toEqual([
      ["a", true, null],
      ["b", false, "failed"],
      ["c", true, "pending"],
    ]);
    const totals = positionTotals(rows);
    expect([totals.count, String(totals.staked)]).toEqual([2, "3"]);
    expect(heldPositions(LIVE, [ok, failed, pending]).map((p) => p.txid)).toEqual(["a", "c"]);
  });
});

describe("which game a position is in", () => {
  it("one without a readable gid is the live game's; the next game's and ended games' are summed apart", () => {
    const noGid = { ...statusPosition({ txid: "x" }), gid: null };
    const live = statusPosition({ txid: "l", gid: LIVE });
    const next = statusPosition({ txid: "n", gid: NEXT });
    const ended1 = statusPosition({ txid: "e1", gid: "489885" });
    const ended2 = statusPosition({ txid: "e2", gid: "489885" });
    const all = [noGid, live, next, ended1, ended2];
    expect(
      positionRows(LIVE, all, [])
        .map((r) => r.txid)
        .sort(),
    ).toEqual(["l", "x"]);
    expect(otherGames(LIVE, NEXT, all)).toEqual([
      { gid: NEXT, relation: "next", count: 1 },
      { gid: "489885", relation: "ended", count: 2 },
    ]);
    // With no live game at all, every position is another game's.
    expect(positionRows(undefined, all, [])).toEqual([]);
    expect(otherGames(undefined, NEXT, all).map((o) => [o.gid, o.count])).toEqual([
      ["?", 1],
      [LIVE, 1],
      [NEXT, 1],
      ["489885", 2],
    ]);
  });
});

describe("totals over values that could not be read", () => {
  it("an unreadable stake makes the staked total ? (never a wrong number); projections likewise", () => {
    const good = statusPosition({ txid: "a", f: "2" });
    const badStake = {
      ...statusPosition({ txid: "b" }),
      f: new Unreadable("positions[1].f", "expected a decimal number (string or number)", '"two" (string)'),
    };
    const t1 = positionTotals(positionRows(LIVE, [good, badStake], []));
    expect([t1.staked instanceof Unreadable, t1.returnPct instanceof Unreadable]).toEqual([true, true]);
    const badW = {
      ...statusPosition({ txid: "c" }),
      w: new Unreadable("positions[0].w", "expected a decimal number (string or number)", "{} (object)"),
    };
    const t2 = positionTotals(positionRows(LIVE, [good, badW], []));
    expect([String(t2.staked), t2.projected instanceof Unreadable]).toEqual(["7", true]);
  });

  it("a position placed moments ago has no projection yet: the total waits for it", () => {
    const placed = statusPosition({ txid: "p" });
    const totals = positionTotals(positionRows(LIVE, [statusPosition({ txid: "a" })], [placed]));
    expect([totals.count, totals.projected, totals.returnPct]).toEqual([2, null, null]);
  });
});
