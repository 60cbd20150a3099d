import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  alignDecimals,
  formatCountdown,
  formatGross,
  formatMoney,
  formatMoneyAt,
  formatMoneyChange,
  formatMoneyChangeAt,
  formatMoneyChangeExact,
  formatMoneyExact,
  fractionWidth,
  gamePlaces,
  inCurrency,
  padFraction,
  plural,
} from "../../src/domain/format.js";
import { Decimal, formatAmount, formatSigned, parseDecimal, toWire } from "../../src/domain/money.js";
import { Unreadable } from "../../src/domain/service-data.js";

/** "1:02:03" → 3723: the reading a trader makes of a countdown. */
function secondsOf(text: string): number {
  return text.split(":").reduce((total, part) => total * 60 + Number(part), 0);
}

describe("formatCountdown", () => {
  it("reads m:ss under an hour and h:mm:ss from an hour, hours past a day included", () => {
    expect(formatCountdown(0)).toBe("0:00");
    expect(formatCountdown(75_000)).toBe("1:15");
    expect(formatCountdown(3_599_000)).toBe("59:59");
    expect(formatCountdown(3_600_000)).toBe("1:00:00");
    expect(formatCountdown((3 * 3600 + 2 * 60 + 5) * 1000)).toBe("3:02:05");
    expect(formatCountdown(2 * 86_400_000)).toBe("48:00:00");
  });

  it("rounds up, so 0:00 means the moment has come, and never goes below it", () => {
    expect(formatCountdown(1)).toBe("0:01");
    expect(formatCountdown(59_001)).toBe("1:00");
    expect(formatCountdown(-5_000)).toBe("0:00");
  });

  it("always reads back as the whole seconds left, with two-digit minutes and seconds after the first field", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 * 86_400_000 }), (ms) => {
        const text = formatCountdown(ms);
        expect(secondsOf(text)).toBe(Math.ceil(ms / 1000));
        expect(text).toMatch(/^(\d+:[0-5]\d:[0-5]\d|[1-5]?\d:[0-5]\d)$/);
        if (ms > 3_600_000) expect(text.split(":")).toHaveLength(3);
      }),
    );
  });
});

/** Decimal strings as the service sends them: up to 9 integer digits, up to 8 decimals, either sign. */
const amounts = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 999_999_999n }), fc.option(fc.stringMatching(/^[0-9]{1,8}$/), { nil: undefined }))
  .map(([negative, int, frac]) => `${negative ? "-" : ""}${int}${frac === undefined ? "" : `.${frac}`}`);

const ungroup = (text: string) => text.replaceAll(",", "");

