/** `spotdash sim`: flag parsing, the ready lines, clean shutdown, and one clear line for bad flags. */
import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseSimArgs, runSimCommand, type SimIo } from "../../src/sim/command.js";
import { startSim } from "../../src/sim/index.js";
import { announcementPath, announceSim, findAnnouncedSim, readAnnouncement } from "../../src/sim-announcement.js";
import { SpecClient } from "../helpers/spec-client.js";

function fakeIo() {
  const out: string[] = [];
  const err: string[] = [];
  let stop!: () => void;
  const stopped = new Promise<void>((r) => (stop = r));
  let ready!: () => void;
  const isReady = new Promise<void>((r) => (ready = r));
  const io: SimIo = {
    stateDir: mkdtempSync(join(tmpdir(), "spotdash-sim-state-")),
    out: (l) => {
      out.push(l);
      if (l.startsWith("seed:")) ready();
    },
    err: (l) => err.push(l),
    stopSignal: () => stopped,
  };
  return { io, out, err, stop, isReady };
}

describe("parseSimArgs", () => {
  it("defaults to no options but the crowd and three days of played history", () => {
    expect(parseSimArgs([])).toEqual({ kind: "run", options: { crowd: true, historyDays: 3 } });
  });

  it("reads every flag", () => {
    const parsed = parseSimArgs([
      "--host",
      "0.0.0.0",
      "--port",
      "0",
      "--seed",
      "42",
      "--key",
      "k1-abcdefgh",
      "--key",
      "k2-abcdefgh",
      "--rate-limit",
      "strict",
      "--data",
      "/tmp/x",
      "--no-crowd",
      "--history",
      "7",
    ]);
    expect(parsed).toEqual({
      kind: "run",
      options: {
        host: "0.0.0.0",
        port: 0,
        seed: 42,
        keys: ["k1-abcdefgh", "k2-abcdefgh"],
        rateLimit: "strict",
        dataDir: "/tmp/x",
        crowd: false,
        historyDays: 7,
      },
    });
    expect(parseSimArgs(["--history", "0"])).toMatchObject({ options: { historyDays: 0 } });
    expect(parseSimArgs(["--history", "30"])).toMatchObject({ options: { historyDays: 30 } });
    expect(parseSimArgs(["--help"])).toEqual({ kind: "help" });
  });

  it("reads the market switches and the wire style", () => {
    const parsed = parseSimArgs([
      "--pause",
      "BTC_USDT/60=40",
      "--pause",
      "ETH_USDT",
      "--no-next",
      "BTC_USDT/3600",
      "--wire",
      "ids-as-numbers,no-lobby",
    ]);
    expect(parsed).toEqual({
      kind: "run",
      options: {
        crowd: true,
        historyDays: 3,
        pause: [{ asset: "BTC_USDT", interval: 60, forMs: 40_000 }, { asset: "ETH_USDT" }],
        noNextGame: [{ asset: "BTC_USDT", interval: 3600 }],
        wire: ["ids-as-numbers", "no-lobby"],
      },
    });
    expect(parseSimArgs(["--wire", "loose"])).toMatchObject({ options: { wire: "loose" } });
  });

  it.each([
    [["--port", "http"], /--port must be a whole number from 0 to 65535, got "http"/],
    [["--history", "31"], /--history must be a whole number of days from 0 to 30, got "31"/],
    [["--history=-1"], /--history must be a whole number of days from 0 to 30, got "-1"/],
    [["--history", "-1"], /--history/],
    [["--history", "2.5"], /--history must be a whole number of days from 0 to 30, got "2.5"/],
    [["--history", "three"], /--history must be a whole number of days from 0 to 30, got "three"/],
    [["--port", "70000"], /--port must be/],
    [["--seed", "1.5"], /--seed must be a whole number from 0 to 4294967295/],
    [["--rate-limit", "fast"], /--rate-limit must be one of real, strict, off, got "fast"/],
    [["--key", "has space"], /--key must be/],
    [["--bogus"], /Unknown option '--bogus'/],
    [["--port"], /--port/],
    [["extra"], /positional/i],
    [["--pause", "DOGE_USDT"], /--pause: the sim lists BTC_USDT and ETH_USDT, got "DOGE_USDT"/],
    [["--pause", "BTC_USDT/61"], /--pause: the interval must be one of 10, 60, 3600, 86400, got 61/],
    [["--pause", "btc"], /--pause must be ASSET or ASSET\/INTERVAL, then =SECONDS if it ends/],
    [["--no-next", "BTC_USDT/60=5"], /--no-next must be ASSET or ASSET\/INTERVAL, e.g. BTC_USDT\/60, got "BTC_USDT\/60=5"/],
    [["--wire", "strings"], /--wire must be "loose" or names from: decimals-as-numbers, .* \(got "strings"\)/],
  ])("refuses %j with one line naming the flag", (argv, message) => {
    const parsed = parseSimArgs(argv);
    expect(parsed.kind).toBe("error");
    if (parsed.kind === "error") {
      expect(parsed.message).toMatch(message);
      expect(parsed.message).not.toContain("\n");
      expect(parsed.message.startsWith("spotdash sim: ")).toBe(true);
    }
  });
});

