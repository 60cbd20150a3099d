/** src/config/state-dir.ts (the state directory and the config file) and the --state-dir / --no-history settings. */
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { defaultConfigPath, defaultStateDir } from "../../src/config/state-dir.js";

it("keeps its files in the XDG state directory, else under the home directory", () => {
  expect(defaultStateDir({ XDG_STATE_HOME: "/x/state", HOME: "/home/t" })).toBe("/x/state/spotdash");
  // A relative XDG_STATE_HOME is invalid by the XDG spec and ignored.
  expect(defaultStateDir({ XDG_STATE_HOME: "state", HOME: "/home/t" })).toBe("/home/t/.local/state/spotdash");
  expect(defaultStateDir({ HOME: "/home/t" })).toBe("/home/t/.local/state/spotdash");
});

it("reads its config file in the XDG config directory by the same rule", () => {
  expect(defaultConfigPath({ XDG_CONFIG_HOME: "/x/conf", HOME: "/home/t" })).toBe("/x/conf/spotdash/config.toml");
  expect(defaultConfigPath({ XDG_CONFIG_HOME: "conf", HOME: "/home/t" })).toBe("/home/t/.config/spotdash/config.toml");
  expect(defaultConfigPath({ HOME: "/home/t" })).toBe("/home/t/.config/spotdash/config.toml");
});

it("takes --state-dir over SPOTDASH_STATE_DIR over the default, and --no-history from a flag or the environment", () => {
  const load = (argv: string[], env: NodeJS.ProcessEnv) => {
    const r = loadConfig({ argv, env: { HOME: "/home/t", ...env }, cwd: "/nonexistent" });
    if (r.kind !== "run") throw new Error(r.kind);
    return r.config;
  };
  expect(load([], {}).stateDir).toBe("/home/t/.local/state/spotdash");
  expect(load([], { SPOTDASH_STATE_DIR: "/e" }).stateDir).toBe("/e");
  expect(load(["--state-dir", "/f"], { SPOTDASH_STATE_DIR: "/e" }).stateDir).toBe("/f");
  expect([load([], {}).noHistory, load(["--no-history"], {}).noHistory, load([], { SPOTDASH_NO_HISTORY: "1" }).noHistory]).toEqual([
    false,
    true,
    true,
  ]);
});
