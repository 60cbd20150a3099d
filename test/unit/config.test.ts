import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { format, inspect } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { redact, Secret } from "../../src/api/redact.js";
import { apiBaseUrl, type Config } from "../../src/config/config.js";
import { ConfigError } from "../../src/config/errors.js";
import { COMMANDS } from "../../src/config/help.js";
import { type ConfigResult, loadConfig } from "../../src/config/load.js";

const SENTINEL = "metafide_0123456789abcdef0123456789abcdef";
/** A key that does not have the metafide_ shape, so only registerSecret/Secret can hide it. */
const ODD_SENTINEL = "sk-live-ODDSHAPE-7f3a9c2e51";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), "spotdash-config-"));
  dirs.push(d);
  return d;
}

interface Setup {
  env?: NodeJS.ProcessEnv;
  dotenv?: string;
  mode?: number;
  /** The config file's text (none: no file). */
  toml?: string;
  /** What the key_command prints, or the error it throws; records each argv run. */
  keyCommand?: { prints?: string; throws?: object; ran?: string[][] };
}

function load(argv: string[], setup: Setup = {}): ConfigResult {
  const cwd = tempDir();
  if (setup.dotenv !== undefined) {
    const p = join(cwd, ".env");
    writeFileSync(p, setup.dotenv);
    chmodSync(p, setup.mode ?? 0o600);
  }
  const configPath = join(cwd, "config", "config.toml");
  if (setup.toml !== undefined) {
    mkdirSync(join(cwd, "config"));
    writeFileSync(configPath, setup.toml);
  }
  const runKeyCommand = (argv: readonly string[]) => {
    setup.keyCommand?.ran?.push([...argv]);
    if (setup.keyCommand?.throws) throw setup.keyCommand.throws;
    return setup.keyCommand?.prints ?? "";
  };
  return loadConfig({ argv, env: setup.env ?? {}, cwd, configPath, runKeyCommand });
}

function run(argv: string[], setup: Setup = {}): Extract<ConfigResult, { kind: "run" }> {
  const r = load(argv, setup);
  if (r.kind !== "run") throw new Error(`expected a run result, got ${r.kind}`);
  return r;
}

function cfg(argv: string[], setup: Setup = {}): Config {
  return run(argv, setup).config;
}

