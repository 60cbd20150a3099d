/**
 * Nothing a client sends crashes the sim or earns a 5xx: random methods,
 * paths, queries, headers and bodies all get a JSON 4xx (or a 2xx when they
 * happen to be valid), and the ledger still balances afterwards.
 */

import { connect } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBodySchema } from "../../src/api/schemas.js";
import { raw, startTestSim, type TestSim, toNextGame } from "./sim-helpers.js";

let t: TestSim;
const logged: string[] = [];
beforeAll(async () => {
  t = await startTestSim({ crowd: true, log: (l) => logged.push(l) });
  await toNextGame(t, "BTC_USDT", 60);
});
afterAll(async () => {
  await t.close();
});

const field = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom("68000", "0.1", "1e5", "-1", "NaN", `0x${"1".repeat(40)}`, "BTC_USDT", "USDC", "testnet", "60", ""),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 2 }),
);

const bodyText = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.json(),
  fc
    .record({ gid: field, c: field, a: field, sp: field, f: field, pw: field, n: field, it: field }, { requiredKeys: [] })
    .map((o) => JSON.stringify(o)),
);

describe("fuzzing", () => {
  it("answers every request with JSON and never with a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"),
        fc.constantFrom(
          "spot",
          "live-price",
          "user-balance",
          "status",
          "results",
          "",
          "spot/x",
          "..%2F..%2Fetc",
          "sp%00ot",
          "constructor",
          "__proto__",
          "toString",
        ),
        fc.dictionary(
          fc.constantFrom("asset", "interval", "network", "currency", "token", "gid", "limit", "offset", "x"),
          fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom("BTC_USDT", "60", "testnet", "USDC", "1e3", "-0")),
        ),
        fc.option(bodyText, { nil: undefined }),
        fc.boolean(),
        async (method, endpoint, query, body, withKey) => {
          const r = await raw(t, method, endpoint, { query, body: method === "GET" ? undefined : body, key: withKey ? undefined : null });
          expect(r.status).toBeLessThan(500);
          if (r.status >= 400) expect(ErrorBodySchema.safeParse(r.json).success).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
    expect(logged).toEqual([]);
    const totals = t.sim.engine.ledger.totals("USDC", "testnet");
    expect(totals.users.plus(totals.crowd).plus(totals.house).plus(totals.inPlay).eq(totals.deposited)).toBe(true);
  });

  it("survives garbage on the socket and keeps serving", async () => {
    const port = t.sim.port;
    for (const junk of ["GARBAGE\r\n\r\n", "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n", "\x00\x01\x02\r\n\r\n"]) {
      await new Promise<void>((resolve) => {
        const s = connect(port, "127.0.0.1", () => s.end(junk));
        s.on("data", () => undefined);
        s.on("close", () => resolve());
        s.on("error", () => resolve());
      });
    }
    expect((await t.client.livePrice({ asset: "BTC_USDT" })).value).toBeGreaterThan(0);
  });
});
