/**
 * Each mode's state as a table of key presses: the overlays, the
 * dashboard's focus and scroll, the results view and the book. The keys
 * reach these through the mode's table (keys.test.ts); here, what each
 * action does to the state.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bookAction } from "../../src/ui/book/book-state.js";
import { PANES } from "../../src/ui/dashboard/pane-names.js";
import { scrollLimit, visibleRows } from "../../src/ui/dashboard/position-view.js";
import { scrollBy, stepPane } from "../../src/ui/dashboard/view-state.js";
import { NO_OVERLAY, type OverlayState, scrollOverlay, toggleOverlay } from "../../src/ui/overlays/overlay-state.js";
import { opened, RESULTS_PAGE_SIZE, resultsAction } from "../../src/ui/results/results-state.js";

/** The results view as it opens with the fewest games a page. */
const OPENED = opened(RESULTS_PAGE_SIZE);

describe("the overlays", () => {
  it.each([
    ["? opens the help at its top", NO_OVERLAY, "help", { overlay: "help", scroll: 0 }],
    ["? again closes it", { overlay: "help", scroll: 4 }, "help", NO_OVERLAY],
    ["D over the help shows the diagnostics", { overlay: "help", scroll: 4 }, "diagnostics", { overlay: "diagnostics", scroll: 0 }],
  ] as [string, OverlayState, "help" | "diagnostics", OverlayState][])("%s", (_, from, which, to) => {
    expect(toggleOverlay(from, which)).toEqual(to);
  });

  it.each([
    ["j scrolls a line", 0, 1, 5, 1],
    ["k at the top stays", 0, -1, 5, 0],
    ["j at the bottom stays", 5, 1, 5, 5],
    ["a page stops at the bottom", 3, 20, 5, 5],
    ["past a limit that shrank, k moves at once", 9, -1, 5, 4],
    ["nothing to scroll when it fits", 0, 1, 0, 0],
  ])("%s", (_, scroll, by, limit, to) => {
    expect(scrollOverlay({ overlay: "help", scroll }, by, limit).scroll).toBe(to);
  });
});

describe("the dashboard's view", () => {
  it("steps through the panes in reading order, round the ends, from a pane no longer shown to the first", () => {
    expect(stepPane(PANES, "game", 1)).toBe("balance");
    expect(stepPane(PANES, "positions", 1)).toBe("game");
    expect(stepPane(PANES, "game", -1)).toBe("positions");
    expect(stepPane(["game", "price", "positions"], "balance", 1)).toBe("game");
  });

  it("keeps the scroll within the rows there are after any keys and any data", () => {
    // A step: a key (j / k), or new data (rows, the best one, the room the layout gives).
    const step = fc.oneof(
      fc.record({ key: fc.constantFrom(1, -1) }),
      fc.record({ rows: fc.integer({ min: 0, max: 15 }), best: fc.boolean(), room: fc.integer({ min: 0, max: 12 }) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        let data = { rows: 10, best: true, room: 4 };
        let scroll = 0;
        for (const s of steps) {
          if ("key" in s) {
            const before = Math.min(scroll, limitOf(data));
            scroll = scrollBy(scroll, s.key, limitOf(data));
            // A key moves the window at once unless it is at that end already: never a dead press.
            if (s.key < 0 && before > 0) expect(scroll).toBe(before - 1);
            if (s.key > 0 && before < limitOf(data)) expect(scroll).toBe(before + 1);
          } else data = s;
          const limit = limitOf(data);
          expect(scroll).toBeGreaterThanOrEqual(0);
          // Kept beyond the limit only until the next key; drawn within it always.
          const all = Array.from({ length: data.rows }, (_, i) => i);
          const shown = visibleRows(all, data.best && data.rows > 0 ? 0 : undefined, data.room, scroll);
          expect(shown.scroll).toBeLessThanOrEqual(limit);
          if ("key" in s) expect(scroll).toBeLessThanOrEqual(limit);
        }
      }),
    );
  });

  it("reaches every row: the limit is where the window shows the last", () => {
    const all = Array.from({ length: 9 }, (_, i) => i);
    const limit = scrollLimit(all, 4, 5);
    expect(visibleRows(all, 4, 5, limit).shown.at(-1)).toBe(8);
    expect(visibleRows(all, 4, 5, limit - 1).shown.at(-1)).toBe(7);
  });
});

