/**
 * Fault injection: the sim misbehaving on purpose, so the dashboard can be
 * shown to survive what real networks and services do. Each API request
 * draws at most one fault from the profile (seeded, so a run repeats);
 * outages and clock skew are handled where the server listens and where the
 * clock is made (sim/index.ts).
 */
import { Noise } from "../feed/noise.js";

export interface FaultProfile {
  /** Added to every API response. */
  latencyMs?: number;
  /** Up to this much more, uniformly. */
  jitterMs?: number;
  /** Shares of API requests (0..1), drawn in this order: */
  /** answered 500 or 503 before anything is applied */
  errorRate?: number;
  /** answered 429 with a short resetIn, before anything is applied */
  stormRate?: number;
  /** never answered (the client's timeout decides) */
  hangRate?: number;
  /** applied, then the connection is destroyed before the response: outcome unknown to the client */
  resetRate?: number;
  /** applied, then answered 200 with a truncated JSON body */
  malformedRate?: number;
  /** applied, then answered 200 with one top-level field removed or of the wrong type */
  schemaRate?: number;
  /** Only these endpoints get faults ("live-price", or with a method, "POST spot"); all when absent. */
  endpoints?: string[];
}

export type Fault = "error" | "storm" | "hang" | "reset" | "malformed" | "schema";

const ORDER: readonly [Fault, keyof FaultProfile][] = [
  ["error", "errorRate"],
  ["storm", "stormRate"],
  ["hang", "hangRate"],
  ["reset", "resetRate"],
  ["malformed", "malformedRate"],
  ["schema", "schemaRate"],
];

export class FaultInjector {
  private readonly noise: Noise;
  private n = 0;

  constructor(
    public profile: FaultProfile,
    seed: number,
  ) {
    this.noise = new Noise(seed ^ 0x0fa17);
  }

  /** A uniform number in [0, 1) for the current request and purpose. */
  private draw(purpose: number): number {
    return this.noise.bits(this.n, purpose) / 4294967296;
  }

  /** The fault (if any) for the next request, and the delay before answering. */
  next(method: string, endpoint: string): { fault: Fault | null; delayMs: number; variant: number } {
    this.n++;
    const p = this.profile;
    const delayMs = (p.latencyMs ?? 0) + (p.jitterMs ?? 0) * this.draw(1);
    if (p.endpoints && !p.endpoints.includes(endpoint) && !p.endpoints.includes(`${method} ${endpoint}`))
      return { fault: null, delayMs, variant: 0 };
    const roll = this.draw(2);
    let edge = 0;
    for (const [fault, rate] of ORDER) {
      edge += (p[rate] as number | undefined) ?? 0;
      if (roll < edge) return { fault, delayMs, variant: this.draw(3) };
    }
    return { fault: null, delayMs, variant: 0 };
  }
}

/**
 * Breaks a response body the way a changed or buggy service might: one field
 * gone, or replaced by an object where a scalar belongs (a form no reader
 * accepts, unlike a number sent as a string).
 */
export function breakShape(body: unknown, variant: number): unknown {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return body;
  const keys = Object.keys(body);
  if (keys.length === 0) return body;
  const key = keys[Math.floor(variant * keys.length) % keys.length]!;
  const copy: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  if (variant < 0.5) delete copy[key];
  else copy[key] = { unexpected: "shape" };
  return copy;
}

/** Parses the sim command's fault flags: "--faults latency=200,jitter=100,error=0.1,..." */
export function parseFaultSpec(spec: string): FaultProfile | string {
  const profile: FaultProfile = {};
  const names: Record<string, keyof FaultProfile> = {
    latency: "latencyMs",
    jitter: "jitterMs",
    error: "errorRate",
    storm: "stormRate",
    hang: "hangRate",
    reset: "resetRate",
    malformed: "malformedRate",
    schema: "schemaRate",
  };
  for (const part of spec.split(",").filter(Boolean)) {
    const [name, raw] = part.split("=");
    if (name === "endpoints") {
      // "+" separates endpoints; "POST:spot" names one method of one (a space is awkward on a command line).
      profile.endpoints = (raw ?? "")
        .split("+")
        .filter(Boolean)
        .map((e) => e.replace(":", " "));
      continue;
    }
    const key = name === undefined ? undefined : names[name];
    const value = Number(raw);
    if (!key || raw === undefined || !Number.isFinite(value) || value < 0) {
      return `--faults: "${part}" is not NAME=NUMBER with NAME one of ${[...Object.keys(names), "endpoints"].join(", ")}`;
    }
    if (key.endsWith("Rate") && value > 1) return `--faults: ${name} is a share of requests from 0 to 1, got ${value}`;
    (profile as Record<string, number>)[key] = value;
  }
  return profile;
}
