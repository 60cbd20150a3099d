/**
 * The package as a user installs it: `npm pack`, then `npm install -g` of
 * the tarball into a temporary prefix (offline: the bundle needs no
 * dependency at run time), then the installed `spotdash` run from an empty
 * directory with a temporary home: its config file, its man page, its
 * completion scripts, and its commands sharing one announced sim; and the
 * same tarball run by npx. Uses the
 * bundle in dist/ (npm test builds it first).
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/config/help.js";

const ROOT = new URL("../..", import.meta.url).pathname;
const VERSION = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version;

let dir: string;
let bin: string;
let tarball: string;

/** The user's environment: a home of its own, with the XDG places in it. */
function userEnv(): NodeJS.ProcessEnv {
  const home = join(dir, "home");
  return { PATH: process.env.PATH, HOME: home, XDG_STATE_HOME: join(home, ".local/state"), XDG_CONFIG_HOME: join(home, ".config") };
}

/** The installed CLI, run as a user would: from an empty directory, no key, a home of its own. */
function spotdash(...args: string[]): string {
  return execFileSync(bin, args, { cwd: join(dir, "cwd"), env: userEnv(), encoding: "utf8", timeout: 30_000 });
}

/** `spotdash sim` on a free port, once it has said where it listens and where it is announced. */
async function startSim(): Promise<{ sim: ChildProcess; url: string }> {
  const sim = spawn(bin, ["sim", "--port", "0", "--no-crowd"], {
    cwd: join(dir, "cwd"),
    env: userEnv(),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    sim.stdout!.on("data", (b: Buffer) => {
      out += b.toString();
      const m = /listening on (\S+)[\s\S]*announced in (\S+):/.exec(out);
      if (m) resolve(m[1]!);
    });
    sim.on("exit", (code) => reject(new Error(`sim exited ${code}: ${out}`)));
  });
  return { sim, url };
}

type Game = { can_place: boolean; to_close_ms: number | null; to_next_ms: number | null; sim: object };

