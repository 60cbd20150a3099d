/**
 * A game played to its result, in tmux on the embedded sim's 10 s games: a
 * position placed with the form's defaults (p, Enter, Enter) is listed as the
 * leading strike while the game runs; once the game ends it stays on screen,
 * as the live game's row or under the "ended #…: settling" line, until its
 * result arrives; then the BALANCE pane carries the LAST GAME card (outcome
 * and net, staked and paid, the close against the strike), the footer the
 * settlement's toast, and the card stays through the next game.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { findPane, footerRow, held, pane, screenRows } from "../helpers/screen.js";
import { CLI, TmuxSession } from "../helpers/tmux.js";
import { until } from "../helpers/until.js";

/** The full layout, tall enough (layout.ts, TALL_ROWS) for all three of the LAST GAME card's lines. */
const COLS = 120;
const ROWS = 42;

const GAME = /│ (▸ )?GAME BTC_USDT 10s #…(\d+)/;
const BALANCE = /│ (▸ )?BALANCE testnet /;
const PRICE = /│ (▸ )?PRICE BTC_USDT /;
const FORM = /│ PLACE /;
const POSITIONS = /│ (▸ )?POSITIONS #…(\d+) /;

/** The live game's short id, as the GAME pane's title shows it. */
function gameId(lines: readonly string[]): string | undefined {
  for (const l of lines) {
    const m = GAME.exec(l);
    if (m) return m[2];
  }
  return undefined;
}

/** "63485" → "63,485.00": a whole price as the panes write it. */
function asPrice(whole: string): string {
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.00`;
}

/** A two-decimal amount as the panes write it ("-1,234.56", "+0.05") in cents, exactly. */
function cents(amount: string): number {
  const m = /^([+-]?)([\d,]+)\.(\d{2,6})$/.exec(amount);
  expect(m, `an amount with 2 to 6 decimals: ${amount}`).not.toBeNull();
  const value = Math.round(Number(`${m![2]!.replace(/,/g, "")}.${m![3]}`) * 100);
  return m![1] === "-" ? -value : value;
}

/** The text as a regular expression that matches it literally. */
const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Where the position is on screen: the live game's row, or a row under the ended game's "settling" line. */
type Seen = "live" | "settling" | undefined;

/**
 * The position (strike and stake, in the positions pane): as a row of the
 * game it was placed in while that game is the table's, or right under the
 * "ended #…: settling" line (and the columns' names, while the later game
 * has no rows) once a later game has taken the table.
 */
function positionSeen(lines: readonly string[], gid: string, strike: string, stake: string): Seen {
  const positions = findPane(lines, POSITIONS);
  if (positions === undefined) return undefined;
  const row = new RegExp(`^ [◆ ]\\s+${literal(strike)}\\s+${literal(stake)}\\s`);
  const settling = positions.rows.findIndex((r) => r.startsWith(` ended #…${gid}: settling, result on its way`));
  const under = positions.rows.slice(settling + 1).find((r) => !/^ +STRIKE /.test(r));
  if (settling >= 0) return row.test(under ?? "") ? "settling" : undefined;
  const title = POSITIONS.exec(lines[positions.top + 1]!);
  return title?.[2] === gid && positions.rows.some((r) => row.test(r)) ? "live" : undefined;
}

/** The LAST GAME card's three lines for the game, as the BALANCE pane shows them, or undefined before it is there. */
function lastCard(lines: readonly string[], gid: string): [string, string, string] | undefined {
  const balance = findPane(lines, BALANCE);
  if (balance === undefined) return undefined;
  const at = balance.rows.findIndex((r) => r.startsWith(` LAST #…${gid} `));
  if (at < 0) return undefined;
  return [balance.rows[at]!, balance.rows[at + 1] ?? "", balance.rows[at + 2] ?? ""];
}

/** The dashboard's processes, found by the name it was started under (exec -a): unique to this run. */
function pidsOf(name: string): number[] {
  try {
    return execFileSync("pgrep", ["-f", name], { encoding: "utf8" }).trim().split("\n").map(Number);
  } catch {
    return [];
  }
}

/** Running, and not a zombie waiting for its parent. */
function isRunning(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, "utf8"));
  } catch {
    return false;
  }
}

