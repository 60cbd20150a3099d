import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseTarget } from "../../src/sim/http/server.js";

/** What the URL parser makes of a target: the reference parseTarget's hand-split path must agree with. */
function byUrl(raw: string): { pathname: string; query: [string, string][] } | undefined {
  try {
    const url = new URL(raw, "http://sim.invalid");
    return { pathname: url.pathname, query: [...url.searchParams] };
  } catch {
    return undefined;
  }
}

function parsed(raw: string): { pathname: string; query: [string, string][] } | undefined {
  const t = parseTarget(raw);
  return t && { pathname: t.pathname, query: [...t.query] };
}

describe("parseTarget", () => {
  // Plain targets, every client's, are split by hand; the rest (dot segments, escapes, fragments,
  // backslashes, doubled slashes, absolute and non-ASCII targets) are left to the URL parser.
  it.each([
    "/v1/surge/games/live-price?asset=ETH_USDT",
    "/v1/surge/games/status?asset=BTC_USDT&token=USDC&network=testnet&interval=60",
    "/v1/surge/games/spot",
    "/v1/surge/games/results?limit=5&limit=6&x=a+b&y=",
    "/?",
    "/v1/surge/games/x/../live-price?asset=ETH_USDT",
    "/v1/surge/games/./status",
    "//v1/surge/games/spot",
    "/v1/surge/games/live%2Dprice",
    "/v1/surge/games/spot#frag?x=1",
    "/v1\\surge\\games\\spot",
    "http://elsewhere.example/v1/surge/games/spot?asset=A",
    "/v1/surge/games/sp\u00e9t?asset=\u00e9",
  ])("reads %s as the URL parser does", (raw) => {
    expect(parsed(raw)).toEqual(byUrl(raw));
  });

  it("agrees with the URL parser on any target built of path and query characters", () => {
    const char = fc.constantFrom(..."/.?&=%#\\+ab-_~:@!$'()*,;AZ09 \té\"<>[]{}|^`".split(""));
    fc.assert(
      fc.property(fc.array(char, { maxLength: 40 }), (chars) => {
        const raw = `/${chars.join("")}`;
        expect(parsed(raw)).toEqual(byUrl(raw));
      }),
      { numRuns: 2_000 },
    );
  });
});
