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
import { type Column, cells } from "../columns.js";
import { keyName } from "../keymap.js";
import { useKeyTables } from "../keys-context.js";
import { innerWidth } from "../Pane.js";
import { fitParts } from "../spans.js";
import { tone, useTheme } from "../theme.js";
import { OverlayFrame, type OverlayScroll } from "./OverlayFrame.js";

/** The calls in the order of the spec. */
const CALLS: readonly [Endpoint, string][] = [
  ["spot", "GET /spot"],
  ["price", "GET /live-price"],
  ["balance", "GET /user-balance"],
  ["status", "GET /status"],
  ["results", "GET /results"],
  ["place", "POST /spot"],
];

export interface DiagnosticsViewProps extends OverlayScroll {
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
  const failures = CALLS.filter(([e]) => p.diagnostics[e]?.lastError !== undefined);
  const unreadable = CALLS.filter(([e]) => (p.diagnostics[e]?.unreadable?.issues.length ?? 0) > 0);
  // Each line keeps the parts that fit whole: a cut "--debug-…" or "clock +0.0…" reads as garbage.
  const room = Math.max(1, innerWidth({ width: p.width, framed: true }));
  const title = "DIAGNOSTICS ";
  const hint = fitParts(
    `${diagnosticsKey} or ${closeKey} closes · spotdash doctor checks the service · --debug-log FILE records every exchange`,
    " · ",
    room - title.length,
  );
  const cols = tableColumns(room);
  return (
    <OverlayFrame width={p.width} height={p.height} scroll={p.scroll} onOverflow={p.onOverflow}>
      <Text bold wrap="truncate-end">
        {title}
        <Text color={tone(theme, "dim")}>{hint}</Text>
      </Text>
      <Text wrap="truncate-end">{connectionLine(p, room)}</Text>
      <Text color={tone(theme, "dim")} wrap="truncate-end">
        {`${cells(
          cols.columns,
          cols.columns.map((c) => c.title),
        )} NOW`}
      </Text>
      {CALLS.map(([endpoint, call]) => {
        const d = p.diagnostics[endpoint];
        const now = stateNow(p.errors[endpoint]?.kind, d, p.localNow);
        const row = [call, String(d?.requests ?? 0), String(d?.failures ?? 0), d?.okAt === undefined ? "–" : formatClock(d.okAt)];
        return (
          <Text key={endpoint} wrap="truncate-end">
            {`${cells(cols.columns, row)} `}
            <Text color={tone(theme, now.tone)}>{fitParts(now.text, ", ", cols.now)}</Text>
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

/** Where it talks to, the connection, and the server's clock against ours, shorter where the whole line does not fit. */
function connectionLine(p: DiagnosticsViewProps, room: number): string {
  const head = `${p.backend} · connection ${p.connection.state}`;
  const clock = `server clock ${signedSeconds(p.clockOffset)}`;
  const long = `${head} · ${clock} from ours`;
  return long.length <= room ? long : fitParts(`${head} · ${clock}`, " · ", room);
}

const WIDE_COLUMNS: readonly Column[] = [
  { title: "CALL", width: 17, left: true },
  { title: "REQUESTS", width: 9, left: true },
  { title: "FAILED", width: 7, left: true },
  { title: "LAST OK", width: 9, left: true },
];
const NARROW_COLUMNS: readonly Column[] = [
  { title: "CALL", width: 17, left: true },
  { title: "REQS", width: 5, left: true },
  { title: "FAIL", width: 5, left: true },
  { title: "LAST OK", width: 8, left: true },
];

/** The columns before NOW, and NOW's room: the wide titles where NOW keeps "failing, retry in 10 s" whole, else short ones. */
function tableColumns(room: number): { columns: readonly Column[]; now: number } {
  const before = (cols: readonly Column[]) =>
    cells(
      cols,
      cols.map((c) => c.title),
    ).length + 1;
  const columns = room - before(WIDE_COLUMNS) >= "failing, retry in 10 s".length ? WIDE_COLUMNS : NARROW_COLUMNS;
  return { columns, now: Math.max(1, room - before(columns)) };
}

function stateNow(
  errorKind: string | undefined,
  d: EndpointDiagnostics | undefined,
  localNow: number,
): { text: string; tone: "good" | "bad" | "warn" | "dim" } {
  if (d === undefined) return { text: "not asked yet", tone: "dim" };
  // The failure's kind and message are in LAST FAILURE below; a narrow table keeps "failing" and drops the retry.
  const retry = d.retryAt !== undefined && d.retryAt > localNow ? `, retry in ${Math.ceil((d.retryAt - localNow) / 1000)} s` : "";
  if (errorKind !== undefined) return { text: `failing${retry}`, tone: errorKind === "schema" ? "warn" : "bad" };
  return { text: "ok", tone: "good" };
}

function signedSeconds(ms: number): string {
  const s = (ms / 1000).toFixed(1);
  return ms >= 0 ? `+${s} s` : `${s} s`;
}