function failure(argv: string[], setup: Setup = {}): ConfigError {
  try {
    load(argv, setup);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    const err = e as ConfigError;
    expect(err.message).not.toMatch(/[\r\n]/);
    return err;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(argv)} ${JSON.stringify(setup)}`);
}

const PKG_VERSION = (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }).version;

describe("defaults", () => {
  it("runs the dashboard against the sim with the documented defaults", () => {
    const r = run([]);
    expect(r.command).toBe("dashboard");
    expect(r.rest).toEqual([]);
    expect(r.warnings).toEqual([]);
    const c = r.config;
    expect(c).toMatchObject({
      asset: "BTC_USDT",
      interval: 60,
      network: "testnet",
      currency: "USDC",
      url: "https://api.metafide.io",
      apiKey: null,
      keySource: "none",
      wallet: null,
      useSim: true,
      maxRps: 1,
      readonly: false,
      noColor: false,
      ascii: false,
      noBell: false,
      envFile: null,
    });
    expect(Object.values(c.sources).every((s) => s === "default")).toBe(true);
    expect(apiBaseUrl(c)).toBe("https://api.metafide.io/v1/surge/games/");
  });

  it("is frozen", () => {
    const c = cfg([]);
    expect(Object.isFrozen(c)).toBe(true);
  });

  it("never reads process.env or process.argv", () => {
    const saved = process.env.SPOTDASH_INTERVAL;
    process.env.SPOTDASH_INTERVAL = "3600";
    try {
      expect(cfg([], { env: {} }).interval).toBe(60);
    } finally {
      if (saved === undefined) delete process.env.SPOTDASH_INTERVAL;
      else process.env.SPOTDASH_INTERVAL = saved;
    }
  });
});

interface ValueCase {
  key: keyof Config;
  flag: string;
  env: string;
  a: string;
  b: string;
  c: string;
  expectA: unknown;
  expectB: unknown;
  expectC: unknown;
}

const VALUE_CASES: ValueCase[] = [
  {
    key: "asset",
    flag: "--asset",
    env: "SPOTDASH_ASSET",
    a: "ETH_USDT",
    b: "SOL_USDC",
    c: "XRP_USDT",
    expectA: "ETH_USDT",
    expectB: "SOL_USDC",
    expectC: "XRP_USDT",
  },
  {
    key: "interval",
    flag: "--interval",
    env: "SPOTDASH_INTERVAL",
    a: "10",
    b: "3600",
    c: "86400",
    expectA: 10,
    expectB: 3600,
    expectC: 86400,
  },
  {
    key: "network",
    flag: "--network",
    env: "SPOTDASH_NETWORK",
    a: "mainnet",
    b: "testnet",
    c: "mainnet",
    expectA: "mainnet",
    expectB: "testnet",
    expectC: "mainnet",
  },
  {
    key: "currency",
    flag: "--currency",
    env: "SPOTDASH_CURRENCY",
    a: "USDT",
    b: "DAI",
    c: "EURC",
    expectA: "USDT",
    expectB: "DAI",
    expectC: "EURC",
  },
  {
    key: "url",
    flag: "--url",
    env: "METAFIDE_API_URL",
    a: "http://127.0.0.1:8787",
    b: "https://staging.example.com/",
    c: "https://other.example.com/prefix/",
    expectA: "http://127.0.0.1:8787",
    expectB: "https://staging.example.com",
    expectC: "https://other.example.com/prefix",
  },
  { key: "maxRps", flag: "--max-rps", env: "SPOTDASH_MAX_RPS", a: "0.5", b: "0.25", c: ".1", expectA: 0.5, expectB: 0.25, expectC: 0.1 },
];

describe("value settings and precedence (flag > env > .env > default)", () => {
  for (const t of VALUE_CASES) {
    describe(t.flag, () => {
      it("takes the flag, as `--x v` and `--x=v`", () => {
        const spaced = cfg([t.flag, t.a]);
        expect(spaced[t.key]).toEqual(t.expectA);
        expect(spaced.sources[t.key as keyof Config["sources"]]).toBe("flag");
        expect(cfg([`${t.flag}=${t.a}`])[t.key]).toEqual(t.expectA);
      });

      it(`takes ${t.env} from the environment`, () => {
        const c = cfg([], { env: { [t.env]: t.b } });
        expect(c[t.key]).toEqual(t.expectB);
        expect(c.sources[t.key as keyof Config["sources"]]).toBe("env");
      });

      it(`takes ${t.env} from .env`, () => {
        const c = cfg([], { dotenv: `${t.env}=${t.c}\n` });
        expect(c[t.key]).toEqual(t.expectC);
        expect(c.sources[t.key as keyof Config["sources"]]).toBe(".env");
        expect(c.envFile).toMatch(/\.env$/);
      });

      it("flag beats env beats .env", () => {
        const all = { env: { [t.env]: t.b }, dotenv: `${t.env}=${t.c}\n` };
        expect(cfg([t.flag, t.a], all)[t.key]).toEqual(t.expectA);
        expect(cfg([], all)[t.key]).toEqual(t.expectB);
        expect(cfg([], { dotenv: `${t.env}=${t.c}\n`, env: { [t.env]: "" } })[t.key]).toEqual(t.expectC);
      });

      it("the last flag wins when repeated", () => {
        expect(cfg([t.flag, t.b, t.flag, t.a])[t.key]).toEqual(t.expectA);
      });

      it("needs a value", () => {
        expect(failure([t.flag]).message).toMatch(new RegExp(`^${t.flag}: needs a value`));
        expect(failure([t.flag, "--readonly"]).message).toMatch(new RegExp(`^${t.flag}: needs a value`));
      });
    });
  }

  it("normalises case and whitespace", () => {
    const c = cfg(["--asset", "eth_usdt", "--network", "MainNet", "--currency", "usdc"]);
    expect(c.asset).toBe("ETH_USDT");
    expect(c.network).toBe("mainnet");
    expect(c.currency).toBe("USDC");
    expect(cfg([], { env: { SPOTDASH_INTERVAL: " 3600 " } }).interval).toBe(3600);
    // As the dashboard writes an interval, in any case: the header's "10s" is a value --interval takes.
    expect(["10s", "1m", "1H", "1d"].map((v) => cfg(["--interval", v], { env: {} }).interval)).toEqual([10, 60, 3600, 86400]);
  });

  it("treats an empty environment variable as unset", () => {
    const c = cfg([], { env: { SPOTDASH_ASSET: "", SPOTDASH_INTERVAL: "" } });
    expect(c.asset).toBe("BTC_USDT");
    expect(c.interval).toBe(60);
  });
});

interface SwitchCase {
  key: "readonly" | "noColor" | "ascii" | "noBell";
  on: string;
  off: string;
  env: string;
}

const SWITCH_CASES: SwitchCase[] = [
  { key: "readonly", on: "--readonly", off: "--no-readonly", env: "SPOTDASH_READONLY" },
  { key: "noColor", on: "--no-color", off: "--color", env: "SPOTDASH_NO_COLOR" },
  { key: "ascii", on: "--ascii", off: "--no-ascii", env: "SPOTDASH_ASCII" },
  { key: "noBell", on: "--no-bell", off: "--bell", env: "SPOTDASH_NO_BELL" },
];

describe("switches", () => {
  for (const t of SWITCH_CASES) {
    describe(t.on, () => {
      it("defaults to false and is set by its flag", () => {
        expect(cfg([])[t.key]).toBe(false);
        expect(cfg([t.on])[t.key]).toBe(true);
        expect(cfg([t.on, t.off])[t.key]).toBe(false);
      });

      it(`reads ${t.env} from env and .env`, () => {
        for (const word of ["1", "true", "YES", "on"]) expect(cfg([], { env: { [t.env]: word } })[t.key]).toBe(true);
        for (const word of ["0", "false", "No", "off"]) expect(cfg([], { env: { [t.env]: word } })[t.key]).toBe(false);
        expect(cfg([], { dotenv: `${t.env}=true\n` })[t.key]).toBe(true);
      });

      it("flag beats env beats .env", () => {
        expect(cfg([t.off], { env: { [t.env]: "true" } })[t.key]).toBe(false);
        expect(cfg([t.on], { env: { [t.env]: "false" } })[t.key]).toBe(true);
        expect(cfg([], { env: { [t.env]: "false" }, dotenv: `${t.env}=true\n` })[t.key]).toBe(false);
        expect(cfg([], { env: { [t.env]: "true" }, dotenv: `${t.env}=false\n` })[t.key]).toBe(true);
      });

      it("accepts --flag=bool", () => {
        expect(cfg([`${t.on}=false`])[t.key]).toBe(false);
        expect(cfg([`${t.on}=yes`])[t.key]).toBe(true);
        expect(failure([`${t.on}=maybe`]).message).toBe(`${t.on}: must be one of 1, true, yes, on, 0, false, no, off (got maybe)`);
      });

      it("rejects a bad value with the allowed values", () => {
        expect(failure([], { env: { [t.env]: "maybe" } }).message).toBe(
          `${t.env}: must be one of 1, true, yes, on, 0, false, no, off (got maybe)`,
        );
      });
    });
  }

  it("honours NO_COLOR (present and not empty, whatever its value)", () => {
    expect(cfg([], { env: { NO_COLOR: "1" } }).noColor).toBe(true);
    expect(cfg([], { env: { NO_COLOR: "0" } }).noColor).toBe(true);
    expect(cfg([], { env: { NO_COLOR: "" } }).noColor).toBe(false);
    expect(cfg(["--color"], { env: { NO_COLOR: "1" } }).noColor).toBe(false);
    expect(cfg([], { env: { NO_COLOR: "1", SPOTDASH_NO_COLOR: "false" } }).noColor).toBe(false);
    expect(cfg([], { env: { NO_COLOR: "1" }, dotenv: "SPOTDASH_NO_COLOR=false\n" }).noColor).toBe(true);
  });
});

describe("bad values: one line naming the setting and what is allowed", () => {
  const cases: Array<[string[], Setup, string]> = [
    [["--interval", "30"], {}, "--interval: must be one of 10s, 1m, 1h, 1d or 10, 60, 3600, 86400 seconds (got 30)"],
    [["--interval=1min"], {}, "--interval: must be one of 10s, 1m, 1h, 1d or 10, 60, 3600, 86400 seconds (got 1min)"],
    [["--interval", "60.0"], {}, "--interval: must be one of 10s, 1m, 1h, 1d or 10, 60, 3600, 86400 seconds (got 60.0)"],
    [[], { env: { SPOTDASH_INTERVAL: "5" } }, "SPOTDASH_INTERVAL: must be one of 10s, 1m, 1h, 1d or 10, 60, 3600, 86400 seconds (got 5)"],
    [["--asset", "BTCUSDT"], {}, "--asset: must look like BASE_QUOTE, e.g. BTC_USDT (got BTCUSDT)"],
    [["--asset", "BTC-USDT"], {}, "--asset: must look like BASE_QUOTE, e.g. BTC_USDT (got BTC-USDT)"],
    [[], { env: { SPOTDASH_ASSET: "_USDT" } }, "SPOTDASH_ASSET: must look like BASE_QUOTE, e.g. BTC_USDT (got _USDT)"],
    [["--network", "devnet"], {}, "--network: must be one of testnet, mainnet (got devnet)"],
    [[], { env: { SPOTDASH_NETWORK: "main net" } }, 'SPOTDASH_NETWORK: must be one of testnet, mainnet (got "main net")'],
    [["--layout", "big"], {}, "--layout: must be one of auto, boxed, sections, lines (got big)"],
    [[], { env: { SPOTDASH_LAYOUT: "box" } }, "SPOTDASH_LAYOUT: must be one of auto, boxed, sections, lines (got box)"],
    [["--currency", "US DC"], {}, '--currency: must be a currency code of 2 to 16 letters or digits, e.g. USDC (got "US DC")'],
    [["--currency", "$"], {}, "--currency: must be a currency code of 2 to 16 letters or digits, e.g. USDC (got $)"],
    [
      ["--max-rps", "2"],
      {},
      "--max-rps: must be a number greater than 0 and at most 1 (the service asks for no more than one request per second) (got 2)",
    ],
    [
      ["--max-rps", "0"],
      {},
      "--max-rps: must be a number greater than 0 and at most 1 (the service asks for no more than one request per second) (got 0)",
    ],
    [
      ["--max-rps", "-1"],
      {},
      "--max-rps: must be a number greater than 0 and at most 1 (the service asks for no more than one request per second) (got -1)",
    ],
    [
      ["--max-rps", "abc"],
      {},
      "--max-rps: must be a number greater than 0 and at most 1 (the service asks for no more than one request per second) (got abc)",
    ],
    [
      ["--max-rps", "1e0"],
      {},
      "--max-rps: must be a number greater than 0 and at most 1 (the service asks for no more than one request per second) (got 1e0)",
    ],
    [
      [],
      { env: { SPOTDASH_MAX_RPS: "1.5" } },
      "SPOTDASH_MAX_RPS: must be a number greater than 0 and at most 1 (the service asks for no more than one request per second) (got 1.5)",
    ],
    [["--url", "api.metafide.io"], {}, "--url: must be an absolute URL such as https://api.metafide.io (got api.metafide.io)"],
    [
      ["--url", "ftp://api.metafide.io"],
      {},
      "--url: must start with https:// (or http:// to a loopback address) (got ftp://api.metafide.io)",
    ],
    [
      ["--url", "https://user:pw@api.metafide.io"],
      {},
      "--url: must not contain a user name or password (got https://[redacted]@api.metafide.io)",
    ],
    [
      ["--url", "https://api.metafide.io/?x=1"],
      {},
      "--url: must not have a query string or fragment (got https://api.metafide.io/?[redacted])",
    ],
    [
      [],
      { env: { METAFIDE_USER_ADDRESS: "0xabc def" } },
      'METAFIDE_USER_ADDRESS: must be a wallet address without spaces (got "0xabc def")',
    ],
  ];
  for (const [argv, setup, message] of cases) {
    it(`${JSON.stringify(argv)} ${JSON.stringify(setup.env ?? {})} → ${message.split(":")[0]}`, () => {
      const err = failure(argv, setup);
      expect(err.message).toBe(message);
      expect(err.name).toBe("ConfigError");
    });
  }

  it("names a bad value from .env as coming from .env", () => {
    const err = failure([], { dotenv: "SPOTDASH_INTERVAL=45\n" });
    expect(err.message).toMatch(
      /^SPOTDASH_INTERVAL \(in .*\.env\): must be one of 10s, 1m, 1h, 1d or 10, 60, 3600, 86400 seconds \(got 45\)$/,
    );
  });

  it("does not complain about a bad .env value that a flag overrides", () => {
    expect(cfg(["--interval", "10"], { dotenv: "SPOTDASH_INTERVAL=45\n" }).interval).toBe(10);
  });

  it("keeps the message on one line and bounded even for hostile values", () => {
    const err = failure(["--asset", `BTC\nUSDT\u001b[31m${"x".repeat(500)}`]);
    expect(err.message).not.toMatch(/\p{Cc}/u);
    expect(err.message.length).toBeLessThan(250);
  });

  it("redacts a key-shaped value echoed in an error", () => {
    const err = failure(["--network", SENTINEL]);
    expect(err.message).not.toContain(SENTINEL);
    expect(err.message).toContain("[redacted]");
  });
});

describe("settings errors never echo a secret", () => {
  // Each test its own value: the redactor remembers every key registered in this process.
  it("a key not shaped like metafide_…, in the environment, echoed by a bad flag, a bad variable or a stray word", () => {
    const key = "odd-key-from-env-7f3a9c";
    for (const [argv, env] of [
      [["--network", key], {}],
      [[], { SPOTDASH_ASSET: key }],
      [[key], {}],
      [["--interval", `x${key}x`], {}],
    ] as const) {
      const err = failure([...argv], { env: { METAFIDE_API_KEY: key, ...env } });
      expect(err.message, err.message).not.toContain(key);
      expect(err.message).toContain("[redacted]");
    }
  });

  it("a key in .env, echoed by a bad flag", () => {
    const key = "odd-key-from-dotenv-41be2";
    const err = failure(["--asset", key], { dotenv: `METAFIDE_API_KEY=${key}\n` });
    expect(err.message).not.toContain(key);
  });

  it("a URL's user name, password and query string", () => {
    for (const url of [
      "https://trader:pa55word-secret@api.example.com",
      "https://api.example.com/?api_key=secretquery123",
      "http://trader:pa55word-secret@api.example.com/?api_key=secretquery123",
      "ftp://trader:pa55word-secret@api.example.com",
      "not a url ?api_key=secretquery123 //trader:pa55word-secret@host",
    ]) {
      const err = failure(["--url", url]);
      expect(err.message, err.message).not.toMatch(/pa55word|secretquery|trader/);
    }
    expect(failure(["--url", "https://trader:pa55word-secret@api.example.com"]).message).toContain("https://[redacted]@api.example.com");
  });
});

describe("--url and plain http", () => {
  for (const url of [
    "http://127.0.0.1:8787",
    "http://127.5.6.7",
    "http://127.1:9000",
    "http://localhost:3000",
    "http://LOCALHOST",
    "http://[::1]:8080",
    "http://[0:0:0:0:0:0:0:1]",
    "https://api.metafide.io",
    "https://example.com:8443/base/",
  ]) {
    it(`accepts ${url}`, () => {
      const c = cfg(["--url", url]);
      expect(apiBaseUrl(c)).toMatch(/^https?:\/\/[^/]+(\/base)?\/v1\/surge\/games\/$/);
    });
  }

  for (const url of [
    "http://api.metafide.io",
    "http://10.0.0.1",
    "http://128.0.0.1",
    "http://192.168.1.10:8787",
    "http://localhost.evil.example",
    "http://127.0.0.1.nip.io",
    "http://[::2]",
    "http://[::ffff:10.0.0.1]",
  ]) {
    it(`refuses ${url} because keys travel only over TLS`, () => {
      const err = failure(["--url", url]);
      expect(err.message).toMatch(/^--url: plain http:\/\/ is refused because the API key travels only over TLS; use https:\/\//);
      expect(err.message).toContain(`(got ${url})`);
      expect(err.message).toContain("localhost, 127.0.0.0/8 and [::1]");
    });
  }

  it("refuses it from METAFIDE_API_URL as well", () => {
    expect(failure([], { env: { METAFIDE_API_URL: "http://example.com" } }).message).toMatch(
      /^METAFIDE_API_URL: plain http:\/\/ is refused/,
    );
    expect(failure([], { dotenv: "METAFIDE_API_URL=http://example.com\n" }).message).toMatch(
      /^METAFIDE_API_URL \(in .*\): plain http:\/\/ is refused/,
    );
  });

  it("builds the API base {url}/v1/surge/games/", () => {
    expect(apiBaseUrl(cfg([]))).toBe("https://api.metafide.io/v1/surge/games/");
    expect(apiBaseUrl(cfg(["--url", "http://127.0.0.1:8787/"]))).toBe("http://127.0.0.1:8787/v1/surge/games/");
    expect(apiBaseUrl(cfg(["--url", "https://gw.example.com/metafide//"]))).toBe("https://gw.example.com/metafide/v1/surge/games/");
    expect(apiBaseUrl({ url: "https://api.metafide.io" })).toBe("https://api.metafide.io/v1/surge/games/");
  });
});

describe("the API key", () => {
  it("comes from METAFIDE_API_KEY in the environment", () => {
    const c = cfg([], { env: { METAFIDE_API_KEY: SENTINEL } });
    expect(c.apiKey).toBeInstanceOf(Secret);
    expect(c.apiKey?.reveal()).toBe(SENTINEL);
    expect(c.keySource).toBe("env");
    expect(c.useSim).toBe(false);
  });

  it("comes from .env when the environment has none", () => {
    const c = cfg([], { dotenv: `METAFIDE_API_KEY=${SENTINEL}\nMETAFIDE_USER_ADDRESS=0xabc\n` });
    expect(c.apiKey?.reveal()).toBe(SENTINEL);
    expect(c.keySource).toBe(".env");
    expect(c.wallet).toBe("0xabc");
    expect(c.useSim).toBe(false);
  });

  it("prefers the environment over .env", () => {
    const other = "metafide_ffffffffffffffffffffffffffffffff";
    const c = cfg([], { env: { METAFIDE_API_KEY: other }, dotenv: `METAFIDE_API_KEY=${SENTINEL}\n` });
    expect(c.apiKey?.reveal()).toBe(other);
    expect(c.keySource).toBe("env");
  });

  it("uses the sim when the key is empty", () => {
    const c = cfg([], { env: { METAFIDE_API_KEY: "" }, dotenv: "METAFIDE_API_KEY=\n" });
    expect(c.apiKey).toBeNull();
    expect(c.useSim).toBe(true);
    expect(c.keySource).toBe("none");
  });

  it("trims surrounding whitespace and quotes from .env", () => {
    expect(cfg([], { dotenv: `METAFIDE_API_KEY="${SENTINEL}"\n` }).apiKey?.reveal()).toBe(SENTINEL);
    expect(cfg([], { env: { METAFIDE_API_KEY: `${SENTINEL}\n` } }).apiKey?.reveal()).toBe(SENTINEL);
  });

  it("rejects a key with spaces without printing it", () => {
    const bad = "metafide_0123 4567";
    const err = failure([], { env: { METAFIDE_API_KEY: bad } });
    expect(err.message).toBe(
      "METAFIDE_API_KEY: must be printable ASCII without spaces (generate a new key on the wallet page) (value not shown)",
    );
    expect(err.message).not.toContain("0123");
  });

  it("warns when the key does not look like metafide_ + 32 hex", () => {
    expect(run([], { env: { METAFIDE_API_KEY: ODD_SENTINEL } }).warnings.join("\n")).toMatch(
      /METAFIDE_API_KEY does not look like an API key/,
    );
    expect(run([], { env: { METAFIDE_API_KEY: SENTINEL } }).warnings).toEqual([]);
    expect(run([], { env: { METAFIDE_API_KEY: ODD_SENTINEL } }).warnings.join("\n")).not.toContain(ODD_SENTINEL);
  });

  for (const flag of ["--key", "--api-key", "--apikey", "--api_key", "-key", "--API-KEY", "--metafide-api-key"]) {
    it(`refuses ${flag} because flags end up in shell history`, () => {
      for (const argv of [[flag, SENTINEL], [`${flag}=${SENTINEL}`], ["game", flag, SENTINEL], ["--help", flag, SENTINEL]]) {
        const err = failure(argv);
        expect(err.message).toMatch(new RegExp(`^${flag}: the API key is never accepted as a flag because flags end up in shell history`));
        expect(err.message).toContain("METAFIDE_API_KEY");
        expect(err.message).not.toContain(SENTINEL);
        expect(err.message).not.toContain("0123456789abcdef");
      }
    });
  }

  it("leaves `sim --key` to the sim (keys the sim accepts) but refuses --key before the command", () => {
    const r = run(["sim", "--key", "demo-key", "--port", "0"]);
    expect(r.command).toBe("sim");
    expect(r.rest).toEqual(["--key", "demo-key", "--port", "0"]);
    expect(run(["--interval", "10", "sim", "--key=demo"]).rest).toEqual(["--key=demo"]);
    expect(failure(["--key", "demo", "sim"]).message).toMatch(/^--key: /);
  });
});

describe("the key never shows in the config's printed forms", () => {
  for (const key of [SENTINEL, ODD_SENTINEL]) {
    it(`hides ${key.slice(0, 9)}… in JSON, inspect, String and templates`, () => {
      const c = cfg([], { env: { METAFIDE_API_KEY: key } });
      const forms = [
        JSON.stringify(c),
        JSON.stringify({ nested: { c } }),
        inspect(c, { depth: Infinity, showHidden: true }),
        inspect(c.apiKey, { showHidden: true }),
        String(c),
        String(c.apiKey),
        `${c.apiKey}`,
        `${c.apiKey as unknown as string}`,
        format("%s %o %O %j", c.apiKey, c, c, c),
        JSON.stringify(Object.entries(c)),
        JSON.stringify({ ...c }),
        JSON.stringify(structuredClone({ ...c, apiKey: null, sources: { ...c.sources } })),
      ];
      for (const text of forms) expect(text).not.toContain(key);
      expect(JSON.stringify(c)).toContain('"apiKey":"[redacted]"');
      expect(inspect(c)).toContain("[redacted]");
      expect(c.apiKey?.reveal()).toBe(key);
    });
  }

  it("registers the key with the redactor", () => {
    cfg([], { env: { METAFIDE_API_KEY: ODD_SENTINEL } });
    expect(redact(`header was ${ODD_SENTINEL}!`)).toBe("header was [redacted]!");
  });
});

describe(".env", () => {
  it("warns when .env is readable by group or others", () => {
    if (process.platform === "win32") return;
    for (const mode of [0o644, 0o640, 0o604, 0o660, 0o602]) {
      const r = run([], { dotenv: "SPOTDASH_ASSET=ETH_USDT\n", mode });
      expect(r.warnings).toHaveLength(1);
      expect(r.warnings[0]).toMatch(new RegExp(`can be read or written by other users \\(mode ${mode.toString(8)}\\).*chmod 600`));
      expect(r.config.asset).toBe("ETH_USDT");
    }
    expect(run([], { dotenv: "SPOTDASH_ASSET=ETH_USDT\n", mode: 0o600 }).warnings).toEqual([]);
    expect(run([], { dotenv: "SPOTDASH_ASSET=ETH_USDT\n", mode: 0o400 }).warnings).toEqual([]);
  });

  it("parses comments, quotes, export and blank lines", () => {
    const c = cfg([], {
      dotenv: [
        "# comment",
        "",
        "export SPOTDASH_ASSET=ETH_USDT",
        'SPOTDASH_CURRENCY="usdt"',
        "SPOTDASH_INTERVAL='3600' # trailing",
        "",
      ].join("\n"),
    });
    expect(c.asset).toBe("ETH_USDT");
    expect(c.currency).toBe("USDT");
    expect(c.interval).toBe(3600);
  });

  it("ignores a line that is not NAME=value without losing the next setting", () => {
    const r = run([], { dotenv: `SPOTDASH_ASSET\nMETAFIDE_API_KEY=${SENTINEL}\n` });
    expect(r.config.apiKey?.reveal()).toBe(SENTINEL);
    expect(r.warnings.join("\n")).toMatch(/line 1 is not NAME=value/);
  });

  it("warns about unknown SPOTDASH_ variables (typos)", () => {
    const r = run([], { env: { SPOTDASH_MAXRPS: "0.5" }, dotenv: "SPOTDASH_INTERVALL=10\n" });
    expect(r.warnings.some((w) => w.startsWith("SPOTDASH_MAXRPS (in the environment) is not a spotdash setting"))).toBe(true);
    expect(r.warnings.some((w) => w.startsWith("SPOTDASH_INTERVALL (in "))).toBe(true);
    expect(r.config.maxRps).toBe(1);
  });

  it("fails clearly when .env exists but cannot be read", () => {
    const cwd = tempDir();
    mkdirSync(join(cwd, ".env"));
    expect(() => loadConfig({ argv: [], env: {}, cwd })).toThrow(ConfigError);
    expect(() => loadConfig({ argv: [], env: {}, cwd })).toThrow(/\.env: cannot be read \(EISDIR\)/);
  });

  it("accepts .env.example as shipped", () => {
    const example = readFileSync(new URL("../../.env.example", import.meta.url), "utf8");
    for (const name of [
      "METAFIDE_API_KEY",
      "METAFIDE_USER_ADDRESS",
      "METAFIDE_API_URL",
      "SPOTDASH_MAX_RPS",
      "SPOTDASH_READONLY",
      "SPOTDASH_NO_COLOR",
      "SPOTDASH_ASCII",
      "SPOTDASH_NO_BELL",
    ]) {
      expect(example).toMatch(new RegExp(`^# .+\\n${name}=`, "m"));
    }
    const r = run([], { dotenv: example });
    expect(r.warnings).toEqual([]);
    expect(r.config).toMatchObject({
      asset: "BTC_USDT",
      interval: 60,
      network: "testnet",
      url: "https://api.metafide.io",
      useSim: true,
      maxRps: 1,
    });
  });
});

