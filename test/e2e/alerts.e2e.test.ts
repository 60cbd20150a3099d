/**
 * Alerts as a trader meets them, in tmux against the embedded sim: two
 * price rules made with the alert form (A) on each side of the live price,
 * then work in another window. A crossing rings the bell (tmux flags the
 * dashboard's window), runs the notify_command of the config file (which
 * writes the event to a file), and shows on the alert line above the
 * footer, the key hints still there; the alerts list (L) has it.
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

  it("a price alert made on the screen rings the bell in another window, runs notify_command and shows above the hints", {
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

    // Above and below the live price, rounded: whichever way the price crosses the level, one of them fires.
    t.keys("A");
    const form = await t.waitFor((s) => /NEW ALERT ‹price above› \[\d+/.test(s), 5_000, "the alert form at the live price");
    const level = /NEW ALERT ‹price above› \[(\d+)/.exec(form)![1]!;
    t.keys("Enter");
    await t.waitFor((s) => s.includes("alert set: BTC_USDT above"), 5_000, "the first rule saved");
    t.keys("A");
    await t.waitFor((s) => s.includes("NEW ALERT ‹price above›"), 5_000, "the form again");
    t.keys("BTab", "Right");
    await t.waitFor((s) => s.includes("NEW ALERT ‹price below›"), 5_000, "the kind changed to below");
    t.keys("Enter");
    await t.waitFor((s) => s.includes("alert set: BTC_USDT below"), 5_000, "the second rule saved");

    t.openOtherWindow();
    // The sim's path at this minute may drift away from the level for a while before it comes back.
    await until(
      () => existsSync(notified),
      100_000,
      () => "no alert in 100 s",
    );
    await until(
      () => t!.windowFormat(0, "#{window_bell_flag}") === "1",
      5_000,
      () => "the dashboard's window was not flagged",
    );
    const event = JSON.parse(readFileSync(notified, "utf8").trim().split("\n")[0]!);
    expect(event).toMatchObject({ event: "price", asset: "BTC_USDT", level, source: "focused" });
    expect(["above", "below"]).toContain(event.direction);
    expect(event.rule).toBe(`price:BTC_USDT:${event.direction}:${level}`);
    expect(Object.keys(event)).not.toContain("key");

    t.selectWindow(0);
    // The alert shows for 10 s; the "alert set" message in the footer goes after a few.
    const verb = event.direction === "above" ? "rose above" : "fell below";
    const shown = await t.waitFor(
      (s) => /^q quit/m.test(s) && s.includes(`ALERT BTC_USDT ${verb}`),
      8_000,
      "the alert line over the hints",
    );
    const lines = screenRows(shown, COLS, ROWS);
    const footer = footerRow(lines);
    expect(lines[footer - 1]).toMatch(new RegExp(`^ALERT BTC_USDT ${verb} [\\d,]+\\.00: [\\d,]+\\.\\d\\d\\s*$`));
    expect(lines[footer]).toMatch(/^q quit {2}\? help .*data [\d.]+s old/);
    expect(lines[0]).toMatch(/^spotdash │ SIM /);

    t.keys("L");
    const list = await t.waitFor((s) => s.includes("FIRED newest first"), 5_000, "the alerts list");
    expect(list).toContain(`BTC_USDT above ${Number(level).toLocaleString("en-US")}.00, once`);
    expect(list).toMatch(new RegExp(`\\d\\d:\\d\\d:\\d\\d {2}BTC_USDT ${verb}`));
    t.keys("Escape");
    await t.waitFor((s) => !s.includes("FIRED newest first"), 5_000, "the list closed");
    t.keys("q");
    await t.waitFor((s) => s.includes("EXITED=0"), 5_000, "the dashboard quits");
  });
});
