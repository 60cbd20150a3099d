/**
 * What every event detector is given at each step: the snapshot as the
 * poller holds it and as the screen shows it at `now` (rolled over to the
 * game the schedule says is live), the rules in force of its kind, and how
 * to fire.
 */
import type { Snapshot } from "../../poller/snapshot.js";
import type { AlertEvent } from "../events.js";
import type { AlertRule } from "../rules.js";

export interface Step {
  /** The snapshot as the poller holds it. */
  s: Snapshot;
  /** The same at `now`, rolled over to the scheduled game (snapshotAt). */
  shown: Snapshot;
  /** Server epoch ms. */
  now: number;
  rules: readonly AlertRule[];
  /**
   * Fires an event. With a `cooldownKey`, an event of the same key fired
   * within the cooldown is dropped; returns whether it fired.
   */
  fire(event: AlertEvent, cooldownKey?: string): boolean;
}

/** One kind of event (or a few that read the same data): its memory between steps, and a step. */
export interface EventDetector {
  step(step: Step): void;
}
