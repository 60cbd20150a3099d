/**
 * What of the alerts outlives a launch, in one JSON file of the state
 * directory (0600; the key is never in it): the rules made on the screen,
 * which rules are muted, which once-only rules have fired, and the last
 * alerts fired. One file per config profile, since rules follow the set-up
 * they were made in. Written whole to a file beside it and renamed over it,
 * so a crash leaves the old file or the new one; two dashboards of one
 * profile share it, the last to write winning. A file that cannot be read is
 * moved aside (`.bad`), not overwritten, and said once.
 */
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as z from "zod";
import { parseDecimal } from "../domain/money.js";
import type { FiredAlert } from "./alerts-state.js";
import type { AlertEvent } from "./events.js";
import { type AlertRule, CHANNELS, CLOSING_MAX_SECONDS, makeRule, type RuleSpec, SIMPLE_KINDS } from "./rules.js";

export interface KeptAlerts {
  made: AlertRule[];
  muted: string[];
  spent: string[];
  fired: FiredAlert[];
}

export const NOTHING_KEPT: KeptAlerts = { made: [], muted: [], spent: [], fired: [] };

export function alertFilePath(stateDir: string, profile: string | null): string {
  return join(stateDir, profile === null ? "alerts.json" : `alerts.${profile}.json`);
}

const channels = z.array(z.enum(CHANNELS)).optional();
const RuleJson = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("price"),
    asset: z.string(),
    direction: z.enum(["above", "below"]),
    level: z.string(),
    repeat: z.boolean(),
    deliver: channels,
  }),
  z.object({
    kind: z.literal("closing"),
    seconds: z.number().int().min(1).max(CLOSING_MAX_SECONDS),
    onlyUnheld: z.boolean(),
    deliver: channels,
  }),
  z.object({ kind: z.enum(SIMPLE_KINDS), deliver: channels }),
]);
const EventJson = z.object({
  event: z.string(),
  rule: z.string(),
  at: z.number(),
  title: z.string(),
  text: z.string(),
  tone: z.enum(["up", "down", "warn", "info"]),
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
const FileJson = z.object({
  version: z.literal(1),
  made: z.array(RuleJson),
  muted: z.array(z.string()),
  spent: z.array(z.string()),
  fired: z.array(z.object({ event: EventJson, channels: z.array(z.enum(CHANNELS)) })),
});

/**
 * The file's rules, mutes and history; nothing when there is no file.
 * Throws with what to say when it cannot be read; the writer (`setAside`)
 * first moves it aside, so that writing its own does not lose it.
 */
export function readAlertFile(path: string, setAside: boolean): KeptAlerts {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    if ((e as { code?: string }).code === "ENOENT") return NOTHING_KEPT;
    throw new Error(`the alerts file ${path} cannot be read (${(e as { code?: string }).code ?? "error"})`);
  }
  const parsed = FileJson.safeParse(safeJson(text));
  if (!parsed.success) {
    if (!setAside) throw new Error(`the alerts file ${path} is not readable; starting without its rules`);
    const aside = `${path}.bad`;
    renameSync(path, aside);
    throw new Error(`the alerts file was not readable and is kept as ${aside}; starting without its rules`);
  }
  const d = parsed.data;
  return {
    made: d.made.flatMap((r) => {
      const rule = toRule(r);
      return rule ? [rule] : [];
    }),
    muted: d.muted,
    spent: d.spent,
    fired: d.fired.map((f) => ({ event: f.event as AlertEvent, channels: f.channels })),
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function toRule(r: z.output<typeof RuleJson>): AlertRule | undefined {
  if (r.kind !== "price") return makeRule(r as RuleSpec);
  const level = parseDecimal(r.level);
  return level === null ? undefined : makeRule({ ...r, level });
}

export function writeAlertFile(path: string, dir: string, kept: KeptAlerts): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const json = {
    version: 1,
    made: kept.made.map(({ id: _id, ...r }) => (r.kind === "price" ? { ...r, level: r.level.toFixed() } : r)),
    muted: kept.muted,
    spent: kept.spent,
    fired: kept.fired,
  };
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(json, null, 1)}\n`, { mode: 0o600 });
  chmodSync(temp, 0o600);
  renameSync(temp, path);
}
