/**
 * `spotdash book` and `spotdash watch --book` against the real sim over
 * loopback: positions placed through the client in markets other than the
 * focused one are found by the discovery pass (at 1 request/s), with their
 * counts, stakes and times; NDJSON and the table for people.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommand } from "../../src/commands/index.js";
import { loadConfig } from "../../src/config/load.js";
import { cwd, envFor, gaps, runCommandIn } from "../helpers/run-command.js";
import type { LiveListing } from "../helpers/spec-client.js";
import { body, startTestSim, type TestSim, toNextGame } from "./sim-helpers.js";

type Line = Record<string, unknown> & { type: string };

const ndjson = (text: string): Line[] =>
  text
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Line);

describe("book against the sim", () => {
  let t: TestSim;
  let env: NodeJS.ProcessEnv;
  let ethHour: LiveListing;
  let btcHour: LiveListing;
  let btcDay: LiveListing;

  beforeAll(async () => {
    t = await startTestSim();
    // A day game just opened; hour games are aligned alike for every asset: move to one that accepts.
    await toNextGame(t, "BTC_USDT", 86_400);
    if (!(await t.client.spot({ asset: "ETH_USDT", interval: 3600 })).can_place_position) await toNextGame(t, "ETH_USDT", 3600);
    t.clock.advance(5_000);
    ethHour = await t.client.spot({ asset: "ETH_USDT", interval: 3600 });
    btcHour = await t.client.spot({ asset: "BTC_USDT", interval: 3600 });
    btcDay = await t.client.spot({ asset: "BTC_USDT", interval: 86_400 });
    for (const l of [ethHour, btcHour, btcDay]) expect(l.can_place_position).toBe(true);
    await t.client.placePosition(body(t, ethHour, { sp: "3500", f: "1.5" }));
    await t.client.placePosition(body(t, ethHour, { sp: "3510.25", f: "2" }));
    await t.client.placePosition(body(t, btcHour, { sp: "68000", f: "1.25" }));
    await t.client.placePosition(body(t, btcDay, { sp: "68100", f: "5" }));
    env = envFor(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it("book --json: a row per game held in the other markets, then the summary; requests 1 s apart", async () => {
    // Focused on BTC_USDT 1m, where nothing is held: all three games are found by the discovery pass.
    const r = await runCommandIn(["book", "--json", "--asset", "BTC_USDT", "--interval", "60"], env);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    for (const gap of gaps(r.starts)) expect(gap).toBeGreaterThanOrEqual(1000);
    const lines = ndjson(r.stdout);
    const rows = lines.filter((l) => l.type === "book");
    const byGid = (gid: string) => rows.find((x) => x.gid === gid);
    expect(rows).toHaveLength(3);
    expect(byGid(ethHour.liveGame.gid)).toMatchObject({ asset: "ETH_USDT", interval: 3600, positions: 2, staked: "3.5", focused: false });
    expect(byGid(btcHour.liveGame.gid)).toMatchObject({ asset: "BTC_USDT", interval: 3600, positions: 1, staked: "1.25" });
    expect(byGid(btcDay.liveGame.gid)).toMatchObject({ asset: "BTC_USDT", interval: 86_400, positions: 1, staked: "5" });
    for (const row of rows) {
      expect(row).toMatchObject({ ended: false, closes_in_ms: expect.any(Number), ends_in_ms: expect.any(Number) });
      expect(row.closes_in_ms as number).toBeGreaterThan(0);
      expect(row.distance).toMatch(/^-?\d+(\.\d+)?$/);
      expect(typeof row.projected_winnings).toBe("string");
      expect(typeof row.age_ms).toBe("number");
    }
    // The game ending soonest first: the hour games before the day game.
    expect(rows[2]!.gid).toBe(btcDay.liveGame.gid);
    const summary = lines.at(-1)!;
    expect(summary).toMatchObject({ type: "book_summary", games: 3, positions: 4 });
    expect(summary.projected_net).toMatch(/^-?\d+(\.\d+)?$/);
  }, 60_000);

  it("book for people: the table with the focused game among them, and the summary line", async () => {
    // Focused on ETH_USDT 1h and looking through ETH_USDT only: three markets, two to discover.
    const r = await runCommandIn(["book", "--asset", "ETH_USDT", "--assets", "ETH_USDT", "--interval", "3600"], env);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^GAME\s+CLOSES IN\s+ENDS IN\s+POS\s+STAKE\s+PROJ\.GROSS\s+RETURN\s+PRICE−NEAREST\s+AGE$/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(new RegExp(`^ETH_USDT 1h #${ethHour.liveGame.gid}\\s+\\d+:\\d\\d\\s+\\d+:\\d\\d\\s+2\\s+3\\.50\\s`));
    expect(lines[1]).toMatch(/[+-]?[\d,]+\.\d\d\s+\d+(\.\d)?s$/);
    expect(lines[2]).toMatch(/^1 game · 2 positions · proj net [+-]?[\d,]+\.\d+ USDC$/);
  }, 30_000);

  it("book --json with nothing held (the positions are on testnet): only the summary line, with zeros", async () => {
    const json = await runCommandIn(["book", "--json", "--asset", "ETH_USDT", "--assets", "ETH_USDT", "--network", "mainnet"], env);
    expect(json.stderr).toBe("");
    expect(json.code).toBe(0);
    expect(ndjson(json.stdout)).toEqual([{ type: "book_summary", games: 0, positions: 0, projected_net: "0" }]);
  }, 30_000);

  it("watch --book --json: the held game's row and the summary once each, until aborted", async () => {
    const stop = new AbortController();
    const lines: Line[] = [];
    const loaded = loadConfig({ argv: ["watch", "--book", "--json", "--asset", "ETH_USDT", "--assets", "ETH_USDT"], env, cwd });
    if (loaded.kind !== "run") throw new Error("unexpected");
    const code = await runCommand("watch", loaded.rest, loaded.config, {
      stdout: {
        write: (s: string) => {
          lines.push(...ndjson(s));
          if (lines.some((l) => l.type === "book_summary")) setTimeout(() => stop.abort(), 1_500);
        },
      },
      stderr: { write: () => undefined },
      signal: stop.signal,
    });
    expect(code).toBe(0);
    const book = lines.filter((l) => l.type === "book");
    expect(book).toHaveLength(1);
    expect(book[0]).toMatchObject({ asset: "ETH_USDT", interval: 3600, gid: ethHour.liveGame.gid, positions: 2, staked: "3.5" });
    expect(typeof book[0]!.at).toBe("number");
    expect(lines.filter((l) => l.type === "book_summary")).toEqual([expect.objectContaining({ games: 1, positions: 2 })]);
  }, 30_000);
});
