/**
 * The lock that keeps two sims off one data directory. Taken by exclusive
 * create (O_EXCL), so of two sims starting together exactly one gets it.
 * The file names its holder by pid, the process's start time and the host:
 * a lock is stale only when that process is gone — a pid reused by another
 * process since does not keep the directory locked. A stale lock is taken
 * over under a second exclusive file, so two sims finding the same stale
 * lock cannot both remove it and both go on.
 */
import { closeSync, fsyncSync, openSync, readFileSync, rmSync, statSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { pidState } from "../../process-state.js";
import { DataDirInUse, JournalError } from "./journal-error.js";

const LOCK_FILE = "lock";
const TAKEOVER_FILE = "lock.takeover";
/** A lock file without a holder yet (its creator is between create and write) counts as held this long. */
const UNWRITTEN_GRACE_MS = 5_000;
/** A takeover file older than this was left by a sim that died taking over; it is removed. */
const TAKEOVER_STALE_MS = 10_000;

interface Holder {
  pid: number;
  /** The process's start time as the OS counts it (Linux: jiffies since boot); null where it cannot be read. */
  start: string | null;
  host: string;
}

/** Directories locked by this process (a second lock from us would be a bug, not a stale file). */
const lockedHere = new Map<string, string>();

/** Takes the lock of dir, or throws a JournalError naming who holds it. */
export function lockDataDir(dir: string): void {
  if (lockedHere.has(dir)) throw new JournalError(`${dir} is already in use by this process`);
  const me = JSON.stringify({ pid: process.pid, start: processStart(process.pid), host: hostname() } satisfies Holder);
  const path = join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    if (createExclusive(path, me)) {
      lockedHere.set(dir, me);
      return;
    }
    const held = readHolder(path);
    if (held === "gone") continue;
    if (held === "unwritten" || isLive(held)) throw inUse(dir, held);
    takeOver(dir, path, held);
  }
  throw new JournalError(`${dir}: could not take its lock (other sims are starting on it); try again`);
}

/** Gives the lock of dir back, if this process holds it and the file is still its own. */
export function unlockDataDir(dir: string): void {
  const mine = lockedHere.get(dir);
  lockedHere.delete(dir);
  if (mine === undefined) return;
  try {
    if (readFileSync(join(dir, LOCK_FILE), "utf8") === mine) rmSync(join(dir, LOCK_FILE), { force: true });
  } catch {
    /* already gone */
  }
}

function inUse(dir: string, held: Holder | "unwritten"): DataDirInUse {
  if (held === "unwritten") return new DataDirInUse(`${dir} is in use by another sim that is starting`);
  const where = held.host === hostname() ? "" : ` on ${held.host}`;
  return new DataDirInUse(`${dir} is in use by another sim (pid ${held.pid}${where})`);
}

/** Creates path holding text, unless it exists. */
function createExclusive(path: string, text: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, "wx", 0o600);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw new JournalError(`could not create ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** The lock's holder; "unwritten" for a young file without one; "gone" when the file vanished meanwhile. */
function readHolder(path: string): Holder | "unwritten" | "gone" {
  let text: string;
  let age: number;
  try {
    text = readFileSync(path, "utf8");
    age = Date.now() - statSync(path).mtimeMs;
  } catch {
    return "gone";
  }
  const holder = parseHolder(text);
  if (holder) return holder;
  // Unreadable: a creator mid-write, or a crash between create and write (or a lock from an older sim: a bare pid).
  const pid = Number(text.trim());
  if (Number.isInteger(pid) && pid > 0) return { pid, start: null, host: hostname() };
  return age < UNWRITTEN_GRACE_MS ? "unwritten" : { pid: 0, start: null, host: hostname() };
}

function parseHolder(text: string): Holder | null {
  try {
    const h = JSON.parse(text) as Partial<Holder>;
    if (typeof h.pid === "number" && typeof h.host === "string") return { pid: h.pid, start: h.start ?? null, host: h.host };
  } catch {
    /* not ours */
  }
  return null;
}

/** Whether the lock's holder still runs: its pid is alive and is the same process (same start time). */
function isLive(h: Holder): boolean {
  // Another machine's process cannot be judged from here: held, to be safe.
  if (h.host !== hostname()) return true;
  // Another user's process may hold the pid: its start time (readable by all) tells whether it is the holder.
  if (h.pid <= 0 || pidState(h.pid) === "gone") return false;
  if (h.pid === process.pid) return false;
  const start = processStart(h.pid);
  return h.start === null || start === null || start === h.start;
}

/** Removes the stale lock held by `stale` and takes it, holding the takeover file meanwhile. */
function takeOver(dir: string, path: string, stale: Holder): void {
  const guard = join(dir, TAKEOVER_FILE);
  if (!createExclusive(guard, String(process.pid))) {
    try {
      if (Date.now() - statSync(guard).mtimeMs > TAKEOVER_STALE_MS) rmSync(guard, { force: true });
    } catch {
      /* gone meanwhile */
    }
    return;
  }
  try {
    // Still the same stale holder? Another sim may have taken over and locked it between our read and now.
    const now = readHolder(path);
    if (now !== "gone" && now !== "unwritten" && now.pid === stale.pid && now.start === stale.start) rmSync(path, { force: true });
  } finally {
    rmSync(guard, { force: true });
  }
}

/** A process's start time from /proc (field 22 of stat), or null off Linux or when it cannot be read. */
function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}
