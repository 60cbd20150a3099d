/**
 * One runner at a time may spend a strategy's day (src/strategy/spend-file.ts,
 * lockSpendFile): a second is refused while the first is armed, may arm once
 * the first pauses, and takes over a lock whose process is gone. The file
 * refuses a negative stake or a day that is not a day.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { initialSnapshot } from "../../src/poller/snapshot.js";
import { Store } from "../../src/poller/store.js";
import { openRunner } from "../../src/strategy/open-runner.js";
import { lockSpendFile, readSpendFile, spendFilePath, writeSpendFile } from "../../src/strategy/spend-file.js";
import type { StrategyConfig } from "../../src/strategy/strategy.js";
import { defaultStake, defaultStrike, NO_LIMITS } from "../../src/strategy/strategy.js";

const strategy: StrategyConfig = {
  name: "ten",
  market: { asset: "BTC_USDT", interval: 10, network: "testnet", currency: "USDC" },
  positionsPerGame: 3,
  strike: defaultStrike(10),
  stake: defaultStake(10),
  when: { earlyOnly: false, fromSeconds: undefined, untilSeconds: undefined, nextGame: true },
  limits: NO_LIMITS,
  paper: false,
  where: "test",
};

function runner(stateDir: string) {
  const source = {
    store: new Store(initialSnapshot(strategy.market)),
    serverNow: () => Date.now(),
    place: async () => ({}) as never,
  };
  return openRunner(strategy, source, { stateDir, service: { sim: true, label: "sim" }, apiKey: undefined });
}

describe("the spend file's lock", () => {
  it("lets one runner arm at a time", async () => {
    const dir = mkdtempSync(join(tmpdir(), "spotdash-lock-"));
    const a = runner(dir);
    const b = runner(dir);
    expect(a.arm()).toBeUndefined();
    // Another process: the lock names this one, so it is taken as held by a live pid.
    const path = spendFilePath(dir, "sim", "ten", "testnet");
    writeFileSync(`${path}.lock`, String(process.ppid));
    expect(b.arm()).toMatch(/^armed by spotdash pid \d+: pause it there first$/);
    writeFileSync(`${path}.lock`, String(process.pid));
    a.pause();
    expect(b.arm()).toBeUndefined();
    await b.stop();
  });

  it("takes over a lock whose process is gone", () => {
    const dir = mkdtempSync(join(tmpdir(), "spotdash-lock-"));
    const path = spendFilePath(dir, "sim", "ten", "testnet");
    expect(typeof lockSpendFile(path)).toBe("object");
    writeFileSync(`${path}.lock`, "999999999");
    const got = lockSpendFile(path);
    expect(typeof got).toBe("object");
    if (typeof got === "object") got.release();
  });

  it.each([
    ['"dayStaked": "-5"', /not readable/],
    ['"day": "yesterday"', /not readable/],
  ])("refuses a spend file with %s", (change, problem) => {
    const dir = mkdtempSync(join(tmpdir(), "spotdash-lock-"));
    const path = join(dir, "s.json");
    const good = {
      version: 1,
      spend: { day: "2026-11-25", dayStaked: "1", sessionStaked: "1", games: {}, paid: "0", net: "0", losingStreak: 0 },
      own: [],
    };
    const [key, value] = change.split(": ") as [string, string];
    const text = JSON.stringify(good).replace(new RegExp(`${key}:"[^"]*"`), `${key}:${value}`);
    writeFileSync(path, text);
    expect(() => readSpendFile(path, Date.now())).toThrow(problem);
  });
});

describe("the spend file's placements", () => {
  it("keep the price each strike was aimed from, so a live ladder relaunched keeps its centre; a file without one reads as before", () => {
    const dir = mkdtempSync(join(tmpdir(), "spotdash-spend-"));
    const path = join(dir, "s.json");
    const spend = { day: "2026-11-25", dayStaked: "1", sessionStaked: "1", games: {}, paid: "0", net: "0", losingStreak: 0 };
    const own = [{ gid: "100", sp: "67036", f: "0.5", state: "placed", txid: "t1", ref: "67036.4" }];
    writeFileSync(path, JSON.stringify({ version: 1, spend, own }));
    const kept = readSpendFile(path, Date.parse("2026-11-25T12:00:00Z"));
    writeSpendFile(path, kept);
    expect(readSpendFile(path, Date.parse("2026-11-25T12:00:00Z")).own).toEqual(own);
    writeFileSync(path, JSON.stringify({ version: 1, spend, own: [{ ...own[0], ref: undefined }] }));
    expect(readSpendFile(path, Date.parse("2026-11-25T12:00:00Z")).own[0]?.ref).toBeUndefined();
  });
});