describe("commands", () => {
  it("defaults to the dashboard", () => {
    expect(run(["--interval", "10"]).command).toBe("dashboard");
    expect(run(["dashboard"]).command).toBe("dashboard");
  });

  for (const command of COMMANDS.filter((c) => c !== "dashboard")) {
    it(`recognises ${command} and passes its arguments through`, () => {
      const r = run(["--asset", "ETH_USDT", command, "--limit", "5", "abc", "--interval", "3600", "--", "--asset"]);
      expect(r.command).toBe(command);
      expect(r.rest).toEqual(["--limit", "5", "abc", "--", "--asset"]);
      expect(r.config.asset).toBe("ETH_USDT");
      expect(r.config.interval).toBe(3600);
    });
  }

  it("rejects an unknown command, listing the commands", () => {
    expect(failure(["dashbaord"]).message).toBe(
      "command: must be one of dashboard, sim, game, price, balance, positions, book, results, stats, place, watch, auto, doctor, config, completion (got dashbaord)",
    );
  });

  it("rejects unknown options and extra arguments of the dashboard", () => {
    expect(failure(["--bogus"]).message).toBe("--bogus: unknown option; run spotdash --help for the list of options");
    expect(failure(["--bogus=1", "game"]).message).toMatch(/^--bogus: unknown option/);
    expect(failure(["-x"]).message).toMatch(/^-x: unknown option/);
    expect(failure(["dashboard", "extra"]).message).toBe("dashboard: takes no arguments (got extra)");
    expect(failure(["dashboard", "--limit", "3"]).message).toMatch(/^--limit: unknown option/);
    expect(failure(["dashboard", "--", "x"]).message).toBe("dashboard: takes no arguments (got x)");
  });
});

