/**
 * --data DIR persistence: an append-only JSON-lines journal of acknowledged
 * mutations (records.ts). Each record is written and fsynced before the
 * request that made it is answered, so kill -9 at any moment loses nothing
 * that was acknowledged. A line torn by a crash mid-write was never
 * acknowledged and is cut off on the next start.
 *
 * A lock file holding the owner's pid keeps two sims off one directory.
 */
import {
  closeSync,
  existsSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { join, resolve } from "node:path";
import { type JournalRecord, JournalRecordSchema } from "./records.js";

export const JOURNAL_FILE = "journal.jsonl";
const LOCK_FILE = "lock";

/** Directories locked by this process (a second lock from us would be a bug, not a stale file). */
const lockedHere = new Set<string>();

export class JournalError extends Error {
  override name = "JournalError";
}

export class Journal {
  private fd: number | null;
  private size: number;

  private constructor(
    readonly dir: string,
    fd: number,
    size: number,
  ) {
    this.fd = fd;
    this.size = size;
  }

  /** Opens (creating if needed) the journal in dir and returns it with the records it holds. */
  static open(dir: string): { journal: Journal; records: JournalRecord[] } {
    const abs = resolve(dir);
    mkdirSync(abs, { recursive: true });
    lock(abs);
    try {
      const path = join(abs, JOURNAL_FILE);
      const created = !existsSync(path);
      const text = created ? "" : readFileSync(path, "utf8");
      const { records, validBytes } = parse(text, path);
      const fd = openSync(path, "a");
      if (validBytes < Buffer.byteLength(text)) {
        ftruncateSync(fd, validBytes);
        fsyncSync(fd);
      }
      if (created) fsyncDir(abs);
      return { journal: new Journal(abs, fd, validBytes), records };
    } catch (e) {
      unlock(abs);
      throw e;
    }
  }

  /** Durably appends one record; throws (having written nothing) if it cannot. */
  append(record: JournalRecord): void {
    if (this.fd === null) throw new JournalError("journal is closed");
    const bytes = Buffer.from(`${JSON.stringify(record)}\n`, "utf8");
    try {
      let written = 0;
      while (written < bytes.length) written += writeSync(this.fd, bytes, written, bytes.length - written);
      fsyncSync(this.fd);
      this.size += bytes.length;
    } catch (e) {
      // Leave no half line behind for the next append to run into.
      try {
        ftruncateSync(this.fd, this.size);
      } catch {
        /* the original error says more */
      }
      throw new JournalError(`could not write the journal: ${(e as Error).message}`);
    }
  }

  close(): void {
    if (this.fd === null) return;
    closeSync(this.fd);
    this.fd = null;
    unlock(this.dir);
  }
}

function parse(text: string, path: string): { records: JournalRecord[]; validBytes: number } {
  const records: JournalRecord[] = [];
  let offset = 0;
  let line = 0;
  while (offset < text.length) {
    const nl = text.indexOf("\n", offset);
    line++;
    const end = nl === -1 ? text.length : nl + 1;
    const record = nl === -1 ? null : parseLine(text.slice(offset, nl));
    if (record === null) {
      // Only the tail may be damaged (a write cut short by a crash); damage before good lines is corruption.
      if (laterRecordExists(text, end)) throw new JournalError(`${path} line ${line} is damaged; refusing to guess what it held`);
      return { records, validBytes: Buffer.byteLength(text.slice(0, offset)) };
    }
    records.push(record);
    offset = end;
  }
  return { records, validBytes: Buffer.byteLength(text) };
}

function parseLine(s: string): JournalRecord | null {
  try {
    const parsed = JournalRecordSchema.safeParse(JSON.parse(s));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function laterRecordExists(text: string, from: number): boolean {
  return text
    .slice(from)
    .split("\n")
    .some((l) => l.trim() !== "" && parseLine(l) !== null);
}

function fsyncDir(dir: string): void {
  try {
    const fd = openSync(dir, "r");
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Some platforms cannot fsync a directory; the file's own fsync still holds.
  }
}

function lock(dir: string): void {
  const path = join(dir, LOCK_FILE);
  if (lockedHere.has(dir)) throw new JournalError(`${dir} is already in use by this process`);
  if (existsSync(path)) {
    const pid = Number(readFileSync(path, "utf8").trim());
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
      throw new JournalError(`${dir} is in use by another sim (pid ${pid})`);
    }
  }
  // A lock left by a process that is gone (e.g. killed with -9) is taken over.
  writeFileSync(path, `${process.pid}\n`);
  lockedHere.add(dir);
}

function unlock(dir: string): void {
  lockedHere.delete(dir);
  try {
    rmSync(join(dir, LOCK_FILE), { force: true });
  } catch {
    /* nothing to do about it */
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}
