/**
 * The sim's players: one per accepted API key, plus the crowd's bots. A user
 * is known by the SHA-256 of its key, so the data directory never holds a
 * key, and everything shown about a user (wallet, name, avatar) derives from
 * the hash of its first key and so survives restarts and a new key.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Avatar } from "../../api/schemas.js";

export interface Player {
  id: number;
  kind: "user" | "crowd";
  wallet: string;
  username: string;
  avatar: Avatar;
}

export interface SimUser extends Player {
  kind: "user";
  /** The hash of the user's first key: what its wallet, name and avatar derive from. */
  keyHash: string;
}

/** Any key that survives an HTTP header unchanged: 1–256 printable ASCII characters, no spaces. */
export function isValidApiKey(key: string): boolean {
  return /^[\x21-\x7e]{1,256}$/.test(key);
}

export function hashKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

/** The shape of a real key: metafide_ + 32 hex. */
export function generateDemoKey(): string {
  return `metafide_${randomBytes(16).toString("hex")}`;
}

/** An EVM-shaped address, stable for the key. */
export function walletFor(keyHash: string): string {
  return `0x${createHash("sha256").update(`wallet:${keyHash}`).digest("hex").slice(0, 40)}`;
}

const ADJECTIVES = ["swift", "calm", "bold", "lucky", "sharp", "patient", "quiet", "bright"];
const NOUNS = ["falcon", "otter", "lynx", "heron", "badger", "marten", "orca", "wren"];

export function avatarFor(seed: string): Avatar {
  const h = createHash("sha256").update(`avatar:${seed}`).digest("hex");
  // .invalid can never resolve: the sim serves no images and links to nobody's.
  return { imageUrl: `https://avatars.sim.invalid/${h.slice(0, 16)}.png`, backgroundColor: `#${h.slice(16, 22)}` };
}

export function makeUser(id: number, keyHash: string): SimUser {
  const h = parseInt(keyHash.slice(0, 8), 16);
  return {
    id,
    kind: "user",
    keyHash,
    wallet: walletFor(keyHash),
    username: `${ADJECTIVES[h % ADJECTIVES.length]}-${NOUNS[(h >>> 8) % NOUNS.length]}-${id}`,
    avatar: avatarFor(keyHash),
  };
}

export class UserRegistry {
  /** The hash of each user's current key → the user. */
  private readonly byHash = new Map<string, SimUser>();
  private readonly byId = new Map<number, SimUser>();
  private readonly currentHash = new Map<number, string>();

  add(user: SimUser): void {
    if (this.byHash.has(user.keyHash) || this.byId.has(user.id)) throw new Error(`user ${user.id} exists already`);
    this.byHash.set(user.keyHash, user);
    this.byId.set(user.id, user);
    this.currentHash.set(user.id, user.keyHash);
  }

  /** Replaces a user's key: the old one finds nobody from now on. */
  rekey(id: number, keyHash: string): void {
    const user = this.byId.get(id);
    if (!user) throw new Error(`no user ${id}`);
    if (this.byHash.has(keyHash)) throw new Error("that key belongs to a user already");
    this.byHash.delete(this.currentHash.get(id)!);
    this.byHash.set(keyHash, user);
    this.currentHash.set(id, keyHash);
  }

  get(id: number): SimUser | undefined {
    return this.byId.get(id);
  }

  findByKeyHash(keyHash: string): SimUser | undefined {
    return this.byHash.get(keyHash);
  }

  nextId(): number {
    return Math.max(0, ...this.byId.keys()) + 1;
  }

  all(): SimUser[] {
    return [...this.byId.values()];
  }
}
