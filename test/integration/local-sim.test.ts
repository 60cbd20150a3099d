/** The local sim's world in the state directory (open-backend.ts): a world that cannot be read is named, and left as it was. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { embeddedSimDataDir, openLocalSim } from "../../src/open-backend.js";

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function configIn(stateDir: string) {
  const loaded = loadConfig({
    argv: ["price"],
    env: { SPOTDASH_STATE_DIR: stateDir },
    cwd: stateDir,
    configPath: join(stateDir, "none.toml"),
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
