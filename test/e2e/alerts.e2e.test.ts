/**
 * Alerts as a trader meets them, in tmux against the embedded sim: two
 * price rules made with the alert form (A) at the live price, one for each
 * way it may cross, and a countdown to the close, then work in another
 * window. The first alert rings the bell (tmux flags the dashboard's
 * window), runs the notify_command of the config file (which writes the
 * event to a file), and shows on the alert line above the footer, the key
 * hints still there; the alerts list (L) has it. The sim's price is a
 * random walk that can stay away from a level for minutes; the countdown
 * comes once a game whatever the price does, so an alert is sure within a
 * minute. The alert line shows the newest alert, which may be the second
 * if two come close together; the one it shows is checked whole.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { footerRow, screenRows } from "../helpers/screen.js";
import { CLI, TmuxSession } from "../helpers/tmux.js";
import { until } from "../helpers/until.js";

const COLS = 90;
const ROWS = 20;

describe("alerts in a 90x20 pane", () => {
  let t: TmuxSession | undefined;
  let dir: string | undefined;
  afterEach(() => {
    t?.kill();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    t = undefined;
    dir = undefined;
  });

  it("alerts made on the screen ring the bell in another window, run notify_command and show above the hints", {
    timeout: 160_000,
  }, async () => {
    dir = mkdtempSync(join(tmpdir(), "spotdash-e2e-alerts-"));
    const notified = join(dir, "notified.ndjson");
    mkdirSync(join(dir, "config", "spotdash"), { recursive: true });
    writeFileSync(
      join(dir, "notify.mjs"),
      `import { appendFileSync } from "node:fs";\nlet s = "";\nprocess.stdin.on("data", (d) => (s += d)).on("end", () => appendFileSync(${JSON.stringify(notified)}, s));\n`,
    );
    writeFileSync(
      join(dir, "config", "spotdash", "config.toml"),
      `[alerts]\nnotify_command = ["node", ${JSON.stringify(join(dir, "notify.mjs"))}]\n`,
    );
    t = new TmuxSession(COLS, ROWS, { XDG_CONFIG_HOME: join(dir, "config") });
    t.run(`cd ${dir} && (unset METAFIDE_API_KEY METAFIDE_USER_ADDRESS; node ${CLI}); echo EXITED=$?`);
    await t.waitFor((s) => /^live [\d,]+\.\d\d/m.test(s), 20_000, "the live price");

    // Just above and just below the live price: whichever way the price goes, one of them fires.
    t.keys("A");
    const form = await t.waitFor((s) => /NEW ALERT ‹price above› \[\d+/.test(s), 5_000, "the alert form above the live price");
    const above = /NEW ALERT ‹price above› \[(\d+)/.exec(form)![1]!;
    t.keys("Enter");
    await t.waitFor((s) => s.includes("alert set: BTC_USDT above"), 5_000, "the first rule saved");
    t.keys("A");
    await t.waitFor((s) => s.includes("NEW ALERT ‹price above›"), 5_000, "the form again");
    t.keys("BTab", "Right");
    const belowForm = await t.waitFor((s) => /NEW ALERT ‹price below› \[\d+/.test(s), 5_000, "the kind changed to below");
    // The level moves to the price's other side with the kind: the first whole number under it.
    const below = /NEW ALERT ‹price below› \[(\d+)/.exec(belowForm)![1]!;
    expect(Number(below)).toBeLessThan(Number(above));
    t.keys("Enter");
    await t.waitFor((s) => s.includes("alert set: BTC_USDT below"), 5_000, "the second rule saved");
    t.keys("A");
    await t.waitFor((s) => s.includes("NEW ALERT ‹price above›"), 5_000, "the form a third time");
    t.keys("BTab", "Right", "Right");
    await t.waitFor((s) => s.includes("NEW ALERT ‹before close›"), 5_000, "the kind changed to the countdown");
    t.keys("Enter");
    await t.waitFor((s) => s.includes("alert set: 10 s before predictions close"), 5_000, "the third rule saved");

    t.openOtherWindow();
    // A one-minute game closes within 75 s of any moment, and the countdown fires 10 s before.
    await until(
      () => existsSync(notified),
      90_000,
      () => "no alert in 90 s",
    );
    await until(
      () => t!.windowFormat(0, "#{window_bell_flag}") === "1",
      5_000,
      () => "the dashboard's window was not flagged",
    );
    // Each alert fired so far, as the alert line and the list say it; a second may come while the first is read.
    const fired = () =>
      readFileSync(notified, "utf8")
        .trim()
        .split("\n")
        .map((line) => {
          const event = JSON.parse(line) as Record<string, unknown>;
          expect(Object.keys(event)).not.toContain("key");
          return event.event === "price" ? priceAlert(event, event.direction === "above" ? above : below) : closingAlert(event);
        });
    expect(fired().length).toBeGreaterThan(0);

    t.selectWindow(0);
    // The alert line shows the newest alert for 10 s; the "alert set" message in the footer goes after a few.
    let alert = fired()[0]!;
    const shown = await t.waitFor(
      (s) => {
        const match = fired().find((a) => s.includes(a.shown));
        if (match !== undefined) alert = match;
        return /^q quit/m.test(s) && match !== undefined;
      },
      8_000,
      "the alert line over the hints",
    );
    const lines = screenRows(shown, COLS, ROWS);
    const footer = footerRow(lines);
    expect(lines[footer - 1]).toMatch(alert.line);
    expect(lines[footer]).toMatch(/^q quit {2}\? help .*data [\d.]+s old/);
    expect(lines[0]).toMatch(/^spotdash │ SIM /);

    t.keys("L");
    const list = await t.waitFor((s) => s.includes("FIRED newest first"), 5_000, "the alerts list");
    expect(list).toContain(`BTC_USDT above ${Number(above).toLocaleString("en-US")}.00, once`);
    expect(list).toContain(`BTC_USDT below ${Number(below).toLocaleString("en-US")}.00, once`);
    expect(list).toContain("10 s before predictions close");
    expect(list).toMatch(new RegExp(`\\d\\d:\\d\\d:\\d\\d {2}${alert.listed}`));
    t.keys("Escape");
    await t.waitFor((s) => !s.includes("FIRED newest first"), 5_000, "the list closed");
    t.keys("q");
    await t.waitFor((s) => s.includes("EXITED=0"), 5_000, "the dashboard quits");
  });
});

/** A price rule's crossing: its event object, and how the alert line and the list say it. */
function priceAlert(event: Record<string, unknown>, level: string) {
  expect(event).toMatchObject({ event: "price", asset: "BTC_USDT", level, source: "focused" });
  expect(["above", "below"]).toContain(event.direction);
  expect(event.rule).toBe(`price:BTC_USDT:${event.direction}:${level}`);
  const verb = event.direction === "above" ? "rose above" : "fell below";
  return {
    shown: `ALERT BTC_USDT ${verb}`,
    line: new RegExp(`^ALERT BTC_USDT ${verb} [\\d,]+\\.00: [\\d,]+\\.\\d\\d\\s*$`),
    listed: `BTC_USDT ${verb}`,
  };
}

/** The countdown's alert: its event object, and how the alert line and the list say it. */
function closingAlert(event: Record<string, unknown>) {
  expect(event).toMatchObject({ event: "closing", rule: "closing:10", asset: "BTC_USDT", interval: 60, seconds: 10, held: false });
  return {
    shown: "ALERT predictions close",
    // The line counts on to the lock while it shows (alertTextAt): fired at 0:10, it is read a few seconds later.
    line: /^ALERT predictions (close in 0:(0\d|10)|closed): #\S+ BTC_USDT 1m, nothing held\s*$/,
    listed: "predictions close in",
  };
}
