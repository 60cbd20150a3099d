/**
 * Randomness for tests, seeded: a test that depends on a random draw (the
 * poller's backoff jitter) sees the same draws every run, so it fails every
 * time or never.
 */
import { Noise } from "../../src/sim/feed/noise.js";

/** Uniform draws in (0, 1), the same sequence for the same seed. */
export function seededRandom(seed = 1): () => number {
  const noise = new Noise(seed);
  let n = 0;
  return () => noise.uniform(n++);
}
