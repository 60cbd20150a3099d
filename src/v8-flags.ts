/**
 * The V8 flags the dashboard sets at run time (cli.tsx, before anything
 * else loads). The dashboard allocates a little every second for hours,
 * and V8 grows its young generation with every byte that survives a
 * collection, up to 16 MB a half (32 MB of resident memory) that buys a
 * once-a-second screen nothing. Kept at its initial size (2 MB),
 * collections come more often and each is as small. Only the dashboard:
 * the sim under load wants the room. BENCHMARKS.md ("Dashboard") has what
 * it buys and costs; test/unit/v8-flags.test.ts that every tested Node's
 * V8 knows it.
 */
import { setFlagsFromString } from "node:v8";

export const DASHBOARD_V8_FLAGS = "--semi-space-growth-factor=1";

export function setDashboardV8Flags(): void {
  setFlagsFromString(DASHBOARD_V8_FLAGS);
}
