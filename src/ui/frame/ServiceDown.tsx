/**
 * What the body says before any answer has come, while nothing can come:
 * the service cannot be reached, or refuses the key. The error in full and
 * what to do, instead of panes, a chart axis and "loading…" that will never
 * load. Once something has been read, the panes stay (marked stale) and the
 * header says what is wrong.
 */
import { Box } from "ink";
import type { Connection } from "../../poller/snapshot.js";
import { Line } from "../Line.js";
import { span } from "../spans.js";

export interface DownReason {
  what: string;
  why: string;
  todo: string;
  /** Local ms of the next try. */
  retryAt: number;
}

/** Why nothing can load now, or undefined while the service answers (or has not yet been tried). */
export function serviceDownReason(c: Connection): DownReason | undefined {
  if (c.state === "offline") {
    return {
      what: "cannot reach the service",
      why: c.reason,
      todo: "check the connection and METAFIDE_API_URL (or --url)",
      retryAt: c.retryAt,
    };
  }
  if (c.state === "unauthorized") {
    return {
      what: "the service refuses the API key",
      why: c.reason,
      todo: "check METAFIDE_API_KEY (generate a new key on the wallet page if it was revoked)",
      retryAt: c.retryAt,
    };
  }
  return undefined;
}

export function ServiceDown(p: { reason: DownReason; backend: string; localNow: number; width: number; height: number }) {
  const retry = Math.max(0, Math.ceil((p.reason.retryAt - p.localNow) / 1000));
  return (
    <Box flexDirection="column" width={p.width} height={p.height} flexShrink={0} overflowY="hidden" paddingX={1}>
      <Line> </Line>
      <Line bold tone="bad">{`${p.reason.what} (${p.backend})`}</Line>
      <Line tone="bad">{p.reason.why}</Line>
      <Line>{p.reason.todo}</Line>
      <Line tone="dim">
        {[
          `trying again in ${retry} s, inside the one-request-a-second budget · `,
          span("q", { bold: true }),
          " quits · ",
          span("D", { bold: true }),
          " diagnostics",
        ]}
      </Line>
    </Box>
  );
}
