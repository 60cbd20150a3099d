/**
 * One local sim for everything: a running sim writes where it listens and
 * its demo key to `<state dir>/sim.json` (the owner's alone: it holds a
 * key), and the dashboard and the `--sim` commands use the sim announced
 * there while it answers, so that `place --sim` then `positions --sim` see
 * the same world. docs/sim.md, "One sim for every command".
 */
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import * as z from "zod";
import { pidState } from "./process-state.js";

const AnnouncementSchema = z.object({
  url: z.string().url(),
  key: z.string().min(1),
  wallet: z.string().min(1),
  pid: z.number().int().positive(),
  seed: z.number().int().nonnegative(),
  /** Who runs it: `spotdash sim`, or the dashboard or a command that started its own. */
  by: z.string(),
});
export type Announcement = z.infer<typeof AnnouncementSchema>;

/** How long a sim announced may take to accept a connection before it counts as gone. */
export const ANNOUNCED_SIM_PROBE_MS = 1_000;

export const announcementPath = (stateDir: string) => join(stateDir, "sim.json");

/**
 * Announces a sim in `stateDir` (replacing any other announcement: the
 * newest sim is the one to use) and returns what withdraws it, which
 * removes the file only while it still names this sim.
 */
export function announceSim(stateDir: string, a: Announcement): () => void {
  mkdirSync(stateDir, { recursive: true, mode: 0o700 });
  const path = announcementPath(stateDir);
  // Written aside and renamed over: a reader never sees half a file.
  const aside = `${path}.${randomBytes(4).toString("hex")}`;
  writeFileSync(aside, `${JSON.stringify(a)}\n`, { mode: 0o600 });
  chmodSync(aside, 0o600);
  renameSync(aside, path);
  return () => {
    if (readAnnouncement(stateDir)?.url === a.url) rmSync(path, { force: true });
  };
}

/** The announcement on file, if it is one; a damaged or foreign file is none. */
export function readAnnouncement(stateDir: string): Announcement | undefined {
  try {
    const parsed = AnnouncementSchema.safeParse(JSON.parse(readFileSync(announcementPath(stateDir), "utf8")));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Whether something accepts connections at `url` within ANNOUNCED_SIM_PROBE_MS: a connection only, no request sent. */
function listening(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port), timeout: ANNOUNCED_SIM_PROBE_MS });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once("connect", () => done(true));
    socket.once("timeout", () => done(false));
    socket.once("error", () => done(false));
  });
}

/**
 * The sim announced in `stateDir` if its process lives and its port accepts
 * a connection (no request is sent: every request goes through the poller or
 * a command's pacer); otherwise undefined.
 */
export async function findAnnouncedSim(stateDir: string): Promise<Announcement | undefined> {
  const a = readAnnouncement(stateDir);
  // Another user's process under that pid is not the sim this user announced.
  if (a === undefined || pidState(a.pid) !== "running") return undefined;
  return (await listening(a.url)) ? a : undefined;
}
