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
  it("counts the games still open, not one held elsewhere that has ended; is not known while the focused game's result is on its way", () => {
    const money = sessionMoney(sessionSummary([]), [row({}), row({ gid: "2", ended: true, projected: new Decimal(10) })], true);
    expect([toWire(money.open as Decimal), toWire(money.total as Decimal)]).toEqual(["1", "1"]);
    // The focused game's ended positions are no longer among the rows: Snapshot.settling says it waits.
    // "session net 0.00" beside a game lost and not yet settled would be a figure the session has not come to.
    const settling = sessionMoney(sessionSummary([]), [row({})], true, true);
    expect([settling.open, settling.total]).toEqual([undefined, undefined]);
  });
});

describe("isRange", () => {
  it("knows the four ranges by id and nothing else", () => {
    expect(["today", "7d", "30d", "all", "8d", "", "7 days"].map(isRange)).toEqual([true, true, true, true, false, false, false]);
  });
});