/** The game the global settings `args` name, once it takes positions with 5 s to spare: the sim runs in real time, and a trader waits out a game's last seconds. */
async function untilPlaceable(...args: string[]): Promise<Game> {
  const game = JSON.parse(spotdash(...args, "game", "--json")) as Game;
  if (game.can_place && (game.to_close_ms ?? 0) >= 5_000) return game;
  await new Promise((r) => setTimeout(r, (game.to_next_ms ?? 0) + 500));
  const next = JSON.parse(spotdash(...args, "game", "--json")) as Game;
  expect(next.can_place).toBe(true);
  return next;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "spotdash-install-"));
  for (const sub of ["cwd", "home", "prefix"]) execFileSync("mkdir", ["-p", join(dir, sub)]);
  const packed = JSON.parse(execFileSync("npm", ["pack", "--json", "--pack-destination", dir], { cwd: ROOT, encoding: "utf8" })) as {
    filename: string;
  }[];
  tarball = join(dir, packed[0]!.filename);
  execFileSync("npm", ["install", "-g", "--offline", "--no-audit", "--no-fund", "--prefix", join(dir, "prefix"), tarball], {
    cwd: dir,
    encoding: "utf8",
  });
  bin = join(dir, "prefix", "bin", "spotdash");
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the installed package", () => {
  it("installs alone: no dependency is needed at run time", () => {
    expect(readdirSync(join(dir, "prefix", "lib", "node_modules"))).toEqual(["spotdash"]);
    const installed = join(dir, "prefix", "lib", "node_modules", "spotdash");
    expect(readdirSync(installed).sort()).toEqual(["README.md", "dist", "package.json"]);
    expect(JSON.parse(readFileSync(join(installed, "package.json"), "utf8")).dependencies).toBeUndefined();
  });

  it("knows its version from any directory: --version, and the first line of --help", () => {
    expect(spotdash("--version")).toBe(`spotdash ${VERSION}\n`);
    expect(spotdash("--help").split("\n")[0]).toBe(`spotdash ${VERSION}: terminal dashboard for Metafide's Spot-On price-prediction game`);
  });

  it("runs with npx from the tarball, offline, as it does installed", () => {
    const cache = join(dir, "npx-cache");
    const out = execFileSync("npx", ["--offline", "--yes", "--cache", cache, "--package", tarball, "--", "spotdash", "--version"], {
      cwd: join(dir, "cwd"),
      env: { ...userEnv(), npm_config_update_notifier: "false" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(out.trim()).toBe(`spotdash ${VERSION}`);
  });

  it("carries its version inside the bundle: dist/ copied away from package.json still knows it", () => {
    const copy = join(dir, "copy");
    cpSync(join(ROOT, "dist"), copy, { recursive: true });
    expect(execFileSync(process.execPath, [join(copy, "spotdash.js"), "--version"], { cwd: dir, encoding: "utf8" })).toBe(
      `spotdash ${VERSION}\n`,
    );
  });

  it("without a key, uses the local sim and says so; with none running, a world kept in the state directory: place then positions see it", async () => {
    const human = spawnSync(bin, ["price"], { cwd: join(dir, "cwd"), env: userEnv(), encoding: "utf8", timeout: 30_000 });
    expect(human.status).toBe(0);
    const world = join(dir, "home", ".local", "state", "spotdash", "sim-data");
    expect(human.stderr).toMatch(
      new RegExp(
        `^spotdash: no METAFIDE_API_KEY, so using the local sim at http://127\\.0\\.0\\.1:\\d+ \\(started for this command; its world is kept in ${world}\\)\n$`,
      ),
    );
    const price = JSON.parse(spotdash("price", "--json")) as { asset: string; value: number; sim: object };
    expect(price.asset).toBe("BTC_USDT");
    expect(price.value).toBeGreaterThan(0);
    expect(price.sim).toMatchObject({ shared: false, by: "this command", kept: world });
    // Each command's sim is gone when it ends; the next one's opens the same world.
    // The 1-minute game: its lobby is 15 s, so waiting out one fits the test's time (an hour game's lobby is 5 minutes).
    await untilPlaceable("--interval", "60");
    spotdash("--interval", "60", "place", "--json", "--price", String(Math.round(price.value)), "--stake", "3");
    const positions = JSON.parse(spotdash("--interval", "60", "positions", "--json")) as { positions: { f: string }[] };
    expect(positions.positions.map((p) => p.f)).toContain("3");
  }, 60_000);

  it("spotdash sim announces itself in the state directory the config file names, where the commands look", async () => {
    const file = join(dir, "home", ".config", "spotdash", "config.toml");
    const elsewhere = join(dir, "elsewhere");
    mkdirSync(join(dir, "home", ".config", "spotdash"), { recursive: true });
    writeFileSync(file, `state_dir = "${elsewhere}"\n`);
    const { sim, url } = await startSim();
    try {
      expect(existsSync(join(elsewhere, "sim.json"))).toBe(true);
      const price = JSON.parse(spotdash("price", "--json")) as { sim: object };
      expect(price.sim).toMatchObject({ url, shared: true, by: "spotdash sim" });
    } finally {
      sim.kill("SIGKILL");
      rmSync(file);
    }
  }, 30_000);

  it("installs its man page, made from the settings table", () => {
    const page = readFileSync(join(dir, "prefix", "share", "man", "man1", "spotdash.1"), "utf8");
    expect(page).toMatch(/^\.TH SPOTDASH 1 /);
    for (const flag of ["asset", "interval", "max\\-rps", "profile", "state\\-dir"]) expect(page).toContain(`\\fB\\-\\-${flag}\\fR`);
    expect(page).toContain("config file \\fBmax_rps\\fR");
  });

  it("reads the config file in the XDG home, its profiles, and says where each setting came from", () => {
    const file = join(dir, "home", ".config", "spotdash", "config.toml");
    mkdirSync(join(dir, "home", ".config", "spotdash"), { recursive: true });
    writeFileSync(file, 'interval = 3600\n[profile.daily]\ninterval = 86400\nasset = "ETH_USDT"\n');
    try {
      const shown = JSON.parse(spotdash("config", "--json")) as {
        configFile: { path: string };
        settings: Record<string, { value: string; from: string }>;
      };
      expect(shown.configFile.path).toBe(file);
      expect(shown.settings.interval).toEqual({ value: "3600", source: "config", from: `interval (in ${file})` });
      expect(shown.settings.key).toEqual({ value: null, source: "default", from: "default" });
      const daily = JSON.parse(spotdash("--profile", "daily", "config", "--json")) as typeof shown;
      expect(daily.settings.interval!.value).toBe("86400");
      expect(daily.settings.asset!.from).toBe(`asset (in ${file} [profile.daily])`);
      // A command takes them too.
      const game = JSON.parse(spotdash("--profile", "daily", "game", "--sim", "--json")) as {
        listing: { asset: string; interval: number };
      };
      expect(game.listing).toMatchObject({ asset: "ETH_USDT", interval: 86400 });
    } finally {
      rmSync(file);
    }
  });

  it("prints completion scripts that load: bash completes the commands and their options", () => {
    const script = spotdash("completion", "bash");
    const path = join(dir, "completion.bash");
    writeFileSync(path, script);
    execFileSync("bash", ["-n", path]);
    const complete = (...words: string[]) =>
      execFileSync(
        "bash",
        [
          "-c",
          `source ${path}; COMP_WORDS=(${words.map((w) => `'${w}'`).join(" ")}); COMP_CWORD=${words.length - 1}; _spotdash; printf '%s\\n' "\${COMPREPLY[@]}"`,
        ],
        {
          encoding: "utf8",
        },
      )
        .trim()
        .split("\n");
    // Every command of the CLI, in its order.
    expect(complete("spotdash", "")).toEqual([...COMMANDS]);
    expect(complete("spotdash", "--inter")).toEqual(["--interval"]);
    expect(complete("spotdash", "--interval", "")).toEqual(["10s", "1m", "1h", "1d"]);
    expect(complete("spotdash", "place", "--st")).toEqual(["--stake", "--state-dir"]);
    expect(complete("spotdash", "completion", "")).toEqual(expect.arrayContaining(["bash", "zsh", "fish"]));
  });

  it("prints a zsh completion script that loads and registers itself under compinit", () => {
    const path = join(dir, "_spotdash");
    writeFileSync(path, spotdash("completion", "zsh"));
    execFileSync("zsh", ["-n", path]);
    const zsh = `autoload -Uz compinit; compinit -u -D; source ${path}; print -r -- $_comps[spotdash]`;
    expect(execFileSync("zsh", ["-fc", zsh], { env: userEnv(), encoding: "utf8" }).trim()).toBe("_spotdash");
  });

  it("prints a fish completion script that loads: fish completes the commands and their options", () => {
    const path = join(dir, "spotdash.fish");
    writeFileSync(path, spotdash("completion", "fish"));
    execFileSync("fish", ["--no-execute", path]);
    const complete = (line: string) =>
      execFileSync("fish", ["-c", `source ${path}; complete -C '${line}'`], { env: userEnv(), encoding: "utf8" })
        .trim()
        .split("\n")
        .map((l) => l.split("\t")[0]);
    expect(complete("spotdash ").sort()).toEqual([...COMMANDS].sort());
    expect(complete("spotdash place --st")).toEqual(expect.arrayContaining(["--stake", "--state-dir"]));
    expect(complete("spotdash --interval ").sort()).toEqual(["10s", "1d", "1h", "1m"]);
  });

  it("shares one sim between commands: spotdash sim announces itself, place then positions see the same world", async () => {
    const { sim, url } = await startSim();
    try {
      const announced = join(dir, "home", ".local", "state", "spotdash", "sim.json");
      expect(statSync(announced).mode & 0o777).toBe(0o600);
      const game = await untilPlaceable();
      expect(game.sim).toMatchObject({ url, shared: true, by: "spotdash sim" });
      const price = JSON.parse(spotdash("price", "--sim", "--json")) as { value: number };
      const placed = JSON.parse(spotdash("place", "--json", "--price", String(Math.round(price.value)), "--stake", "2")) as {
        sim: object;
      };
      expect(placed.sim).toMatchObject({ url, shared: true });
      const positions = JSON.parse(spotdash("positions", "--json")) as { positions: { f: string }[]; sim: object };
      expect(positions.positions.map((p) => p.f)).toContain("2");
      // The demo wallet can try mainnet: it has a balance there, and the guard still asks for --yes.
      const mainnet = JSON.parse(spotdash("--network", "mainnet", "balance", "--sim", "--json")) as { balance: string };
      expect(mainnet.balance).toMatch(/^100(\.0+)?$/);
      sim.kill("SIGTERM");
      await new Promise((r) => sim.once("exit", r));
      expect(existsSync(announced)).toBe(false);
    } finally {
      sim.kill("SIGKILL");
    }
  }, 60_000);
});