describe("money, one function per kind", () => {
  it("pane amounts of a tenth and up have exactly two decimals and thousands separators, and read back as the amount rounded", () => {
    fc.assert(
      fc.property(amounts, (a) => {
        const d = new Decimal(a);
        // Under a tenth, not zero, an amount keeps its digits (the next test).
        fc.pre(d.isZero() || d.abs().gte("0.1"));
        const text = formatMoney(a);
        expect(text).toMatch(/^-?\d{1,3}(,\d{3})*\.\d{2}$/);
        expect(new Decimal(ungroup(text)).eq(d.toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN))).toBe(true);
      }),
    );
    expect(formatMoney("998.221727")).toBe("998.22");
    expect(formatMoney("1000")).toBe("1,000.00");
    expect(formatMoney(2.955686)).toBe("2.96");
  });

  it("changes carry their sign, and a change that rounds to nothing has none", () => {
    // A negative amount that rounds to zero is written without its sign: never "-0.00".
    expect([
      formatAmount(new Decimal("-0.001"), 2),
      formatAmount(new Decimal("-0.0049"), 2),
      formatSigned(new Decimal("-0.001"), 2),
    ]).toEqual(["0.00", "0.00", "0.00"]);
    expect(formatMoneyChange("-24.69795")).toBe("-24.70");
    expect(formatMoneyChange("0.4")).toBe("+0.40");
    expect(formatMoneyChange("0")).toBe("0.00");
  });

  it("a pane amount under a tenth that is not zero keeps its digits: never 0.00, nor rounded to a cent", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999 }), fc.boolean(), (micro, negative) => {
        const a = new Decimal(micro).div(1_000_000).times(negative ? -1 : 1);
        expect(new Decimal(formatMoney(a)).eq(a)).toBe(true);
        expect(formatMoneyChange(a)).toMatch(negative ? /^-0\.0\d+$/ : /^\+0\.0\d+$/);
      }),
    );
    expect(formatMoneyChange("0.004")).toBe("+0.004");
    expect(formatMoneyChange("-0.001")).toBe("-0.001");
    // Past USDC's sixth decimal, a non-zero amount goes to its first digit rather than read as nothing.
    expect([formatMoney("0.0000001"), formatMoneyChange("-0.00000001"), formatMoneyExact("0.00000049")]).toEqual([
      "0.0000001",
      "-0.00000001",
      "0.0000005",
    ]);
    expect(formatMoneyExact("1.0000001")).toBe("1.000000");
    // Up to a tenth, an amount keeps its digits (+0.014178 on a stake of 0.01 is +141.78 %, not the +100 % "+0.01" would read);
    // a tenth and up is to the cent.
    expect([formatMoney("0.005"), formatMoney("-0.005"), formatMoneyChange("0.005")]).toEqual(["0.005", "-0.005", "+0.005"]);
    expect([formatMoneyChange("0.014178"), formatMoney("0.099999"), formatMoney("0.01"), formatMoney("0.1"), formatMoney("0.105")]).toEqual(
      ["+0.014178", "0.099999", "0.01", "0.10", "0.10"],
    );
    fc.assert(
      fc.property(amounts, (a) => {
        const d = new Decimal(a);
        fc.pre(!d.isZero());
        expect(formatMoney(a)).not.toMatch(/^-?0\.0+$/);
        expect(formatMoneyChange(a)).not.toMatch(/^[+-]?0\.0+$/);
      }),
    );
    expect(formatMoneyChangeExact("-24.69795")).toBe("-24.69795");
  });

  it("a projected gross keeps the decimals its net needs, so beside the stake it never reads as gaining nothing", () => {
    expect(formatGross("0.014028", "0.01")).toBe("0.014028");
    expect(formatGross("2.004028", "2")).toBe("2.004028");
    expect(formatGross("2.04", "2")).toBe("2.04");
    expect(formatGross("1234.5", "1000")).toBe("1,234.50");
    expect(formatGross("0.01", "0.01")).toBe("0.01");
    expect(formatGross("0.124028", new Unreadable("f", "a decimal", "x"))).toBe("0.12");
    expect(formatGross(new Unreadable("w", "a decimal", "x"), "0.01")).toBe("?");
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: -9_999, max: 9_999 }), (cents, micro) => {
        const stake = new Decimal(cents).div(100);
        const net = new Decimal(micro).div(1_000_000);
        fc.pre(stake.plus(net).gte(0));
        const shown = new Decimal(ungroup(formatGross(stake.plus(net), stake)));
        // The gross as shown, less the stake, has the net's sign, and where the net shows its own digits, is that net.
        expect(shown.minus(stake).cmp(0)).toBe(net.cmp(0));
        if (net.abs().lte("0.005")) expect(shown.minus(stake).eq(net)).toBe(true);
      }),
    );
  });

  it("exact amounts keep every digit down to the sixth decimal, and at least two", () => {
    fc.assert(
      fc.property(amounts, (a) => {
        const text = formatMoneyExact(a);
        const decimals = text.split(".")[1]!.length;
        expect(decimals).toBeGreaterThanOrEqual(2);
        expect(decimals).toBeLessThanOrEqual(6);
        expect(new Decimal(ungroup(text)).eq(new Decimal(a).toDecimalPlaces(6, Decimal.ROUND_HALF_EVEN))).toBe(true);
      }),
    );
    expect(formatMoneyExact("998.221727")).toBe("998.221727");
    expect(formatMoneyExact("1000")).toBe("1,000.00");
  });

  it("names the currency of an amount that stands alone", () => {
    expect(inCurrency(formatMoneyChange("-2"), "USDC")).toBe("-2.00 USDC");
    expect(inCurrency("1.00", "")).toBe("1.00");
  });
});

describe("a live game's figures: one precision for the game", () => {
  const d = (v: string) => new Decimal(v);

  it("takes every digit where a stake is under 1, else the cent, whatever each figure's size", () => {
    expect(gamePlaces([d("0.01"), d("2")])).toBe(6);
    // A 1 m game's minimum: at the cent its gross 0.102 read "0.10" beside a net of "+0.002".
    expect(gamePlaces([d("0.1"), d("3")])).toBe(6);
    expect(gamePlaces([d("0.99")])).toBe(6);
    expect(gamePlaces([d("1"), d("2.5")])).toBe(2);
    expect(gamePlaces([])).toBe(2);
  });

  it("keeps its precision as a figure crosses a tenth: no net turns from its digits to the cent as the price moves", () => {
    // On stakes of 1 and 3: -0.037054 and -0.20 in one column read as two precisions.
    expect([formatMoneyChangeAt("-0.037054", 2), formatMoneyChangeAt("-0.2", 2)]).toEqual(["-0.04", "-0.20"]);
    // At the minimum stake every figure has six decimals, trailing zeros too, so the digits line up.
    expect([formatMoneyAt("0.01802", 6), formatMoneyAt("0.015391", 6), formatMoneyChangeAt("0.2", 6)]).toEqual([
      "0.018020",
      "0.015391",
      "+0.200000",
    ]);
  });

  it("never reads a figure that is not zero as zero", () => {
    expect([formatMoneyChangeAt("0.004", 2), formatMoneyAt("0.0000001", 6), formatMoneyChangeAt("0", 2)]).toEqual([
      "+0.004",
      "0.0000001",
      "0.00",
    ]);
  });
});

