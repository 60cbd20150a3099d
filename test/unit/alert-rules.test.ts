/**
 * src/alerts/rules.ts: what each rule says in the alert list, and the
 * events on before the trader says anything, as docs/alerts.md tells them.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { describeRule, makeRule, SIMPLE_DEFAULTS, SIMPLE_KINDS } from "../../src/alerts/rules.js";
import { formatPrice } from "../../src/domain/format.js";
import { Decimal } from "../../src/domain/money.js";

describe("describeRule", () => {
  it("says each rule in a few words", () => {
    const rules = [
      ...SIMPLE_KINDS.map((kind) => makeRule({ kind })),
      makeRule({ kind: "price", asset: "BTC_USDT", direction: "above", level: new Decimal("75000"), repeat: false }),
      makeRule({ kind: "price", asset: "ETH_USDT", direction: "below", level: new Decimal("2950.5"), repeat: true }),
      makeRule({ kind: "closing", seconds: 10, onlyUnheld: true }),
      makeRule({ kind: "closing", seconds: 30, onlyUnheld: false }),
    ];
    expect(rules.map((r) => describeRule(r, formatPrice))).toEqual([
      "a held game settled",
      "a held game turns winning or losing",
      "the early precision window opens",
      "the balance changes by something done elsewhere",
      "the service unreachable for 30 s, and back",
      "the key refused",
      "rate limited for more than 60 s",
      "BTC_USDT above 75,000.00, once",
      "ETH_USDT below 2,950.50, every time",
      "10 s before predictions close, holding nothing",
      "30 s before predictions close",
    ]);
  });
});

describe("the events on by default", () => {
  it("are the ones docs/alerts.md says", () => {
    const doc = readFileSync(new URL("../../docs/alerts.md", import.meta.url), "utf8");
    const said = Object.fromEntries(
      [...doc.matchAll(/^\| `(\w+)` \| .* \| (yes|no|rules only) \|$/gm)]
        .filter(([, , on]) => on !== "rules only")
        .map(([, kind, on]) => [kind, on === "yes"]),
    );
    expect(said).toEqual(SIMPLE_DEFAULTS);
  });
});
