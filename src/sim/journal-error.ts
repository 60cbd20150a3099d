/** A failure of the data directory: its lock, or storing a record durably. */
export class JournalError extends Error {
  override name = "JournalError";
}
