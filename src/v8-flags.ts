/**
 * The V8 flags the dashboard sets at run time (cli.tsx, before anything
 * else loads). Only the dashboard: the sim under load wants V8's defaults.
 *
 * - The dashboard allocates a little every second for hours, and V8 grows
 *   its young generation with every byte that survives a collection, up to
 *   16 MB a half (32 MB of resident memory) that buys a once-a-second
 *   screen nothing. Kept at its initial size (2 MB), collections come more
 *   often and each is as small.
 * - undici's HTTP parser is WebAssembly. V8's optimising compiler takes
 *   its largest function about 0.7 s after the launch, in some 40 MB of
 *   compiler memory that glibc keeps for good (about 9 MB resident for the
 *   whole session, 30 MB at the peak), to parse one response a second a
 *   little faster. The baseline compiler (Liftoff) alone does that parse
 *   in the same time a frame can notice.
 * - Nothing past Maglev (`--max-opt=2`; Node 20's V8 has Maglev off, so
 *   there the baseline compiler, Sparkplug, is the top tier). A screen
 *   drawn once a second never stops feeding TurboFan: it optimised about
 *   fifty functions a minute for as long as the dashboard ran, on worker
 *   threads, and kept their code and the compiler's memory (about 4 MB
 *   resident). Without it the dashboard's CPU is the same within the
 *   runs' spread: what TurboFan's code saves a frame, its compiles spent.
 *
 * BENCHMARKS.md ("Dashboard") has what each buys and costs;
 * test/unit/v8-flags.test.ts that every tested Node's V8 knows them.
 */
import { setFlagsFromString } from "node:v8";

export const DASHBOARD_V8_FLAGS = "--semi-space-growth-factor=1 --liftoff-only --max-opt=2";

export function setDashboardV8Flags(): void {
  setFlagsFromString(DASHBOARD_V8_FLAGS);
}
