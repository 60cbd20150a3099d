/**
 * Whether a pid names a running process, for the files that name their
 * writer by pid (the sim's announcement, its data directory's lock).
 */
export type PidState = "running" | "gone" | "another-user";

/** "another-user": a process runs under that pid, but not one this user may signal (EPERM). */
export function pidState(pid: number): PidState {
  try {
    process.kill(pid, 0);
    return "running";
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM" ? "another-user" : "gone";
  }
}
