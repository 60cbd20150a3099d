/**
 * `spotdash results --all` and `spotdash stats` against the sim with a
 * history of settled games, run in-process as the CLI runs them: the CSV,
 * read back by a real CSV parser, is the NDJSON row for row; both cover
 * every game, one request a second; `stats --json`'s net is exactly the
 * sum of the exported games' nets.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COLUMNS } from "../../src/commands/export/rows.js";
import { Decimal, sum } from "../../src/domain/money.js";
import { envFor, gaps, runCommandIn } from "../helpers/run-command.js";
import { startTestSim, type TestSim } from "./sim-helpers.js";

describe("exporting the results", () => {
  let t: TestSim;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    t = await startTestSim({ historyDays: 3, historyGamesPerDay: 90 });
    env = { ...envFor(t), SPOTDASH_STATE_DIR: mkdtempSync(join(tmpdir(), "spotdash-export-")) };
  });
  afterAll(async () => {
    await t.close();
  });

  it("prints the CSV a CSV parser reads back as the NDJSON, a row per position, over every page", { timeout: 60_000 }, async () => {
    const csv = await runCommandIn(["results", "--all", "--csv", "--per", "position"], env);
    expect(csv.code).toBe(0);
    const nd = await runCommandIn(["results", "--all", "--ndjson", "--per", "position"], env);
    expect(nd.code).toBe(0);
    const rows = nd.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const table = parse(csv.stdout, { columns: true }) as Record<string, string>[];
    expect(Object.keys(table[0]!)).toEqual([...COLUMNS.position]);
    expect(table).toHaveLength(rows.length);
    // CSV has text only: a JSON null is an empty field, a boolean or number its text.
    const asText = (v: unknown) => (v === null ? "" : String(v));
    for (let i = 0; i < rows.length; i++) {
      expect(table[i]).toEqual(Object.fromEntries(Object.entries(rows[i]!).map(([k, v]) => [k, asText(v)])));
    }
    // Every game of the history, each of its positions once, newest first; amounts as the service's decimal strings.
    const games = new Set(rows.map((r) => r.gid));
    expect(games.size).toBe(270);
    expect(new Set(rows.map((r) => r.txid)).size).toBe(rows.length);
    const settled = rows.map((r) => Date.parse(String(r.settled_at)));
    expect(settled).toEqual([...settled].sort((a, b) => b - a));
    for (const r of rows) expect(String(r.f)).toMatch(/^\d+(\.\d+)?$/);
    // Three pages of 100, a second apart at least.
    expect(nd.starts).toHaveLength(3);
    expect(Math.min(...gaps(nd.starts))).toBeGreaterThanOrEqual(990);
  });

  it("stats --json adds up to the export: net = paid − staked, exactly", { timeout: 60_000 }, async () => {
    const nd = await runCommandIn(["results", "--all", "--json"], env);
    const games = nd.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, string | boolean | null>);
    const stats = await runCommandIn(["stats", "--json"], env);
    expect(stats.code).toBe(0);
    const doc = JSON.parse(stats.stdout) as { figures: Record<string, unknown>; kept_games: number; pages_read: number };
    expect(doc.kept_games).toBe(270);
    const played = games.filter((g) => g.cancelled !== true);
    const net = sum(played.map((g) => new Decimal(String(g.net_return))));
    expect(new Decimal(String(doc.figures.net)).eq(net)).toBe(true);
    expect(new Decimal(String(doc.figures.paid)).minus(String(doc.figures.staked)).eq(net)).toBe(true);
    expect(doc.figures.cancelled).toBe(games.length - played.length);
    // Brought up to date again: the kept history is read, one page this time.
    const again = await runCommandIn(["stats", "--json"], env);
    expect((JSON.parse(again.stdout) as { pages_read: number }).pages_read).toBe(1);
  });

  it("refuses a mistaken command line with one clear line and exit 1, sending nothing", async () => {
    for (const [argv, said] of [
      [["results", "--all", "--limit", "5"], /--all reads every page: it takes no --limit/],
      [["results", "--all", "--csv", "--ndjson"], /takes one of --csv and --ndjson/],
      [["results", "--csv"], /--csv goes with --all/],
      [["results", "--all", "--per", "txid"], /--per must be game or position \(got "txid"\)/],
      [["stats", "--range", "week"], /--range must be one of today, 7d, 30d, all \(got "week"\)/],
    ] as const) {
      const r = await runCommandIn([...argv], env);
      expect(r.code, argv.join(" ")).toBe(1);
      expect(r.stdout).toBe("");
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).toMatch(said);
      expect(r.starts).toEqual([]);
    }
  });
});
