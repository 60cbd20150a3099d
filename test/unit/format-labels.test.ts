/**
 * How times, ids, strikes, percentages and intervals read on screen (domain/format.ts): each unit's
 * boundary, and the mark a value that could not be read gets.
 */
import { describe, expect, it } from "vitest";
import {
  alignDecimals,
  formatAge,
  formatClock,
  formatClockOf,
  formatInterval,
  formatPercent,
  formatPrice,
  formatPriceExactIn,
  formatWhen,
  shortGid,
  strikeLabel,
  UNREADABLE_MARK,
} from "../../src/domain/format.js";
import { Decimal } from "../../src/domain/money.js";
import { Unreadable } from "../../src/domain/service-data.js";

const unreadable = () => new Unreadable("liveGame.ai_price", "expected a decimal number", "abc");

describe("formatAge", () => {
  it("reads tenths of a second under 10 s, seconds under 2 min, minutes under 2 h, then hours", () => {
    const ages = [0, 400, 9_949, 10_000, 12_700, 119_999, 120_000, 7_199_999, 7_200_000, 3 * 3_600_000 + 5];
    expect(ages.map(formatAge)).toEqual(["0.0s", "0.4s", "9.9s", "10s", "12s", "119s", "2m", "119m", "2h", "3h"]);
  });

  it("reads an age from a clock that ran back as none", () => {
    expect(formatAge(-5_000)).toBe("0.0s");
  });
});

describe("formatClock and formatWhen", () => {
  const at = new Date(2026, 10, 22, 7, 57, 5, 900).getTime();

  it("writes the local wall-clock time to the second, the same each time it is asked", () => {
    expect([formatClock(at), formatClock(at), formatClock(at + 100)]).toEqual(["07:57:05", "07:57:05", "07:57:06"]);
    expect(formatClockOf(at)).toBe("07:57:05");
  });

  it("gives the date too when the instant is not on now's day", () => {
    expect(formatWhen(at, new Date(2026, 10, 22, 23, 0).getTime())).toBe("07:57:05");
    expect(formatWhen(at, new Date(2026, 10, 23, 0, 1).getTime())).toBe("Nov 22 07:57");
  });

  it("marks an instant that could not be read", () => {
    expect(formatClockOf(unreadable())).toBe("?");
  });
});

describe("shortGid", () => {
  it("keeps an id of up to eight digits, and shows a longer one's last six after an ellipsis", () => {
    expect([shortGid("489886"), shortGid("12345678"), shortGid("123456789"), shortGid("123456789", true)]).toEqual([
      "489886",
      "12345678",
      "…456789",
      "~456789",
    ]);
  });
});

describe("prices, strikes and percentages", () => {
  it("reads a price from a number, a string or a decimal alike", () => {
    expect([formatPrice(1234.5), formatPrice("1234.5"), formatPrice(new Decimal("1234.5"))]).toEqual(["1,234.50", "1,234.50", "1,234.50"]);
  });

  it("names a strike without its cents when it has none, and with every decimal it was placed with", () => {
    expect([strikeLabel("63769"), strikeLabel("63769.5"), strikeLabel(new Decimal("63769.004")), strikeLabel("63769.00")]).toEqual([
      "@63,769",
      "@63,769.50",
      "@63,769.004",
      "@63,769",
    ]);
  });

  it("fits a chosen price to a column by cutting decimals it marks as cut, never by rounding to another price", () => {
    expect(formatPriceExactIn("63500.123", 12)).toBe("63,500.123");
    expect(formatPriceExactIn("63500.12345678", 12)).toBe("63,500.1234…");
    expect(formatPriceExactIn("63500.19999999", 12)).toBe("63,500.1999…");
    expect(formatPriceExactIn("63500", 12)).toBe("63,500.00");
    expect(formatPriceExactIn("63500.12345", 12)).toBe("63,500.12345");
    // Two decimals and the mark are the least a cut keeps.
    expect(formatPriceExactIn("63500.123456", 10)).toBe("63,500.12…");
    expect(formatPriceExactIn("63500.123456", 9)).toBe("63,500.123456");
    // Too wide even for two decimals and the mark: drawn whole rather than cut to a price it is not.
    expect(formatPriceExactIn("1234567890.123", 12)).toBe("1,234,567,890.123");
  });

  it("signs a percentage and gives it two decimals", () => {
    expect([formatPercent("12.346"), formatPercent("-3"), formatPercent(0)]).toEqual(["+12.35%", "-3.00%", "0.00%"]);
  });

  it("keeps the sign of a share that rounds to zero, so a small move is not read as none", () => {
    expect([formatPercent("-0.0014"), formatPercent("0.004"), formatPercent("-0.005"), formatPercent("-0")]).toEqual([
      "-0.00%",
      "+0.00%",
      "-0.00%",
      "0.00%",
    ]);
    expect(formatPercent("-0.0051")).toBe("-0.01%");
  });

  it("draws a value that could not be read as one question mark", () => {
    expect(UNREADABLE_MARK).toBe("?");
    expect([formatPrice(unreadable()), strikeLabel(unreadable()), formatPercent(unreadable())]).toEqual(["?", "@?", "?"]);
  });
});

describe("formatInterval", () => {
  it("names an interval in its largest whole unit", () => {
    expect([10, 90, 60, 120, 3600, 7200, 86400, 172800].map((s) => formatInterval(s))).toEqual([
      "10s",
      "90s",
      "1m",
      "2m",
      "1h",
      "2h",
      "1d",
      "2d",
    ]);
    expect(formatInterval(unreadable())).toBe("?");
  });
});

describe("alignDecimals at its edges", () => {
  it("counts a leading point's digits as decimals", () => {
    const cells = alignDecimals([".5", "1"]);
    expect(cells).toEqual([".5", "1  "]);
  });

  it("takes no width from a cell without digits, even one with a point", () => {
    expect(alignDecimals(["1", "20", "n.a."])).toEqual(["1", "20", "n.a."]);
  });
});
