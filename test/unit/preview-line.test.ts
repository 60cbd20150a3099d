/** The preview line worded to the form's width: the order and its key always whole, the extras dropped in turn. */
import { describe, expect, it } from "vitest";
import { Decimal } from "../../src/domain/money.js";
import { previewLine } from "../../src/ui/form/preview-line.js";
import { normalise, type Piece, piecesWidth } from "../../src/ui/spans.js";

const text = (pieces: Piece[]) =>
  normalise(pieces)
    .map((s) => s.text)
    .join("");
const base = {
  order: { gid: "11972381700", sp: "62408", f: "0.01" },
  network: "testnet",
  currency: "USDC",
  toClose: 8_000,
  lapsed: undefined,
  ascii: false,
};

describe("previewLine", () => {
  it("says everything where it fits", () => {
    expect(text(previewLine(base, 120))).toBe(
      "#11972381700 │ price 62,408.00 │ stake 0.01 USDC │ testnet: Enter to submit │ closes in 0:08 │ Esc cancels",
    );
  });

  it("at 90 columns keeps the time to the close and the id's last digits, and leaves Esc to the footer", () => {
    expect(text(previewLine(base, 90))).toBe("#…381700 │ price 62,408.00 │ stake 0.01 USDC │ testnet: Enter to submit │ closes in 0:08");
  });

  it("at 80 leaves the id to the PLACE row above", () => {
    expect(text(previewLine(base, 80))).toBe("price 62,408.00 │ stake 0.01 USDC │ testnet: Enter to submit │ closes in 0:08");
  });

  it("at 60 keeps the order and its key whole, the countdown left to the game pane", () => {
    expect(text(previewLine(base, 60))).toBe("price 62,408.00 │ stake 0.01 USDC │ testnet: Enter to submit");
  });

  it("narrower still drops the labels, never the figures or the key", () => {
    expect(text(previewLine(base, 50))).toBe("62,408.00 │ 0.01 USDC │ testnet: Enter to submit");
    // Then testnet's name (the header has it).
    expect(text(previewLine(base, 45))).toBe("62,408.00 │ 0.01 USDC │ Enter to submit");
    // Past that the line is cut by the pane, the order first.
    expect(text(previewLine(base, 30))).toBe("62,408.00 │ 0.01 USDC │ Enter to submit");
  });

  it("on mainnet says REAL FUNDS while it fits, and always the key y, in the mainnet tone", () => {
    const mainnet = { ...base, network: "mainnet" };
    expect(text(previewLine(mainnet, 90))).toBe("price 62,408.00 │ stake 0.01 USDC │ MAINNET — REAL FUNDS: press y to submit");
    const narrow = previewLine(mainnet, 60);
    expect(text(narrow)).toBe("price 62,408.00 │ stake 0.01 USDC │ MAINNET: y to submit");
    expect(normalise(narrow).find((s) => s.text.startsWith("MAINNET"))).toMatchObject({ tone: "mainnet", inverse: true, bold: true });
  });

  it("a price far from the live one says how far, after the order, in every wording", () => {
    const far = { ...base, order: { ...base.order, sp: "624080" }, livePrice: new Decimal("62408") };
    expect(text(previewLine(far, 150))).toBe(
      "#11972381700 │ price 624,080.00 │ stake 0.01 USDC │ 900% above the live price │ testnet: Enter to submit │ closes in 0:08 │ Esc cancels",
    );
    // Shortened before the labels go.
    expect(text(previewLine(far, 80))).toBe("price 624,080.00 │ stake 0.01 USDC │ 900% above live │ testnet: Enter to submit");
    const narrow = previewLine(far, 50);
    expect(text(narrow)).toBe("624,080.00 │ 0.01 USDC │ 900% above live │ Enter to submit");
    expect(normalise(narrow).find((s) => s.text.startsWith("900%"))).toMatchObject({ tone: "warn", bold: true });
    // Near the price it says nothing.
    expect(text(previewLine({ ...far, order: base.order }, 80))).toBe(
      "price 62,408.00 │ stake 0.01 USDC │ testnet: Enter to submit │ closes in 0:08",
    );
  });

  it("a lapsed order says how to go back to editing instead of a key that sends", () => {
    const lapsed = { ...base, lapsed: "closed" };
    expect(text(previewLine(lapsed, 70))).toBe("#…381700 │ price 62,408.00 │ stake 0.01 USDC │ closed: Enter to edit");
    expect(text(previewLine(lapsed, 60))).toBe("price 62,408.00 │ stake 0.01 USDC │ closed: Enter to edit");
  });

  it("shows the price and the stake with every digit that will be sent", () => {
    const exact = { ...base, order: { gid: "11972381700", sp: "62230.257", f: "0.123456" } };
    expect(text(previewLine(exact, 120))).toContain("price 62,230.257 │ stake 0.123456 USDC │");
    expect(text(previewLine(exact, 50))).toBe("62,230.257 │ 0.123456 USDC │ Enter to submit");
  });

  it("fits every width it can, in ASCII too", () => {
    for (const ascii of [false, true])
      for (let w = 40; w <= 140; w++) expect(piecesWidth(previewLine({ ...base, ascii }, w))).toBeLessThanOrEqual(w);
  });
});