describe("settlement in tmux", () => {
  let t: TmuxSession | undefined;
  let dir: string | undefined;
  let name: string | undefined;
  afterEach(async () => {
    const pids = name === undefined ? [] : pidsOf(name);
    t?.kill();
    // A dashboard ended by its terminal vanishing still writes its price history on the way out:
    // the state directory goes only once it has gone.
    await until(() => !pids.some(isRunning), 5_000).catch(() => undefined);
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    t = undefined;
    dir = undefined;
    name = undefined;
  });

  it("keeps a played position on screen until its result, then shows the LAST GAME card and the toast", { timeout: 85_000 }, async () => {
    dir = mkdtempSync(join(tmpdir(), "spotdash-e2e-settlement-"));
    name = `spotdash-e2e-settlement-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
    // The price history in the test's own directory, never the user's.
    t = new TmuxSession(COLS, ROWS, { SPOTDASH_STATE_DIR: join(dir, "state") });
    // No key: the embedded sim, with its own demo wallet. 10 s games (then a 5 s locked lobby). In a directory with no .env.
    t.run(
      `cd ${dir} && (unset METAFIDE_API_KEY METAFIDE_USER_ADDRESS; exec -a ${name} node ${CLI} --interval 10 --no-bell); echo EXITED=$?`,
    );

    // Enough time before the lock for three keys and the POST's slot, and the balance known (the form checks the stake against it).
    const ready = await t.waitSteady(
      (s) => {
        const m = /closes in 0:(\d\d)/.exec(s);
        return (
          s.includes("● live") &&
          s.includes("ACCEPTING") &&
          s.includes("can place now") &&
          /│ USDC [\d,]+\.\d\d /.test(s) &&
          /live [\d,]+\.\d\d/.test(s) &&
          s.includes("0 held 10 left") &&
          m !== null &&
          Number(m[1]) >= 5
        );
      },
      25_000,
      "an accepting game with 5 s left before its lock, live, with a balance",
    );
    const readyLines = screenRows(ready, COLS, ROWS);
    const gid = gameId(readyLines)!;
    expect(gid).toMatch(/^\d{6}$/);
    const game = pane(readyLines, GAME).rows;
    expect(game[0]).toMatch(/ACCEPTING\s*$/);
    expect(game.some((r) => /^ (!!? )?closes in 0:(0[5-9]|10) /.test(r))).toBe(true);
    expect(pane(readyLines, BALANCE).rows[1]).toMatch(/^ USDC [\d,]+\.\d\d\s*$/);

    // The form opens between the price chart and the positions table, prefilled with the live price (whole) and the 10 s minimum stake.
    t.type("p");
    const form = screenRows(
      await t.waitSteady((s) => s.includes("ready: Enter to preview"), 3_000, "the form, ready to preview"),
      COLS,
      ROWS,
    );
    const place = pane(form, FORM);
    expect(place.top).toBeGreaterThan(pane(form, PRICE).bottom);
    expect(place.bottom).toBeLessThan(pane(form, POSITIONS).top);
    const fields = /^ PLACE price \[(\d+)\s*\] {2}stake \[([\d.]+)\s*\] USDC testnet\s*$/.exec(place.rows[0]!);
    expect(fields, place.rows[0]).not.toBeNull();
    const [price, stake] = [fields![1]!, fields![2]!];
    expect(stake).toBe("0.01");
    const live = /^ live ([\d,]+\.\d\d)/.exec(pane(form, GAME).rows[2]!);
    expect(live).not.toBeNull();
    expect(Math.abs(cents(`${price}.00`) - cents(live![1]!))).toBeLessThan(cents(live![1]!) / 200);
    expect(place.rows[1]).toMatch(/^ ready: Enter to preview\s*$/);
    const strike = asPrice(price);

    // Enter previews: the whole game id, the price and the stake as they will be sent, and the network.
    t.keys("Enter");
    const preview = screenRows(await t.waitSteady((s) => s.includes("testnet: Enter to submit"), 3_000, "the preview"), COLS, ROWS);
    const order = new RegExp(
      `^ #(\\d+) │ price ${literal(strike)} │ stake ${literal(stake)} USDC │ testnet: Enter to submit │ closes in 0:(0\\d|10) │ Esc cancels\\s*$`,
    );
    const previewed = order.exec(pane(preview, FORM).rows[1]!);
    expect(previewed, pane(preview, FORM).rows[1]).not.toBeNull();
    expect(previewed![1]!.endsWith(gid)).toBe(true);

    // Enter again submits, through the poller's next slot.
    t.keys("Enter");
    // The form closes itself; the footer says what was placed.
    const placed = screenRows(await t.waitSteady((s) => s.includes("placed ✓"), 6_000, "the position placed"), COLS, ROWS);
    expect(placed[footerRow(placed)]).toMatch(
      new RegExp(`^placed ✓ @${literal(strike.replace(/\.00$/, ""))} stake [\\d.]+ txid [0-9a-f-]{8} — p places another`),
    );
    expect(placed.join("\n")).not.toContain("│ PLACE ");
    expect(gameId(placed)).toBe(gid);
    await t.waitFor((s) => new RegExp(held(1)).test(s), 3_000, "the position held");

    // While the game runs: the position is the leading strike, its distance from the live price under PRICE−STRIKE,
    // the same distance the game pane gives for its lead.
    const running = screenRows(await t.steadyScreen(), COLS, ROWS);
    expect(gameId(running)).toBe(gid);
    expect(pane(running, GAME).rows[0]).toMatch(/(ACCEPTING|LOCKED LOBBY)\s*$/);
    const positions = pane(running, POSITIONS);
    expect(positions.rows[0]).toMatch(new RegExp(`^ (▸ )?POSITIONS #…${gid} {2}${held(1)} `));
    const header = positions.rows[1]!;
    const end = (label: string) => {
      const at = header.indexOf(label);
      expect(at, `${label} in the header: ${header}`).toBeGreaterThan(0);
      return at + label.length;
    };
    const [strikeEnd, stakeEnd, distanceEnd] = [end("STRIKE"), end("STAKE"), end("PRICE−STRIKE")];
    const row = positions.rows[2]!;
    // ◆ only while the position is winning (its projected net above 0).
    expect(row.slice(0, strikeEnd)).toMatch(new RegExp(`^ [◆ ] +${literal(strike)}$`));
    expect(row.slice(strikeEnd, stakeEnd).trim()).toBe(stake);
    const distance = row.slice(stakeEnd, distanceEnd);
    expect(distance).toMatch(/^ +[+-]?[\d,]+\.\d\d$/);
    expect(row[distanceEnd]).toBe(" ");
    const lead = pane(running, GAME).rows.find((r) => r.startsWith(" live "));
    expect(lead).toMatch(new RegExp(` best ◆?@${literal(strike.replace(/\.00$/, ""))} ${literal(distance.trim())}`));

    // From before the game's end until its result: every capture shows the position (the live game's row, then
    // under "ended #…: settling") or the LAST card. Never a moment where the stake seems to have vanished.
    const watched: { at: number; lines: string[]; seen: Seen }[] = [];
    const deadline = Date.now() + 40_000;
    let card: [string, string, string] | undefined;
    while (card === undefined) {
      expect(Date.now(), "the result within 40 s").toBeLessThan(deadline);
      const lines = screenRows(await t.steadyScreen(), COLS, ROWS);
      card = lastCard(lines, gid);
      watched.push({ at: Date.now(), lines, seen: positionSeen(lines, gid, strike, stake) });
      if (card === undefined) await new Promise((r) => setTimeout(r, 250));
    }
    // The watch began with the game's end still ahead.
    const first = watched[0]!.lines;
    expect(gameId(first)).toBe(gid);
    expect(pane(first, GAME).rows[1]).toMatch(/ends in 0:(0[2-9]|1\d) /);
    for (const w of watched) {
      expect(
        w.seen !== undefined || lastCard(w.lines, gid) !== undefined,
        `neither the position nor the LAST card, ${w.at - watched[0]!.at} ms into the watch:\n${w.lines.join("\n")}`,
      ).toBe(true);
    }
    // Caught while the result was on its way (it can come too fast to see): the ended game's row under its
    // "settling" line, in the table of the game that followed.
    for (const w of watched.filter((w) => w.seen === "settling")) {
      const title = POSITIONS.exec(w.lines[pane(w.lines, POSITIONS).top + 1]!);
      expect(title?.[2]).not.toBe(gid);
      expect(gameId(w.lines)).not.toBe(gid);
    }
    // The game did end during the watch: a later game took the GAME pane before or with the result.
    const result = watched.at(-1)!.lines;
    expect(gameId(result)).not.toBe(gid);
    // Once the result is in, the ended game's rows are gone: the card speaks for them.
    expect(positionSeen(result, gid, strike, stake)).toBeUndefined();
    expect(result.some((l) => l.includes("settling"))).toBe(false);

    // The card, inside the BALANCE pane's borders (findPane checked each row's right border): outcome and net,
    // staked and paid, the close against the strike. Every amount with two decimals, or more under half a cent.
    const balance = pane(result, BALANCE);
    expect(balance.top).toBe(1);
    expect(balance.left).toBeGreaterThan(COLS / 2);
    expect(balance.right).toBe(COLS - 1);
    const [head, money, close] = card;
    const outcome = new RegExp(`^ LAST #…${gid} (WON|LOST|EVEN) ([+-]?[\\d,]+\\.\\d{2,6}) USDC\\s*$`).exec(head);
    expect(outcome, head).not.toBeNull();
    const [word, net] = [outcome![1]!, outcome![2]!];
    // The paid amount, like the net, keeps its digits under half a cent (0.00401), never 0.00.
    const paidLine = /^ staked ([\d,]+\.\d\d) │ paid ([\d,]+\.\d{2,6})\s*$/.exec(money);
    expect(paidLine, money).not.toBeNull();
    const [staked, paid] = [paidLine![1]!, paidLine![2]!];
    expect(staked).toBe(stake);
    // The net is paid − staked, each rounded to the cent on its own.
    expect(Math.abs(cents(net) - (cents(paid) - cents(staked)))).toBeLessThanOrEqual(1);
    // The word carries the direction, and so does the sign: a net under half a cent keeps its digits (-0.002413), never 0.00.
    if (word === "WON") expect(net).toMatch(/^\+/);
    if (word === "LOST") expect(net).toMatch(/^-/);
    if (word === "EVEN") expect(net).toBe("0.00");
    const closeLine = new RegExp(
      `^ close ([\\d,]+\\.\\d\\d) │ @${literal(strike.replace(/\.00$/, ""))} ([+-]?)([\\d,]+\\.\\d\\d)\\s*$`,
    ).exec(close);
    expect(closeLine, close).not.toBeNull();
    const gap = cents(closeLine![1]!) - cents(strike);
    expect(cents(closeLine![3]!)).toBe(Math.abs(gap));
    expect(closeLine![2]).toBe(gap > 0 ? "+" : gap < 0 ? "-" : "");

    // The footer's toast, right under the last pane, with the card's figures, and the data age beside it.
    const toasted = screenRows(await t.waitSteady((s) => /^settled #…/m.test(s), 3_000, "the settlement toast"), COLS, ROWS);
    const footer = footerRow(toasted);
    expect(footer).toBeGreaterThanOrEqual(ROWS - 2);
    expect(toasted[footer - 1]).toMatch(/^╰─+╯$/);
    expect(toasted[footer]).toMatch(
      new RegExp(
        `^settled #…${gid} BTC_USDT 10s: ${word} ${literal(net)} USDC · staked ${literal(staked)} · paid ${literal(paid)} · r results +data [\\d.]+s old \\(\\d\\d:\\d\\d:\\d\\d\\)$`,
      ),
    );

    // The card stays until the next settlement: still there, unchanged, once the next game has started.
    const afterResult = gameId(result)!;
    const later = (s: string) => {
      const now = gameId(s.split("\n"));
      return now !== undefined && now !== afterResult;
    };
    const next = screenRows(await t.waitSteady(later, 20_000, "the next game"), COLS, ROWS);
    expect(gameId(next)).not.toBe(gid);
    expect(lastCard(next, gid)).toEqual(card);
    expect(positionSeen(next, gid, strike, stake)).toBeUndefined();

    t.type("q");
    await t.waitFor((s) => s.includes("EXITED=0"), 5_000, "a clean exit");
  });
});