describe("alignDecimals", () => {
  it("lines up the points of any column of amounts once right-aligned", () => {
    fc.assert(
      fc.property(fc.array(amounts, { minLength: 1, maxLength: 12 }), (values) => {
        const cells = alignDecimals(values.map(formatMoneyExact));
        const width = Math.max(...cells.map((c) => c.length));
        const points = cells.map((c) => c.padStart(width).indexOf("."));
        expect(new Set(points).size).toBe(1);
      }),
    );
  });

  it("puts an integer's end where the others' points are, and leaves cells without digits alone", () => {
    const cells = alignDecimals(["20", "1.5", "0.125", "pending", "–"]);
    const width = Math.max(...cells.map((c) => c.length));
    expect(cells.map((c) => c.padStart(width))).toEqual([" 20    ", "  1.5  ", "  0.125", "pending", "      –"]);
  });

  it("pads a column only where every padded cell still fits its width", () => {
    expect(fractionWidth(["0.011319", "0.00586", "pending"], 10)).toBe(7);
    expect(padFraction("0.00586", 7)).toBe("0.00586 ");
    expect(padFraction("pending", 7)).toBe("pending");
    // "12,345.67" padded to six decimals would be 13 wide: no padding rather than a cell out of its column.
    expect(fractionWidth(["12,345.67", "+0.004028"], 9)).toBe(0);
    expect(padFraction("12,345.67", 0)).toBe("12,345.67");
  });
});

describe("plural", () => {
  it("is singular for exactly one", () => {
    expect(plural(1, "win")).toBe("1 win");
    expect(plural(0, "game")).toBe("0 games");
    expect(plural(2, "game")).toBe("2 games");
    expect(plural(1200, "position")).toBe("1,200 positions");
  });
});

describe("money's exact forms", () => {
  it("writes a negative zero on the wire as 0", () => {
    expect([toWire(new Decimal("-0")), toWire(new Decimal("-0.000")), toWire(new Decimal("-1.50"))]).toEqual(["0", "0", "-1.5"]);
  });

  it("reads a leading-dot decimal of any length", () => {
    expect([".5", ".25", " -.125 "].map((t) => parseDecimal(t)?.toFixed())).toEqual(["0.5", "0.25", "-0.125"]);
    expect([".", ".x", "1.2.3"].map((t) => parseDecimal(t))).toEqual([null, null, null]);
  });

  it("reads commas as thousands separators only where they group by three, and refuses a decimal comma", () => {
    expect(["69,000", " 1,234,567.25 ", "-1,000", "999,999.5"].map((t) => parseDecimal(t)?.toFixed())).toEqual([
      "69000",
      "1234567.25",
      "-1000",
      "999999.5",
    ]);
    // A decimal comma read as a separator would be ten or a thousand times off: not guessed.
    expect(["0,5", "69,5", "1,23,456", ",500", "1000,000", "69,000,", "1.000,5"].map((t) => parseDecimal(t))).toEqual(Array(7).fill(null));
  });

  it("reads spaces and underscores as a comma is read: between groups of three, one separator throughout", () => {
    expect(["63 990", " 1 234 567.25 ", "-1 000", "1_000_000", "999_999.5"].map((t) => parseDecimal(t)?.toFixed())).toEqual([
      "63990",
      "1234567.25",
      "-1000",
      "1000000",
      "999999.5",
    ]);
    // "0 5" read as 05 would be a stake ten times the one meant; mixed separators are no grouping at all.
    const refused = ["0 5", "69 5", "1 23 456", "1000 000", "0_5", "1_00", "1,000 000", "1 000_000", "1 000,5", "1  000", "- 5"];
    expect(refused.map((t) => parseDecimal(t))).toEqual(Array(refused.length).fill(null));
  });

  it("keeps 40 significant digits through arithmetic, rounding half to even past them", () => {
    const big = new Decimal("12345678901234567890.123456").plus("0.000001");
    expect(toWire(big)).toBe("12345678901234567890.123457");
    expect(toWire(new Decimal(1).div(3))).toBe(`0.${"3".repeat(40)}`);
    // 41 digits ending in 5: to the even neighbour at 40.
    expect(toWire(new Decimal(`1${"0".repeat(39)}5`).plus(0))).toBe(`1${"0".repeat(40)}`);
    expect(toWire(new Decimal(`1${"0".repeat(38)}15`).plus(0))).toBe(`1${"0".repeat(38)}20`);
    expect(toWire(new Decimal(`0.${"0".repeat(38)}25`).plus(`1.${"0".repeat(39)}`))).toBe(`1.${"0".repeat(38)}2`);
  });

  it("gives a change that rounds to zero no plus sign", () => {
    expect([formatSigned(new Decimal("0.001"), 2), formatSigned(new Decimal("1234.5"), 2)]).toEqual(["0.00", "+1,234.50"]);
  });
});