describe("runSimCommand", () => {
  it("prints the ready line and the wallet of each given key (not the key), serves until stopped, then closes", async () => {
    const f = fakeIo();
    // No played history: its user's balance is the starting one.
    const run = runSimCommand(["--port", "0", "--seed", "3", "--key", `metafide_${"e".repeat(32)}`, "--no-crowd", "--history", "0"], f.io);
    await f.isReady;
    expect(f.out[0]).toMatch(/^spotdash sim listening on http:\/\/127\.0\.0\.1:\d+$/);
    expect(f.out.slice(1, 4)).toEqual(["api key: --key #1", expect.stringMatching(/^wallet: 0x[0-9a-f]{40}$/), "seed: 3"]);
    const url = f.out[0]!.split(" ").at(-1)!;
    const client = new SpecClient({ url, apiKey: `metafide_${"e".repeat(32)}` });
    expect((await client.balance({ currency: "USDC", network: "testnet" })).balance).toBe("1000");
    await client.close();
    f.stop();
    expect(await run).toBe(0);
    expect(f.out.at(-1)).toBe("spotdash sim stopped");
    await expect(fetch(url)).rejects.toThrow();
    // Withdrawn as it stopped: nobody is sent to a sim that is gone.
    expect(readAnnouncement(f.io.stateDir!)).toBeUndefined();
  });

  it("generates and prints a demo key when none is given", async () => {
    const f = fakeIo();
    const run = runSimCommand(["--port", "0"], f.io);
    await f.isReady;
    expect(f.out[1]).toMatch(/^api key: metafide_[0-9a-f]{32}$/);
    f.stop();
    await run;
  });

  it("gives a new world three days of played games, kept with --data; --history 0 gives none", async () => {
    const data = mkdtempSync(join(tmpdir(), "spotdash-sim-data-"));
    const games = async (argv: string[]) => {
      const f = fakeIo();
      const run = runSimCommand(["--port", "0", "--seed", "5", "--no-crowd", ...argv], f.io);
      await f.isReady;
      const client = new SpecClient({ url: f.out[0]!.split(" ").at(-1)!, apiKey: f.out[1]!.slice("api key: ".length) });
      const total = (await client.results({ network: "testnet" })).pagination.total;
      await client.close();
      f.stop();
      expect(await run).toBe(0);
      return total;
    };
    expect(await games(["--data", data])).toBe(180);
    // The world has its history: a later start neither adds one nor takes it away.
    expect(await games(["--data", data, "--history", "0"])).toBe(180);
    expect(await games(["--history", "0"])).toBe(0);
    expect(await games(["--history", "1"])).toBe(60);
  });

  it("announces itself in the state directory, the owner's alone, for the dashboard and the --sim commands", async () => {
    const f = fakeIo();
    const run = runSimCommand(["--port", "0", "--no-crowd"], f.io);
    await f.isReady;
    const path = announcementPath(f.io.stateDir!);
    expect(f.out).toContain(`announced in ${path}: the dashboard and --sim commands use this sim`);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const found = await findAnnouncedSim(f.io.stateDir!);
    expect(found).toMatchObject({
      url: f.out[0]!.split(" ").at(-1),
      key: f.out[1]!.slice("api key: ".length),
      pid: process.pid,
      by: "spotdash sim",
    });
    // Its demo wallet can try mainnet too.
    const client = new SpecClient({ url: found!.url, apiKey: found!.key });
    expect((await client.balance({ currency: "USDC", network: "mainnet" })).balance).toBe("100");
    await client.close();
    f.stop();
    await run;
    expect(await findAnnouncedSim(f.io.stateDir!)).toBeUndefined();
  });

  it("passes over an announcement whose process is gone or whose port takes no connection", async () => {
    const dir = mkdtempSync(join(tmpdir(), "spotdash-sim-state-"));
    const stale = { url: "http://127.0.0.1:9", key: "k", wallet: "0x1", seed: 1, by: "spotdash sim" };
    // Our own pid, alive, but nothing listens on the discard port.
    announceSim(dir, { ...stale, pid: process.pid });
    expect(await findAnnouncedSim(dir)).toBeUndefined();
    // A pid no process holds.
    const other = await startSim({ port: 0, crowd: false });
    announceSim(dir, { ...stale, url: other.url, pid: 2 ** 22 + 1 });
    expect(await findAnnouncedSim(dir)).toBeUndefined();
    announceSim(dir, { ...stale, url: other.url, pid: process.pid });
    expect(await findAnnouncedSim(dir)).toMatchObject({ url: other.url });
    await other.close();
  });

  it("exits 1 with one line on a bad flag", async () => {
    const f = fakeIo();
    expect(await runSimCommand(["--rate-limit", "sometimes"], f.io)).toBe(1);
    expect(f.err).toEqual(['spotdash sim: --rate-limit must be one of real, strict, off, got "sometimes"']);
    expect(f.out).toEqual([]);
  });

  it("exits 1 with one line when the port is taken", async () => {
    const other = await startSim({ port: 0 });
    try {
      const f = fakeIo();
      expect(await runSimCommand(["--port", String(other.port)], f.io)).toBe(1);
      expect(f.err).toEqual([`spotdash sim: port ${other.port} on 127.0.0.1 is in use; choose another or 0 for a free one`]);
    } finally {
      await other.close();
    }
  });

  it("prints the usage for --help", async () => {
    const f = fakeIo();
    expect(await runSimCommand(["--help"], f.io)).toBe(0);
    expect(f.out[0]).toMatch(/^usage: spotdash sim/);
  });
});
