/** The local sim's world in the state directory (open-backend.ts): kept across runs, named and left as it was when it cannot be read, in memory when it cannot be written. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { embeddedSimDataDir, openLocalSim } from "../../src/open-backend.js";

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function configIn(stateDir: string, cwd = stateDir) {
  const loaded = loadConfig({
    argv: ["price"],
    env: { SPOTDASH_STATE_DIR: stateDir },
    cwd,
    configPath: join(cwd, "none.toml"),
  });
  if (loaded.kind !== "run") throw new Error("unexpected");
  return loaded.config;
}

it("refuses a damaged world with an error naming it, and leaves the journal as it was", async () => {
  dir = mkdtempSync(join(tmpdir(), "spotdash-local-sim-"));
  const world = embeddedSimDataDir(dir);
  await (await openLocalSim(configIn(dir), null)).close();
  const damaged = `{ damaged\n${readFileSync(join(world, "journal.jsonl"), "utf8")}`;
  writeFileSync(join(world, "journal.jsonl"), damaged);
  await expect(openLocalSim(configIn(dir), null)).rejects.toThrow(new RegExp(`local sim's world cannot be used: .*move ${world} away`));
  expect(readFileSync(join(world, "journal.jsonl"), "utf8")).toBe(damaged);
});

it("keeps the world across runs: a second run opens what the first wrote", async () => {
  dir = mkdtempSync(join(tmpdir(), "spotdash-local-sim-"));
  const first = await openLocalSim(configIn(dir), null);
  expect(first.simInfo).toMatchObject({ shared: false, kept: embeddedSimDataDir(dir) });
  await first.close();
  const second = await openLocalSim(configIn(dir), null);
  expect(second.simInfo?.kept).toBe(embeddedSimDataDir(dir));
  await second.close();
});

it("runs a sim in memory when the state directory cannot be written, and says so", async () => {
  dir = mkdtempSync(join(tmpdir(), "spotdash-local-sim-"));
  // Under a regular file: no directory can be made there, whoever runs the test (root included).
  writeFileSync(join(dir, "file"), "");
  const stateDir = join(dir, "file", "state");
  const sim = await openLocalSim(configIn(stateDir, dir), null);
  try {
    expect(sim.simInfo).toMatchObject({ shared: false, kept: null });
    const balance = await sim.client.getUserBalance({ currency: "USDC", network: "testnet" });
    expect(balance.balance.gt(0)).toBe(true);
  } finally {
    await sim.close();
  }
});
