/**
 * Counter-based randomness: every random number the sim uses is a pure
 * function of (seed, coordinates). That makes the price path and the crowd
 * independent of when requests arrive, so lazily catching up, restarting and
 * replaying a journal all see the same world.
 */

/** murmur3's 32-bit finaliser: a cheap bijection with full avalanche. */
function mix32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

const TWO_32 = 4294967296;

export class Noise {
  private readonly seed: number;

  constructor(seed: number) {
    this.seed = mix32((seed >>> 0) ^ 0x5bd1e995);
  }

  /** 32 random bits for the given integer coordinates (safe integers, any sign). */
  bits(...coords: number[]): number {
    let h = this.seed;
    for (const c of coords) {
      h = mix32(h ^ (c >>> 0));
      h = mix32(Math.imul(h, 0x9e3779b1) ^ (Math.floor(c / TWO_32) >>> 0));
    }
    return h;
  }

  /** Uniform in the open interval (0, 1). */
  uniform(...coords: number[]): number {
    return (this.bits(...coords) + 0.5) / TWO_32;
  }

  /** Standard normal (Box–Muller on two derived uniforms). */
  normal(...coords: number[]): number {
    const h = this.bits(...coords);
    const u1 = (h + 0.5) / TWO_32;
    const u2 = (mix32(h ^ 0x68bc21eb) + 0.5) / TWO_32;
    return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
  }

  /** A v4-shaped UUID that is the same on every replay of the same coordinates. */
  uuid(...coords: number[]): string {
    const words = [0, 1, 2, 3].map((i) =>
      this.bits(...coords, i)
        .toString(16)
        .padStart(8, "0"),
    );
    const hex = words.join("");
    const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  }
}