describe("--help and --version", () => {
  it("--help names the command beside it, for its own usage; none when it stands alone or with the settings", () => {
    const named = (argv: string[]) => {
      const r = load(argv);
      return r.kind === "help" ? (r.command ?? null) : `not help: ${r.kind}`;
    };
    expect([
      named(["place", "--help"]),
      named(["--asset", "ETH_USDT", "-h", "results"]),
      named(["--help"]),
      named(["--interval", "30", "--help"]),
    ]).toEqual(["place", "results", null, null]);
  });

  it("--help lists every setting with its variable and default", () => {
    for (const argv of [["--help"], ["-h"], ["game", "--help"], ["--interval", "30", "--help"]]) {
      const r = load(argv, { env: { SPOTDASH_MAX_RPS: "9" } });
      expect(r.kind).toBe("help");
      if (r.kind !== "help") continue;
      const rows: Array<[string, string, string]> = [
        ["--asset", "SPOTDASH_ASSET", "BTC_USDT"],
        ["--interval", "SPOTDASH_INTERVAL", "60"],
        ["--network", "SPOTDASH_NETWORK", "testnet"],
        ["--currency", "SPOTDASH_CURRENCY", "USDC"],
        ["--url", "METAFIDE_API_URL", "https://api.metafide.io"],
        ["--max-rps", "SPOTDASH_MAX_RPS", "1"],
        ["--readonly", "SPOTDASH_READONLY", "false"],
        ["--no-color", "SPOTDASH_NO_COLOR", "false"],
        ["--ascii", "SPOTDASH_ASCII", "false"],
        ["--no-bell", "SPOTDASH_NO_BELL", "false"],
      ];
      for (const [flag, env, def] of rows) {
        const line = r.text.split("\n").find((l) => l.trimStart().startsWith(`${flag} `));
        expect(line, flag).toBeDefined();
        expect(line).toContain(env);
        expect(line!.trimEnd().endsWith(def)).toBe(true);
      }
      for (const name of ["METAFIDE_API_KEY", "METAFIDE_USER_ADDRESS", "NO_COLOR", "--version", ...COMMANDS])
        expect(r.text).toContain(name);
      expect(r.text).toMatch(/shell history/);
      for (const line of r.text.split("\n")) expect(line.length).toBeLessThanOrEqual(100);
    }
  });

  it("--version prints the version from package.json", () => {
    for (const flag of ["--version", "-v", "-V"]) {
      const r = load([flag]);
      expect(r).toEqual({ kind: "version", text: `spotdash ${PKG_VERSION}` });
    }
    expect(PKG_VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("does not treat --help after -- as a request for help", () => {
    expect(run(["game", "--", "--help"]).rest).toEqual(["--", "--help"]);
  });
});

describe("the config file", () => {
  const TOML = [
    'asset = "ETH_USDT"',
    "interval = 3600",
    'assets = ["BTC_USDT", "ETH_USDT"]',
    "max_rps = 0.5",
    "no_bell = true",
    "",
    "[profile.mainnet]",
    'network = "mainnet"',
    "interval = 86400",
    "",
    "[profile.slow]",
    "max_rps = 0.25",
  ].join("\n");

  it("gives every setting under its snake_case name, below flags, the environment and .env", () => {
    const c = cfg([], { toml: TOML });
    expect(c).toMatchObject({ asset: "ETH_USDT", interval: 3600, maxRps: 0.5, noBell: true, network: "testnet" });
    expect(c.sources).toMatchObject({ asset: "config", interval: "config", network: "default" });
    expect(c.origins.interval).toMatch(/^interval \(in .*config\.toml\)$/);
    expect(c.configFile.found).toBe(true);
    // flag > environment > .env > file > default, one setting each.
    const over = cfg(["--asset", "BTC_USDT"], { toml: TOML, env: { SPOTDASH_INTERVAL: "60" }, dotenv: "SPOTDASH_MAX_RPS=1\n" });
    expect(over).toMatchObject({ asset: "BTC_USDT", interval: 60, maxRps: 1, noBell: true });
    expect(over.sources).toMatchObject({ asset: "flag", interval: "env", maxRps: ".env", noBell: "config" });
    expect(over.origins).toMatchObject({ asset: "flag --asset", interval: "environment SPOTDASH_INTERVAL" });
  });

  it("lays the chosen profile over the top level: --profile, SPOTDASH_PROFILE, or in .env", () => {
    const main = cfg(["--profile", "mainnet"], { toml: TOML });
    expect(main).toMatchObject({ network: "mainnet", interval: 86400, asset: "ETH_USDT", maxRps: 0.5, profile: "mainnet" });
    expect(main.origins.network).toMatch(/config\.toml \[profile\.mainnet\]\)$/);
    expect(cfg([], { toml: TOML, env: { SPOTDASH_PROFILE: "slow" } })).toMatchObject({ maxRps: 0.25, interval: 3600 });
    expect(cfg([], { toml: TOML, dotenv: "SPOTDASH_PROFILE=slow\n" })).toMatchObject({ maxRps: 0.25 });
    // A flag still wins over the profile.
    expect(cfg(["--profile", "mainnet", "--network", "testnet"], { toml: TOML }).network).toBe("testnet");
  });

  it("refuses a profile it does not have, naming the ones it has", () => {
    expect(failure(["--profile", "main"], { toml: TOML }).message).toMatch(
      /^--profile: main is not in .*config\.toml \(profiles: mainnet, slow\)$/,
    );
    expect(failure(["--profile", "main"]).message).toMatch(/the file does not exist/);
    expect(failure(["--profile", "a b"], { toml: TOML }).message).toMatch(/must be a profile name/);
  });

  it("checks its values as it checks flags, naming the setting and the file", () => {
    const e = failure([], { toml: "interval = 61\n" });
    expect(e.setting).toMatch(/^interval \(in .*config\.toml\)$/);
    expect(e.message).toMatch(/interval .*: must be one of/);
    expect(failure([], { toml: "readonly = { a = 1 }\n" }).message).toMatch(/must be a string, a number, true or false/);
    expect(failure([], { toml: 'asset = "BTC\n' }).message).toMatch(/is not valid TOML \(line 1, column \d+\)$/);
  });

  it("warns about names it does not know and tables outside [profile.NAME]", () => {
    const r = run([], { toml: 'intervall = 60\n[mainnet]\nnetwork = "mainnet"\n' });
    expect(r.warnings.join("\n")).toMatch(/intervall \(in .*\) is not a spotdash setting and is ignored; known: asset, assets, interval/);
    expect(r.warnings.join("\n")).toMatch(/\[mainnet\] \(in .*\) is ignored: settings go at the top or in \[profile\.NAME\]/);
  });

  it("never takes the key, and never shows it", () => {
    for (const name of ["api_key", "key", "metafide_api_key"]) {
      const e = failure([], { toml: `${name} = "${ODD_SENTINEL}"\n` });
      expect(e.message).toMatch(/the API key never goes in the config file/);
      expect(e.message).not.toContain(ODD_SENTINEL);
      expect(redact(`x ${ODD_SENTINEL}`)).not.toContain(ODD_SENTINEL);
    }
  });

  it("reads the key from key_command when neither the environment nor .env has one, split at spaces or as a list", () => {
    const ran: string[][] = [];
    const c = cfg([], { toml: 'key_command = "pass show metafide"\n', keyCommand: { prints: `${SENTINEL}\n`, ran } });
    expect(ran).toEqual([["pass", "show", "metafide"]]);
    expect(c.apiKey?.reveal()).toBe(SENTINEL);
    expect(c.keySource).toBe("key_command");
    expect(c.useSim).toBe(false);
    expect(redact(`key ${SENTINEL}`)).not.toContain(SENTINEL);
    const listed = cfg(["--profile", "p"], {
      toml: '[profile.p]\nkey_command = ["pass", "show", "my key"]\n',
      keyCommand: { prints: SENTINEL, ran },
    });
    expect(ran.at(-1)).toEqual(["pass", "show", "my key"]);
    expect(listed.apiKey?.reveal()).toBe(SENTINEL);
  });

  it("runs key_command only when it is needed: not with a key in the environment, not for completion or config --edit", () => {
    const ran: string[][] = [];
    const setup = { toml: 'key_command = "pass show metafide"\n', keyCommand: { prints: SENTINEL, ran } };
    expect(cfg([], { ...setup, env: { METAFIDE_API_KEY: SENTINEL } }).keySource).toBe("env");
    expect(run(["completion", "bash"], setup).config.apiKey).toBeNull();
    expect(run(["config", "--edit"], { ...setup, keyCommand: { throws: { status: 1 }, ran } }).config.apiKey).toBeNull();
    expect(ran).toEqual([]);
  });

  it("says why key_command gave no key, without its output", () => {
    const toml = 'key_command = "pass show metafide"\n';
    expect(failure([], { toml, keyCommand: { throws: Object.assign(new Error("x"), { code: "ENOENT" }) } }).message).toMatch(
      /^key_command \(in .*\): cannot run pass: no such command$/,
    );
    const failed = failure([], {
      toml,
      keyCommand: { throws: Object.assign(new Error(`Command failed ${SENTINEL}`), { status: 1, stdout: SENTINEL }) },
    });
    expect(failed.message).toMatch(/pass failed \(exit code 1\); the key was not read$/);
    expect(failed.message).not.toContain(SENTINEL);
    expect(failure([], { toml, keyCommand: { prints: "\n  \n" } }).message).toMatch(/pass printed nothing/);
    expect(failure([], { toml: "key_command = []\n" }).message).toMatch(/must be a command/);
  });
});

describe("keys and themes in the config file", () => {
  it("rebinds keys from [keys], the profile's over the top level's", () => {
    const toml = '[keys]\nplace = "o"\n"results.close" = ["x", "esc"]\n\n[profile.quiet.keys]\nplace = ["O"]\n';
    expect(cfg([], { toml }).keys.dashboard.find((b) => b.action === "place")?.keys).toEqual(["o"]);
    expect(cfg([], { toml }).keys.results.find((b) => b.action === "close")?.keys).toEqual(["x", "esc"]);
    expect(cfg(["--profile", "quiet"], { toml }).keys.dashboard.find((b) => b.action === "place")?.keys).toEqual(["O"]);
  });

  it.each([
    ['[keys]\nplace = "q"\n', /^\[keys\] \(in .*config\.toml\): quit and place are both q$/],
    ['[keys]\n"book.down" = "q"\n', /book\.down and quit are both q/],
    ['[keys]\nplace = "alt+x"\n', /place: "alt\+x": only ctrl\+ and shift\+ may come before a key/],
    ['[keys]\nplace = "F5"\n', /place: "F5" is not a key: one character, or one of esc, enter/],
    ["[keys]\nplace = 5\n", /keys\.place .*must be a key or a list of keys/],
    ['[keys]\nteleport = "t"\n', /teleport is not an action; actions: quit, help/],
  ])("refuses %j with one line naming what", (toml, message) => {
    const e = failure([], { toml });
    expect(e.message).toMatch(message);
    expect(e.message).not.toContain("\n");
  });

  it("takes a theme from the flag, the environment or the file, and names the themes when it is none", () => {
    expect(cfg([]).theme).toBe("dark");
    expect(cfg(["--theme", "Light"]).theme).toBe("light");
    expect(cfg([], { env: { SPOTDASH_THEME: "colorblind" } }).theme).toBe("colorblind");
    expect(cfg([], { toml: 'theme = "high-contrast"\n' }).theme).toBe("high-contrast");
    expect(failure(["--theme", "neon"]).message).toBe("--theme: must be one of dark, light, high-contrast, colorblind (got neon)");
  });
});
