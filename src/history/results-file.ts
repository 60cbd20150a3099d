/**
 * The kept results on disk: one file per account and network,
 * `results/<account>/<network>.ndjson` in the state directory, 0600 in 0700
 * directories. The account is told apart by a hash of its key (the key is
 * never written) or, on the sim, of its wallet (a sim's world outlives its
 * key). Lines are appended as games are learnt, a later line about a game
 * replacing an earlier one; the file is rewritten whole (aside, then renamed
 * over) when loading finds it much longer than what it holds. Both the
 * dashboard and `spotdash stats` read and write it. docs/performance.md, "History".
 */
import { createHash } from "node:crypto";
import { appendFile, chmod, mkdir, readFile, rename, stat, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { isJsonNumber, parseJson, stringifyJson } from "../api/json.js";
import { readResults } from "../api/read/resources.js";
import { gameResultJson } from "../api/spec-form.js";
import type { KeptResults } from "../domain/results-history.js";
import type { GameResult } from "../domain/service-data.js";

const HEADER = { kept: "spotdash results", version: 1 };
/** A file this many lines longer than the games it holds is rewritten at load. */
const COMPACT_SLACK = 200;

export interface Account {
  sim: boolean;
  /** The service's host, or the sim's. */
  label: string;
  apiKey: string | undefined;
  wallet: string | undefined;
}

function hash(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex").slice(0, 12);
}

/** Whose results: the sim's wallet, or the account at a host (its key's hash); null when neither can be told. */
export function accountScope(a: Account): string | null {
  if (a.sim) return a.wallet === undefined ? null : `sim-${hash(a.wallet.toLowerCase())}`;
  return a.apiKey === undefined ? null : `${a.label.replace(/[^A-Za-z0-9.-]/g, "_")}-${hash(a.apiKey)}`;
}

export function resultsFile(stateDir: string, scope: string, network: string): string {
  return join(stateDir, "results", scope, `${network.replace(/[^A-Za-z0-9-]/g, "_")}.ndjson`);
}

export function gameLine(g: GameResult): string {
  return `${stringifyJson({ game: gameResultJson(g) })}\n`;
}

export function throughLine(through: number): string {
  return `${JSON.stringify({ through })}\n`;
}

/** What the file holds (none when there is no file); throws with what to say when it cannot be read. */
export async function loadResults(path: string): Promise<KeptResults> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (e) {
    if ((e as { code?: string }).code === "ENOENT") return { games: new Map(), through: null };
    throw new Error(`${path} cannot be read (${(e as { code?: string }).code ?? "error"})`);
  }
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  // Made and not yet headed (a crash right after creating it): as if there were none.
  if (lines.length === 0) return { games: new Map(), through: null };
  const head = safeParse(lines[0]!);
  if ((head as { kept?: unknown } | undefined)?.kept !== HEADER.kept) throw new Error(`${path} is not a spotdash results file`);
  const games = new Map<string, GameResult>();
  let through: number | null = null;
  let damaged = false;
  for (const line of lines.slice(1)) {
    const json = safeParse(line) as { game?: unknown; through?: unknown } | undefined;
    if (isJsonNumber(json?.through) && Number.isSafeInteger(Number(json.through.source))) through = Number(json.through.source);
    const game = json?.game === undefined ? undefined : readKeptGame(json.game);
    if (game) games.set(game.gid, game);
    else if (json?.through === undefined) damaged = true;
  }
  // A line cut short (a crash, a full disk) lost a game: the next read goes to the end again to find it.
  const kept = { games, through: damaged ? null : through };
  // What is appended next starts on a line of its own, not glued to a cut one.
  const cut = !text.endsWith("\n");
  if (cut) await appendFile(path, "\n");
  const size = Buffer.byteLength(text) + (cut ? 1 : 0);
  // Rewritten without the cut line (else every launch would find it and read everything again), or when long.
  if (damaged || (lines.length > games.size + COMPACT_SLACK && lines.length > 2 * games.size)) await rewriteResults(path, kept, size);
  return kept;
}

/**
 * The whole history, written aside and renamed over the file; with `ifLength`,
 * only while the file is still that long (another dashboard appending meanwhile keeps its lines).
 */
export async function rewriteResults(path: string, kept: KeptResults, ifLength?: number): Promise<void> {
  const body = [...kept.games.values()].map(gameLine).join("") + (kept.through === null ? "" : throughLine(kept.through));
  await ensureDir(path);
  const aside = `${path}.${process.pid}.tmp`;
  await writeFile(aside, `${JSON.stringify(HEADER)}\n${body}`, { mode: 0o600 });
  if (ifLength !== undefined && (await stat(path)).size !== ifLength) {
    await unlink(aside);
    return;
  }
  await rename(aside, path);
}

/** Lines appended, the file (with its header) made when there is none. */
export async function appendResults(path: string, lines: string): Promise<void> {
  await ensureDir(path);
  let fresh = false;
  try {
    await writeFile(path, `${JSON.stringify(HEADER)}\n`, { mode: 0o600, flag: "wx" });
    fresh = true;
  } catch (e) {
    if ((e as { code?: string }).code !== "EEXIST") throw e;
  }
  if (fresh) await chmod(path, 0o600);
  await appendFile(path, lines, { mode: 0o600 });
}

async function ensureDir(path: string): Promise<void> {
  await mkdir(join(path, ".."), { recursive: true, mode: 0o700 });
}

function safeParse(line: string): unknown {
  try {
    return parseJson(line);
  } catch {
    return undefined;
  }
}

/** A kept game read back through the same reader as an answer; one that cannot be read is left out. */
function readKeptGame(json: unknown): GameResult | undefined {
  try {
    return readResults({ games: [json], pagination: { total: 1, limit: 1, offset: 0 } }, {}).games[0];
  } catch {
    return undefined;
  }
}
