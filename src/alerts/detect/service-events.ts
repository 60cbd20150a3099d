/**
 * The dashboard going blind: the service unreachable (offline, or answering
 * with errors) for SERVICE_DOWN_MS and back, the key refused, rate limited
 * for RATE_LIMITED_MS. Each fires once per episode; an episode ends when
 * the connection is ok again.
 */
import { formatAge } from "../../domain/format.js";
import type { Connection } from "../../poller/snapshot.js";
import { RATE_LIMITED_MS, SERVICE_DOWN_MS } from "../rules.js";
import type { EventDetector, Step } from "./context.js";

type Episode = { since: number; fired: boolean };

const isDown = (c: Connection) => c.state === "offline" || c.state === "degraded";
const reasonOf = (c: Connection) => ("reason" in c ? c.reason : "");

export class ServiceEvents implements EventDetector {
  private down: Episode | undefined;
  private limited: Episode | undefined;
  private refused = false;

  step(t: Step): void {
    const c = t.s.connection;
    const on = (kind: string) => t.rules.some((r) => r.kind === kind);
    this.down = episode(this.down, isDown(c), t.now);
    this.limited = episode(this.limited, c.state === "rate_limited", t.now);
    if (c.state === "ok") {
      if (this.wasDown !== undefined && on("service")) {
        const ms = t.now - this.wasDown;
        t.fire({
          event: "service",
          rule: "service",
          at: t.now,
          title: "service back",
          text: `service back after ${formatAge(ms)} unreachable`,
          tone: "up",
          data: { state: "back", down_ms: ms },
        });
      }
      this.wasDown = undefined;
      this.refused = false;
    }
    if (this.down && !this.down.fired && t.now - this.down.since >= SERVICE_DOWN_MS) {
      this.down.fired = true;
      this.wasDown = this.down.since;
      if (on("service"))
        t.fire({
          event: "service",
          rule: "service",
          at: t.now,
          title: "service unreachable",
          text: `service unreachable for ${formatAge(t.now - this.down.since)}: ${reasonOf(c)}`,
          tone: "warn",
          data: { state: "down", reason: reasonOf(c), since: this.down.since },
        });
    }
    if (this.limited && !this.limited.fired && t.now - this.limited.since >= RATE_LIMITED_MS) {
      this.limited.fired = true;
      if (on("rate_limited"))
        t.fire({
          event: "rate_limited",
          rule: "rate_limited",
          at: t.now,
          title: "rate limited",
          text: `rate limited for ${formatAge(t.now - this.limited.since)}: ${reasonOf(c)}`,
          tone: "warn",
          data: { reason: reasonOf(c), since: this.limited.since },
        });
    }
    if (c.state === "unauthorized" && !this.refused) {
      this.refused = true;
      if (on("key_refused"))
        t.fire({
          event: "key_refused",
          rule: "key_refused",
          at: t.now,
          title: "key refused",
          text: `the service refused the key: ${reasonOf(c)}`,
          tone: "down",
          data: { reason: reasonOf(c) },
        });
    }
  }

  /** Since when the service was down, once its down alert is due: "back" is said only after "down" was. */
  private wasDown: number | undefined;
}

/** The episode going on, if the condition holds: the one before it, or one starting now. */
function episode(prev: Episode | undefined, holds: boolean, now: number): Episode | undefined {
  if (!holds) return undefined;
  return prev ?? { since: now, fired: false };
}
