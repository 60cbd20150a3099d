/**
 * The built CLI in tmux on 10 s games: place a position with p / Enter /
 * Enter, wait for the game to settle and its toast, then open the results
 * view with r and find the game there, above the new world's played history.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { computeLayout } from "../../src/ui/layout.js";
import { resultsListRows } from "../../src/ui/results/ResultsView.js";
import { pageSizeFor } from "../../src/ui/results/results-state.js";
import { CLI, TmuxSession } from "../helpers/tmux.js";

/** The results view's pages at 120x40: as many games as its list has rows for. */
const PAGES_OF_181 = Math.ceil(181 / pageSizeFor(resultsListRows(computeLayout(120, 40).bodyHeight)));

describe("results in tmux", () => {
  let t: TmuxSession | undefined;
  afterEach(() => t?.kill());

  it("toasts the settlement of a game played and shows it in the results view", { timeout: 90_000 }, async () => {
    t = new TmuxSession(120, 40);
    const dir = mkdtempSync(join(tmpdir(), "spotdash-e2e-"));
    t.run(`cd ${dir} && env -u METAFIDE_API_KEY -u METAFIDE_USER_ADDRESS node ${CLI} --interval 10 --no-bell; echo EXITED=$?`);
    // An accepting game with a few seconds left for three keys and the POST's slot (a 10 s game has a 5 s lobby).
    // Its positions are read about 2 s into it (docs/poller.md), so 6 s is what a slow machine still sees.
    const ready = await t.waitFor(
      (s) => {
        const m = /closes in 0:(\d\d)/.exec(s);
        return s.includes("ACCEPTING") && /live [\d,]+\.\d\d/.test(s) && s.includes("0 held 10 left") && m !== null && Number(m[1]) >= 6;
      },
      40_000,
      "an accepting 10 s game with 6 s left",
    );
    // The panes show the id's last digits; the results view the whole id, which ends with them.
    const gid = /GAME (?:BTC_USDT 10s )?#…?(\d+)/.exec(ready)?.[1];
    expect(gid).toBeDefined();

    t.type("p");
    await t.waitFor((s) => s.includes("ready: Enter to preview"), 3_000, "the form");
    t.keys("Enter");
    await t.waitFor((s) => s.includes("Enter to submit"), 3_000, "the preview");
    t.keys("Enter");
    await t.waitFor((s) => s.includes("placed ✓"), 6_000, "the placed position");

    const toast = await t.waitFor((s) => new RegExp(`settled #…?${gid} BTC_USDT 10s:`).test(s), 22_000, "the settlement toast");
    expect(toast).toMatch(new RegExp(`settled #…?${gid} BTC_USDT 10s: (WON \\+|LOST -|EVEN |CANCELLED)`));

    t.type("r");
    // A new world comes with three days of played games (docs/sim.md, "Played history"): the game is the newest of them all.
    const view = await t.waitFor(
      (s) =>
        s.includes("RESULTS testnet") && new RegExp(`▸ \\d*${gid}\\s+10s`).test(s) && s.includes(`page 1 of ${PAGES_OF_181} · 181 games`),
      8_000,
      "the game first in the results view, above the world's played history",
    );
    expect(view).toMatch(new RegExp(`${gid}\\s+10s\\s+BTC_USDT\\s+[\\d,]+\\.\\d\\d → ([\\d,]+\\.\\d\\d|no data)`));
    expect(view).toContain("SESSION 1 game");
    t.keys("Enter");
    await t.waitFor(
      (s) => new RegExp(`› #\\d*${gid}`).test(s) && s.includes("STRIKE") && s.includes("VARIANCE"),
      3_000,
      "the game's positions",
    );
    t.type("q");
    await t.waitFor((s) => s.includes("EXITED=0"), 5_000, "a clean exit");
  });
});
