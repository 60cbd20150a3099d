/**
 * The positions pane's rows and totals (src/domain/positions.ts): what a position's status makes it,
 * which rows a game has and in what order, the best row, and totals that say which part they could
 * not read.
 */
import { describe, expect, it } from "vitest";
import { Decimal, toWire } from "../../src/domain/money.js";
import {
  bestRow,
  isWinning,
  nearestStrike,
  type PositionRow,
  positionRows,
  positionState,
  positionTotals,
  readableStreaks,
} from "../../src/domain/positions.js";
import { isReadable, type Position, Unreadable } from "../../src/domain/service-data.js";
import { statusPosition } from "../helpers/fixtures.js";

const T = 1_771_495_586_504;
const pos = (txid: string, over: Parameters<typeof statusPosition>[0] = {}): Position =>
  statusPosition({ gid: "700", txid, sp: "67000", f: "1", w: 1.5, r: 50, t: String(T), ...over });
const row = (over: Partial<PositionRow>): PositionRow => ({
  txid: "a",
  strike: new Decimal(67000),
  stake: new Decimal(1),
  projected: new Decimal("1.5"),
  returnPct: null,
  placedAt: T,
  pending: false,
  note: null,
  active: true,
  ...over,
});
const wire = (d: Decimal | null | Unreadable) => (d === null ? null : isReadable(d) ? toWire(d) : `? ${d.reason}`);

describe("positionState", () => {
  it("takes success, in any case and spacing, and no status at all, as plain active", () => {
    expect([positionState("success"), positionState(" Success "), positionState(null)]).toEqual([
      { active: true, note: null },
      { active: true, note: null },
      { active: true, note: null },
    ]);
  });

  it("makes a position that did not take inactive, by the whole word, and shows its status", () => {
    const inactive = [
      "fail",
      "failed",
      "FAILURE",
      " failed ",
      "error",
      "rejected",
      "reverted",
      "canceled",
      "cancelled",
      "refunded",
      "void",
      "voided",
      "expired",
      "invalid",
    ];
    for (const st of inactive) expect([st, positionState(st).active]).toEqual([st, false]);
    expect(positionState(" failed ").note).toBe("failed");
    for (const st of ["not failed", "failedover", "pending"]) expect([st, positionState(st).active]).toEqual([st, true]);
  });

  it("cuts a long status to 16 characters, and marks one of spaces alone", () => {
    expect([positionState("processing-on-chain-now").note, positionState("   ").note]).toEqual(["processing-on-ch", "?"]);
  });
});

describe("positionRows", () => {
  it("lists a game's positions once each, /status's before those placed here, in the order placed", () => {
    const status = [
      pos("b", { t: String(T + 2) }),
      pos("a", { t: String(T + 1) }),
      pos("b", { t: String(T + 2) }),
      pos("x", { gid: "699" }),
    ];
    const placed = [pos("b"), pos("c", { t: String(T + 3) })];
    const rows = positionRows("700", status, placed);
    expect(rows.map((r) => [r.txid, r.pending, r.projected === null])).toEqual([
      ["a", false, false],
      ["b", false, false],
      ["c", true, true],
    ]);
    expect(positionRows(undefined, status, placed)).toEqual([]);
  });

  it("puts a position whose time cannot be read last", () => {
    const unread = { ...pos("u"), t: new Unreadable("positions[0].t", "x", "") };
    expect(positionRows("700", [unread, pos("a")], []).map((r) => r.txid)).toEqual(["a", "u"]);
  });
});

describe("the best row", () => {
  it("is the highest projected net among the active rows, the latest placed on a tie", () => {
    const rows = [
      row({ txid: "a", projected: new Decimal(3) }),
      row({ txid: "b", projected: new Decimal(3) }),
      row({ txid: "c", projected: new Decimal(9), active: false }),
    ];
    expect(bestRow(rows, undefined)?.txid).toBe("b");
    expect(bestRow([row({ txid: "d", projected: new Decimal(5) }), row({ txid: "e", projected: new Decimal(4) })], undefined)?.txid).toBe(
      "d",
    );
  });

  it("is the strike nearest the price while none has a projection, else the first active row", () => {
    const rows = [
      row({ txid: "a", projected: null, strike: new Decimal(100) }),
      row({ txid: "b", projected: null, strike: new Decimal(110) }),
    ];
    expect([bestRow(rows, new Decimal(108))?.txid, bestRow(rows, undefined)?.txid]).toEqual(["b", "a"]);
    expect(bestRow([row({ active: false })], undefined)).toBeUndefined();
  });

  it("takes the first of two strikes equally near", () => {
    expect(toWire(nearestStrike([new Decimal(99), new Decimal(101)], new Decimal(100))!)).toBe("99");
    expect(nearestStrike([], new Decimal(100))).toBeUndefined();
  });

  it("marks a row winning only when active and projected above its stake", () => {
    expect([
      isWinning(row({})),
      isWinning(row({ active: false })),
      isWinning(row({ projected: new Decimal(1) })),
      isWinning(row({ projected: null })),
    ]).toEqual([true, false, false, false]);
  });
});

describe("positionTotals", () => {
  it("sums the active rows, with the return on their stake", () => {
    const t = positionTotals([
      row({ stake: new Decimal(2), projected: new Decimal(3) }),
      row({ projected: new Decimal("0.5") }),
      row({ active: false }),
    ]);
    expect([t.count, wire(t.staked), wire(t.projected), wire(t.returnPct)]).toEqual([
      2,
      "3",
      "3.5",
      "16.66666666666666666666666666666666666667",
    ]);
  });

  it("has no projection while a row has none, none for no rows, and no return on nothing staked", () => {
    expect(wire(positionTotals([row({}), row({ projected: null })]).projected)).toBeNull();
    const none = positionTotals([]);
    expect([none.count, wire(none.staked), wire(none.projected), wire(none.returnPct)]).toEqual([0, "0", null, null]);
    expect(wire(positionTotals([row({ stake: new Decimal(0) })]).returnPct)).toBeNull();
  });

  it("says which part it could not read", () => {
    const badStake = positionTotals([row({ stake: new Unreadable("f", "x", "") })]);
    expect([wire(badStake.staked), wire(badStake.projected), wire(badStake.returnPct)]).toEqual([
      "? a stake could not be read",
      "1.5",
      "? a projection could not be read",
    ]);
    expect(wire(positionTotals([row({ stake: new Unreadable("f", "x", ""), projected: null })]).returnPct)).toBeNull();
    const badProjection = positionTotals([row({ projected: new Unreadable("w", "x", "") })]);
    expect([wire(badProjection.projected), wire(badProjection.returnPct)]).toEqual([
      "? a projection could not be read",
      "? a projection could not be read",
    ]);
    // As a diagnostic writes it: the total's, with nothing received to show.
    expect([String(badStake.staked), String(badProjection.projected)]).toEqual([
      "total: a stake could not be read",
      "total: a projection could not be read",
    ]);
  });
});

describe("readableStreaks", () => {
  it("keeps the streaks whose shape is understood", () => {
    expect(
      readableStreaks([
        { positionId: "p1", streak: 3, raw: {} },
        { positionId: null, streak: 2, raw: {} },
        { positionId: "p3", streak: null, raw: {} },
      ]),
    ).toEqual([{ positionId: "p1", streak: 3 }]);
  });
});
