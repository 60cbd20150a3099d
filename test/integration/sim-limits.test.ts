/**
 * What keeps one client from taking the sim from the others, over real
 * sockets: slow and idle connections are timed out with a JSON 408, open
 * connections past the cap get a JSON 503, the parser's refusals are the
 * JSON error body too, a body that is not JSON is a 415, and a strike far
 * from the live price a 422. Others are served all along.
 */
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBodySchema } from "../../src/api/schemas.js";
import { SERVER_LIMITS } from "../../src/sim/http/server-limits.js";
import { body, errorBody, raw, startTestSim, type TestSim, toNextGame } from "./sim-helpers.js";

const CAP = 40;
let t: TestSim;
beforeAll(async () => {
  t = await startTestSim({ maxConnections: CAP });
});
afterAll(async () => {
  await t.close();
});

interface Reply {
  /** The status line's code, or null when the socket closed without an answer. */
  status: number | null;
  body: unknown;
  /** ms from connecting to the close. */
  closedAfter: number;
}

/** Connects, lets `talk` write, and collects what comes back until the sim closes the socket. */
function exchange(talk: (s: Socket) => void): Promise<Reply> {
  return new Promise((resolve) => {
    const start = Date.now();
    const s = connect(t.sim.port, "127.0.0.1", () => talk(s));
    let text = "";
    s.on("data", (d: Buffer) => (text += d.toString()));
    s.on("error", () => undefined);
    s.on("close", () => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text);
      const json = text.split("\r\n\r\n")[1];
      resolve({ status: status ? Number(status[1]) : null, body: json ? JSON.parse(json) : undefined, closedAfter: Date.now() - start });
    });
  });
}

const price = () => t.client.livePrice({ asset: "BTC_USDT" });

describe("slow and idle connections", () => {
  it("times out a slowloris and an idle connection with a JSON 408, serving others meanwhile", async () => {
    const slow = exchange((s) => {
      s.write("GET /v1/surge/games/live-price?asset=BTC_USDT HTTP/1.1\r\nhost: sim\r\n");
      const drip = setInterval(() => s.writable && s.write("x-drip: 1\r\n"), 500);
      s.on("close", () => clearInterval(drip));
    });
    const idle = exchange(() => undefined);
    for (let i = 0; i < 5; i++) {
      expect((await price()).value).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 500));
    }
    for (const reply of await Promise.all([slow, idle])) {
      expect(reply.status).toBe(408);
      expect(ErrorBodySchema.safeParse(reply.body).success).toBe(true);
      expect(reply.closedAfter).toBeLessThan(SERVER_LIMITS.headersTimeoutMs + 2 * SERVER_LIMITS.checkIntervalMs + 1_000);
    }
  }, 15_000);

  it("refuses connections past the cap with a JSON 503, and serves again once the idle ones are timed out", async () => {
    // The cap's worth of idle connections (the client's own kept-alive one among them: one of these may be refused).
    const held: Promise<unknown>[] = [];
    for (let i = 0; i < CAP; i++) {
      await new Promise<void>((resolve) => {
        const s = connect(t.sim.port, "127.0.0.1", () => resolve());
        s.on("error", () => undefined);
        // Read what comes (the 408 at the timeout), or the close is never seen.
        s.resume();
        held.push(new Promise((r) => s.once("close", r)));
      });
    }
    const refused: Promise<Reply>[] = [];
    for (let i = 0; i < 3 * CAP; i++) refused.push(exchange(() => undefined));
    for (const reply of await Promise.all(refused)) {
      expect(reply.status).toBe(503);
      expect(errorBody({ status: 503, headers: new Headers(), json: reply.body }).error).toBe("Too many connections");
    }
    // The flood's own connections time out like any idle one; the sim serves again.
    await Promise.all(held);
    // The sim counts a connection gone once both ends have closed it: a moment after this side saw it close.
    let served = false;
    for (let i = 0; i < 20 && !served; i++) {
      served = await price().then(
        () => true,
        () => false,
      );
      if (!served) await new Promise((r) => setTimeout(r, 100));
    }
    expect(served).toBe(true);
  }, 15_000);
});

describe("requests the parser refuses", () => {
  it("answers garbage with a JSON 400 and oversized headers with a JSON 431", async () => {
    const garbage = await exchange((s) => s.write("HELLO THERE\r\n\r\n"));
    expect(garbage.status).toBe(400);
    expect(ErrorBodySchema.safeParse(garbage.body).success).toBe(true);
    const big = await exchange((s) => s.write(`GET /v1/surge/games/live-price HTTP/1.1\r\nx-big: ${"a".repeat(20_000)}\r\n\r\n`));
    expect(big.status).toBe(431);
    expect(ErrorBodySchema.safeParse(big.body).success).toBe(true);
  });
});

describe("bodies", () => {
  it("refuses a body that is not JSON with 415, whatever it holds", async () => {
    const listing = await toNextGame(t, "BTC_USDT", 60);
    const json = JSON.stringify(body(t, listing));
    const form = new URLSearchParams(body(t, listing) as unknown as Record<string, string>).toString();
    for (const [type, text] of [
      ["text/plain", json],
      ["application/x-www-form-urlencoded", form],
      ["application/xml", "<spot><sp>68000</sp></spot>"],
      [undefined, json],
    ] as const) {
      const headers: Record<string, string> = { "x-api-key": t.key };
      if (type) headers["content-type"] = type;
      const res = await fetch(new URL("/v1/surge/games/spot", t.sim.url), { method: "POST", headers, body: text });
      expect(res.status, String(type)).toBe(415);
      expect(ErrorBodySchema.parse(await res.json()).error).toBe("Unsupported media type");
    }
    const ok = await fetch(new URL("/v1/surge/games/spot", t.sim.url), {
      method: "POST",
      headers: { "x-api-key": t.key, "content-type": "Application/JSON; charset=utf-8" },
      body: json,
    });
    expect(ok.status).toBe(200);
  });

  it("refuses a strike more than half the live price away with 422 naming sp", async () => {
    const listing = await toNextGame(t, "ETH_USDT", 60);
    const live = (await t.client.livePrice({ asset: "ETH_USDT" })).value;
    for (const sp of ["1000000000000", "1", String(Math.ceil(live * 1.51))]) {
      const r = await raw(t, "POST", "spot", { body: JSON.stringify(body(t, listing, { sp })) });
      expect(r.status, sp).toBe(422);
      expect(errorBody(r)).toMatchObject({ fields: ["sp"] });
    }
    expect((await raw(t, "POST", "spot", { body: JSON.stringify(body(t, listing, { sp: String(Math.floor(live * 1.49)) })) })).status).toBe(
      200,
    );
  });
});
