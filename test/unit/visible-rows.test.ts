/** ui/dashboard/position-view.ts visibleRows: which positions a table of `room` lines shows. */
import { describe, expect, it } from "vitest";
import { visibleRows } from "../../src/ui/dashboard/position-view.js";

const rows = ["a", "b", "c", "d", "e"];

describe("visibleRows", () => {
  it("shows every row that fits, and nothing where there is no room", () => {
    expect(visibleRows(rows, "c", 5, 0).shown).toEqual(rows);
    expect(visibleRows(rows, "c", 0, 0).shown).toEqual([]);
    expect(visibleRows(rows, "c", -1, 0).shown).toEqual([]);
  });

  it("keeps the best row alone when there is no room for a window, and says how many it hides where a line is left", () => {
    expect(visibleRows(rows, "c", 1, 0)).toEqual({ shown: ["c"], scroll: 0, more: undefined });
    expect(visibleRows(rows, "c", 2, 0)).toEqual({ shown: ["c"], scroll: 0, more: { window: 0, of: 4 } });
    expect(visibleRows(rows, undefined, 1, 0).shown).toEqual(["a"]);
  });

  it("shows the best row first, then a window of the others from the scroll, clamped to the end", () => {
    expect(visibleRows(rows, "c", 4, 0)).toEqual({ shown: ["c", "a", "b"], scroll: 0, more: { window: 2, of: 4 } });
    expect(visibleRows(rows, "c", 4, 99)).toEqual({ shown: ["c", "d", "e"], scroll: 2, more: { window: 2, of: 4 } });
  });
});
