/** A failure of the data directory: its lock, or storing a record durably. */
export class JournalError extends Error {
  override name = "JournalError";
}

/** The data directory is locked by another live sim (data-lock.ts). */
export class DataDirInUse extends JournalError {
  override name = "DataDirInUse";
}
