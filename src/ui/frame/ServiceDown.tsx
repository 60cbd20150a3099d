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
import type { Tone } from "../palettes.js";
import { type Piece, packGroups, span, wrapWords } from "../spans.js";

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

/** Lines the service's own words may take: a long error body is cut there, so what to do stays on screen. */
const WHY_LINES = 3;

interface DownLine {
  pieces: readonly Piece[];
  tone?: Tone;
  bold?: boolean;
}

/**
 * Each line wrapped to the width rather than cut: in a narrow pane the
 * service's error and the advice after it are read whole.
 */
export function ServiceDown(p: { reason: DownReason; backend: string; localNow: number; width: number; height: number }) {
  return (
    <Box flexDirection="column" width={p.width} height={p.height} flexShrink={0} overflowY="hidden" paddingX={1}>
      <Line> </Line>
      {downLines(p.reason, p.backend, p.localNow, Math.max(1, p.width - 2)).map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a line is its place in the wrapped text
        <Line key={i} tone={l.tone} bold={l.bold}>
          {l.pieces}
        </Line>
      ))}
    </Box>
  );
}

function downLines(reason: DownReason, backend: string, localNow: number, width: number): DownLine[] {
  const wrapped = (text: string) => wrapWords(text, width).split("\n");
  const why = wrapped(reason.why);
  const retry = Math.max(0, Math.ceil((reason.retryAt - localNow) / 1000));
  // "1 s," stays on one line, and a "·" at the end of one.
  const words = `trying again in ${retry} s, inside the one-request-a-second budget ·`.split(/ (?!s,|·)/).map((w) => [w]);
  const keys = [
    [span("q", { bold: true }), " quits ·"],
    [span("D", { bold: true }), " diagnostics"],
  ];
  return [
    ...wrapped(`${reason.what} (${backend})`).map((l) => ({ pieces: [l], tone: "bad" as const, bold: true })),
    ...why
      .slice(0, WHY_LINES)
      .map((l, i) => ({ pieces: [i === WHY_LINES - 1 && why.length > WHY_LINES ? `${l}…` : l], tone: "bad" as const })),
    ...wrapped(reason.todo).map((l) => ({ pieces: [l] })),
    ...packGroups([...words, ...keys], width, " ").map((l) => ({ pieces: l, tone: "dim" as const })),
  ];
}
