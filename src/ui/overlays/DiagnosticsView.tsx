/**
 * The diagnostics view (D): for each endpoint, how its requests went, the
 * last failure and the last values that could not be read, with what the
 * service sent. Made to be read out or copied into a bug report, alongside
 * `spotdash doctor` and `--debug-log`. It reads the store only.
 */
import { Text } from "ink";
import { memo } from "react";
import { formatClock } from "../../domain/format.js";
import type { Connection, Endpoint, EndpointDiagnostics, Snapshot } from "../../poller/snapshot.js";
import { keyName } from "../keymap.js";
import { useKeyTables } from "../keys-context.js";
import { tone, useTheme } from "../theme.js";
import { OverlayFrame } from "./OverlayFrame.js";

/** The calls in the order of the spec. */
const CALLS: readonly [Endpoint, string][] = [
  ["spot", "GET /spot"],
  ["price", "GET /live-price"],
  ["balance", "GET /user-balance"],
  ["status", "GET /status"],
  ["results", "GET /results"],
  ["place", "POST /spot"],
];

export interface DiagnosticsViewProps {
  diagnostics: Snapshot["diagnostics"];
  errors: Snapshot["errors"];
  connection: Connection;
  backend: string;
  /** Server time minus local time, ms. */
  clockOffset: number;
  /** Local ms, for the retry countdowns. */
  localNow: number;
  width: number;
  height: number;
}

export const DiagnosticsView = memo(function DiagnosticsView(p: DiagnosticsViewProps) {
  const theme = useTheme();
  const keys = useKeyTables();
  const diagnosticsKey = keyName(keys.dashboard, "diagnostics");
  const closeKey = keyName(keys.overlay, "close");
  const col = (s: string, n: number) => s.padEnd(n);
  const failures = CALLS.filter(([e]) => p.diagnostics[e]?.lastError !== undefined);
  const unreadable = CALLS.filter(([e]) => (p.diagnostics[e]?.unreadable?.issues.length ?? 0) > 0);
  return (
    <OverlayFrame width={p.width} height={p.height}>
      <Text bold wrap="truncate-end">
        DIAGNOSTICS{" "}
        <Text color={tone(theme, "dim")}>
          {diagnosticsKey} or {closeKey} closes · spotdash doctor checks the service · --debug-log FILE records every exchange
        </Text>
      </Text>
      <Text wrap="truncate-end">
        {`${p.backend} · connection ${p.connection.state} · server clock ${signedSeconds(p.clockOffset)} from ours`}
      </Text>
      <Text color={tone(theme, "dim")} wrap="truncate-end">
        {`${col("CALL", 18)}${col("REQUESTS", 10)}${col("FAILED", 8)}${col("LAST OK", 10)}NOW`}
      </Text>
      {CALLS.map(([endpoint, call]) => {
        const d = p.diagnostics[endpoint];
        const now = stateNow(p.errors[endpoint]?.kind, d, p.localNow);
        return (
          <Text key={endpoint} wrap="truncate-end">
            {col(call, 18) + col(String(d?.requests ?? 0), 10) + col(String(d?.failures ?? 0), 8)}
            {col(d?.okAt === undefined ? "–" : formatClock(d.okAt), 10)}
            <Text color={tone(theme, now.tone)}>{now.text}</Text>
          </Text>
        );
      })}
      <Text bold>LAST FAILURE OF EACH CALL</Text>
      {failures.length === 0 ? <Text color={tone(theme, "dim")}>none this session</Text> : null}
      {failures.map(([endpoint, call]) => {
        const e = p.diagnostics[endpoint]!.lastError!;
        return (
          <Text key={endpoint} wrap="wrap">
            <Text color={tone(theme, "bad")}>{`${formatClock(e.at)} ${e.kind} `}</Text>
            {e.message.startsWith(call) ? e.message : `${call}: ${e.message}`}
          </Text>
        );
      })}
      <Text bold>LAST VALUES THAT COULD NOT BE READ (shown as ?)</Text>
      {unreadable.length === 0 ? <Text color={tone(theme, "dim")}>none this session: every value displayed was read</Text> : null}
      {unreadable.flatMap(([endpoint, call]) => {
        const u = p.diagnostics[endpoint]!.unreadable!;
        return u.issues.map((issue) => (
          <Text key={`${endpoint} ${issue.toString()}`} wrap="wrap">
            <Text color={tone(theme, "warn")}>{`${formatClock(u.at)} ${call} `}</Text>
            {issue.toString()}
          </Text>
        ));
      })}
    </OverlayFrame>
  );
});

function stateNow(
  errorKind: string | undefined,
  d: EndpointDiagnostics | undefined,
  localNow: number,
): { text: string; tone: "good" | "bad" | "warn" | "dim" } {
  if (d === undefined) return { text: "not asked yet", tone: "dim" };
  // Short enough for 80 columns: the failure's kind and message are in LAST FAILURE below.
  const retry = d.retryAt !== undefined && d.retryAt > localNow ? `, retry in ${Math.ceil((d.retryAt - localNow) / 1000)} s` : "";
  if (errorKind !== undefined) return { text: `failing${retry}`, tone: errorKind === "schema" ? "warn" : "bad" };
  return { text: "ok", tone: "good" };
}

function signedSeconds(ms: number): string {
  const s = (ms / 1000).toFixed(1);
  return ms >= 0 ? `+${s} s` : `${s} s`;
}
