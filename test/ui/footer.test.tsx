/** Footer (src/ui/frame/Footer.tsx): the hints and the data age on one row, drawn as the dashboard draws it. */
import { describe, expect, it } from "vitest";
import { Footer } from "../../src/ui/frame/Footer.js";
import { renderAt } from "../helpers/ink.js";

const WIDTH = 60;
const AT = Date.UTC(2026, 0, 1, 12, 0, 14);

/** Hints that take `extra` more columns than "q quit  ? help  p place  r results" (34), the most important first. */
function hints(extra: number) {
  return ["q quit", "? help", "p place", `r results${"!".repeat(extra)}`].map((text, i) => ({ text, rank: i }));
}

function footerRow(extra: number): string {
  const ui = renderAt(<Footer hints={hints(extra)} lastOkAt={AT} age={500} message={undefined} width={WIDTH} />, WIDTH, 3);
  const row = ui.text().split("\n")[0]!;
  ui.unmount();
  return row;
}

describe("Footer", () => {
  it("keeps two columns between the last hint and the data age, as between two hints, however much the hints take", () => {
    for (const extra of [0, 1, 2, 3]) {
      // The row's width less the age's 24 columns and the gap: 34 columns of hints, not one more.
      expect(footerRow(extra), `hints ${34 + extra} wide`).toMatch(/^q quit {2}\? help {2}\S.*\S {2,}data 0\.5s old \(12:00:14\)$/);
    }
    expect(footerRow(0)).toBe("q quit  ? help  p place  r results  data 0.5s old (12:00:14)");
    expect(footerRow(1)).toBe(`q quit  ? help  p place${" ".repeat(13)}data 0.5s old (12:00:14)`);
  });
});
