/**
 * One line of the --debug-log (src/api/debug-log.ts): what it keeps, what it
 * cuts, and that neither the key nor a wallet address survives in it.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BODY_CHARS, openDebugLog } from "../../src/api/debug-log.js";
import { registerSecret } from "../../src/api/redact.js";

const KEY = "sk-live-NOT-A-METAFIDE-SHAPE-1234";
const WALLET = "0xAbCdEf0000000000000000000000000000000001";

describe("debug log", () => {
  it("keeps method, path, status, time and bodies; cuts long bodies and says how long they were; redacts key and wallets", async () => {
    registerSecret(KEY);
    const file = join(mkdtempSync(join(tmpdir(), "spotdash-log-")), "log.ndjson");
    const log = openDebugLog(file, WALLET);
    log.observer({
      method: "GET",
      path: "/v1/surge/games/status?asset=BTC_USDT",
      requestBody: undefined,
      status: 200,
      ms: 42,
      responseBody: `{"pw":"${WALLET}","note":"${KEY}"}`,
      error: undefined,
    });
    log.observer({
      method: "GET",
      path: "/v1/surge/games/results?network=testnet",
      requestBody: undefined,
      status: 200,
      ms: 7,
      responseBody: "x".repeat(BODY_CHARS + 10),
      error: undefined,
    });
    log.observer({
      method: "POST",
      path: "/v1/surge/games/spot",
      requestBody: `{"pw":"${WALLET.toLowerCase()}"}`,
      status: undefined,
      ms: 5_001,
      responseBody: undefined,
      error: "timed out waiting for the response",
    });
    await log.close();
    const lines = readFileSync(file, "utf8")
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({
      method: "GET",
      path: "/v1/surge/games/status?asset=BTC_USDT",
      status: 200,
      ms: 42,
      response: '{"pw":"[wallet]","note":"[redacted]"}',
    });
    expect(String(lines[1]!.response)).toHaveLength(BODY_CHARS + 1);
    expect(lines[1]!.response_chars).toBe(BODY_CHARS + 10);
    expect(lines[2]).toMatchObject({
      method: "POST",
      status: null,
      request: '{"pw":"[wallet]"}',
      error: "timed out waiting for the response",
    });
    expect(lines[2]).not.toHaveProperty("response");
  });
});
