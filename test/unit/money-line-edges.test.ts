/**
 * The money line's open part (src/domain/money-line.ts) counts only the games not yet ended, and the
 * performance ranges are known by their ids alone (src/domain/performance/select.ts).
 */
import { describe, expect, it } from "vitest";
import type { BookRow } from "../../src/domain/book.js";
import { Decimal, toWire } from "../../src/domain/money.js";
import { sessionMoney } from "../../src/domain/money-line.js";
import { isRange } from "../../src/domain/performance/index.js";
import { sessionSummary } from "../../src/domain/results.js";

const row = (over: Partial<BookRow>): BookRow => ({
  market: { asset: "BTC_USDT", interval: 60 },
  gid: "1",
  focused: true,
  closesIn: null,
  endsIn: null,
  ended: false,
  count: 1,
  staked: new Decimal(2),
  projected: new Decimal(3),
  returnPct: null,
  distance: undefined,
  age: undefined,
  ...over,
});

describe("the session's open money", () => {
  it("counts the games still open, and is not known while one has ended and waits for its result (in neither part yet)", () => {
    const open = sessionMoney(sessionSummary([]), [row({}), row({ gid: "2", projected: new Decimal(10) })], true);
    expect([toWire(open.open as Decimal), toWire(open.total as Decimal)]).toEqual(["9", "9"]);
    // "session net 0.00" beside a game lost and not yet settled would be a figure the session has not come to.
    const ended = sessionMoney(sessionSummary([]), [row({}), row({ gid: "2", ended: true, projected: new Decimal(10) })], true);
    expect([ended.open, ended.total]).toEqual([undefined, undefined]);
    // The focused game's ended positions are no longer among the rows: Snapshot.settling says it waits.
    expect(sessionMoney(sessionSummary([]), [row({})], true, true).total).toBeUndefined();
  });
});

describe("isRange", () => {
  it("knows the four ranges by id and nothing else", () => {
    expect(["today", "7d", "30d", "all", "8d", "", "7 days"].map(isRange)).toEqual([true, true, true, true, false, false, false]);
  });
});