function limitOf(d: { rows: number; best: boolean; room: number }): number {
  const all = Array.from({ length: d.rows }, (_, i) => i);
  return scrollLimit(all, d.best && d.rows > 0 ? 0 : undefined, d.room);
}

describe("the results view", () => {
  const page = (games: number, more: boolean) =>
    ({
      games: Array.from({ length: games }, (_, i) => ({ gid: `g${i}` })),
      pagination: { total: more ? 100 : games, limit: RESULTS_PAGE_SIZE, offset: 0 },
    }) as never;

  it.each([
    ["j selects the next game", OPENED, "down", { ...OPENED, selected: 1 }],
    ["k at the top stays", OPENED, "up", OPENED],
    ["Enter shows the selected game's positions", { ...OPENED, selected: 2 }, "open", { ...OPENED, selected: 2, detail: "g2" }],
    ["Esc from a game goes back to the list", { ...OPENED, detail: "g1" }, "back", OPENED],
    ["r closes from the list", OPENED, "close", null],
    ["r closes from a game", { ...OPENED, detail: "g1" }, "leave", null],
    ["i filters by the first interval", OPENED, "interval", { ...OPENED, interval: 10 }],
    ["a filters by the first asset", { ...OPENED, selected: 3 }, "asset", { ...OPENED, asset: "BTC_USDT" }],
    ["n turns the page", { ...OPENED, selected: 3 }, "nextPage", { ...OPENED, offset: RESULTS_PAGE_SIZE }],
  ] as const)("%s", (_, from, action, to) => {
    expect(resultsAction(from, action, page(5, true), ["BTC_USDT", "ETH_USDT"]).view).toEqual(to);
  });

  it("j/k in a game's positions select one of them, from the first, never past the last", () => {
    const games = {
      games: [{ gid: "g0", positions: [{}, {}, {}] }],
      pagination: { total: 1, limit: RESULTS_PAGE_SIZE, offset: 0 },
    } as never;
    const opened = resultsAction(OPENED, "open", games, []).view!;
    expect(opened).toEqual({ ...OPENED, detail: "g0", position: 0 });
    let v = opened;
    for (let i = 0; i < 5; i++) v = resultsAction(v, "positionDown", games, []).view!;
    expect(v.position).toBe(2);
    expect(resultsAction(v, "positionUp", games, []).view!.position).toBe(1);
    expect(resultsAction(v, "back", games, []).view).toEqual(OPENED);
    expect(resultsAction(opened, "positionUp", games, []).view!.position).toBe(0);
  });

  it("says so at either end of the pages", () => {
    expect(resultsAction(OPENED, "previousPage", page(5, false), []).said).toBe("first page");
    expect(resultsAction(OPENED, "nextPage", page(5, false), []).said).toBe("last page");
    // Before its page is read it is not known whether there is a next: the key says so rather than do nothing.
    expect(resultsAction(OPENED, "nextPage", undefined, [])).toEqual({
      view: OPENED,
      said: "this page is still loading: its next once it shows",
    });
    expect(resultsAction({ ...OPENED, selected: 4 }, "down", page(5, false), []).view?.selected).toBe(4);
  });
});

describe("the book", () => {
  it.each([
    ["j selects the next game", 0, "down", 3, { selected: 1 }],
    ["j on the last stays", 2, "down", 3, { selected: 2 }],
    ["k on the first stays", 0, "up", 3, { selected: 0 }],
    ["Enter shows the selected game and leaves the book", 1, "focus", 3, { selected: undefined, show: 1 }],
    ["Enter with no rows stays", 0, "focus", 0, { selected: 0 }],
    ["b or Esc leaves", 2, "close", 3, { selected: undefined }],
    ["a selection past rows that went away comes back inside them", 5, "up", 2, { selected: 1 }],
  ] as const)("%s", (_, selected, action, rows, to) => {
    expect(bookAction(selected, action, rows)).toEqual(to);
  });
});
