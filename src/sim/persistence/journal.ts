/**
 * The persistence room, sim/persistence/: what `--data DIR` keeps. The
 * journal, its records, the data directory's lock and their errors. It
 * imports domain/ and api/'s schemas and nothing else of the sim: the
 * engine journals through a function startSim hands it.
 *
 * The journal, this file: --data DIR persistence: an append-only JSON-lines
 * journal of acknowledged mutations (records.ts). A record is written before
 * it is applied, and the request that made it is answered only once the
 * record is fsynced; fsyncs are grouped (one covers every record written
 * while the one before ran), so kill -9 at any moment loses nothing that was
 * acknowledged, at a cost of one fsync per batch rather than per record. A
 * line torn by a crash mid-write was never acknowledged and is cut off on
 * the next start.
 *
 * The journal is the owner's alone (0600, in a directory created 0700) and
 * the directory is locked against a second sim (data-lock.ts).
 */
import { chmodSync, closeSync, existsSync, fsync, fsyncSync, ftruncateSync, mkdirSync, openSync, readFileSync, writeSync } from "node:fs";
import { join, resolve } from "node:path";
import { lockDataDir, unlockDataDir } from "./data-lock.js";
import { JournalError } from "./journal-error.js";
import { type JournalRecord, JournalRecordSchema } from "./records.js";

export { JournalError } from "./journal-error.js";

export const JOURNAL_FILE = "journal.jsonl";

interface Waiter {
  upTo: number;
  resolve: () => void;
  reject: (e: JournalError) => void;
}

export class Journal {
  private fd: number | null;
  /** Bytes written, and bytes known to be on disk. */
  private size: number;
  private synced: number;
  private syncing: Promise<void> | null = null;
  private waiters: Waiter[] = [];
  /** Set when an fsync failed: what is in memory may not be on disk, so nothing more is taken. */
  private broken: JournalError | null = null;

  private constructor(
    readonly dir: string,
    fd: number,
    size: number,
  ) {
    this.fd = fd;
    this.size = size;
    this.synced = size;
  }

  /** Opens (creating if needed) the journal in dir and returns it with the records it holds. */
  static open(dir: string): { journal: Journal; records: JournalRecord[] } {
    const abs = resolve(dir);
    // A directory it creates is the owner's alone; one given that exists is left as it is (it may be shared, e.g. /tmp).
    mkdirSync(abs, { recursive: true, mode: 0o700 });
    lockDataDir(abs);
    try {
      const path = join(abs, JOURNAL_FILE);
      const created = !existsSync(path);
      const text = created ? "" : readFileSync(path, "utf8");
      const { records, validBytes } = parse(text, path);
      const fd = openSync(path, "a", 0o600);
      ownerOnly(path, 0o600);
      if (validBytes < Buffer.byteLength(text)) {
        ftruncateSync(fd, validBytes);
        fsyncSync(fd);
      }
      if (created) fsyncDir(abs);
      return { journal: new Journal(abs, fd, validBytes), records };
    } catch (e) {
      unlockDataDir(abs);
      throw e;
    }
  }

  /**
   * Writes one record (not yet durable: see durable()); throws, having
   * written nothing, if it cannot.
   */
  append(record: JournalRecord): void {
    if (this.broken) throw this.broken;
    if (this.fd === null) throw new JournalError("journal is closed");
    const bytes = Buffer.from(`${JSON.stringify(record)}\n`, "utf8");
    try {
      let written = 0;
      while (written < bytes.length) written += writeSync(this.fd, bytes, written, bytes.length - written);
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

  /** Resolves once every record written so far is on disk; rejects if an fsync fails. */
  durable(): Promise<void> {
    if (this.broken) return Promise.reject(this.broken);
    if (this.synced >= this.size) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.waiters.push({ upTo: this.size, resolve, reject });
      this.syncing ??= this.syncBatch();
    });
  }

  /** One fsync for everything written up to now; then another if more was written meanwhile. */
  private async syncBatch(): Promise<void> {
    while (this.waiters.length > 0 && this.fd !== null) {
      const upTo = this.size;
      const fd = this.fd;
      const failed = await new Promise<NodeJS.ErrnoException | null>((done) => fsync(fd, done));
      if (failed) {
        this.broken = new JournalError(`could not sync the journal: ${failed.code ?? failed.message}`);
        for (const w of this.waiters.splice(0)) w.reject(this.broken);
        break;
      }
      this.synced = upTo;
      const done = this.waiters.filter((w) => w.upTo <= upTo);
      this.waiters = this.waiters.filter((w) => w.upTo > upTo);
      for (const w of done) w.resolve();
    }
    this.syncing = null;
  }

  /** Waits for a sync under way, syncs what is left, and gives the directory back. */
  async close(): Promise<void> {
    await this.syncing;
    if (this.fd === null) return;
    const fd = this.fd;
    this.fd = null;
    try {
      if (this.synced < this.size && !this.broken) fsyncSync(fd);
    } finally {
      closeSync(fd);
      unlockDataDir(this.dir);
    }
  }
}

/** Narrows the journal, which an older sim made readable by all, to its owner. */
function ownerOnly(path: string, mode: number): void {
  try {
    chmodSync(path, mode);
  } catch {
    // Not ours to change (another owner, a read-only mount): the lock or the open will say what is wrong.
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
