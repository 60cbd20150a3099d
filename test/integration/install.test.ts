/**
 * The package as a user installs it: `npm pack`, then `npm install -g` of
 * the tarball into a temporary prefix (offline: the bundle needs no
 * dependency at run time), then the installed `spotdash` run from an empty
 * directory with a temporary home. Uses the bundle in dist/ (npm test
 * builds it first).
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = new URL("../..", import.meta.url).pathname;
const VERSION = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version;

let dir: string;
let bin: string;

/** The installed CLI, run as a user would: from an empty directory, no key, a home of its own. */
function spotdash(...args: string[]): string {
  const home = join(dir, "home");
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: home, XDG_STATE_HOME: join(home, ".local/state") };
  return execFileSync(bin, args, { cwd: join(dir, "cwd"), env, encoding: "utf8", timeout: 30_000 });
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "spotdash-install-"));
  for (const sub of ["cwd", "home", "prefix"]) execFileSync("mkdir", ["-p", join(dir, sub)]);
  const packed = JSON.parse(execFileSync("npm", ["pack", "--json", "--pack-destination", dir], { cwd: ROOT, encoding: "utf8" })) as {
    filename: string;
  }[];
  const tarball = join(dir, packed[0]!.filename);
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

  it("carries its version inside the bundle: dist/ copied away from package.json still knows it", () => {
    const copy = join(dir, "copy");
    cpSync(join(ROOT, "dist"), copy, { recursive: true });
    expect(execFileSync(process.execPath, [join(copy, "spotdash.js"), "--version"], { cwd: dir, encoding: "utf8" })).toBe(
      `spotdash ${VERSION}\n`,
    );
  });

  it("runs a command against a sim", () => {
    const price = JSON.parse(spotdash("price", "--sim", "--json")) as { asset: string; value: number };
    expect(price.asset).toBe("BTC_USDT");
    expect(price.value).toBeGreaterThan(0);
  });
});
