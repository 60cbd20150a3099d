/**
 * A strategy's spend and its placements in the games not settled yet, kept
 * in the state directory so a crash and relaunch can neither forget the
 * day's stakes nor place a game's positions twice. Written, whole, before
 * every POST (the stake counts from the moment it is sent) and after every
 * answer; renamed over the old file, so a crash leaves the one or the
 * other. One file per strategy, network and service (the sim's apart from
 * each host's); 0600, the key never in it. A file that cannot be read stops
 * the strategy from being armed rather than starting it from nothing.
 */
import { createHash } from "node:crypto";
import { chmodSync, closeSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as z from "zod";
import { Decimal } from "../domain/money.js";
import type { OwnPlacement } from "./decide.js";
import { emptySpend, type Spend } from "./limits.js";

export interface KeptSpend {
  spend: Spend;
  own: OwnPlacement[];
}

/**
 * Whose spend: the sim's, or the account's at a service, told apart by a
 * hash of its key (the key itself is never written), so two keys at one
 * host never share a day's limit.
 */
export function spendScope(service: { sim: boolean; label: string }, apiKey: string | undefined): string {
  if (service.sim || apiKey === undefined) return service.sim ? "sim" : service.label;
  return `${service.label}-${createHash("sha256").update(apiKey).digest("hex").slice(0, 12)}`;
}

export function spendFilePath(stateDir: string, scope: string, name: string, network: string): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]/g, "_");
  return join(stateDir, "strategies", safe(scope), `${safe(name)}.${safe(network)}.json`);
}

const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);
/** A stake or a total of stakes: a negative one would make room under a limit. */
const amount = z.string().regex(/^\d+(\.\d+)?$/);
const FileJson = z.object({
  version: z.literal(1),
  spend: z.object({
    day: z.string().regex(/^\d{4}-\d\d-\d\d$/),
    dayStaked: amount,
    sessionStaked: amount,
    games: z.record(z.string(), amount),
    paid: decimal,
    net: decimal,
    losingStreak: z.number().int().min(0),
  }),
  own: z.array(
    z.object({
      gid: z.string(),
      sp: decimal,
      f: amount,
      state: z.enum(["in_flight", "placed", "refused", "unknown"]),
      txid: z.string().optional(),
      ref: decimal.optional(),
    }),
  ),
});

/** The kept record, or a fresh one when there is none. Throws with what to say when the file cannot be read. */
export function readSpendFile(path: string, now: number): KeptSpend {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    if ((e as { code?: string }).code === "ENOENT") return { spend: emptySpend(now), own: [] };
    throw new Error(`the strategy's spend file ${path} cannot be read (${(e as { code?: string }).code ?? "error"})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = FileJson.safeParse(json);
  if (!parsed.success) throw new Error(`the strategy's spend file ${path} is not readable: fix or remove it to arm the strategy`);
  const s = parsed.data.spend;
  const d = (x: string) => new Decimal(x);
  const games = Object.fromEntries(Object.entries(s.games).map(([gid, v]) => [gid, d(v)]));
  return {
    spend: { ...s, dayStaked: d(s.dayStaked), sessionStaked: d(s.sessionStaked), games, paid: d(s.paid), net: d(s.net) },
    // A POST the crash cut off may have placed: it counts, and /status tells the rest.
    own: parsed.data.own.map((p) => (p.state === "in_flight" ? { ...p, state: "unknown" as const } : p)),
  };
}

export function writeSpendFile(path: string, kept: KeptSpend): void {
  mkdirSync(join(path, ".."), { recursive: true, mode: 0o700 });
  const s = kept.spend;
  const json = {
    version: 1,
    spend: {
      ...s,
      dayStaked: s.dayStaked.toFixed(),
      sessionStaked: s.sessionStaked.toFixed(),
      games: Object.fromEntries(Object.entries(s.games).map(([gid, v]) => [gid, v.toFixed()])),
      paid: s.paid.toFixed(),
      net: s.net.toFixed(),
    },
    own: kept.own,
  };
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(json, null, 1)}\n`, { mode: 0o600 });
  chmodSync(temp, 0o600);
  renameSync(temp, path);
}

/**
 * The one runner that may place for this strategy and account now: a lock
 * file beside the spend file, held from arming to pausing or stopping, so
 * the dashboard and `spotdash auto` (or two of either) never both spend
 * the same day's limit. A lock whose process is gone is taken over.
 * Returns why not when another live process holds it.
 */
export function lockSpendFile(path: string): { release(): void } | string {
  const lock = `${path}.lock`;
  mkdirSync(join(path, ".."), { recursive: true, mode: 0o700 });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lock, "wx", 0o600);
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return { release: () => releaseLock(lock) };
    } catch (e) {
      if ((e as { code?: string }).code !== "EEXIST")
        return `its spend file cannot be locked (${(e as { code?: string }).code ?? "error"})`;
      const holder = Number(readFileSync(lock, "utf8"));
      if (holder !== process.pid && alive(holder)) return `armed by spotdash pid ${holder}: pause it there first`;
      unlinkSync(lock);
    }
  }
  return "its spend file's lock could not be taken";
}

function releaseLock(lock: string): void {
  try {
    if (Number(readFileSync(lock, "utf8")) === process.pid) unlinkSync(lock);
  } catch {
    // Gone already: nothing to release.
  }
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as { code?: string }).code === "EPERM";
  }
}
