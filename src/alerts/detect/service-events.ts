/**
 * The dashboard going blind: no answer of any kind from the service for
 * SERVICE_DOWN_MS while it is offline or failing (one endpoint failing while
 * the others answer is not blind), and back at its next answer; the key
 * refused; rate limited for RATE_LIMITED_MS. Each fires once per episode;
 * an episode ends with the next answer.
 */
import { formatAge } from "../../domain/format.js";
import type { Connection, Snapshot } from "../../poller/snapshot.js";
import { RATE_LIMITED_MS, SERVICE_DOWN_MS } from "../rules.js";
import type { EventDetector, Step } from "./context.js";

const failing = (c: Connection): c is Extract<Connection, { state: "offline" | "degraded" }> =>
  c.state === "offline" || c.state === "degraded";

export class ServiceEvents implements EventDetector {
  /** Server ms of the first step: the silence before any answer counts from there. */
  private startedAt: number | undefined;
  /** When "down" was said: the last answer then (none before any), and since when there was none; "back" is said at the next answer. */
  private downSaid: { lastOk: number; since: number } | undefined;
  private limitedSince: number | undefined;
  private limitedSaid = false;
  private refusedSaid = false;

  step(t: Step): void {
    this.startedAt ??= t.now;
    const on = (kind: string) => t.rules.some((r) => r.kind === kind);
    this.down(t, on("service"));
    this.limited(t, on("rate_limited"));
    const c = t.s.connection;
    if (c.state === "unauthorized" && !this.refusedSaid) {
      this.refusedSaid = true;
      if (on("key_refused"))
        t.fire({
          event: "key_refused",
          rule: "key_refused",
          at: t.now,
          title: "key refused",
          text: `the service refused the key: ${c.reason}`,
          tone: "down",
          data: { reason: c.reason },
        });
    }
    if (c.state === "ok") this.refusedSaid = false;
  }

  private down(t: Step, on: boolean): void {
    const s: Snapshot = t.s;
    const lastOk = s.lastOkAt ?? Number.NEGATIVE_INFINITY;
    if (this.downSaid !== undefined && lastOk > this.downSaid.lastOk) {
      const ms = lastOk - this.downSaid.since;
      this.downSaid = undefined;
      if (on)
        t.fire({
          event: "service",
          rule: "service",
          at: t.now,
          title: "service back",
          text: `service back after ${formatAge(ms)} without an answer`,
          tone: "up",
          data: { state: "back", down_ms: ms },
        });
      return;
    }
    const silentSince = s.lastOkAt ?? this.startedAt!;
    if (this.downSaid !== undefined || !failing(s.connection) || t.now - silentSince < SERVICE_DOWN_MS) return;
    this.downSaid = { lastOk, since: silentSince };
    if (on)
      t.fire({
        event: "service",
        rule: "service",
        at: t.now,
        title: "service unreachable",
        text: `service unreachable for ${formatAge(t.now - silentSince)}: ${s.connection.reason}`,
        tone: "warn",
        data: { state: "down", reason: s.connection.reason, since: silentSince },
      });
  }

  private limited(t: Step, on: boolean): void {
    const c = t.s.connection;
    if (c.state !== "rate_limited") {
      this.limitedSince = undefined;
      this.limitedSaid = false;
      return;
    }
    this.limitedSince ??= t.now;
    if (this.limitedSaid || t.now - this.limitedSince < RATE_LIMITED_MS) return;
    this.limitedSaid = true;
    if (on)
      t.fire({
        event: "rate_limited",
        rule: "rate_limited",
        at: t.now,
        title: "rate limited",
        text: `rate limited for ${formatAge(t.now - this.limitedSince)}: ${c.reason}`,
        tone: "warn",
        data: { reason: c.reason, since: this.limitedSince },
      });
  }
}
