/**
 * The alert detector's tests' common ground: an instant, the focused market's empty snapshot, a rule
 * from what it says, and a fresh detector stepped through snapshots.
 */
import { Detector } from "../../src/alerts/detect/detector.js";
import type { AlertEvent } from "../../src/alerts/events.js";
import { type AlertRule, makeRule, type RuleSpec } from "../../src/alerts/rules.js";
import { initialSnapshot, type Snapshot } from "../../src/poller/snapshot.js";

export const T0 = Date.parse("2026-03-01T12:00:00Z");
export const target = { asset: "BTC_USDT", interval: 60 as const, network: "testnet" as const, currency: "USDC" };
export const base = initialSnapshot(target);
export const rule = (spec: RuleSpec): AlertRule => makeRule(spec);

/** Steps a fresh detector through the snapshots (each with its instant) and returns every event. */
export function run(steps: readonly [Snapshot, number][], rules: readonly AlertRule[], cooldownMs = 60_000): AlertEvent[] {
  const d = new Detector({ cooldownMs });
  return steps.flatMap(([s, now]) => d.step(s, now, rules));
}
